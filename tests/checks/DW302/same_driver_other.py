"""A module that binds the base's global names otherwise: by assignment, or not at all."""
from same_driver_base import Driver

TIMEOUT = 5


def length(items):
    return 0


class OtherDriver(Driver):
    def timeout(self):  # ok: this module's TIMEOUT, assigned here, is another object
        return TIMEOUT

    def helper_call(self):  # ok: no `helper` here: the copy raises NameError
        return helper()  # noqa: F821

    def length(self, items):  # expect: DW302 "OtherDriver.length"
        return len(items)
