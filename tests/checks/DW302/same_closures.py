"""Copies in classes defined in a def: a name may be a variable of the def (a closure's)."""
LIMIT = 3


class Limited:
    def limit(self):
        return LIMIT


def make(limit):
    LIMIT = limit

    class Local(Limited):
        def limit(self):  # ok: LIMIT is make's variable here, not the module's
            return LIMIT

    return Local


def make_plain():
    class Plain(Limited):
        def limit(self):  # expect: DW302 "make_plain.<locals>.Plain.limit"
            return LIMIT

    return Plain
