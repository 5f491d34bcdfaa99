f = lambda[T]: 0
