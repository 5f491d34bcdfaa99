"""Tests may do odd things on purpose (DW201)."""


def test_none(obj=None):
    if obj is None:
        obj.anything()
