x = 'a' t'b'
