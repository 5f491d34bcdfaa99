# class definitions
class A: pass
class B(): pass
class C(A, B): pass
class D(A, metaclass=M, **kw): pass
class E(*bases, **kwargs): pass
class F(
    A,
    B,
):
    x = 1
    def m(self): pass
    class Inner:
        pass
