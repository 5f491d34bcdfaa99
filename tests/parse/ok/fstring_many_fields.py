# f-strings: many fields in one string, with positions along the line
a, b, c, d = 1, 2, 3, 4
s = f"{a}{b}{c}{d} {a} {b} {c} {d} {a!r} {b:>3} {c=} {d = }"
