# assignment targets and chains; annotated assignments and `simple`
a = b = c = 1
a, b = b, a
[a, b] = c
(a, b), c = d
a, = b
(a) = 1
() = x
[] = x
a.b = a[0] = a[1:2] = 1
x: int
x: int = 1
(x): int = 1
a.b: int
a[0]: int = 2
x: list[int] = []
y: "str"
z = yield_ = 1
