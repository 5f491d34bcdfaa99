x = 1.real
