# errors of the compiler and symtable, not of the parser: ast.parse accepts all of this
return 1
yield 1
await x
break
continue
nonlocal x
async for x in y: pass
async with x: pass
def f(a, a): pass
f(a=1, a=2)
*a, *b = c
*a = 1
*a
__debug__ = 1
[x for x in (y := z)]
global x; x = 1
from __future__ import nonexistent
def g():
    from x import *
def h[T = int, U](): pass
def k():
    x = 1
    global x
class C:
    nonlocal y
match x:
    case f"{y}":
        pass
x: int = *a
