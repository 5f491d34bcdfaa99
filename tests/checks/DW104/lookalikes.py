# DW104 look-alikes: tests that repeat but may change, tests that only overlap, tests in
# different chains.
import re


# A call may answer differently the second time.
def next_token(it):
    if next(it) == "(":
        return "open"
    elif next(it) == "(":  # ok: next() advances
        return "open-later"


def classify(path):
    if path.startswith("/"):
        return "abs"
    elif path.startswith("/"):  # ok: contains a call (the rule does not know it is pure)
        return "abs2"


def ready(x):
    if len(x) > 3:
        return 1
    elif len(x) > 3:  # ok: a call inside
        return 2


# await and yield.
async def poll(q):
    if await q.empty():
        return None
    elif await q.empty():  # ok: await
        return 0


def gen(stream):
    if (yield):
        stream.flush()
    elif (yield):  # ok: yield receives a new value each time
        stream.close()


# := rebinds, so the second evaluation may differ.
def match(lines):
    if (n := len(lines)) > 10:
        return n
    elif (n := len(lines)) > 10:  # ok: walrus (and a call)
        return -n


def rebinding(xs):
    if (y := xs) is None:
        return 0
    elif (y := xs) is None:  # ok: walrus alone
        return y


# Overlapping, not identical.
def size(n):
    if n > 100:
        return "big"
    elif n > 10:  # ok: overlaps, differs
        return "medium"
    elif n >= 100:  # ok: `>=` vs `>`
        return "huge"


# Differ in a constant type or an operator.
def pick(x):
    if x == 1:
        return "one"
    elif x == 1.0:  # ok: 1 vs 1.0 are different code
        return "float one"
    elif x is not None:  # ok
        return "something"
    elif x is None:  # ok: `is` vs `is not`
        return "none"


def order(a, b):
    if a and b:
        return 1
    elif b and a:  # ok: operands swapped
        return 2


def members(x):
    if x in {1, 2}:
        return 1
    elif x in {2, 1}:  # ok: different code (the same set, but the rule compares code)
        return 2


# The same test in two separate if statements.
def twice(flag):
    if flag:
        setup()
    if flag:  # ok: not a chain
        teardown()


# The same test nested inside an arm.
def nested(a, b):
    if a:
        if a:  # expect: DW106 "`a` on line {-1}"
            return 1
    elif b:
        return 2


# An else with more than an `if` ends the chain.
def broken(a):
    if a > 0:
        return 1
    else:
        print(a)
        if a > 0:  # ok: a new chain
            return 2


# Same test in different chains of one function.
def two_chains(mode):
    if mode == "a":
        x = 1
    elif mode == "b":
        x = 2
    if mode == "a":  # ok: a new chain
        y = 1
    elif mode == "c":
        y = 3
    return x, y


# A regex match call in both tests.
def parse(line):
    if re.match(r"\d+", line):
        return "number"
    elif re.match(r"\d+", line):  # ok: a call
        return "number again"


# A test with effects between the two: the state may have changed in between.
class Lexer:
    def step(self):
        if self.state == "start":
            return 1
        elif self.advance():
            return 2
        elif self.state == "start":  # ok: advance() may have changed self.state
            return 3


def reread(x, read):
    if x > 0:
        return 1
    elif (x := read()) < 0:
        return 2
    elif x > 0:  # ok: the walrus rebound x
        return 3
