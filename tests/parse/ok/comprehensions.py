# comprehensions and generator expressions
a = [x for x in y]
b = [x for x in y if x if not x]
c = [x for y in z for x in y]
d = {x for x in y}
e = {k: v for k, v in items}
f = (x for x in y)
g = [(x, y) for x in a for y in b if x != y]
h = [x for x, in pairs]
i = [lambda: x for x in y]
j = [x for x in (1, 2)]
l = sum(x for x in y)
m = [[y for y in x] for x in z]
