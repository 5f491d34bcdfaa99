# DW202 look-alikes: the test is not after a dereference on every path, or something in between
# may have changed the value.
import contextlib
import logging

log = logging.getLogger(__name__)


# Tested first, then dereferenced: the right order.
def size(buf):
    if buf is None:  # ok
        return 0
    return buf.nbytes


# Dereferenced on one path only.
def pick(cfg, fast):
    lr = cfg.fast_lr if fast else 0.1
    if cfg is None:  # ok: not dereferenced when not fast
        return lr
    return cfg.lr


# Reassigned after the dereference.
def reload(model, path):
    model.save(path)
    model = load(path)
    if model is None:  # ok: a new value
        raise RuntimeError(path)
    return model


# A chain: a call in between may change it.
class Session:
    def send(self, data):
        self.conn.write(data)
        if self.conn is None:  # ok: write() may have closed and cleared self.conn
            return False
        return True

    def read(self):
        n = self.buf.size
        self.refill()
        if self.buf is not None:  # ok: refill() may have replaced self.buf
            return n
        return 0

    # A store through another object may change the chain (an alias of self).
    def swap(self, other):
        x = self.state.value
        other.state = None
        if self.state is None:  # ok
            return x
        return 0


# The dereference is inside a try that catches AttributeError: it expects the None.
def describe(obj):
    try:
        name = obj.name
    except AttributeError:
        name = "?"
    if obj is None:  # ok
        return "none"
    return name


def call_safely(fn):
    try:
        out = fn()
    except TypeError:
        out = None
    if fn is None:  # ok
        return None
    return out


def size_or_zero(buf):
    try:
        n = len(buf.data)
    except Exception:
        n = 0
    if buf is None:  # ok: `except Exception` catches the AttributeError
        return 0
    return n


# Inside a loop body: the loop may not run.
def total(items, weights):
    n = 0
    for it in items:
        n += weights.get(it)
    if weights is None:  # ok: no iteration, no dereference
        return 0
    return n


# Passing the value along is not a dereference.
def forward(x):
    log.info("x=%s", x)
    y = str(x)
    if x is None:  # ok
        return y
    return x


# A global may be rebound by any call (here, the one between).
_registry = None


def lookup(name):
    entry = _registry.get(name)
    refresh()
    if _registry is None:  # ok: refresh() may have rebound the global
        return None
    return entry


# Attributes None has are no dereference.
def kind(x):
    cls = x.__class__
    if x is None:  # ok: None.__class__ works
        return "none"
    return cls.__name__


# The dereference is in a nested function or lambda: it has not run yet.
def make(cb):
    def run():
        return cb.fire()
    if cb is None:  # ok
        return None
    return run


def later(cb):
    f = lambda: cb.fire()
    if cb is not None:  # ok
        return f
    return None


# The dereference is in the test's own short-circuit partner, after it.
def valid(x):
    return x is not None and x.valid  # ok


# Bound again by a loop.
def rebind(x, items):
    x.close()
    for x in items:
        pass
    if x is None:  # ok: the loop may rebind x, so not every path dereferenced the current value
        return 0
    return 1


# A loop that rebinds the name and dereferences nothing after.
def advance(node, steps):
    node.check()
    for _ in range(steps):
        node = node.next
    if node is None:  # ok: the last assignment was not dereferenced (when steps > 0)
        return None
    return node


# The test is in a different unit (a nested function) from the dereference.
def outer(x):
    x.prepare()

    def check():
        return x is None  # ok: another unit

    return check


# try/finally: the test in the finally runs also when the dereference raised.
def close(conn):
    try:
        conn.flush()
    finally:
        if conn is not None:  # ok: reached from the exception too
            conn.close()


# contextlib.suppress: the lookup may fail and be swallowed before the new value is dereferenced.
def stop_service(registry, name):
    svc = registry.default
    with contextlib.suppress(KeyError):
        svc = registry.services[name]
        svc.stop()
    if svc is None:  # ok: after a KeyError svc is still the default, never dereferenced
        return False
    return True


# `== None` and `!= None` are not None tests: they call the value's __eq__, which a class may
# override (NumPy compares element-wise), so after a dereference they may be meaningful.
def first(row):
    head = row[0]
    if row == None:  # ok: row's __eq__ decides  # noqa: E711
        return None
    return head


def call(fn):
    out = fn()
    return out if fn != None else None  # ok: fn.__eq__ decides  # noqa: E711


def mask(t):
    n = t.size
    if (t == None).any():  # ok: an array type's element-wise comparison  # noqa: E711
        return n
    return 0


# Storing another attribute of the object may change this one: a property computed from it, a
# setter, a descriptor or __setattr__ (a field report: a reactive widget's `active_tab`).
def test_tabs(tabs):
    assert tabs.active_tab.id == "tab-1"
    tabs.active = ""
    assert tabs.active_tab is None  # ok: `tabs.active = ""` may have changed it


def narrowed_again(worker):
    assert worker.conn is not None
    timeout = worker.conn.timeout
    assert worker.conn is not None  # ok: the assert says what the dereference showed
    return worker.conn.settimeout(timeout)


def asserted_with_more(reply):
    target = reply["Target"]
    assert reply is not None and target  # ok: an `and`-ed `is not None` assert
    return target
