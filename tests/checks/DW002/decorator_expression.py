import functools

buttons = [functools.wraps]


@buttons[0](print)  # expect: DW002
def f():
    pass
