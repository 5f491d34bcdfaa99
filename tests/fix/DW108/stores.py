"""DW108 fixes: a dead store whose value has no effect goes; one with an effect stays."""


def names(config, default):
    mode = config.mode
    mode = default
    return mode


def tuples(a, b):
    pair = (a, b)
    pair = (b, a)
    return pair


def lists(a, b):
    items = [a, b.c, 3]
    items = [b]
    return items


def annotated(a, b):
    size: int = a.size
    size = b
    return size


def emptied(flag, a, b):
    value = a
    if flag:
        value = b.x
    value = b
    return value


def joined(a, b):
    x = a; y = b
    x = b
    return x, y


def commented(a, b):
    total = a  # the first guess
    total = b
    return total


def calls(load, a):
    data = load(a)
    data = a
    return data


def chained(a, b):
    x = y = a.b
    x = b
    return x, y


def operators(a, b):
    n = a + b
    n = a
    return n


def self_read(a, b):
    x = a
    x = x
    x = b
    return x


def cleanup(a, b):
    try:
        info = a.info
        return info
    finally:
        info = (None, None, None)
