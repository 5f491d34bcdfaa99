# with: parenthesized context managers and their look-alikes
with a: pass
with a as b: pass
with a, b: pass
with a as b, c as d: pass
with (a, b): pass
with (a as b, c as d): pass
with (a as b, c as d,): pass
with (a, b) as c: pass
with (a): pass
with (a) as b: pass
with (open() as f): pass
with (yield): pass
with a as (b, c): pass
with a as [b, c]: pass
with a as b.c, d as e[0]: pass
with (
    open("a") as a,
    open("b") as b,
):
    pass
