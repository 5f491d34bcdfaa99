# f-strings: empty f-strings and empty literal parts
x = 1
a = f""
b = f"{x}"
c = f"{x}{x}"
d = f''
e = f""""""
g = f"{x:}"
h = f"{x!r:}"
