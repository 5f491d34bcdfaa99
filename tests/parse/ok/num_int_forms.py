# numbers: integers in every base, with underscores
a = 0
b = 00
c = 0_0
d = 1_000_000
e = 0xff
f = 0XFF
g = 0x_ff_ff
h = 0o17
i = 0O17
j = 0o_1_7
k = 0b1010
l = 0B1
m = 0b_1_0
n = 123456789
o = 0xDEADbeef
