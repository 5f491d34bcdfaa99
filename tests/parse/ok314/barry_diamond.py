def f():
    from __future__ import barry_as_FLUFL as flufl


x = a <> b <> c
y = f"{a <> b}"
