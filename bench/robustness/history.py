"""Histories DW303 reads (tests/robust/copies.py asserts the answers): n copies of one method
whose base was then fixed 20 times. The verdicts DW303 weighs together grow with copies times
fixes: each weighed against every other, 3,000 copies of a method fixed 40 times took 41 s;
with one copy that took every fix, the file parsed again for each verdict took minutes."""
import os
import sys

from run import Family

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tests",
                                "lib"))
from gitstory import many_copies  # noqa: E402

FIXES = 20
DW303 = ["check", "--no-cache", "--isolated", "--select", "DW303", "--exit-zero", "repo"]


def kept(n, d):
    many_copies(os.path.join(d, "repo"), n, FIXES)


def took(n, d):
    many_copies(os.path.join(d, "repo"), n, FIXES, adopt=True)


FAMILIES = [
    Family(f"copies of a method fixed {FIXES} times, none took a fix", kept,
           [("check (DW303)", DW303)], sizes=(250, 500, 1000, 2000, 4000)),
    Family(f"copies of a method fixed {FIXES} times, one took every fix", took,
           [("check (DW303)", DW303)], sizes=(250, 500, 1000, 2000, 4000)),
]
