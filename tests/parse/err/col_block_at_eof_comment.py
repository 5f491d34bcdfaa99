if x:  # c
