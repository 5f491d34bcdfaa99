# a starred return annotation is no expression: the same
def f() -> *a:
    pass
