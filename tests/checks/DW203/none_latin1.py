# -*- coding: latin-1 -*-
"""A file that is not UTF-8 (café): its functions are decoded again to be read."""
from none_bindings import later


def shadowed(later):
    return later().x  # ok: a parameter


def café():
    return later().x  # expect: DW203 "later" "later at none_bindings.py:9"
