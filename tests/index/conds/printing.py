"""Conditions printed as Python: each call of `target` says, after `# when:`, the conjunction
the callers query must print (`-`: none); tests/index/run.py parses both with CPython and
compares the trees, and checks that no pair of parentheses printed could be left out."""


def target(*args):
    return args


def nots(a, b, c):
    if not (a or b):
        if c:
            target(1)  # when: not a and not b and c
    if a or b:
        if c:
            target(2)  # when: (a or b) and c
    if not a == b:
        target(3)  # when: a != b
    if a < b < c:
        return
    target(4)  # when: not a < b < c
    if not -a:
        target(5)  # when: not a < b < c and not -a


def joined(a, b, c, d):
    if a and b or c:
        target(6)  # when: a and b or c
    else:
        target(7)  # when: not (a and b) and not c
    if (a or b) and (c or d):
        target(8)  # when: (a or b) and (c or d)
    if not (a and b):
        return
    target(9)  # when: a and b


def operators(a, b, x, n):
    if -x ** 2 > 0:
        target(10)  # when: -x ** 2 > 0
    if (-1) ** n:
        target(11)  # when: (-1) ** n
    if 2 ** -n:
        target(12)  # when: 2 ** -n
    if (a ** b) ** n:
        target(13)  # when: (a ** b) ** n
    if ~a | b & x:
        target(14)  # when: ~a | b & x
    if (a | b) & x:
        target(15)  # when: (a | b) & x
    if a - (b - x):
        target(16)  # when: a - (b - x)
    if (a < b) == x:
        target(17)  # when: (a < b) == x
    if a == (not b):
        target(18)  # when: a == (not b)


def loose(a, b, c, f, x):
    if (a if b else c) == x:
        if f:
            target(19)  # when: (a if b else c) == x and f
    if (x := f()):
        target(20)  # when: (x := f())
    if (y := f()) and a:
        target(21)  # when: (y := f()) and a
    if (z := f()) == b:
        target(22)  # when: (z := f()) == b
    if a:
        if (lambda: 0):
            target(23)  # when: a and (lambda: 0)
    if (lambda: a)():
        target(24)  # when: (lambda: a)()
    if f(a if b else c if f else x):
        target(25)  # when: f(a if b else c if f else x)
    if ((a if b else c) if f else x) == b:
        target(26)  # when: ((a if b else c) if f else x) == b
    return z, y


def atoms(a, b, f, k, x):
    if 1 .real:
        target(27)  # when: 1 .real
    if x[1:2, ::3]:
        target(28)  # when: x[1:2, ::3]
    if f(*a, **k):
        target(29)  # when: f(*a, **k)
    if f(v for v in a if v):
        target(30)  # when: f(v for v in a if v)
    if {**k}:
        target(31)  # when: {**k}
    if [*a, b]:
        target(32)  # when: [*a, b]
    if (a,):
        target(33)  # when: (a,)
    if ():
        target(34)  # when: ()
    if f(lambda p, *q, r=1, **s: p):
        target(35)  # when: f(lambda p, *q, r=1, **s: p)
    if {v: w for v, w in k}:
        target(36)  # when: {v: w for v, w in k}
    if x == 'it\'s' and b == "q":
        target(37)  # when: x == 'it\'s' and b == "q"
    if x == 0x10:
        target(38)  # when: x == 0x10


def spread(a, b, x, w):
    if (a and  # a comment that must not end up in the condition
            b):
        target(39)  # when: a and b
    if x == """one
two""":
        target(40)  # when: x == 'one\ntwo'
    if x == ("first "
             "second"):
        target(41)  # when: x == 'first second'
    if x == (f"{a}"
             f"{b!r:>{w}}"):
        target(42)  # when: x == f'{a}{b!r:>{w}}'
    if x == f"""{a}
{{b}}""":
        target(43)  # when: x == f'{a}\n{{b}}'


def generator(a):
    if (yield):
        target(44)  # when: (yield)
    if (yield a, a):
        target(45)  # when: (yield a, a)


async def coroutine(f):
    if await f():
        target(46)  # when: await f()
