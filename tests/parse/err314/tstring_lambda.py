x = t'{lambda: 1}'
