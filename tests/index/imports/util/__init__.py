"""The package `import util` finds."""


def fetch():
    found = None
