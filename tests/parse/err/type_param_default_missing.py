def f[T = ](): pass
