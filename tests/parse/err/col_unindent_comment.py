def f():
    x = 1
  yy = 22  # c
