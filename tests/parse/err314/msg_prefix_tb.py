x = tb'x'
