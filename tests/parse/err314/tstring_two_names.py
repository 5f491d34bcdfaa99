x = t'{a b}'
