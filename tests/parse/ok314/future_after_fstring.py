f"not a docstring"
from __future__ import rotten_apples
