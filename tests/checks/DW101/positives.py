# DW101 identical-branches: an `if`/`elif` whose body is the same code as its `else` arm.
import logging
import os

log = logging.getLogger(__name__)


# if/else with one-statement arms: the rule has no single-statement exception.
def device_for(rank, use_cuda):
    if use_cuda:  # expect: DW101 "`if` body (line {+1}) and the `else` body (line {+3})"
        return "cuda:%d" % rank
    else:
        return "cuda:%d" % rank


# An elif whose body equals the final else: the elif test decides nothing (the first arm still
# differs, so it is reported at the elif).
def log_level(verbosity):
    if verbosity > 1:
        level = logging.DEBUG
    elif verbosity == 1:  # expect: DW101 "`elif` body"
        level = logging.WARNING; verbosity = 1  # noqa: E702
    else:
        level = logging.WARNING; verbosity = 1  # noqa: E702
    return level


# Every arm of the chain is the same code: once, at the first `if`.
def optimizer_name(cfg):
    if cfg.kind == "adam":  # expect: DW101 "all 3 arms"
        opt = build(cfg, "adamw")
    elif cfg.kind == "sgd":  # ok: reported once for the whole chain
        opt = build(cfg, "adamw")
    else:
        opt = build(cfg, "adamw")
    return opt


# Multi-statement bodies that differ only in layout: comments, blank lines, parentheses, line
# breaks and quote styles do not count.
def save(state, path, atomic):
    if atomic:  # expect: DW101
        tmp = path + '.tmp'  # write next to the target
        with open(tmp, "wb") as f:
            f.write(state)

        os.replace(tmp, path)
    else:
        tmp = (path + ".tmp")
        with open(tmp,
                  'wb') as f:
            f.write(state)
        os.replace(tmp, path)


# An `else:` holding only an `if` continues the chain like `elif`: the inner `if` is the arm
# whose body equals the chain's else.
def route(request):
    if request.method == "GET":
        handler = get_handler(request)
    else:
        if request.method == "HEAD":  # expect: DW101 "the `if` body"
            handler = post_handler(request); handler.log(request)  # noqa: E702
        else:
            handler = post_handler(request); handler.log(request)  # noqa: E702
    return handler


# The whole chain through an `else: if` is the same code: once at the first `if`.
def pick_backend(name):
    if name == "nccl":  # expect: DW101 "all 3 arms"
        backend = default_backend()
    else:
        if name == "gloo":  # ok: part of the chain reported above
            backend = default_backend()
        else:
            backend = default_backend()
    return backend


# A compound statement as the body: a loop.
def flush(queues, drain):
    if drain:  # expect: DW101
        for q in queues:
            q.flush()
    else:
        for q in queues:
            q.flush()


# In a loop: both arms continue.
def count_valid(rows):
    n = 0
    for row in rows:
        if row.valid:  # expect: DW101
            n += 1
        else:
            n += 1
    return n


# Both arms raise the same exception.
def check_shape(t, expected):
    if t.dim() != len(expected):  # expect: DW101
        raise ValueError(f"bad shape {t.shape}")
    else:
        raise ValueError(f"bad shape {t.shape}")


# Class body and module level are code units too.
class Settings:
    if os.name == "nt":  # expect: DW101
        SEP = "\\"
    else:
        SEP = "\\"


if os.environ.get("DEBUG"):  # expect: DW101
    log.setLevel(logging.INFO)
else:
    log.setLevel(logging.INFO)


# Async code: the same awaits in both arms.
async def fetch(session, url, retry):
    if retry:  # expect: DW101
        resp = await session.get(url, timeout=30)
    else:
        resp = await session.get(url, timeout=30)
    return resp


# Nested: an `if` inside one arm of another, identical inside.
def clip(grads, max_norm, enabled):
    if enabled:
        if max_norm > 0:  # expect: DW101
            total = clip_grad_norm(grads, max_norm)
        else:
            total = clip_grad_norm(grads, max_norm)
        return total
    return None


