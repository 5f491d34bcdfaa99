# constants: Ellipsis, None, True, False
a = ...
b = x[...]
c = None, True, False
def f(): ...
d = [..., ...]
e = __debug__
