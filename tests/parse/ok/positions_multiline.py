# positions: end positions of nodes spanning lines, parenthesized expressions
x = (
    a
    +
    b
)
y = f(
    a,
    b=2,
)
z = [
    1,
    2
]
w = (a)
v = ((a), (b))
u = a.b \
    .c
t = a[
    1:2
]
s = (
    yield_
)
