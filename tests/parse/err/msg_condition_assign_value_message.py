# a message of its own inside the value is kept
if x = f(a b):
    pass
