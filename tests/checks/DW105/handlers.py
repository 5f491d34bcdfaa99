"""DW105: an `except` clause that an earlier clause of the same `try` always catches first."""
import socket


class ConfigError(ValueError):
    pass


class StrictConfigError(ConfigError):
    pass


def load(path):
    try:
        return open(path).read()
    except OSError:
        return ""
    except FileNotFoundError:  # expect: DW105 "`except OSError` on line {-2}"
        return None


def read(path):
    try:
        return open(path).read()
    except (OSError, ValueError):
        return ""
    except (IOError, UnicodeDecodeError):  # expect: DW105 "`except OSError` on line {-2}"
        return None


def config(text):
    try:
        return parse(text)
    except ValueError:
        return None
    except StrictConfigError:  # expect: DW105 "`except ValueError` on line {-2}"
        return {}


def duplicate(text):
    try:
        return parse(text)
    except ConfigError:
        return None
    except ConfigError:  # expect: DW105 "`except ConfigError` on line {-2}"
        return {}


def broad_first(text):
    try:
        return parse(text)
    except Exception:
        return None
    except KeyboardInterrupt:  # ok: not an Exception
        raise
    except LookupError:  # expect: DW105 "`except Exception` on line {-4}"
        return {}


def parse(text):
    return text


# Look-alikes: clauses that can run.
def narrow_first(text):
    try:
        return parse(text)
    except ConfigError:
        return None
    except ValueError:  # ok: broader after narrower
        return {}


def partly(text):
    try:
        return parse(text)
    except KeyError:
        return None
    except (KeyError, TypeError):  # ok: TypeError is not caught above
        return {}


def not_builtin(sock):
    try:
        return sock.recv(1)
    except OSError:
        return b""
    except socket.timeout:  # ok: named through a module outside the tree
        return None


def shadowed_name(text):
    ValueError = KeyError  # noqa: N806
    try:
        return parse(text)
    except LookupError:
        return None
    except ValueError:  # ok: not the builtin here (the module binds nothing, but we do not know)
        return {}


def group(text):
    try:
        return parse(text)
    except* ValueError:
        return None
    except* ValueError:  # ok: except* clauses are not compared
        return {}
