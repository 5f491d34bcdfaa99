# a parameter default without its value
def f(a, *, x=, y=1): pass
