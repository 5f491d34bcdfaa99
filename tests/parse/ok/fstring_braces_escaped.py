# f-strings: doubled braces are literal braces
x = 1
a = f"{{}}"
b = f"{{{x}}}"
c = f"a{{b}}c{x}{{"
d = f"}}"
e = f"{{x}}"
g = f"{{{{{x}}}}}"
h = f"{x:{{}}}"
