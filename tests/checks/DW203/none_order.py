"""The callee's binding is read from the whole module: defined after its use, under `if` or
`try` at top level, imported there; names that are not module-level bindings never resolve."""
try:
    from none_lib import record
except ImportError:
    record = None


def early():
    return later().x  # expect: DW203 "later"


def early_assigned():
    v = later()
    return v.y  # expect: DW203 "later"


def imported():
    return record("event")[0]  # expect: DW203 "record"


def through_class():
    return Holder.clear().items  # expect: DW203 "Holder.clear"


def later():
    print("side effect")


class Holder:
    @classmethod
    def clear(cls):
        cls.items = []


if True:

    def conditional():
        print("side effect")

    def uses_conditional():
        return conditional()[0]  # expect: DW203 "conditional"


def shadowed(later):
    return later().x  # ok: the parameter, not the module's function


def nested_only():
    def inner():
        print("side effect")

    return inner().x  # ok: a local function is not resolved through the module


def unknown():
    return undefined_name().x  # ok: bound nowhere in the module
