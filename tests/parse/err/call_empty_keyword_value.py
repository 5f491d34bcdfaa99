f(x=)
