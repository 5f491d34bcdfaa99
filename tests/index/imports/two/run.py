"""Imports conf from its own directory: two/conf.py, whatever the directories are named."""
from conf import settings

settings().debug  # ok: two/conf.py's settings returns a value
