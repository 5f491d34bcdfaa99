"""DW108 look-alikes: stores that are read, or not worth a finding."""
import pytest


def initializers(flag, compute):
    result = None  # ok: initialize-then-assign
    count = 0  # ok
    items = []  # ok
    seen = {}  # ok
    name = ""  # ok
    sign = -1  # ok
    found = list()  # ok
    if flag:
        result, count, items, seen, name, sign, found = compute()
    else:
        result, count, items, seen, name, sign, found = compute(flag)
    return result, count, items, seen, name, sign, found


def underscore(compute):
    _tmp = compute()  # ok: a name starting with _
    _tmp = compute()
    return _tmp


COUNTER = 0


def global_name(compute):
    global COUNTER
    COUNTER = compute()  # ok: a global
    COUNTER = 1
    return COUNTER


def closure(compute):
    value = compute()  # ok: a nested function reads it
    value = compute()

    def inner():
        return value

    return inner


def dynamic(compute):
    value = compute()  # ok: locals() may read it
    print(locals())
    value = compute()
    return value


def unpacking(compute):
    a, b = compute()  # ok: an unpacking target
    a, b = compute()
    return a, b


def targets(items, path):
    for item in items:  # ok: a for target
        print(item)
    item = path  # ok: the for target is replaced, this is read
    with open(path) as f:  # ok: a with target
        print(f)
    f = item
    return f


def never_read(compute):
    value = compute()  # ok: never read anywhere (pyflakes' F841)
    value = compute()


def expected(parse):
    with pytest.raises(ValueError):
        result = parse("")  # ok: the block expects the call to raise
    result = parse("1")
    return result


def lookup(table, key):
    try:
        entry = table[key]  # ok: a lookup for the KeyError it may raise
    except KeyError:
        table[key] = key
    entry = table[key]
    return entry


def loop_start(items, new_size):
    last = new_size  # ok: the loop's starting point, spelled out
    while items:
        last = items.pop()
        if last:
            break
    return last


def test_calls_for_effect(make):
    table = make("t")  # ok: in a test, a call's result named for what it is
    table = make("u")
    assert table


def handler_reads(fetch, parse):
    text = fetch()  # ok: the handler reads it when parse() raises
    try:
        text = parse(text)
    except ValueError:
        print(text)
    return text


def deleted(compute):
    value = compute()  # ok: `del` reads it
    del value
    value = compute()
    return value


def augmented(x):
    x += 1  # ok: augmented assignments are not reported
    x = 0
    return x


def conditional_read(flag, compute):
    value = compute()  # ok: read on one path
    if flag:
        print(value)
    value = compute()
    return value


def try_default(opts):
    days = 7  # ok: the default if the `try` fails, spelled out
    try:
        days = int(opts.get("e", 7))
    except ValueError:
        return None
    return days


def alias(cache, key, compute):
    value = cache.get(key)
    if value is None:
        cache[key] = value = compute()  # ok: a name beside the store that matters
