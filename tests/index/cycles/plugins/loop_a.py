"""Half of an inheritance cycle across modules (Python: ImportError)."""
from plugins.loop_b import B


class A(B):
    def f(self):
        return self.g().x  # ok: A has no MRO

    def h(self):
        return 1
