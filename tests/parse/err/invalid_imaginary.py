x = 1jj
