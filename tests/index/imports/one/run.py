"""Imports conf from its own directory (sys.path[0] when it runs): one/conf.py."""
from conf import settings

settings().debug  # expect: DW203 "settings at conf.py:4"
