f(a,
  b