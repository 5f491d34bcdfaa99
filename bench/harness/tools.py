"""tools.py — every program the benchmark runs, as data: how to find it, how to call it on a
corpus, which exit statuses mean "ran", how its findings read, and which of its rules belong to
the two defect classes the comparison counts.

Offers:
  Tool                      one row of the comparison (deadwood variants included)
  deadwood_tools(...)       deadwood parse (reference) and check at 1 thread / all cores, cold
                            and warm, when `deadwood check --help` works
  other_tools(...)          ruff (WebAssembly), pyflakes3, flake8, pylint, mypy, pyright
  DEFECT_CLASSES            the two classes, and per tool the rules that count for each
  parse_stats(text)         reads a `parsed N files, B bytes in S s: X MB/s (E errors)` line
                            and the `cpu C s: Y MB/s` line before it
"""
import json
import os
import re
import shutil
import subprocess

IDENT = "identical branches"
NONE = "None dereference"
DEFECT_CLASSES = (IDENT, NONE)

RUFF_RULES = "E4,E7,E9,F,SIM114,RUF034"  # ruff's classic defaults plus the two branch rules

STATS_RE = re.compile(r"parsed (\d+) files, (\d+) bytes in ([\d.]+) s: ([\d.]+) MB/s "
                      r"\((\d+) errors\)")
CPU_RE = re.compile(r"^cpu ([\d.]+) s: ([\d.]+) MB/s$", re.M)  # the line before, when given
TEXT_RE = re.compile(r"^(.*?):(\d+):(\d+): (\S+) (.*)$")  # path:line:col: CODE message
PYFLAKES_RE = re.compile(r"^(.*?):(\d+):(?:\d+:)? (.*)$")
PYLINT_RE = re.compile(r"^(.*?):(\d+): \[(\w\d+)\(([\w-]+)\)[^\]]*\] (.*)$")
MYPY_RE = re.compile(r"^(.*?):(\d+): error: (.*?)(?:  \[([\w-]+)\])?$")


def parse_stats(text):
    m = STATS_RE.search(text)
    if not m:
        raise ValueError("no stats line in: %r" % text[-200:])
    d = {"files": int(m.group(1)), "bytes": int(m.group(2)), "secs": float(m.group(3)),
         "mbps": float(m.group(4)), "errors": int(m.group(5))}
    c = CPU_RE.search(text)
    if c:
        d["cpu_secs"] = float(c.group(1))
        d["cpu_mbps"] = float(c.group(2))
    return d


def version_of(argv, env=None):
    try:
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           env=env, timeout=60)
    except (OSError, subprocess.TimeoutExpired) as e:
        return None, str(e)
    lines = [line.strip() for line in p.stdout.splitlines() if line.strip()]
    if p.returncode != 0:
        return None, lines[-1] if lines else "exit status %d" % p.returncode
    return lines[0] if lines else "", None


class Tool:
    def __init__(self, key, label, argv_for, ok_rcs=(0, 1), findings=None, classes=None,
                 rules_note="", parallel="1 thread", metric=None, env=None, note="",
                 deadwood=False, cwd_for=None):
        self.key = key
        self.label = label
        self.argv_for = argv_for  # corpus -> argv
        self.ok_rcs = ok_rcs
        self.findings = findings  # (stdout, stderr) -> [(code, message)]
        self.classes = classes or {}  # class -> predicate(code, message)
        self.rules_note = rules_note  # which rules count, in words
        self.parallel = parallel
        self.metric = metric
        self.env = env
        self.note = note
        self.deadwood = deadwood
        self.cwd_for = cwd_for  # corpus -> working directory (None: the run directory)
        self.version = None
        self.available = True
        self.why = ""


def text_findings(stdout, _stderr):
    out = []
    for line in stdout.splitlines():
        m = TEXT_RE.match(line)
        if m:
            out.append((m.group(4), m.group(5)))
    return out


def ruff_findings(stdout, stderr):
    return text_findings(stdout, stderr)


