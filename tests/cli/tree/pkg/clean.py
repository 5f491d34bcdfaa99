"""Nothing to report here."""


def add(a, b):
    if a is None:
        return b
    return a + b
