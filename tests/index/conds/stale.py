"""Conditions that no longer hold at the call (`# when:` as in printing.py): a name the
condition reads is bound again; or (as DW201 assumes) a call may have changed what it reads,
and the condition is listed apart (`# called:`)."""
import os

FLAG = os.environ.get("FLAG")


def target(*args):
    return args


def helper():
    pass


def rebound(n, x, items, d, k, g, y):
    assert n > 0
    n -= 1
    if not n:
        target(1)  # when: not n
    if x:
        x = None
        target(2)  # when: -
    if x:
        del x
        x = 1
        target(3)  # when: -
    if items:
        for items in d:
            target(4)  # when: -
    if y:
        if (y := g()):
            target(5)  # when: (y := g())
    if n:
        target(6)  # when: n
        n = 0
    if k:
        with g() as k:
            target(7)  # when: -
    if g:
        import g
        target(8)  # when: -
    if d:
        try:
            helper()
        except OSError as d:
            target(9)  # when: -


def loops(n, a):
    while n > 0:
        target(10)  # when: n > 0
        n -= 1
    if a:
        while True:
            target(11)  # when: n <= 0
            a = False


def calls(self, other, items, local, x):
    if local:
        helper()
        target(12)  # when: local
    if FLAG:
        helper()
        target(13)  # when: -  # called: FLAG
    if self.ready:
        target(14)  # when: self.ready
    if self.ready:
        self.prepare()
        target(15)  # when: -  # called: self.ready
    if self.ready:
        other.ready = False
        target(16)  # when: -
    if self.ready:
        local = 1
        target(17)  # when: self.ready
    if not items:
        items.append(1)
        target(18)  # when: -  # called: not items
    if items is not None:
        items.append(1)
        target(19)  # when: items is not None
    if isinstance(x, int):
        helper(x)
        target(20)  # when: isinstance(x, int)
    if items:
        items[0] = None
        target(21)  # when: -  # called: items
    if len(items) > 1:
        helper()
        target(22)  # when: -  # called: len(items) > 1


def outer(v):
    def inner():
        nonlocal v
        v = 0

    if v:
        inner()
        target(23)  # when: -  # called: v
    return inner


if FLAG:
    target(24)  # when: FLAG
if FLAG:
    helper()
    target(25)  # when: -  # called: FLAG
