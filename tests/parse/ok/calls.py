# calls: arguments, keywords, unpacking, generators, trailing commas
f()
f(a)(b)(c)
f(a, b, c,)
f(a=1, *b, c=2, **d)
f(*a, b)
f(**a, b=1)
f(a for a in b)
f(*(a for a in b))
f(a, *b, c, *d, e=1, **f, g=2)
f(x=1, y=2,)
f.g.h(1)[2](3)
f(
    1,
    2,
)
print("a", "b", sep="", end="")