def pyflakes_findings(stdout, stderr):
    return [("pyflakes", m.group(3)) for m in map(PYFLAKES_RE.match, (stdout + stderr).splitlines())
            if m]


def pylint_findings(stdout, _stderr):
    return [("%s(%s)" % (m.group(3), m.group(4)), m.group(5))
            for m in map(PYLINT_RE.match, stdout.splitlines()) if m]


def mypy_findings(stdout, _stderr):
    return [(m.group(4) or "error", m.group(3)) for m in map(MYPY_RE.match, stdout.splitlines())
            if m]


def pyright_findings(stdout, _stderr):
    try:
        data = json.loads(stdout)
    except ValueError:
        return []
    return [(d.get("rule") or d.get("severity", "?"), d.get("message", ""))
            for d in data.get("generalDiagnostics", []) if d.get("severity") != "information"]


def mentions_none(msg):
    return re.search(r"\bNone(Type)?\b|Optional\[", msg) is not None


def deadwood_tools(dw, work, stats_metric):
    """The deadwood rows; check rows carry available=False (and why) until check exists."""
    dw = os.path.abspath(dw)
    parse = Tool("deadwood parse", "deadwood parse --stats (parser only: a reference, not a "
                 "linter)", lambda c: [dw, "parse", "--stats"] + c.files, ok_rcs=(0,),
                 metric=stats_metric, deadwood=True)
    ver, err = version_of([dw, "--version"])
    parse.version = ver
    try:
        p = subprocess.run([dw, "check", "--help"], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True, timeout=60)
        helptext, helpok = p.stdout, p.returncode == 0
    except (OSError, subprocess.TimeoutExpired) as e:
        helptext, helpok = str(e), False
    check_why = "" if helpok else "not available yet (`deadwood check --help`: %s)" % (
        helptext.strip().splitlines() or ["?"])[-1]
    has_cache = "--no-cache" in helptext
    base = ["check", "--exit-zero"]  # no project configuration, the cache inside bench/work
    base += ["--isolated"] if "--isolated" in helptext else []
    base += ["--cache-dir", os.path.join(work, "cache")] if "--cache-dir" in helptext else []
    cold = ["--no-cache"] if has_cache else []
    nocache = "" if has_cache else " (no cache exists yet: `--no-cache` is not in `check --help`)"

    def check(key, label, extra, parallel, why=""):
        t = Tool(key, label, lambda c: [dw] + base + extra + c.files,
                 ok_rcs=(0,), findings=text_findings, parallel=parallel, deadwood=True,
                 rules_note="see the per-code line below the table", note=nocache.strip())
        t.version = ver
        t.available = helpok and not why
        t.why = check_why or why
        return t

    ncpu = os.cpu_count()
    return [
        parse,
        check("deadwood check -j1 cold", "deadwood check --jobs 1" + " --no-cache" * has_cache,
              ["--jobs", "1"] + cold, "1 thread"),
        check("deadwood check cold", "deadwood check" + " --no-cache" * has_cache +
              " (all %d cores)" % ncpu, cold, "%d threads" % ncpu),
        check("deadwood check warm", "deadwood check, cache warm (all %d cores)" % ncpu, [],
              "%d threads" % ncpu, "" if has_cache else "no cache exists yet (`--no-cache` is "
              "not in `deadwood check --help`), so there is no warm run to measure"),
    ]


