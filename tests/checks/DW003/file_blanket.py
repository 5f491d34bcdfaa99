# A blanket file-level exemption: nothing in this file is reported, and nothing is unused.
# deadwood: noqa


def f(a):
    if a:  # ok
        return 1
    else:
        return 1


def g(flag):
    return 1 if flag else 1  # ok


def h(buf):
    if buf is None:
        return buf.size  # ok
    return 0
