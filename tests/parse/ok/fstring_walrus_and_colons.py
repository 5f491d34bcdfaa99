# f-strings: ':' starts a format spec unless nested in brackets
x = [1, 2, 3]
a = f"{x:=10}"
b = f"{(y := 10)}"
c = f"{x[1:2]}"
d = f"{ {'a': 1}['a'] }"
e = f"{(lambda z: z)(1)}"
g = f"{x[::2]!r}"
h = f"{ {1, 2} }"
