# match: subjects that are tuples, starred, calls and named expressions
match a, b:
    case _:
        pass
match *a, b:
    case _:
        pass
match (a):
    case _:
        pass
match f(x):
    case _:
        pass
match (n := 10):
    case _:
        pass
match a, :
    case _:
        pass
match -x:
    case _:
        pass
match [1, 2]:
    case _:
        pass
match {1: 2}:
    case _:
        pass
