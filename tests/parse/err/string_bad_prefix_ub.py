x = ub'abc'
