"""DW204: a test module dereferences what it knows its inputs give: silent."""

from dev_lib import find, lookup


def test_find():
    assert find("a").size == 1  # ok: in a test module
    assert find("b").size == 2  # ok: in a test module


def test_lookup(name):
    assert lookup(name).size  # ok: in a test module
