"""Conditions that hold whenever a call of `target` runs, and the --after question (`prepare`)."""


def target(x):
    return x


def prepare(x):
    x.ready = True


def arms(a, b):
    if a:
        target(1)
    elif b:
        target(2)
    else:
        target(3)


def boolops(a, b, c):
    if a or b:
        target(4)
    if a and not b:
        target(5)
    if (a and b) or c:
        target(6)
    else:
        target(7)


def early_exits(items, a, b):
    for item in items:
        if item is None:
            continue
        if a and b:
            break
        target(item)
    if not items:
        return None
    assert b is not None
    target(8)


def loops_and_handlers(n, a):
    while n > 0:
        target(9)
        n -= 1
    try:
        target(10)
    except ValueError:
        target(11)
    return target(12) if a else None


def nested(self_like, a):
    def inner():
        target(13)
    callback = lambda: target(14)  # noqa: E731  # ok
    if a:
        return [target(15) for _ in range(3)]
    return inner, callback


def shadowed(target):
    return target(16)


def ordered(x, a):
    if a:
        prepare(x)
        target(17)
    else:
        prepare(x)
    target(18)
    prepare(x)
    target(19)


def sometimes(x, a):
    if a:
        prepare(x)
    target(20)
