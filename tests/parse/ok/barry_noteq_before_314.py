from __future__ import barry_as_FLUFL

x = 1 != 2
