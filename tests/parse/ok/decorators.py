# decorators: any expression (PEP 614)
@x
@x.y.z
@x()
@x(1, k=2)
@x[0]
@(lambda f: f)
@a if b else c
@x := y
@(yield)
@a.b[c](d)(e).f
@ -x
def f(): pass

@dataclass(frozen=True)
class C:
    @property
    def p(self): pass

    @p.setter
    def p(self, v): pass

    @staticmethod
    async def s(): pass
