"""A module that must not be imported (a test root of sphinx does this)."""
import sys

raise RuntimeError("this module should not be imported")

VALUE = sys.argv  # ok: a module that refuses to be imported


def helper():
    return VALUE  # ok
