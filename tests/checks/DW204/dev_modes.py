"""DW204: what decides the result besides the call: a mode the testing callers ask for, and the
state of the object a method without arguments reads."""


def split(expr, as_dict=False):
    if as_dict:
        return None if not expr else {"e": expr}
    return [expr]


def split_users(e):
    if split(e, as_dict=True) is None:
        return None
    if split(e, as_dict=True) is None:
        return None
    d = split(e, as_dict=True)
    if d is None:
        return None
    g = split(e, as_dict=True)
    if g is not None:
        print(g)
    return split(e).append(1)  # ok: the callers that test ask for another mode


class Tabs:
    def __init__(self):
        self.items = []

    def current(self):
        if self.items:
            return self.items[-1]

    def count(self):
        return len(self.items)

    def a(self):
        w = self.current()
        if w is None:
            return
        w.show()

    def b(self):
        w = self.current()
        if w is not None:
            w.hide()

    def c(self):
        if self.current() is None:
            return
        self.items.pop()

    def d(self):
        w = self.current()
        if not w:
            return
        w.focus()

    def refresh(self):
        if self.count():
            self.current().refresh()  # ok: another method of self decides it

    def close(self):
        self.current().close()  # expect: DW204 "`current()` can return None (its end, line 31, is reachable)" "4 of 5" "e.g. line 38"
