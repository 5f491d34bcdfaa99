def f(a,
