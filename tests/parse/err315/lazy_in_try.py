# error: 3: lazy import not allowed inside try/except blocks
try:
    lazy import json
except ImportError:
    pass
