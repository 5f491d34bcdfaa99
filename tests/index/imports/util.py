"""A module beside the package util/, which Python imports instead."""


def fetch():
    return {}
