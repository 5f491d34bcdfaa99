# numbers: numbers directly followed by keywords or attributes
y = 1
a = 1if y else 2
b = 1_000if y else 2
c = 0x1.real
d = 1 .real
e = 1..real
f = 1.0.real
g = 1j.imag
h = [0x1for x in [1]] if False else 0
i = 1or 2
