"""Calls of util.register through a re-export, an alias, a module and a dotted import."""
import shapes.util
from shapes import register
from . import util
from .util import register as reg
from .util import lookup


def build(shape, flag):
    register(shape)
    if flag:
        reg(shape)
    util.register(shape)
    shapes.util.register(shape)
    return lookup(shape.name)


def shadowed(register, util):
    register(None)  # ok: the parameter named register
    util.register(None)


def broken(shape):
    return register(shape).name  # expect: DW203 "register at util.py:5"
