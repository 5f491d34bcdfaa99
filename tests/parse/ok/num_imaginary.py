# numbers: imaginary literals of every form
a = 1j
b = 1.5J
c = 1e3j
d = 0j
e = 09j
f = 1_0j
g = .5j
h = 1e999j
i = 1 + 2j
j = -3.25j
