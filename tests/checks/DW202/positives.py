# DW202 dereference-before-none-check: a value tested against None after it was dereferenced on
# every path since its last assignment.
import os


# A local name: attribute access, then the test.
def shape_of(tensor):
    dims = tensor.shape
    if tensor is None:  # expect: DW202 "`tensor` is tested against None after it was dereferenced on line {-1}"
        return None
    return dims


# `is not None` counts too.
def encode(text):
    data = text.encode()
    if text is not None:  # expect: DW202 "on line {-1}"
        return data
    return b""


# Iteration is a dereference.
def total(items):
    n = 0
    for it in items:
        n += it
    if items is None:  # expect: DW202 "line {-2}"
        return 0
    return n


# A comprehension's first iterable and `*x` unpacking.
def names(users):
    out = [u.name for u in users]
    if users is None:  # expect: DW202 "on line {-1}"
        return []
    return out


def forward(fn, args):
    y = fn(*args)
    if args is None:  # expect: DW202 "on line {-1}"
        return None
    return y


# Dereferenced on both arms of a branch: every path.
def pick(cfg, fast):
    if fast:
        lr = cfg.fast_lr
    else:
        lr = cfg.lr
    if cfg is None:  # expect: DW202 "on line {-1}"
        return 0.0
    return lr


# An attribute chain with no call in between.
class Runner:
    def step(self):
        batch = self.loader.batch_size
        if self.loader is None:  # expect: DW202 "`self.loader`" "on line {-1}"
            return 0
        return batch

    def stats(self):
        count = self.metrics["count"]
        total = count * 2
        if self.metrics is not None:  # expect: DW202 "on line {-2}"
            return total
        return 0

    # The attribute stored on the chain is a dereference of the chain.
    def reset(self):
        self.state.step = 0
        if self.state is None:  # expect: DW202 "on line {-1}"
            raise RuntimeError("no state")


# A test inside the same expression, after the dereference.
def is_ready(job):
    return job.done and job is not None  # expect: DW202 "on line {-0}"


# An augmented assignment to an attribute dereferences the object holding it.
def bump(counter):
    counter.value += 1
    if counter is None:  # expect: DW202 "on line {-1}"
        return
    return counter.value


# `while True:` runs its body at least once, and the body dereferences before the only exit.
def drain(q):
    while True:
        item = q.get()
        if item is None:
            break
    if q is None:  # expect: DW202 "on line {-3}"
        return None
    return item


# The loop test dereferences the current value each time round, including the last time, so
# the value the loop leaves behind was dereferenced.
def last(node):
    while node.has_next():
        node = node.next
    if node is None:  # expect: DW202 "on line {-2}"
        return None
    return node


# Module-level, with no call in between.
CONFIG = {"home": os.sep}
HOME = CONFIG["home"]
if CONFIG is None:  # expect: DW202 "on line {-1}"
    HOME = None


# Dereferenced in a try whose handlers do not catch AttributeError/TypeError.
def parse(blob):
    try:
        value = blob.decode()
    except UnicodeDecodeError:
        value = ""
    if blob is None:  # ok: the handler path got there before the dereference completed
        return None
    return value


def parse_strict(blob):
    try:
        value = blob.decode()
    finally:
        log_attempt()
    if blob is None:  # expect: DW202 "on line {-3}"
        return None
    return value


def asserted_none(cache):
    cache.clear()
    assert cache is None  # expect: DW202 "on line {-1}"
    return cache


def asserted_either(reply):
    target = reply["Target"]
    assert reply is not None or target  # expect: DW202 "on line {-1}"
    return target
