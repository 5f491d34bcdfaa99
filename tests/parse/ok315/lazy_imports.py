lazy import json
lazy from a.b import c as d, e
import x
from . import y
lazy = 1
lazy.x = 2
