"""A top-level module; two/conf.py is another of the same name."""


def settings():
    return None
