"""A base driver whose methods read module globals (see same_driver.py)."""
import os

common_opts = ["--verbose"]
TIMEOUT = 5


def helper():
    return 1


class Driver:
    def options(self):
        return common_opts

    def timeout(self):
        return TIMEOUT

    def cwd(self):
        return os.getcwd()

    def length(self, items):
        return len(items)

    def helper_call(self):
        return helper()

    def local_names(self, items):
        total = 0
        for item in items:
            total += item
        return [x for x in items if x], total

    def rename(self, name):
        return os.path.join(name, common_opts[0])
