# assignment expressions everywhere they are allowed
if (n := len(a)) > 10:
    pass
while chunk := f.read():
    pass
ys = [y := g(x), y ** 2]
zs = [y for x in data if (y := g(x))]
print(x := 5)
a[x := 1]
a[x := 1, y := 2]
s = {x := 1, 2}
assert (x := 1)
f = lambda: (x := 1)
def h(a=(b := 1)): pass
x = (y := 0)
foo(x := 3, cat="vector")
with (x := open()) as f: pass
z = [(k := v) for v in range(3)]
t = (x := 1, y := 2)
@(w := deco)
def decorated(): pass
