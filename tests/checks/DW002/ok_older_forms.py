# Look-alikes that Python 3.8 accepts.
import contextlib
import functools

with (contextlib.nullcontext()) as a:  # ok: the parentheses are the expression's
    pass
with contextlib.nullcontext() as a, contextlib.nullcontext() as b:  # ok
    pass
try:
    pass
except (ValueError, TypeError):  # ok: parenthesized
    pass


@functools.lru_cache(maxsize=None)  # ok: a dotted name called
def cached():
    return 1


table = {(1, 2): 3}
cell = table[1, 2]  # ok: a tuple index, no star
row = [*table]  # ok: unpacking in a display, not a comprehension
name = "x"
text = f"{name!r:>10}"  # ok: nothing PEP 701 needs
quoted = f"{name + 'y'}"  # ok: the other quote
lazy = 1  # ok: lazy as a name
merged = {**table}  # ok: unpacking in a display
squares = [x * x for x in range(3)]  # ok
