# DW103 duplicate-arm: two arms of one if/elif chain with the same body, when DW101 does not
# apply. Reported at the later arm's test (or its `else` keyword), naming the earlier arm's line.
import json
import os


# The doc example: "test" got a copy of the "train" arm.
def make(mode, train_set, eval_set):
    if mode == "train":
        loader = make_loader(train_set, shuffle=True)
        steps = len(loader)
    elif mode == "eval":
        loader = make_loader(eval_set, shuffle=False)
        steps = len(loader)
    elif mode == "test":  # expect: DW103 "condition on line {-6}"
        loader = make_loader(train_set, shuffle=True)
        steps = len(loader)
    return loader, steps


# No else; the duplicate is not adjacent.
def encode(obj, fmt):
    if fmt == "json":
        text = json.dumps(obj)
        return text.encode()
    elif fmt == "yaml":
        text = yaml_dump(obj)
        return text.encode()
    elif fmt == "toml":
        text = toml_dump(obj)
        return text.encode()
    elif fmt == "jsonl":  # expect: DW103 "line {-9}"
        text = json.dumps(obj)
        return text.encode()


# The else arm equals the first arm (not the last elif, so not DW101): at the `else` keyword.
def status(resp):
    if resp.status == 200:
        body = resp.json()
        return body["data"]
    elif resp.status == 204:
        body = None
        return body
    else:  # expect: DW103 "`else` branch"
        body = resp.json()
        return body["data"]


# An `else:` holding only an `if` continues the chain.
def handle(event):
    if event.type == "key":
        update(event)
        redraw()
    else:
        if event.type == "mouse":
            move(event)
            redraw()
        elif event.type == "resize":  # expect: DW103 "line {-7}"
            update(event)
            redraw()


# Every arm is the same single statement (no else, so not DW101): reported even though each arm
# is one simple statement, as SonarQube's S1871 does; once for the chain, at its `if`.
def dtype_size(name):
    if name == "float16":  # expect: DW103 "both arms of this if/elif chain, the other on line {+2}, are the same"
        return 2
    elif name == "bfloat16":  # ok: the chain's one finding is at the `if`
        return 2


# Every arm the same, three arms without else: one finding for the chain, not one per arm.
def is_text(ext):
    if ext == ".txt":  # expect: DW103 "all 3 arms"
        return True
    elif ext == ".md":  # ok: part of the chain's finding
        return True
    elif ext == ".rst":  # ok: part of the chain's finding
        return True


# Six arms alike (a field report counted six findings for this chain): one.
def is_number(t):
    if t is int:  # expect: DW103 "all 6 arms"
        return True
    elif t is float:  # ok
        return True
    elif t is complex:  # ok
        return True
    elif t is Decimal:  # ok
        return True
    elif t is Fraction:  # ok
        return True
    elif t is bool:  # ok
        return True


# One compound statement (a loop) is not a simple statement: reported.
def emit(records, sink):
    if sink == "stdout":
        for r in records:
            print(r)
    elif sink == "file":
        for r in records:
            write(r)
    elif sink == "console":  # expect: DW103 "line {-6}"
        for r in records:
            print(r)


# A `with` body and a `try` body as the duplicated arm.
def open_store(kind, path):
    if kind == "local":
        with open(path) as f:
            return f.read()
    elif kind == "s3":
        try:
            return s3_read(path)
        except KeyError:
            return None
    elif kind == "file":  # expect: DW103 "line {-8}"
        with open(path) as f:
            return f.read()
    elif kind == "gcs":  # expect: DW103 "line {-8}"
        try:
            return s3_read(path)
        except KeyError:
            return None


# Two pairs in one chain: two reports.
def transform(op, x):
    if op == "relu":
        y = max(x, 0)
        return y
    elif op == "gelu":
        y = gelu(x)
        return y
    elif op == "relu6":  # expect: DW103 "line {-6}"
        y = max(x, 0)
        return y
    elif op == "gelu_tanh":  # expect: DW103 "line {-6}"
        y = gelu(x)
        return y
    return x


# Layout does not count: comments, parentheses, quote styles.
def prefix(kind):
    if kind == "a":
        p = 'x-' + kind  # first
        return p.upper()
    elif kind == "b":
        return kind
    elif kind == "c":  # expect: DW103 "line {-5}"
        p = ("x-" + kind)
        return (p.upper())


# A nested `if` as the arm body (compound, so not exempt).
def access(user, obj):
    if user.is_admin:
        if obj.locked:
            raise PermissionError(obj)
    elif user.is_staff:
        audit(user, obj)
    elif user.is_owner:  # expect: DW103 "line {-5}"
        if obj.locked:
            raise PermissionError(obj)


# In a method, in a loop, arms ending in `continue`.
class Scanner:
    def scan(self, paths):
        for p in paths:
            if p.endswith(".pyc"):
                self.skipped.append(p)
                continue
            elif p.endswith(".py"):
                self.found.append(p)
            elif p.endswith(".pyo"):  # expect: DW103 "line {-5}"
                self.skipped.append(p)
                continue


# Module level.
if os.name == "nt":
    HOME = os.environ["USERPROFILE"]
    SEP = "\\"
elif os.name == "java":
    HOME = "/"
    SEP = "/"
elif os.name == "ce":  # expect: DW103 "line {-6}"
    HOME = os.environ["USERPROFILE"]
    SEP = "\\"
else:
    HOME = os.environ["HOME"]
    SEP = "/"


# Two-arm chain without else, both arms the same two statements.
def close(conn, force):
    if force:  # expect: DW103 "both arms"
        conn.abort()
        conn.close()
    elif conn.idle:  # ok: the chain's finding is at the `if`
        conn.abort()
        conn.close()


# A parenthesized condition over several lines: the finding is on the `elif` line, where the
# arm starts (a field report found it on the line after).
def route(req):
    if req.kind == "get":
        respond(req)
        log(req)
    elif req.kind == "put":
        store(req)
    elif (  # expect: DW103 "line {-5}"
        req.kind == "head"
        and req.cached
    ):
        respond(req)
        log(req)
