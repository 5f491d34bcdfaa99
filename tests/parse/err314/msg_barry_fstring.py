from __future__ import barry_as_FLUFL
x = f"{a != 2=}"
