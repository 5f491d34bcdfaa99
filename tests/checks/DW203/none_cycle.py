"""The other half of an inheritance cycle across modules (see none_selfbase.py)."""
from none_selfbase import Mine


class Theirs(Mine):
    def f(self):
        return self.h().x  # ok: h is not known

    def h(self):
        return 1
