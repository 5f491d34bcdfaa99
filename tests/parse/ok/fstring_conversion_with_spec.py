# f-strings: conversions combined with nested format specs
v, w = 1, 5
a = f"{v!r:>{w}}"
b = f"{v!s:{w}.{w}}"
c = f"{v!a:*^{w}}"
d = f"{v!r:{'^'}10}"
