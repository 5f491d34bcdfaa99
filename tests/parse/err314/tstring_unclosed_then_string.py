x = t'{a' 'b'
