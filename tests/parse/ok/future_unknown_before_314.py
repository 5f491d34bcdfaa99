from __future__ import rotten_apples, braces
