"""DW105: statements that can never run, in one file."""
import os
import sys
import time
from contextlib import contextmanager
from unittest import mock


def after_return(x):
    total = x + 1
    return total
    print(total)  # expect: DW105 "the `return` on line {-1}"


def after_raise(x):
    if x < 0:
        raise ValueError(x)
        x = 0  # expect: DW105 "the `raise` on line {-1}"
    return x


def after_break(items):
    for item in items:
        if item:
            break
            print(item)  # expect: DW105 "the `break` on line {-1}"
    return items


def after_continue(items):
    for item in items:
        if not item:
            continue
            print("skipped")  # expect: DW105 "the `continue` on line {-1}"
        print(item)


def after_if_else(x):
    if x:
        return 1
    elif x is None:
        return 2
    else:
        raise ValueError(x)
    print(x)  # expect: DW105 "every arm of the `if` on line {-6}"


def after_match(command):
    match command:
        case "go":
            return 1
        case _:
            return 0
    print(command)  # expect: DW105 "every case of the `match` on line {-5}"


def serve(queue):
    while True:
        item = queue.get()
        if item is None:
            return
        print(item)
    queue.close()  # expect: DW105 "the `while` loop on line {-5} never ends"


def parse(text):
    try:
        return int(text)
    except ValueError:
        return None
    text = text.strip()  # expect: DW105 "the `try` on line {-4}"


def main(argv):
    if not argv:
        sys.exit(2)
        print("usage")  # expect: DW105 "`sys.exit()` on line {-1} never returns"
    return argv


def child(pid):
    print(pid)
    os._exit(0)
    print("cleanup")  # expect: DW105 "`os._exit()` on line {-1}"


def once_per_block(x):
    x = x * 2
    return x
    a = x + 1  # expect: DW105 "the `return` on line {-1}"
    if a:
        print(a)  # ok: inside the block reported above
    return a


def nested_block(rows):
    for row in rows:
        with open(row) as f:
            return f.read()
        print(row)  # expect: DW105 "the `return` on line {-1}"


@contextmanager
def timed(label):
    start = time.monotonic()
    try:
        yield
    finally:
        print(label, time.monotonic() - start)


class Held:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.release()
        return False


def locked(self, key):
    with self._lock:
        value = self.table[key]
        return value
    self.misses += 1  # expect: DW105 "the `return` on line {-1}"


def measured(query):
    with timed("query"):
        rows = query.run()
        return rows
    print("no rows")  # expect: DW105 "the `return` on line {-1}"


def held(resource):
    with Held():
        return resource.read()
    resource.close()  # expect: DW105 "the `return` on line {-1}"


def patched(target):
    with mock.patch.object(target, "fetch"):
        return target.load()
    target.reset()  # expect: DW105 "the `return` on line {-1}"


def other_fallback(queue):
    while True:
        item = queue.get()
        if item:
            return item
    return queue  # expect: DW105 "the `while` loop on line {-4}"


@contextmanager
def rolled_back(db):
    try:
        yield db
    except Exception:
        db.rollback()
        raise


def reraised(db):
    with rolled_back(db):
        db.write()
        return db.count()
    print("never")  # expect: DW105 "the `return` on line {-1}"
