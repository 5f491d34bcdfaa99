x = rr'abc'
