# DW201 none-dereference through narrowing: the test proves the value None on every path that
# reaches the dereference.


# `is None`: the seed's shape, without the identical else (the seed itself, with both of its
# findings, is DW101/seed.py).
def copy_grad(self, param, offset, n):
    grad_accum = self.get_param_gradient_attribute(param)
    if grad_accum is None:
        src = grad_accum.view(-1).narrow(0, offset, n)  # expect: DW201 "`grad_accum is None` on line {-1}"
        return src
    return grad_accum


# `== None` is not a None test: it calls the value's __eq__, which a class may override (a
# NumPy array compares element-wise: `(t == None).size` is fine). Only `is` decides.
def lookup(cache, key):
    entry = cache.get(key)
    if entry == None:  # noqa: E711
        return entry.value  # ok: entry may be an object equal to None
    return entry


def mask_size(t):
    if t == None:  # noqa: E711
        return (t == None).size  # ok: a field report's test of an array type's __eq__
    return 0


# `None is x`, operands swapped.
def first_line(text):
    if None is text:
        return text.splitlines()[0]  # expect: DW201 "on line {-1}"
    return text


# The else arm of `is not None`.
def close(handle):
    if handle is not None:
        handle.flush()
    else:
        handle.close()  # expect: DW201 "`handle is not None` on line {-3}"


# Nor is `!= None`.
def norm(tensor):
    if tensor != None:  # noqa: E711
        return tensor.norm()
    else:
        return tensor.abs()  # ok: the else arm of `!=` says nothing about None


# An elif test runs on the false edge of the test before it.
def describe(node):
    if node is not None:
        return "node"
    elif node.kind == "leaf":  # expect: DW201 "on line {-2}"
        return "leaf"


# `not (x is not None)`.
def name_of(obj):
    if not (obj is not None):
        return obj.__name__  # expect: DW201 "on line {-1}"
    return "?"


# The right side of `x is None and ...`.
def is_empty(batch):
    return batch is None and batch.numel() == 0  # expect: DW201 "on line {-0}"


# The right side of `x is not None or ...`: it runs only when x is None.
def has_items(queue):
    return queue is not None or queue.qsize() > 0  # expect: DW201 "on line {-0}"


# An `and` chain in an if test: the body sees every conjunct true.
def maybe_reload(model, force):
    if model is None and force:
        model.reload()  # expect: DW201 "on line {-1}"


# The body of `while x is None:`.
def wait_for(conn_pool):
    conn = conn_pool.try_get()
    while conn is None:
        conn.wait(0.1)  # expect: DW201 "on line {-1}"
    return conn


# `:=` inside the test: the walrus target is the tested value.
def parse_header(line, pattern):
    if (m := pattern.match(line)) is None:
        return m.group(0)  # expect: DW201 "line {-1}"
    return m.group(1)


# `case None:` in a match statement.
def render(node):
    match node:
        case None:
            return node.render()  # expect: DW201 "`case None` on line {-1}"
        case _:
            return str(node)


# After an early exit on `is not None`, the rest of the function sees None.
def get_or_load(self, key):
    cached = self.cache.get(key)
    if cached is not None:
        return cached
    return cached.load()  # expect: DW201 "on line {-2}"


# An `assert x is None` proves it too.
def build(self):
    assert self.model is None, "build() called twice"
    self.model.init_weights()  # expect: DW201 "on line {-1}"


# A conditional expression: the else side sees the None.
def size_of(buf):
    return buf.nbytes if buf is not None else buf.size  # expect: DW201 "on line {-0}"


# Nested ifs keep the fact.
def step(optimizer, scaler, amp):
    if scaler is None:
        if amp:
            scaler.scale(optimizer)  # expect: DW201 "on line {-2}"


# An assert's message is evaluated only when the test failed: here, when the value is None.
def check_model(model):
    assert model is not None, f"model {model.name} is missing"  # expect: DW201 "on line {-0}"
    return model


# `isinstance(x, T)` is true only for a value that is not None (a field report: the right of
# `or` runs when p is None, but then isinstance() is false and `p.x` is never reached).
def pick(p, Shape):
    return p is not None or isinstance(p, Shape) and p.x  # ok


def pick_many(p):
    if p is None:
        if isinstance(p, (int, str)):
            return p.real  # ok: never runs
    return 0


# ... unless T may be NoneType: then None passes it.
def pick_none(p, Shape):
    if p is None:
        if isinstance(p, (Shape, type(None))):
            return p.x  # expect: DW201 "`p is None` on line {-2}"
    return 0


def pick_none_type(p):
    if p is None and isinstance(p, types.NoneType):
        return p.x  # expect: DW201 "on line {-1}"
    return 0


# callable(x) and hasattr(x, "name") are false for None too (for a name None does not have).
def invoke(f):
    if f is None and callable(f):
        return f()  # ok
    if f is None and hasattr(f, "run"):
        return f.run()  # ok
    if f is None and hasattr(f, "__class__"):
        return f.run()  # expect: DW201 "on line {-1}"
    return 0
