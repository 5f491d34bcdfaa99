"""The longest elif chains the parser takes (5,962 arms of this shape: CPython's limit, see the
README), through the rules that walk a chain (issue 22: DW104 was quadratic in its length, 20,000
arms took 10 s; tests/checks/DW104 holds the regression fixtures). DW104 hashes the tests and
compares only tests of equal hashes: a chain of distinct tests, and one whose every arm repeats
the first test (each arm a finding), must both stay near linear; so must DW103 and its fixes on
a chain whose every arm is the same code."""
import os

from run import Family

SIZES = (370, 740, 1480, 2960, 5920)


def check(select):
    return (f"check --select {select}",
            ["check", "--no-cache", "--isolated", "--select", select, "input.py"])


def chain(test, body=lambda i: f"        y.v = {i}\n"):
    """build(n, d): input.py, a function of one if/elif chain of n + 1 arms; the elif arms test
    test(i) and run body(i) (store i)."""
    def build(n, d):
        with open(os.path.join(d, "input.py"), "w") as f:
            f.write("def f(a, y):\n    if a:\n        y.v = -1\n" + "".join(
                f"    elif {test(i)}:\n" + body(i) for i in range(n)))
    return build


FAMILIES = [
    Family("elif chain, distinct tests (arms)", chain(lambda i: f"a == {i}"),
           [check("DW104"), check("DW1"), check("DW2")], sizes=SIZES),
    Family("elif chain, one test repeated (arms)", chain(lambda i: "a == 0"),
           [check("DW104")], sizes=SIZES),
    # every elif arm a DW103 finding with a fix, each arm far from the first copy: whether the
    # arms between could match is answered for the whole chain at once (it was quadratic)
    Family("elif chain, alike arms (arms)",
           chain(lambda i: f"a == {i}", lambda i: "        y.v = 0\n        y.w = 0\n"),
           [check("DW103")], sizes=SIZES),
]
