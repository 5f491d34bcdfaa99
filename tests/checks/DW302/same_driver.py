"""Overrides with the same text as their base's, which name module globals: the same code only
where each name is the same object in both modules."""
import os

from same_driver_base import TIMEOUT, Driver, helper

common_opts = ["--quiet"]


class QuietDriver(Driver):
    def options(self):  # ok: `common_opts` is this module's list, not the base module's
        return common_opts

    def timeout(self):  # expect: DW302 "QuietDriver.timeout"
        return TIMEOUT

    def cwd(self):  # expect: DW302 "QuietDriver.cwd"
        return os.getcwd()

    def length(self, items):  # expect: DW302 "QuietDriver.length"
        return len(items)

    def helper_call(self):  # expect: DW302 "QuietDriver.helper_call"
        return helper()

    def local_names(self, items):  # expect: DW302 "QuietDriver.local_names"
        total = 0
        for item in items:
            total += item
        return [x for x in items if x], total

    def rename(self, name):  # ok: common_opts differs, though os is the same
        return os.path.join(name, common_opts[0])
