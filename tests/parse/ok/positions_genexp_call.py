# positions: a lone generator argument takes the call's parentheses
a = f(x for x in y)
b = f((x for x in y))
c = f(  x  for x in y  )
d = sum(
    x
    for x in y
)
