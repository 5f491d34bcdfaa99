x, True = 1, 2
