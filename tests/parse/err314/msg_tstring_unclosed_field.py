x = t'{a'
