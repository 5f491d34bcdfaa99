# A stray indented line at module level (IndentationError).
import os

ROOT = os.getcwd()
    CACHE = os.path.join(ROOT, ".cache")  # expect: DW000 "unexpected indent"
