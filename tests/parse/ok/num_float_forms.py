# numbers: floats with and without integer part, exponents, underscores
a = 1.
b = .5
c = 1.5
d = 1e10
e = 1E-5
f = 1e+5
g = 1_0.0_1e+1_0
h = 0.0
i = 00.5
j = 09.5
k = 1.e5
l = 0e0
m = 123.456e-7
n = 1_1.1_1
