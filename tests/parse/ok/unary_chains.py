# chains of unary operators
a = - - - x
b = ~~~x
c = +-~x
d = not not not x
e = -x ** 2
f = (-x) ** 2
g = - (x)
h = -1
i = -(1)
