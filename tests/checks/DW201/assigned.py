# DW201 through `x = None` with no later assignment, and every kind of dereference.
import typing


# Assigned None, then used.
def collect(rows):
    results = None
    for r in rows:
        results.append(r)  # expect: DW201 "assigned None on line {-2}"
    return results


# An annotated assignment.
def tokenizer_for(name):
    tok: typing.Optional[object] = None
    return tok.encode(name)  # expect: DW201 "on line {-1}"


# Chained assignment: both names are None.
def pair():
    a = b = None
    b.reset()  # expect: DW201 "on line {-1}"
    return a


# Reassigned to None after a real value.
def reset(make):
    conn = make()
    conn.open()
    conn = None
    conn.send(b"bye")  # expect: DW201 "on line {-1}"


# A subscript.
def lr_of(cfg):
    if cfg is None:
        return cfg["lr"]  # expect: DW201 "subscripting it raises TypeError" "on line {-1}"


# A call of the value itself.
def notify(callback, event):
    if callback is None:
        callback(event)  # expect: DW201 "calling it raises TypeError" "on line {-1}"


# Iteration by a for loop.
def total(items):
    if items is None:
        for it in items:  # expect: DW201 "iterating over it raises TypeError" "on line {-1}"
            print(it)


# Iteration by a comprehension (its first iterable runs here and now).
def names(users):
    if users is None:
        return [u.name for u in users]  # expect: DW201 "on line {-1}"


# `*x` and `**x` unpacking in a call, and in displays.
def forward(fn, args, kwargs):
    if args is None:
        return fn(*args)  # expect: DW201 "on line {-1}"
    if kwargs is None:
        return fn(**kwargs)  # expect: DW201 "on line {-1}"


def merged(extra):
    if extra is None:
        return [1, 2, *extra]  # expect: DW201 "on line {-1}"


def options(overrides):
    if overrides is None:
        return {"lr": 1, **overrides}  # expect: DW201 "on line {-1}"


# Tuple unpacking iterates the value.
def split(pair_or_none):
    if pair_or_none is None:
        a, b = pair_or_none  # expect: DW201 "on line {-1}"
        return a + b


# Augmented assignment.
def accumulate(values):
    total = None
    for v in values:
        total += v  # expect: DW201 "augmented assignment" "on line {-2}"
    return total


# Storing an attribute or an item on None, and deleting one.
def configure(cfg, state):
    if cfg is None:
        cfg.lr = 0.1  # expect: DW201 "on line {-1}"
    if state is None:
        state["step"] = 0  # expect: DW201 "on line {-1}"


def drop(cache):
    if cache is None:
        del cache.entries  # expect: DW201 "on line {-1}"


# `yield from` iterates.
def chain(inner):
    if inner is None:
        yield from inner  # expect: DW201 "on line {-1}"


# Arguments are evaluated before the call: the dereference happens first.
def log_size(logger, buf):
    if buf is None:
        logger.info("size %d", buf.nbytes)  # expect: DW201 "on line {-1}"


# Only the first dereference of a path is reported; it raises, so nothing after it runs.
def twice(x):
    if x is None:
        return x.a + x.b  # expect: DW201 "on line {-1}"
