"""DW204: dereferences of every kind, and a method resolved through the MRO."""

import dev_lib
from dev_lib import Registry, lookup


class Plugins(Registry):
    def start(self, name):
        self.get_plugin(name).start()  # expect: DW204 "`get_plugin()` can return None" "dev_lib.py:34" "of 6 callers"


def rows(n):
    if n < 0:
        return None
    return [n]


def testers(n):
    a = rows(n)
    if a is None:
        return 0
    b = rows(n)
    if b is not None:
        print(b)
    c = rows(n)
    if c is None:
        return 0
    d = rows(n)
    if d is None:
        return 0
    e = rows(n) or []
    f = rows(n)
    if not f:
        return 0
    g = rows(n)
    assert g is not None
    if rows(n) is None:
        return 0
    return 1


def subscripted(n):
    return rows(n)[0]  # expect: DW204 "`rows()` can return None (`return None`, line 14)" "8 of 11" "e.g. line 20"


def called(n):
    return rows(n)()  # expect: DW204 "`rows()`" "line 14" "8 of 11"


def iterated(n):
    for x in rows(n):  # expect: DW204 "`rows()`" "line 14" "8 of 11"
        print(x)


def through_module(key):
    return dev_lib.find(key).size  # expect: DW204 "`find()`" "dev_lib.py:7" "7 of 10"


def guarded_by_other_name(name):
    if dev_lib.lookup_known(name):
        return lookup(name).size  # ok: the test names the argument
    return None


def shadowed(name):
    lookup = dict.get
    return lookup({}, name).size  # ok: `lookup` is the local name here
