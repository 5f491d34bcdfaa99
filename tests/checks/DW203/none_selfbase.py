"""Classes named as the base they derive from, and bases that lead back to their class: a base
is resolved where the class statement runs, before the class is bound."""
from none_cycle import Theirs
from none_methods import Writer
from none_selfbase import Loop as Looped


class Writer(Writer):  # the base is none_methods.Writer, not this class
    def finish(self):
        return self.flush().wait()  # expect: DW203 "Writer.flush at none_methods.py:9"


class B(B):  # noqa: F821 (no B bound before: NameError; no base in the tree)
    def f(self):
        return self.g().x  # ok: g is not known


class Loop(Looped):  # Looped is this module's Loop, not bound yet: no base in the tree
    def f(self):
        return self.g().x  # ok

    def g(self):
        return None


class Mine(Theirs):  # none_cycle.Theirs derives from Mine: a cycle (ImportError at run time)
    def f(self):
        return self.h().x  # ok: h is not known

    def k(self):
        return self.nothing().x  # ok: a class Python cannot make has no MRO to look in

    def nothing(self):
        pass
