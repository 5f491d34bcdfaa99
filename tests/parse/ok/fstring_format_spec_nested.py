# f-strings: format specs with nested replacement fields
value, width, precision = 3.14159, 10, 3
a = f"{value:{width}.{precision}}"
b = f"{value:{width}.{precision}f}!"
c = f"{value:{'>' if width else '<'}{width}}"
d = f"{value:{width}{'.'}{precision}}"
e = f"{value:x{width}y{precision}z}"
g = f"{value!r:{width}}"
h = f"{value:{width:{precision}}}"
i = f"{value:{{}}>10}"
