# f-strings: whitespace around expressions, conversions and specs
x = 1
a = f"{ x }"
b = f"{	x	}"
c = f"{x !r}"
d = f"{x :>5}"
e = f"{ x!r }"
