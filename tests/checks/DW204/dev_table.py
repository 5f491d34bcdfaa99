"""DW204: callers of a function that can return None, most of which test the result."""

_TABLE = {}


def find(key):
    return _TABLE.get(key)


def load(name):
    if name.endswith(".py"):
        return open(name)


def first(items):
    for item in items:
        if item:
            return item


def use_a(key):
    entry = find(key)
    if entry is None:
        raise KeyError(key)
    return entry.size


def use_b(key):
    entry = find(key)
    if not entry:
        return 0
    return entry.size


def use_c(key):
    if find(key) is not None:
        return 1
    return 0


def use_d(key):
    if (entry := find(key)) is not None:
        return entry.size
    return None


def use_e(key):
    return find(key).size  # expect: DW204 "`find()` can return None (`return _TABLE.get(key)`, line 7)" "4 of 5 callers" "e.g. line 23"


def use_f(key):
    entry = find(key)
    return entry.name  # expect: DW204 "4 of 6" "line 7"
