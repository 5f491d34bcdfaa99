"""The docstring, then the imports from __future__ that open the module."""
from __future__ import annotations
from __future__ import (division,
    rotten_apples as apples)
