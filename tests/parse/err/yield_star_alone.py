def f():
    yield *
