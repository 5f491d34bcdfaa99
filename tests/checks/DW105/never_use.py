"""Calls of functions of another file that never return."""
import never_lib
from never_lib import Base, decorated, die, fail, gen_fail, maybe_fail, stub, usage


def check(x):
    if x < 0:
        die("negative")
        x = abs(x)  # expect: DW105 "`die()` on line {-1} never returns" "die at never_lib.py:6"
    return x


def through(x):
    if x is None:
        never_lib.fail("none")
        x = 0  # expect: DW105 "`never_lib.fail()` on line {-1}" "fail at never_lib.py:11"
    return x


def chained(argv):
    if not argv:
        usage()
        print(argv)  # expect: DW105 "`usage()` on line {-1}" "usage at never_lib.py:16"
    return argv


def all_arms(x):
    if x:
        die("x")
    else:
        fail("not x")
    print(x)  # expect: DW105 "`die()` on line {-3}" "die at never_lib.py:6" "so does the other call"


def returns(x):
    if x:
        maybe_fail(x)
        print(x)  # ok: maybe_fail can return
    return x


def not_counted(x):
    stub()
    decorated(x)
    gen_fail(x)
    print(x)  # ok: a stub, a decorated function and a generator are never taken to never return
    return x


def guarded(x):
    try:
        die(x)
        print(x)  # ok: the handler may catch what die raises
    except SystemExit:
        pass


def local_die(x, die):
    die(x)
    print(x)  # ok: `die` is the parameter here
    return x


class Other(Base):
    def run(self, x):
        fail(x)
        return x  # ok: a body that starts by leaving is switched off on purpose

    def stop(self):
        print("stopping")
        fail("stop")
        return None  # ok: the fallback written for type checkers after a call that never returns

    def halt(self):
        print("halting")
        fail("abort")
        self.cleanup()  # expect: DW105 "`fail()` on line {-1}" "fail at never_lib.py:11"

    def cleanup(self):
        pass
