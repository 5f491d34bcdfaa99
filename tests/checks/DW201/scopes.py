# DW201 and scopes: nested functions, lambdas and comprehension bodies run later (or in their
# own scope) and are not looked into; names other code can rebind are forgotten at calls.

_engine = None
_cache = None


# Nested function and lambda bodies: they run later, when the value may have changed.
def make_callbacks(writer):
    if writer is None:
        def flush():
            return writer.flush()  # ok: runs later
        on_close = lambda: writer.close()  # ok: runs later
        return flush, on_close


# Comprehension bodies: not looked into (a generator's body runs later; the rule treats every
# comprehension body the same way). Their first iterable is evaluated here: see assigned.py.
def views(batch, items):
    if batch is None:
        gen = (batch.view(i) for i in items)  # ok: the element runs later
        lst = [batch[i] for i in items]  # ok: not looked into
        return gen, lst


# A global mutated by a call.
def engine():
    global _engine
    if _engine is None:
        _init_engine()
        return _engine.connect()  # ok: _init_engine() may have set it


def _init_engine():
    global _engine
    _engine = object()


# A global read without `global`: module-level names can change at any call too.
def cached():
    if _cache is None:
        refresh()
        return _cache.items()  # ok


# A name an inner function rebinds with `nonlocal`.
def counter():
    conn = None

    def connect():
        nonlocal conn
        conn = open_connection()

    connect()
    return conn.cursor()  # ok: connect() rebound conn


# A global without a call in between is still certainly None: see module_level.py.


# The unit is the nested function itself: its own tests count.
def outer(flag):
    def inner(value):
        if value is None:
            return value.strip()  # expect: DW201 "on line {-1}"
        return value
    return inner


# A lambda's own test and use are in the lambda: not looked into.
strip_or_none = lambda s: s.strip() if s is None else s  # ok: lambdas are not analyzed


# A class body is a unit of its own; methods are units too.
class Registry:
    default = None

    def lookup(self, name):
        if self.default is None:
            return self.default.get(name)  # expect: DW201 "on line {-1}"
