"""A None test after the value was already used (DW202), and DW102."""


def close(stream):
    stream.flush()
    if stream is None:
        return False
    return True


def mode(x):
    return 1 if x else 1