def other_tools(work, node_modules, ruff_js, debian_python):
    tools = []
    node = shutil.which("node")
    ruff_pkg = os.path.join(node_modules, "@astral-sh", "ruff-wasm-nodejs")
    ruff = Tool("ruff-wasm", "ruff (WebAssembly build, npm @astral-sh/ruff-wasm-nodejs; the "
                "native binary is not installable here)",
                lambda c: [node, ruff_js, node_modules, c.list_path, RUFF_RULES], ok_rcs=(0,),
                findings=ruff_findings,
                classes={IDENT: lambda code, msg: code in ("SIM114", "RUF034")},
                rules_note="select = %s; identical branches: SIM114 if-with-same-arms, RUF034 "
                "useless-if-else; no None-dereference rule" % RUFF_RULES,
                metric=lambda run: parse_stats(run.stderr()),
                note="WebAssembly, one file at a time in one thread; the native binary is "
                "multi-threaded and faster; about 5 s of each run is node loading the module")
    if node and os.path.isdir(ruff_pkg):
        ruff.version, err = version_of([node, "-e", "console.log('ruff ' + require(%r)"
                                        ".Workspace.version())" % ruff_pkg])
        ruff.available, ruff.why = ruff.version is not None, err or ""
    else:
        ruff.available, ruff.why = False, "node or %s missing" % ruff_pkg
    tools.append(ruff)

    tools.append(Tool("pyflakes3", "pyflakes3 (Debian)", lambda c: ["pyflakes3"] + c.files,
                      findings=pyflakes_findings,
                      rules_note="no rule for either class (pyflakes has no codes)"))
    tools.append(Tool("flake8", "flake8 (Debian: pycodestyle + pyflakes + mccabe)",
                      lambda c: ["flake8", "--isolated"] + c.files, findings=text_findings,
                      parallel="%d processes (--jobs auto)" % os.cpu_count(),
                      rules_note="no rule for either class without plugins (flake8-simplify's "
                      "SIM114 is not packaged by Debian)"))
    tools.append(Tool("pylint", "pylint (Debian)",
                      lambda c: ["pylint", "--output-format=parseable", "--score=n",
                                 "--persistent=n"] + c.files,
                      ok_rcs=tuple(range(32)), findings=pylint_findings,
                      classes={NONE: lambda code, msg: code.split("(")[0] in (
                          "E1101", "E1102", "E1133", "E1135", "E1136") and mentions_none(msg)},
                      rules_note="identical branches: none (R0801 duplicate-code compares "
                      "files, not branches); None: E1101 no-member, E1102 not-callable, E1133 "
                      "not-an-iterable, E1135, E1136 unsubscriptable-object when the message "
                      "names None"))
    tools.append(Tool("mypy", "mypy (Debian python3-mypy, compiled)",
                      lambda c: [debian_python, "-m", "mypy", "--no-incremental",
                                 "--cache-dir=/dev/null", "--config-file=",
                                 "--explicit-package-bases", "--show-error-codes"] + c.files,
                      findings=mypy_findings, cwd_for=lambda c: c.root,
                      classes={NONE: lambda code, msg: code in (
                          "union-attr", "index", "operator", "misc") and mentions_none(msg)},
                      rules_note="None: union-attr, index, operator, misc errors whose message "
                      "names None/Optional; default options, so the bodies of unannotated "
                      "functions (most of the stdlib) are not checked"))
    pyright = os.path.join(node_modules, ".bin", "pyright")
    tools.append(Tool("pyright", "pyright (npm)",
                      lambda c: [pyright, "--outputjson"] + c.files,
                      findings=pyright_findings,
                      classes={NONE: lambda code, msg: code.startswith("reportOptional")},
                      rules_note="None: reportOptionalMemberAccess, reportOptionalSubscript, "
                      "reportOptionalCall, reportOptionalIterable, reportOptionalContextManager, "
                      "reportOptionalOperand"))
    versions = {"pyflakes3": ["pyflakes3", "--version"], "flake8": ["flake8", "--version"],
                "pylint": ["pylint", "--version"],
                "mypy": [debian_python, "-m", "mypy", "--version"],
                "pyright": [pyright, "--version"]}
    for t in tools:
        if t.key in versions:
            exe = versions[t.key][0]
            if not (shutil.which(exe) or os.path.exists(exe)):
                t.available, t.why = False, "%s not installed" % exe
                continue
            t.version, err = version_of(versions[t.key])
            t.available, t.why = t.version is not None, err or ""
    return tools
