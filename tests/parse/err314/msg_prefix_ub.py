x = ub'x'
