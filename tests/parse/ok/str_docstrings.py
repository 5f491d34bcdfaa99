"""Module docstring."""


def f():
    """Function docstring."""


class C:
    """Class docstring."""

    def m(self):
        '''Method docstring
        on lines.'''
