x = f(print 1)
