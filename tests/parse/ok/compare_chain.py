# comparisons: chains of every operator
r = a < b <= c > d >= e == f != g is h is not i in j not in k
s = a < b
t = a not in b
u = a is not b
v = not a == b
w = (a < b) < c
x = a < (b < c)
