def f[1](): pass
