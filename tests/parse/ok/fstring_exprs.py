# f-strings: all kinds of expressions in replacement fields
x, y = 1, 2
a = f"{x if y else 0}"
b = f"{*x, *y}"
c = f"{x, y}"
d = f"{[i for i in range(3)]}"
e = f"{x and y or not x}"
g = f"{x.real.imag}"
h = f"{x()}" if callable(x) else ""
i = f"{(x, y)}"
j = f"{-x:+}"
k = f"{x!r}{'s'}{b'b'}"
l = f"{'a' 'b'}"
m = f"{f'{x}' f'{y}'}"
