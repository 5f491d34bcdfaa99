# global and nonlocal
x = 0
def f():
    global x
    global a, b, c
    y = 1
    def g():
        nonlocal y
        nonlocal y, z
        y = 2
    return g
