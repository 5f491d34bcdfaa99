# DW201 look-alikes: the value is not certainly None, or the use is not a dereference.
import contextlib
import logging

log = logging.getLogger(__name__)


# Reassigned in one branch only: None on one path, not on every path.
def load(path, lazy):
    model = None
    if not lazy:
        model = read_model(path)
    return model.eval()  # ok: assigned on the `not lazy` path


# Reassigned before the use.
def default(cfg):
    if cfg is None:
        cfg = {"lr": 0.1}
    return cfg["lr"]  # ok


# The test is on a different variable.
def pick(a, b):
    if a is None:
        return b.value  # ok: b, not a


# Uses that are not dereferences.
def report(x):
    if x is None:
        log.warning("missing: %s", x)  # ok: passing it is fine
        print(x)  # ok
        same = x is None  # ok: a test
        eq = x == 0  # ok: a comparison
        kind = isinstance(x, int)  # ok
        text = str(x) + repr(x)  # ok
        return same, eq, kind, text, type(x), id(x), x  # ok


# Truthiness narrowing: `if x:` proves not None, `if not x:` proves nothing.
def first(items):
    if not items:
        return items.default  # ok: falsy is not None (an empty list has attributes)
    if items:  # expect: DW106 "`items` on line {-2}"
        return items[0]  # ok


# Early exits.
def size(buf):
    if buf is None:
        return 0
    return buf.nbytes  # ok: the None path returned


def require(buf):
    if buf is None:
        raise ValueError("no buffer")
    return buf.nbytes  # ok: the None path raised


def skip_none(rows):
    for row in rows:
        if row is None:
            continue
        row.process()  # ok


# `or` short-circuits on None.
def valid(x):
    return x is None or x.valid()  # ok: the right side runs when x is not None


def has_items(q):
    return q is not None and q.qsize() > 0  # ok


# The conditional expression's true side.
def nbytes(buf):
    return buf.nbytes if buf is not None else 0  # ok


# A while loop that assigns the value.
def wait(pool):
    conn = None
    while conn is None:
        conn = pool.try_get()
    return conn.cursor()  # ok: the loop exits only when conn is not None


# The previous item, assigned at the end of each iteration.
def link(items):
    prev = None
    for item in items:
        if prev is not None:
            prev.link(item)  # ok
        prev = item


# Deliberate: the dereference is inside a try that catches AttributeError / TypeError / all.
def safe_len(x):
    if x is None:
        try:
            return x.__len__()  # ok: AttributeError is caught
        except AttributeError:
            return 0


def safe_call(fn):
    if fn is None:
        try:
            return fn()  # ok: TypeError is caught
        except (TypeError, ValueError):
            return None
        except Exception:
            return None


def swallow(x):
    if x is None:
        try:
            x.run()  # ok: a bare except catches everything
        except:  # noqa: E722
            pass


# A test that expects the failure.
class TestNone:
    def test_view_of_none(self):
        grad = None
        with self.assertRaises(AttributeError):
            grad.view(-1)  # ok: the test asserts it raises

    def test_call_none(self):
        callback = None
        with self.assertRaises(TypeError):
            callback(1)  # ok: assertRaises(TypeError)

    def test_pytest(self, pytest):
        cfg = None
        with pytest.raises(TypeError):
            cfg["lr"]  # ok


# Unreachable code.
def unreachable(x):
    if x is None:
        return None
        x.close()  # expect: DW105 "`return` on line {-1}"


# Rebound by other kinds of statement: a for target, a with target, an import, a walrus.
def rebinding(x, items, path):
    if x is None:
        for x in items:  # ok: the loop rebinds x (and iterates items)
            x.run()  # ok
    if x is None:
        with open(path) as x:
            return x.read()  # ok
    if x is None:  # expect: DW106 "on line {-3}"
        import json as x
        return x.dumps({})  # ok
    if x is None:  # expect: DW106 "on line {-3}"
        (x := make())
        return x.value  # ok


# Attributes None itself has.
def describe(x):
    if x is None:
        return x.__class__.__name__, x.__repr__(), x.__doc__  # ok: None has these


# `case None` followed by other patterns.
def handle(msg):
    match msg:
        case None:
            return 0
        case _:
            return msg.size  # ok


def handle_or(msg):
    match msg:
        case None | 0:
            return msg.bit_length()  # ok: msg may be 0


# A parameter defaulting to None.
def fetch(url, session=None):
    return session.get(url)  # ok: the caller may pass one


# Either of two values is None: neither is certainly None.
def between(lo, x, hi):
    if lo is None or hi is None:
        return lo.value  # ok: lo may be set when hi is the None one


# A finally block reached with the value assigned on the normal path.
def close_after(factory):
    conn = None
    try:
        conn = factory.open()
        conn.run()
    finally:
        conn.close()  # ok: conn.run() may raise after the assignment


# A handler reached after the assignment: the next statement may raise.
def rollback(factory):
    conn = None
    try:
        conn = factory.open()
        conn.commit()
    except OSError:
        conn.rollback()  # ok: commit() may have raised


# An exception in the else clause still runs the finally block: x may be assigned there.
def else_then_finally(make, risky):
    x = None
    try:
        prepare()
    except KeyError:
        return None
    else:
        x = make()
        risky()
        x = None
    finally:
        x.close()  # ok: risky() may raise while x holds make()'s result


# The only normal way out of the try body is a return with x assigned.
def read_all(opener):
    x = None
    try:
        x = opener.open()
        return x.read()
    finally:
        x.close()  # ok: open() may have succeeded (the return path)


# A handler that assigns: the code after sees both values.
def fetch(client):
    resp = None
    try:
        resp = client.get("/")
    except OSError:
        resp = client.fallback()
    return resp.json()  # ok


# contextlib.suppress swallows the exception and goes on after the with statement: the
# assignment to None may not have run.
def parse_or_default(text, default):
    value = default
    with contextlib.suppress(ValueError):
        number = int(text)
        value = None
    return value.real  # ok: int() may raise, and then value keeps the default
