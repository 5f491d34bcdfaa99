# f-strings: the = specifier with spaces, conversions and format specs
x, y = 10, 20
a = f"{x=}"
b = f"{x = }"
c = f"{ x = }"
d = f"{x=!r}"
e = f"{x=:>10}"
g = f"{x = !s:^20}"
h = f"{x+y=}"
i = f"{x + y = }"
j = f"{len('ab')=}"
k = f"{x=}{y=}"
l = f"{x=!a:{y}}"
m = f"{  x  =  }"
n = f"{x
=}"
