"""DW204: call sites in another file than the function's."""

from dev_lib import always, find, lookup, parse, pick


def a(key):
    e = find(key)
    return e.size if e else 0


def b(key):
    if find(key) is not None:
        return 1
    return 0


def c(key):
    e = find(key) or {}
    return len(e)


def d(key):
    return find(key).size  # expect: DW204 "`find()` can return None (`return _TABLE.get(key)`, dev_lib.py:7)" "7 of 10 callers" "(e.g. line 8)"


def e(key):
    entry = find(key)
    print("looking")
    return entry.name  # expect: DW204 "7 of 10" "dev_lib.py:7"


def guarded_by_test(key):
    if key in find.__dict__:
        return find(key).size  # ok: the enclosing test names the argument
    return None


def guarded_early(key):
    entry = find(key)
    if not entry:
        return None
    return entry.size  # ok: `if not entry: return` first


def walrus(key):
    if entry := find(key):
        return entry.size  # ok: the walrus is tested
    return None


def asserted(key):
    entry = find(key)
    assert entry
    return entry.size  # ok: asserted first


def passed_on(key):
    entry = find(key)
    print(entry)  # ok: passed on, neither a test nor a dereference


def stored(self, key):
    self.entry = find(key)
    return self.entry.size  # ok: stored into an attribute (not followed)


def constant_key():
    return find("main").size  # ok: a constant key: the caller knows the entry


def with_default(key):
    return find(key, default={}).items()  # ok: a default other than None


def protected(key):
    try:
        return find(key).size  # ok: AttributeError is caught
    except AttributeError:
        return None


def lookup_users(names):
    out = []
    for n in names:
        v = lookup(n)
        if v is None:
            continue
        out.append(v)
    w = lookup(names[0])
    if not w:
        return out
    x = lookup(names[1])
    if x is not None:
        out.append(x)
    return lookup(names[2]).size  # expect: DW204 "`lookup()` can return None (`return None`, dev_lib.py:13)" "5 of 7 callers"


def parse_users(text):
    if parse(text) is None:
        return []
    words = parse(text)
    if words is None:
        return []
    a = parse(text)
    assert a is not None
    b = parse(text)
    if b:
        print(b)
    return parse(text).upper()  # expect: DW204 "`parse()` can return None (`return`, dev_lib.py:18)" "4 of 5"


def pick_users(opts):
    p = pick(opts)
    if p is None:
        return None
    q = pick(opts)
    if q is None:
        return None
    r = pick(opts)
    if r is not None:
        print(r)
    s = pick(opts)
    if s is None:
        return None
    return pick(opts).name  # expect: DW204 "`pick()` can return None (its end, dev_lib.py:25, is reachable)" "4 of 5"


def always_users(k):
    # always() never returns None, and fewer than 4 in 5 of its sites test: silent
    if always(k) is None:
        return None
    if always(k) is None:
        return None
    if always(k) is None:
        return None
    if always(k) is None:
        return None
    print(always(k).size)  # ok: never returns None, and 4 of 6 sites test (< 80%)
    return always(k).size  # ok: the same


def lookup_in_tests_pkg(name):
    return lookup(name)  # ok: returned, not dereferenced


def positional_default(key):
    return find(key, "").strip()  # ok: a literal after the first argument: a default or a mode


def mode_flag(key):
    return find(key, all_rows=True).size  # ok: a literal keyword: a mode
