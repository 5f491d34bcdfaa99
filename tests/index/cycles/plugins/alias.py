"""`from m import A as B; class A(B)` in module m itself: B is this very class, not bound yet."""
from plugins.alias import A as B


class A(B):
    def f(self):
        return self.g().x  # ok: no base in the tree

    def h(self):
        return 1
