x = [c d]
