"""DW107 look-alikes: names tested for truth that may well be false."""
from fac_lib import Plugin, decorated, fast_loads


def helper():
    return False


def parameter(callback):
    if callback:  # ok: a parameter, which may be None
        return callback()
    return None


def shadowed(make):
    helper = make()
    if helper:  # ok: a local shadows the function
        return 1
    return 0


def is_none(x):
    if helper is None:  # ok: an identity test, not a truth test
        return x
    if helper == x:  # ok: a comparison
        return x
    return None


def asserted():
    assert helper  # ok: a test that the name exists
    return 1


def maybe_missing(text):
    if fast_loads:  # ok: bound by an import or to None
        return fast_loads(text)
    return None


def decorated_one():
    if decorated:  # ok: a decorator may make it anything
        return 1
    return 0


class Sub(Plugin):
    def go(self):
        if self.active:  # ok: a property
            return 1
        if self.ready:  # ok: a cached_property
            return 2
        if self.handler:  # ok: assigned as an attribute
            return 3
        return 0

    def __init__(self):
        self.handler = None

    def handler(self):
        return None


class Base:
    def check(self):
        return True

    def go(self):
        if self.check:  # ok: a subclass makes it a property
            return 1
        return 0


class Derived(Base):
    @property
    def check(self):
        return False


def in_comprehension(items):
    return [x for x in items if x]  # ok: a comprehension's variable


def in_lambda():
    return lambda helper: 1 if helper else 0  # ok: the lambda's parameter


def called():
    if helper():  # ok: called
        return 1
    return 0


class FromUnknown(Unknown):  # noqa: F821
    def go(self):
        if self.inherited:  # ok: not found in the tree (from the unknown base, maybe)
            return 1
        return 0
