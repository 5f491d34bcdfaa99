"""Functions other files of this folder call: some can only raise or exit, some can return."""
import functools
import sys


def die(msg):
    print(msg, file=sys.stderr)
    raise SystemExit(msg)


def fail(msg):
    print("failing")
    die(msg)


def usage():
    print("usage: tool FILE")
    sys.exit(2)


def maybe_fail(msg):
    if msg:
        raise ValueError(msg)


def stub():
    raise NotImplementedError


@functools.lru_cache
def decorated(msg):
    raise ValueError(msg)


def gen_fail(msg):
    raise ValueError(msg)
    yield


async def async_fail(msg):
    raise ValueError(msg)


class Base:
    def abort(self):
        raise RuntimeError("abort")

    def stop(self):
        raise RuntimeError("stop")

    def run(self, x):
        if x:
            self.abort()
            return x  # expect: DW105 "`self.abort()` on line {-1}" "Base.abort at never_lib.py:45"
        self.stop()
        return 0  # ok: a subclass defines stop again, and that one returns


class Child(Base):
    def stop(self):
        return None
