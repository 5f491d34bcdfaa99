# Errors CPython raises only when compiling, not when parsing: DW000 follows the parser, so
# these stay silent (see `deadwood rule DW000`).
return None  # ok: 'return' outside function is a compiler error
break  # ok: so is 'break' outside a loop
nonlocal counter  # ok: and nonlocal at module level
await setup()  # ok: and await outside a coroutine
yield 1  # ok: and yield outside a function


def f(a, a):  # ok: duplicate argument is a symtable error
    pass


print(key=1, key=2)  # ok: repeated keyword is a compiler error
from __future__ import braces  # ok: the joke import is a compiler error
*rest = [1, 2]  # ok: starred target alone is a compiler error
