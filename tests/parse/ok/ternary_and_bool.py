# conditional expressions and boolean operators
a = b if c else d
e = (b if c else d) if f else g
h = b if (c if d else e) else f
i = lambda: b if c else d
j = not a
k = a and b and c or d
l = (a or b) and c
