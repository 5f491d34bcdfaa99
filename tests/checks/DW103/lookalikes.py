# DW103 look-alikes: repeated arms the rule leaves alone.
import logging


# Single simple statements repeated in a dispatch: often the clearest way to write it (the
# exception SonarQube's S1871 makes too).
def level(name):
    if name == "debug":
        return logging.DEBUG
    elif name == "info":
        return logging.INFO
    elif name == "trace":  # ok: same as "debug", but one simple statement
        return logging.DEBUG
    return logging.WARNING


def reject(code):
    if code == 400:
        raise ValueError(code)
    elif code == 404:
        raise KeyError(code)
    elif code == 422:  # ok: one `raise`
        raise ValueError(code)
    else:  # ok: one `raise` again
        raise KeyError(code)


def skip(p):
    if p.endswith(".pyc"):
        pass
    elif p.endswith(".py"):
        compile_file(p)
    elif p.endswith(".pyo"):  # ok: `pass`
        pass


# The pair DW101 reports (the last elif and the else) is not reported again.
def fmt(kind, value):
    if kind == "int":
        text = str(int(value))
        return text
    elif kind == "hex":  # expect: DW101
        text = hex(value)
        return text
    else:  # ok: DW101's pair
        text = hex(value)
        return text


# Every arm the same and an else: DW101 reports it once; DW103 says nothing.
def device(rank):
    if rank == 0:  # expect: DW101
        d = get_device(rank)
        return d
    elif rank == 1:  # ok: part of DW101's report
        d = get_device(rank)
        return d
    else:  # ok
        d = get_device(rank)
        return d


# Separate if statements (not one chain) with the same body.
def checks(a, b):
    if a:
        log_it(a)
        count(a)
    if b:  # ok: not an elif
        log_it(a)
        count(a)


# An `else:` holding an `if` and something else: the inner `if` starts a chain of its own.
def route(req):
    if req.get:
        respond(req)
        log(req)
    else:
        if req.head:  # ok: not a continuation (the else has two statements)
            respond(req)
            log(req)
        finish(req)


# The duplicate is nested inside an arm, one level down.
def nested(a, b):
    if a:
        if b:
            respond(a)
            log(a)
    elif b:  # ok: this arm is `respond(b); log(b)`, not the nested if
        respond(b)
        log(b)


# Bodies that differ in one detail.
def loaders(mode, ds):
    if mode == "train":
        loader = make_loader(ds, shuffle=True)
        return loader
    elif mode == "eval":  # ok: shuffle differs
        loader = make_loader(ds, shuffle=False)
        return loader
    elif mode == "test":  # ok: batch size given
        loader = make_loader(ds, shuffle=False, batch_size=1)
        return loader


# Match cases and except handlers with the same bodies are not if chains.
def handle(cmd):
    match cmd:
        case "start":
            begin(cmd)
            log(cmd)
        case "restart":  # ok: a match statement
            begin(cmd)
            log(cmd)


def load(path):
    try:
        return read(path)
    except KeyError:
        report(path)
        return None
    except IndexError:  # ok: a handler, not an arm
        report(path)
        return None


# A while loop's `else` holding only an `if` is not an if chain's else.
def drain(q):
    while q:
        q.pop()
        log(q)
    else:
        if q is not None:  # ok
            q.pop()
            log(q)


# Arms that are one simple statement each, spread over lines (still one statement).
def make_parser(kind):
    if kind == "json":
        return Parser(
            strict=True,
            encoding="utf-8",
        )
    elif kind == "yaml":
        return YamlParser()
    elif kind == "jsonl":  # ok: one (multi-line) simple statement
        return Parser(
            strict=True,
            encoding="utf-8",
        )


# A conditional expression's two sides are not arms of an if chain (that is DW102).
def label(x, y):
    if x:
        name = "a" if y else "b"
        return name
    elif y:  # ok: differs from the first arm
        name = "b" if y else "a"  # expect: DW106 "`y` on line {-1}"
        return name


# Arms that differ in a type checker's directive are different to the checker that reads it.
def loader(version):
    if version >= (3, 12):
        import importlib.resources as res  # type: ignore[import-not-found]
        return res
    elif version >= (3, 9):  # ok: the directive differs
        import importlib.resources as res
        return res
