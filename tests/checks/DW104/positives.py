# DW104 duplicate-condition: an elif test that is the same code as an earlier test of the chain.
import os
import sys


# The doc example: "+" tested twice, the third arm can never run.
def apply(op, a, b):
    if op == "+":
        return a + b
    elif op == "-":
        return a - b
    elif op == "+":  # expect: DW104 "line {-4}"
        return a * b


# Layout does not count: parentheses, spaces, quote styles.
def sign(x):
    if x > 0:
        return 1
    elif (x>0):  # expect: DW104 "`x>0` was already tested on line {-2}"
        return -1
    return 0


def mode(cfg):
    if cfg.mode == 'train':
        return 1
    elif cfg.mode == "eval":
        return 2
    elif cfg.mode == "train":  # expect: DW104 "line {-4}"
        return 3


# None tests.
def describe(value):
    if value is None:
        return "missing"
    elif value == 0:
        return "zero"
    elif value is None:  # expect: DW104
        return "unset"


# Boolean operators.
def access(user, obj):
    if user.admin and obj.public:
        return True
    elif user.admin and obj.public:  # expect: DW104
        return False


# Membership tests.
def kind(ext):
    if ext in (".jpg", ".png"):
        return "image"
    elif ext in (".mp4",):
        return "video"
    elif ext in (".jpg", ".png"):  # expect: DW104
        return "picture"


# `not` and attribute chains.
def state(self):
    if not self.ready:
        return "waiting"
    elif self.runner.done:
        return "done"
    elif not self.ready:  # expect: DW104
        return "stalled"


# An `else:` holding only an `if` continues the chain.
def level(n):
    if n > 10:
        return "high"
    else:
        if n > 10:  # expect: DW104 "line {-3}"
            return "very high"
        else:
            return "low"


# A subscript is not a call: repeated, it is still reported.
def pick(cfg):
    if cfg["fp16"]:
        return "half"
    elif cfg["bf16"]:
        return "bfloat"
    elif cfg["fp16"]:  # expect: DW104
        return "mixed"


# Three copies: both repeats name the first.
def color(c):
    if c == "red":
        return 1
    elif c == "red":  # expect: DW104 "line {-2}"
        return 2
    elif c == "red":  # expect: DW104 "line {-4}"
        return 3


# Module level, comparisons of module attributes.
if sys.platform == "win32":
    SHELL = "cmd"
elif sys.platform == "darwin":
    SHELL = "zsh"
elif sys.platform == "win32":  # expect: DW104
    SHELL = "powershell"


# In a loop, with a chained comparison.
def bucket(values):
    out = []
    for v in values:
        if 0 <= v < 10:
            out.append("small")
        elif 0 <= v < 10:  # expect: DW104
            out.append("tiny")
    return out


# Class body.
class Paths:
    if os.name == "nt":
        ROOT = "C:\\"
    elif os.name == "nt":  # expect: DW104
        ROOT = "D:\\"


# Inside an async function and a match case.
async def serve(req):
    match req.method:
        case "GET":
            if req.path == "/":
                return "index"
            elif req.path == "/health":
                return "ok"
            elif req.path == "/":  # expect: DW104
                return "root"


# A lambda and a comprehension in the test contain no call: reported.
def sort_key(flag, items):
    if flag == [i for i in items]:
        return 1
    elif flag == [i for i in items]:  # expect: DW104
        return 2


# The repeated test where the arms are identical too: one defect, one finding. DW104's says more
# (the arm can never run); DW103 leaves it alone (a field report had both at one place).
def pair(x):
    if x.a:
        prepare(x)
        run(x)
    elif x.b:
        skip(x)
    elif x.a:  # expect: DW104 "line {-5}"
        prepare(x)
        run(x)


# The same with a body equal to the else body: DW104, not DW101 as well.
def pair_else(x):
    if x.a:
        prepare(x)
    elif x.b:
        skip(x)
    elif x.a:  # expect: DW104 "line {-4}"
        finish(x)
        run(x)
    else:
        finish(x)
        run(x)


# A parenthesized test over several lines: reported on the `elif` line (naming the `if` line),
# with the test's text on one line.
def layout(req):
    if (req.kind == 'get'
            and req.ok):
        return 1
    elif req.kind == 'put':
        return 2
    elif (  # expect: DW104 "`req.kind == 'get' and req.ok` was already tested on line {-5}"
        req.kind == 'get'
        and req.ok
    ):
        return 3


# A call before both copies does not matter: nothing runs between them.
def after_call(mode, ready):
    if ready():
        return 0
    elif mode == "a":
        return 1
    elif mode == "a":  # expect: DW104 "line {-2}"
        return 2
