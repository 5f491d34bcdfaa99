import os
from __future__ import rotten_apples

if os:
    from __future__ import braces
