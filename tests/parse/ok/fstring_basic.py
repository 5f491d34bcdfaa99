# f-strings: plain replacement fields, conversions, simple format specs
name = "world"
a = f"hello {name}"
b = f'{name}'
c = f"{name!r} {name!s} {name!a}"
d = f"{name:>10}|{name:<10}|{name:^10}"
e = f"{3.14159:.2f} {42:08d} {255:#x} {1000000:,}"
g = f"{name}{name}{name}"
h = F"upper {name}"
