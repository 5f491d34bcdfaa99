def f():
    from __future__ import barry_as_FLUFL


if x != 2:
    pass
