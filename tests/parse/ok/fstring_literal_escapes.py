# f-strings: escapes and invalid escapes (warnings only) in the literal parts
x = 1
a = f"\x41{x}\u00e9\t\U0001F600"
b = f"\{x}"
c = f"\d{x}\w"
d = f"\101{x}\0"
e = f"a\
b{x}"
g = f"{x}\N{LATIN SMALL LETTER A}"
