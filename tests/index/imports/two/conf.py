"""A top-level module; one/conf.py is another of the same name."""


def settings():
    return {"debug": False}