# Inside a match case.
def handle(event):
    match event.kind:
        case "click":
            if event.button == 1:  # expect: DW101
                return on_click(event)
            else:
                return on_click(event)
        case _:
            return None


# A long chain: only the last elif equals else, reported there.
def http_reason(code):
    if code == 200:
        reason = "OK"
    elif code == 404:
        reason = "Not Found"
    elif code == 500:
        reason = "Server Error"
    elif code == 503:  # expect: DW101
        reason = "Unknown"; code = 0  # noqa: E702
    else:
        reason = "Unknown"; code = 0  # noqa: E702
    return reason


# Bodies that are only `pass`.
def maybe_warn(flag):
    if flag:  # expect: DW101
        pass
    else:
        pass


# Implicit string concatenation and a single string are the same constant.
def title(short):
    if short:  # expect: DW101
        return "deadwood " "report"
    else:
        return "deadwood report"


# The test is on its own lines, the report still starts at the `if` keyword.
def ready(
    a, b
):
    if (a  # expect: DW101
            and b):
        status = "ready"
    else:
        status = "ready"
    return status


# A condition over several lines is quoted on one line, cut between whole tokens (a field report
# had "so `name in (...` decides nothing", cut at the first line's end).
def kind_of(name):
    if name in (
        'alpha', 'beta',  # Greek
        'gamma'
    ):
        return 'greek'  # expect-line 202: DW101 "so `name in ('alpha', 'beta', 'gamma')` decides"
    else:
        return 'greek'


# A long one keeps its first and last tokens (around an ellipsis).
def long_kind(name):
    if name in ('alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta', 'iota',
                'kappa', 'lambda', 'mu', 'nu', 'xi', 'omicron', 'pi', 'rho', 'sigma', 'tau'):
        return 'greek'
    else:
        return 'greek'  # expect-line 213: DW101 "'sigma', 'tau')` decides nothing"


# ... but in a chain, one simple statement naming a case is a dispatch, not a dead decision
# (SonarQube's S1871 exception; DW103 makes it too).
def http_reason_short(code):
    if code == 200:
        reason = "OK"
    elif code == 503:  # ok: one simple statement, the same as the else arm's
        reason = "Unknown"
    else:
        reason = "Unknown"
    return reason


# One simple statement in a plain if/else still decides nothing.
def describe(flag):
    if flag:  # expect: DW101
        return "on"
    else:
        return "on"


# The same type checker directive in both arms: the same code still.
import sys  # noqa: E402

if sys.version_info >= (3, 12):  # expect: DW101
    from distutils import ccompiler  # type: ignore[import-not-found]
else:
    from distutils import ccompiler  # type: ignore[import-not-found]

# The same directive, one followed by another comment (a `# noqa` that --add-noqa wrote for
# another finding on its line): the directive is the same, the code too.
if sys.version_info >= (3, 13):  # expect: DW101
    from distutils import ccompiler  # type: ignore[import-not-found]  # noqa: E501
else:
    from distutils import ccompiler  # type: ignore[import-not-found]


def prefix(previous, label):
    # the same comment line in both arms does not make them differ
    if previous == "O":  # expect: DW101 "decides nothing"
        # IOB1
        tag = "I-" + label
    else:  # a comment after the `else:` is no comment line: still reported
        # IOB1
        tag = "I-" + label
    return tag


def fast_or_slow(use_fast, x):
    if use_fast:  # expect: DW101 "decides nothing"
        # the fast path
        result = compute(x)
    else:
        result = compute(x)
    return result


def prose_in_one_arm(ready, flush):
    if ready:  # expect: DW101 "decides nothing"
        # TODO(ana): the fast path
        flush()
    else:
        flush()


def prose_with_parentheses(ready, flush):
    if ready:  # expect: DW101 "decides nothing"
        # Workaround (see issue 12)
        flush()
    else:
        flush()


def comment_lines_in_strings(ready):
    if ready:  # expect: DW101 "decides nothing"
        query = """
# run(query)
"""
    else:
        query = """
# run(query)
"""
    return query
