# f-strings: raw f-strings in every prefix case
x = 1
a = rf"\d+{x}\n"
b = fr"\w{x}"
c = Rf"{x}\t"
d = fR"{x}\0"
e = RF"{x}\x"
g = rF"{x}\N{BULLET}"
h = FR"{x}\\"
i = Fr"\{x}"
j = rf"{x:\d}"
k = rf"""\
{x}"""
