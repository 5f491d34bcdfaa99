# lambda: every parameter shape
a = lambda: 0
b = lambda x: x
c = lambda x, /, y=1, *, z, **kw: 0
d = lambda *a, **k: 0
e = lambda *, a=1: a
f = lambda x=1, /: x
g = lambda x, y=lambda: 1: y
h = lambda: (yield)
i = lambda: lambda: lambda: 0
j = lambda x,: x
k = (lambda: 0)()
l = lambda *args, x: x
m = lambda: a if b else c
