# simple statements: del, assert, raise, pass, return, yield
del a
del a, b.c, d[0]
del (e, f), [g]
del (h)
assert x
assert x, "message"
raise
raise E
raise E("x") from None
raise E from cause
pass
def f():
    return
    return 1
    return 1, 2
    yield
    yield 1
    yield 1, 2
    yield from g()
    x = yield
    x = yield 1
    await_ = yield
