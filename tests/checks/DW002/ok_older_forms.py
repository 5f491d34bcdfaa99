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
# Each part of an implicit concatenation has its own quotes (a field-report false positive: the
# first part's quote was taken for the whole string's).
joined = (f'the "{name}" '  # ok
          f"{name}; did you mean {', '.join([name, 'or'])}?")
# A field spanning lines is fine in a triple-quoted part, whatever the parts before it.
spanning = (f"value {name!r} "  # ok
            f"""currently {
                repr(name)
            }""")
nested = f"{table[(1, 2)]!r:>{len(name)}}" rf"\d{name}"  # ok: a format spec's own field
braces = f"{name}" "plain \" {not a field}" f'{table["x" if name else "y"]}'  # ok
row_index = table[(1, *row)]  # ok: a parenthesized tuple
