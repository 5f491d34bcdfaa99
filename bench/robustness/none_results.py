"""DW203 over one module of n functions, each dereferencing the result of a function that returns
only None: whether each call's name is a local is asked of the module's text, read again once for
the rule, not once per call."""
import os

from run import Family


def calls(n, d):
    parts = ["def nothing():\n    found = None\n\n\n"]
    parts += [f"def use{i}(x):\n    return nothing().value + x\n\n\n" for i in range(n)]
    with open(os.path.join(d, "m.py"), "w") as f:
        f.write("".join(parts))


FAMILIES = [
    Family("none results", calls,
           [("check (DW203)", ["check", "--no-cache", "--isolated", "--select", "DW203", "."])]),
]
