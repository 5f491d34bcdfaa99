"""DW107: functions, methods and classes tested for truth without being called."""
import fac_lib
from fac_lib import Plugin, check


def helper():
    return False


class Config:
    pass


class Job:
    def is_done(self):
        return False

    def wait(self):
        while not self.is_done:  # expect: DW107 "`self.is_done` is a method" "Job.is_done at positives.py:15"
            pass

    def run(self):
        if self.is_done:  # expect: DW107 "did you mean `self.is_done()`?"
            return 1
        return 0

    @classmethod
    def make(cls, x):
        return x if cls.is_done else None  # expect: DW107 "`cls.is_done` is a method"


class Child(Plugin):
    def go(self, x):
        if x and self.enabled:  # expect: DW107 "`self.enabled` is a method" "Plugin.enabled at fac_lib.py:10"
            return 1
        return 0


def module_function(x):
    if not helper:  # expect: DW107 "`helper` is a function" "helper at positives.py:6"
        return 0
    return 2


def operand(x):
    if helper or x:  # expect: DW107 "`helper` is a function"
        return 1
    return 2


def a_class():
    if Config:  # expect: DW107 "`Config` is a class" "Config at positives.py:10"
        return 1
    return 0


def imported(value):
    if check:  # expect: DW107 "`check` is a function" "check at fac_lib.py:5"
        return value
    if fac_lib.check:  # expect: DW107 "`fac_lib.check` is a function" "check at fac_lib.py:5"
        return value
    return value if Plugin.enabled else None  # expect: DW107 "`Plugin.enabled` is a method"


def in_while(queue):
    while helper:  # expect: DW107 "`helper` is a function"
        queue.pop()


class Lookup:
    def has(self, key, *rest, strict=False):
        return key in rest

    def needs(self, *, key):
        return key

    def ask(self):
        if self.has:  # expect: DW107 "did you mean `self.has(...)`?"
            return 1
        if self.needs:  # expect: DW107 "did you mean `self.needs(...)`?"
            return 2
        return 0
