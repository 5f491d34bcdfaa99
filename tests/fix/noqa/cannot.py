"""--add-noqa: a line that ends inside a string or with a backslash cannot hold a comment (skip)."""


def continued(x):
    return x if x \
        else x


def in_string(x):
    return (x if """
""" else x), """x
""" if x else """x
"""
