x = f(t'x' 'y')
