"""The callee's binding is read from the whole module: defined after its use, under `if` or
`try` at top level, imported there; names that are not module-level bindings never resolve."""
try:
    from none_lib import record
except ImportError:
    record = None


def early():
    return later().x  # expect: DW203 "later" "later at none_order.py:26"


def early_assigned():
    v = later()
    return v.y  # expect: DW203 "later" "later at none_order.py:26"


def imported():
    return record("event")[0]  # expect: DW203 "record" "record at none_lib.py:8"


def through_class():
    return Holder.clear().items  # expect: DW203 "Holder.clear" "Holder.clear at none_order.py:32"


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
        return conditional()[0]  # expect: DW203 "conditional" "conditional at none_order.py:38"


def shadowed(later):
    return later().x  # ok: the parameter, not the module's function


def nested_only():
    def inner():
        print("side effect")

    return inner().x  # ok: a local function is not resolved through the module


def unknown():
    return undefined_name().x  # ok: bound nowhere in the module
