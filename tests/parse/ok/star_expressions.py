# star expressions everywhere they are allowed
a[*b]
a[1, *b]
a[*b, *c]
a[*b] = 1
def f():
    return *a, b
    yield *a, b
x = *a, *b
*a, = b
a, *b = c
[a, *b] = c
(*a, b) = c
for *a, b in c: pass
for x in *a, *b: pass
l = [*a, *b]
s = {*a, *b}
d = {**a, 'b': 1, **c}
f(*a, *b, **c, **d)
f(*a, b, *c)
f(a=1, *b)
print(*a, sep='')
t = *a,
*a, b = c
def g(*args: *Ts): pass
