"""Definitions other files of this folder test for truth."""
import functools


def check(value):
    return bool(value)


class Plugin:
    def enabled(self):
        return True

    @property
    def active(self):
        return True

    @functools.cached_property
    def ready(self):
        return True


try:
    from json import loads as fast_loads
except ImportError:
    fast_loads = None


def decorate(f):
    return f


@decorate
def decorated():
    return False
