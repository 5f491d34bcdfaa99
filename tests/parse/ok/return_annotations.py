# annotations on functions and lambdas' look-alikes
def f() -> int: pass
def g() -> "int": pass
def h() -> list[int]: pass
def i() -> (lambda: int): pass
def j(a: (x := 1)) -> None: pass
def k(*a: int, **b: int) -> tuple[int, ...]: pass
