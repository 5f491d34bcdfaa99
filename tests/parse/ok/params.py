# parameters: positional-only, keyword-only, defaults, annotations
def a(x, y=1, /, z=2, *, w, v=3, **kw): pass
def b(x, /): pass
def c(x, /, y): pass
def d(*, x): pass
def e(*args, x=1, y): pass
def f(x=1, /, y=2): pass
def g(x: int = 1, *args: str, y: "s" = 2, **kw: bytes) -> None: pass
def h(x, y, /, *, z): pass
def i(x=1, /, *, y): pass
def j(*args, **kwargs): pass
def k(x,): pass
def l(*, x,): pass
def m(x, /,): pass
def n(**kw,): pass
def o(*args,): pass
def p(): pass
