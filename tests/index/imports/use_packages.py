"""Imports of names that are both a package and a module beside it."""
import util
from helpers import load

load().keys()  # ok: helpers/__init__.py's load returns a value (helpers.py is never imported)
util.fetch().keys()  # expect: DW203 "fetch at __init__.py:4"
