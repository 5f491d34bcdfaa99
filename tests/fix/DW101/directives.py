"""DW101 fixes beside a type checker's directives and a dispatch (main's exemptions)."""
import sys


def same_directive(text):
    if sys.version_info >= (3, 11):
        import tomllib  # type: ignore[import-not-found]
        return tomllib.loads(text)
    else:
        import tomllib  # type: ignore[import-not-found]
        return tomllib.loads(text)


def other_directive(text):
    if sys.version_info >= (3, 11):
        import tomllib
        return tomllib.loads(text)
    else:
        import tomllib  # type: ignore[import-not-found]
        return tomllib.loads(text)


def dispatch(mode):
    if mode == "a":
        return 1
    elif mode == "b":
        raise NotImplementedError(mode)
    else:
        raise NotImplementedError(mode)
