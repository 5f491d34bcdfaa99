"""DW105 look-alikes: code that looks unreachable but is not reported (on purpose, or it runs)."""
import sys
from contextlib import contextmanager, suppress
from typing import TYPE_CHECKING

import pytest


def checked(value):
    print(value)
    if TYPE_CHECKING:
        return value
    else:
        raise RuntimeError("only for type checkers")
    value.validate()  # ok: an `if TYPE_CHECKING:` never counts as leaving


def switched(value):
    if 0:
        print("debug", value)  # ok: code under a constant test is switched off on purpose
    if False:
        return value
    else:
        return -value
    print(value)  # ok: an `if` whose test is a constant never counts as leaving


def nothing(log):
    log.debug("nothing to do")
    return None
    yield  # ok: a lone `yield` after `return` makes the function a generator


def stub():
    raise NotImplementedError
    return 1  # ok: a body that starts by leaving is switched off on purpose


def disabled(client):
    client.connect()
    return
    client.run("install")  # ok: a bare `return` above code switches it off


def old_body(version):
    if version == 1:
        raise OldVersionError
    raise NotImplementedError
    return version * 2  # ok: the old body kept under `raise NotImplementedError`


def asked(names, i):
    if i != 0:
        raise AssertionError("can this happen?")
        names.append(".")  # ok: the author says it is not reached


def kept(terms):
    result = sum(terms)
    return result
    # The slower way, kept in case the one above turns out to be wrong:
    return sum(sorted(terms))  # ok: a comment between says the author knows


def fallback(dtype):
    if dtype == "fp16":
        return 16
    elif dtype == "bf16":
        return 16
    else:
        raise ValueError(dtype)
    return None  # ok: a fallback written for readers and type checkers


def forever(queue):
    while True:
        item = queue.get()
        if item:
            return item
    raise RuntimeError("the loop has no other way out")  # ok: the same


def caught(argv):
    try:
        sys.exit(main(argv))
        print("still here")  # ok: SystemExit may be caught by the handler below
    except SystemExit:
        pass


def expected(parse):
    with pytest.raises(ValueError):
        sys.exit(parse(""))
        print("not here")  # ok: the context manager expects the exception


def swallowed(table):
    with suppress(KeyError):
        del table["x"]
        raise KeyError("x")
    print("after")  # ok: the `with` may swallow what its body raises


def with_return(path):
    with open(path) as f:
        if f:
            raise ValueError(path)
        else:
            raise KeyError(path)
    print(path)  # ok: a context manager may swallow what its body raises


def loop_else(items):
    for item in items:
        if item:
            break
    else:
        return None
    print(item)  # ok: the `break` gets here


def main(argv):
    return len(argv)


class OldVersionError(Exception):
    pass


@contextmanager
def forgiving(label):
    try:
        yield
    except KeyError:
        print("missing", label)


class Ignoring:
    def __enter__(self):
        return self

    def __exit__(self, kind, exc, tb):
        return kind is LookupError


def swallowed_by_own_generator(table, key):
    with forgiving(key):
        return table[key]
    return None  # ok: `forgiving` catches what is thrown in at its `yield`


def swallowed_by_own_class(table, key):
    with Ignoring():
        return table[key]
    print("absent")  # ok: the class's `__exit__` may return True


def swallowed_by_library(client, ident):
    with client.ignore_not_found:
        return client.get(ident)
    print("gone")  # ok: a context manager deadwood does not know may swallow an exception


def cancelled(scope_for):
    with scope_for(5):
        while True:
            poll()
    print("timed out")  # ok: a timeout scope cancels the loop and swallows the cancellation


def repeated_fallback(queue):
    while True:
        entry = queue.pop()
        if entry:
            return entry
    return entry  # ok: the fallback repeats what the loop returns


def repeated_else(kind, raw):
    if kind == "int":
        return int(raw)
    else:
        return raw
    return raw  # ok: the fallback repeats what the `else` returns


@contextmanager
def quiet_unless(strict):
    try:
        yield
    except KeyError:
        if not strict:
            return  # (swallowed: the handler's `raise` is not always reached)
        raise


@contextmanager
def best_effort():
    try:
        yield
    finally:
        return  # (a `return` in `finally` drops the exception)


class AsyncForgiving:
    def __exit__(self, *exc):
        return None

    async def __aexit__(self, *exc):
        return True


def handler_returns(table):
    with quiet_unless(False):
        return table["k"]
    return None  # ok: the handler may return before its `raise`


def finally_returns(table):
    with best_effort():
        found = table["k"]
        return found
    print("after")  # ok: the generator's `finally` returns, which drops the exception


def shadowed(table, best_effort):
    with best_effort():
        found = table["k"]
        return found
    print("after")  # ok: a parameter, not the module's `best_effort`


async def async_exit(table):
    async with AsyncForgiving():
        found = table["k"]
        return found
    print("after")  # ok: `async with` asks `__aexit__`, which may return True


if sys.platform == "win32":

    def platform_guard():
        return suppress(KeyError)

else:

    @contextmanager
    def platform_guard():
        yield


def rebound(table):
    with platform_guard():
        found = table["k"]
        return found
    print("after")  # ok: the module binds `platform_guard` twice
