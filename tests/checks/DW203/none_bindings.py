"""A name bound anywhere in the function is the function's own, not the module's: every
statement that binds, and a named expression (:=) in an expression; `global` makes it the
module's again."""
import contextlib

import none_lib


def later():
    print("side effect")


def assigned(x):
    later = x
    return later().x  # ok: a local


def annotated(x):
    later: object = x
    return later().x  # ok: a local


def unpacked(pair):
    (a, [later, *rest]) = pair
    return later().x  # ok: a local


def looped(xs):
    for later in xs:
        return later().x  # ok: a local


def with_as(path):
    with open(path) as later:
        return later().x  # ok: a local


def handled():
    try:
        pass
    except Exception as later:
        return later().x  # ok: a local


def imported_as():
    import os as later

    return later().x  # ok: a local


def deleted():
    if False:
        del later
    return later().x  # ok: `del` makes it a local


def matched(v):
    match v:
        case [later]:
            return later().x  # ok: a local


def nested_def():
    def later():
        return 1

    return later().x  # ok: a local function


def walrus_in_test(x):
    if (later := x) is not None:
        return later().x  # ok: bound by :=


def walrus_deep(x):
    return [(later := x), later().x]  # ok: bound by :=


def declared_global():
    global later
    return later().x  # expect: DW203 "later" "later at none_bindings.py:9"


def not_bound():
    with contextlib.suppress(KeyError):
        pass
    return later().x  # expect: DW203 "later" "later at none_bindings.py:9"


def enclosing(x):
    later = x

    def inner():
        return later().x  # ok: the enclosing function's local

    return inner


def enclosing_unbound():
    def inner():
        return later().x  # expect: DW203 "later" "later at none_bindings.py:9"

    return inner


def enclosing_global():
    global later

    def inner():
        return later().x  # expect: DW203 "later" "later at none_bindings.py:9"

    return inner


class Holder:
    def method(self, x):
        later = x
        return later().x  # ok: a local of the method

    def other(self):
        return later().x  # expect: DW203 "later" "later at none_bindings.py:9"

    @staticmethod
    def decorated():
        result = later()
        return result.x  # expect: DW203 "later" "later at none_bindings.py:9"


def dotted(none_lib):
    return none_lib.record("event").x  # ok: none_lib is the parameter here


def dotted_module():
    return none_lib.record("event").x  # expect: DW203 "record" "record at none_lib.py:8"
