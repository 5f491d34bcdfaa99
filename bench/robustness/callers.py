"""`callers` on one function of n guards (issue 22: 4,000 `if x == i: return target()` guards
took 39 s, 20,000 never finished). Bound 1.25: n log n over these sizes stays below it, n^1.5 and
worse do not. tests/index builds 20,000 guards and asserts the answer."""
import os

from run import Family

CALLERS = [("callers target", ["callers", "target", "m.py"])]


def function_of(d, params, lines, last):
    """m.py: `target`, and `f` made of the lines and a last statement."""
    with open(os.path.join(d, "m.py"), "w") as f:
        f.write(f"def target():\n    pass\n\n\ndef f({params}):\n")
        f.writelines(lines)
        f.write(f"    {last}\n")


def guards(n, d):
    """n `if x == i: return target()` guards, then `return target()`: n + 1 calls, each under
    the negation of the guards before it."""
    function_of(d, "x", (f"    if x == {i}: return target()\n" for i in range(n)),
                "return target()")


def guards_one_call(n, d):
    """The same guards, ending in `return`, and one call after them."""
    function_of(d, "x", (f"    if x == {i}:\n        return\n" for i in range(n)), "target()")


def assigned_guards(n, d):
    """n names each assigned, tested and called under: `v_i = g(); if v_i: return target()`."""
    function_of(d, "g", (f"    v{i} = g()\n    if v{i}: return target()\n" for i in range(n)),
                "return target()")


FAMILIES = [
    Family("callers: guards", guards, CALLERS, sizes=(5000, 10000, 20000, 40000), bound=1.25),
    Family("callers: guards, one call", guards_one_call, CALLERS,
           sizes=(5000, 10000, 20000, 40000), bound=1.25),
    Family("callers: assigned guards", assigned_guards, CALLERS,
           sizes=(2500, 5000, 10000, 20000), bound=1.25),
]
