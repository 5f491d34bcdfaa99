def f() -> :
    pass
