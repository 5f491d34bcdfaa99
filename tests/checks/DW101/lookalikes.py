# DW101 look-alikes: arms that only look alike, or chains DW101 leaves to DW103.
import logging


# A different name in one arm.
def device_for(rank, use_cuda):
    if use_cuda:  # ok: rank vs local_rank
        return "cuda:%d" % rank
    else:
        return "cuda:%d" % local_rank


# Constants of different types: 1, 1.0 and True are different code.
def scale(fp16, bf16):
    if fp16:  # ok: 1 vs 1.0
        s = 1
    else:
        s = 1.0
    if bf16:  # ok: 1 vs True
        t = 1
    else:
        t = True
    return s, t


# str vs bytes, and an f-string vs a plain string with braces.
def encode(name, raw):
    if raw:  # ok: b"x" vs "x"
        key = b"x"
    else:
        key = "x"
    if name:  # ok: f"{name}" vs "{name}"
        label = f"{name}"
    else:
        label = "{name}"
    return key, label


# Operators differ.
def step(lr, decay):
    if decay:  # ok: - vs +
        lr = lr - 0.1
    else:
        lr = lr + 0.1
    if lr is None:  # ok: `is` vs `==`
        same = lr is None
    else:
        same = lr == None  # noqa: E711 (a different comparison on purpose)
    return lr, same


# Statement order differs.
def setup(model, opt):
    if model.training:  # ok: same statements, other order
        model.zero_grad()
        opt.step()
    else:
        opt.step()
        model.zero_grad()


# Attribute, keyword and subscript differences.
def configure(cfg, args):
    if args.fast:  # ok: .lr vs .lr_min
        cfg.lr = 0.1
    else:
        cfg.lr_min = 0.1
    if args.debug:  # ok: keyword name differs
        make_logger(level=1)
    else:
        make_logger(verbosity=1)
    if args.tail:  # ok: x[1:] vs x[:1]
        part = args.items[1:]
    else:
        part = args.items[:1]
    return part


# Format spec and conversion inside f-strings.
def render(value, wide):
    if wide:  # ok: >8 vs <8
        return f"{value:>8}"
    else:
        return f"{value:<8}"


def show(value, debug):
    if debug:  # ok: !r vs !s
        return f"{value!r}"
    else:
        return f"{value!s}"


# Assignment vs annotated assignment, `return` vs `return None`.
def default(flag):
    if flag:  # ok: x = 1 vs x: int = 1
        x = 1
    else:
        x: int = 1
    if x:  # ok: `return` and `return None` are different trees
        return
    else:
        return None


# No else: a chain without `else` is DW103's business (and single statements are exempt).
def level(verbosity):
    if verbosity > 1:  # ok
        return logging.DEBUG
    elif verbosity == 1:  # ok
        return logging.INFO
    elif verbosity == 0:  # ok: same as the first arm, but one simple statement
        return logging.DEBUG


# The if arm equals the else, but an elif in between differs: the `if` arm's else is the rest
# of the chain, not the `else` body; DW103 reports it (two statements, not exempt).
def mode(cfg):
    if cfg.train:  # ok: for DW101
        loader = make_loader(cfg, shuffle=True)
        steps = len(loader)
    elif cfg.eval:  # ok: differs
        loader = make_loader(cfg, shuffle=False)
        steps = 0
    else:  # expect: DW103 "line {-6}"
        loader = make_loader(cfg, shuffle=True)
        steps = len(loader)
    return loader, steps


# An `else:` holding an `if` and another statement does not continue the chain: the inner
# if/else is its own statement, and its arms differ.
def route(request):
    if request.method == "GET":  # ok
        handler = get_handler(request)
    else:
        if request.method == "HEAD":  # ok
            handler = head_handler(request)
        else:
            handler = post_handler(request)
        log_route(request)
    return handler


# Exception handlers differ in the caught type.
def parse(text, strict):
    if strict:  # ok: ValueError vs TypeError
        try:
            return int(text)
        except ValueError:
            return None
    else:
        try:
            return int(text)
        except TypeError:
            return None


# A conditional expression with equal results is DW102, not DW101.
def pick(a, c):
    if c:  # ok: arms differ
        return a if c else a  # expect: DW102, DW106 "`c` on line {-1}"
    else:
        return a


# Nested function bodies differ by a default value.
def make(flag):
    if flag:  # ok: def g(x=1) vs def g(x=2)
        def g(x=1):
            return x
    else:
        def g(x=2):
            return x
    return g


# Unary operators differ.
def sign(x, neg):
    if neg:  # ok: -x vs ~x
        return -x
    else:
        return ~x


# A dispatch that names its cases: one simple statement, the same as the else arm's, in a chain
# with an elif (field report: a placeholder for a method to come). Not a decision left dead.
def partition(method, layers):
    if method == "uniform":
        return [len(layers)]
    elif method == "profile":  # ok: names a case, as S1871 allows
        raise NotImplementedError(f"partitioning method {method}")
    else:
        raise NotImplementedError(f"partitioning method {method}")


def key_press(self, key):
    if key == "enter":
        self.show_editor()
    elif key == "backtab":
        self.focus_reset()
    elif key in ("up", "down"):  # ok: one call, the same as the else arm's
        super().key_press(key)
    else:
        super().key_press(key)


# The arms differ in a type checker's directive: a checker that decides sys.version_info checks
# one arm, and the directive is needed there and unused (an error) in the other.
import sys  # noqa: E402

if sys.version_info >= (3, 12):  # ok: `type: ignore` in one arm only
    from distutils import ccompiler  # type: ignore[import-not-found]
else:
    from distutils import ccompiler

if sys.platform == "win32":  # ok: different pyright directives
    import winreg as registry  # pyright: ignore[reportMissingImports]
else:
    import winreg as registry  # pyright: ignore[reportMissingModuleSource]


def methods(solver_ready):
    if solver_ready:  # ok: one arm holds the code to come, commented out: a placeholder
        chosen = ["fast"]
        # FIXME: "exact" fails on noisy input; put it back once fixed
        # chosen = ["fast", "exact"]
    else:
        chosen = ["fast"]
    return chosen


# Each platform's expectation, said arm by arm:
if sys.platform.startswith("win"):  # ok: a table of cases, a comment line for each arm
    # the file system encoding is UTF-8 since PEP 529
    encoding = "utf-8"
# On macOS it is always UTF-8.
elif sys.platform.startswith("darwin"):
    encoding = "utf-8"
# Elsewhere the locale says, and CI sets it to UTF-8.
else:
    encoding = "utf-8"


def call_kept_for_later(ready, flush):
    if ready:  # ok: the call to come, commented out
        # flush(ready, fast=True)
        flush()
    else:
        flush()
