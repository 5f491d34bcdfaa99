"""DW106 look-alikes: tests that look decided but are not, or are written so on purpose."""
import os
import sys
from typing import TYPE_CHECKING

CONFIG = None


def after_call(self):
    if self.conn is None:
        return None
    self.reset()
    if self.conn is None:  # ok: reset() may have changed self.conn
        return None
    return self.conn


def handed_to_a_call(items, fill):
    if not items:
        fill(items)
        if not items:  # ok: fill() may have appended to items
            return None
    return items


def appended(items, x):
    if not items:
        items.append(x)
        if items:  # ok: items.append() changed it
            return items
    return None


def environment():
    if sys.platform == "win32":
        print("windows")
        if sys.platform == "win32":  # ok: differs between environments, tested on purpose
            return 1
    if os.name == "nt":
        if os.name == "nt":  # ok: the same
            return 2
    if TYPE_CHECKING:
        if TYPE_CHECKING:  # ok: the same
            return 3
    return 0


def asserted(x):
    if x is None:
        return 0
    assert x is not None  # ok: an assert documents
    return x


def assert_decides_nothing(user):
    assert isinstance(user, dict)
    if isinstance(user, dict):  # ok: `python -O` skips the assert
        return user
    return None


def loop(node):
    while node is not None:
        node = node.parent
    while node is not None:  # ok: a loop's condition
        node = node.parent
    return node


def elif_repeated(a, b):
    if a:
        return 1
    elif a:  # expect: DW104
        return 2
    return b


def eq_none(x):
    if x is None:
        return 0
    if x == None:  # ok: == calls __eq__  # noqa: E711
        return 1
    return 2


def none_type(value):
    if not isinstance(value, (type(None), dict)):
        raise TypeError(value)
    if value is not None:  # ok: isinstance with NoneType lets None through
        return value
    return {}


def spelled_out(x):
    if x is not None:
        return x.value
    elif x is None:  # ok: the complement spelled out as an elif
        return None
    return 0


def elif_operand(depth, previous):
    if depth:
        return 1
    elif not depth and previous:  # ok: the same, as part of an elif
        return 2
    return 0


def or_guard(checkpoint):
    if checkpoint is None or (checkpoint is not None and checkpoint.tag == ""):  # ok: what the `or` implies, spelled out
        return None
    return checkpoint


def defensive(expr):
    if isinstance(expr, int):
        return expr
    elif not isinstance(expr, str):
        return None
    if not isinstance(expr, str):  # ok: a defensive raise that cannot run
        raise TypeError(expr)
    return expr


def rebound(x, make):
    if x is None:
        x = make()
    if x is None:  # ok: x was assigned a call's result
        return 0
    return 1


def flag_switch(items):
    found = False
    for item in items:
        if item:
            found = True
    if found:  # ok: a flag, set in the loop
        return 1
    return 0


def global_name(load):
    if CONFIG is None:
        load()
        if CONFIG is None:  # ok: a global, which load() may set
            return None
    return CONFIG


def nested_function(x):
    if x is None:
        def inner():
            if x is None:  # ok: inside a nested function (not looked at)
                return 0
            return 1
        return inner
    return x
