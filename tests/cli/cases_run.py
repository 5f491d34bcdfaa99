"""Commands, help, exit statuses, output formats, --output-file, --statistics, --color and
--jobs."""
import json
import os
import re
import shutil
import subprocess
import time

from clilib import *  # noqa: F401,F403
from clilib import _count  # noqa: F401

# ---- commands, help, exit statuses -----------------------------------------------------------

def test_commands():
    p = dw(["--version"], TMP)
    expect("version", p, rc=0, out=None, err_has="")
    s.check(re.fullmatch(r"deadwood \d+\.\d+\.\d+\n", p.stdout), "version format", p.stdout)
    top = dw(["help"], TMP)
    expect("help", top, rc=0)
    cmds = re.findall(r"^  (\w+) ", top.stdout.split("Commands:")[1], re.M)
    s.check("check" in cmds and "rule" in cmds, "help lists commands", top.stdout)
    expect("--help", dw(["--help"], TMP), rc=0, out=top.stdout)
    for c in cmds:
        if c == "help":
            continue
        a = dw([c, "--help"], TMP)
        b = dw(["help", c], TMP)
        s.check(a.returncode == 0 and a.stdout.startswith("Usage: deadwood " + c), f"{c} --help",
                a.stdout[:200] + a.stderr[:200])
        s.check(b.returncode == 0 and b.stdout == a.stdout, f"help {c}", b.stdout[:200])
    expect("help of an unknown command", dw(["help", "nope"], TMP), rc=2, err_has="nope")
    expect("unknown command", dw(["nope"], TMP), rc=2)
    expect("no command", dw([], TMP), rc=2)
    doc = dw(["rule", "DW201"], TMP)
    s.check(doc.returncode == 0 and doc.stdout.startswith("DW201 none-dereference"),
            "rule DW201 prints its documentation", doc.stdout[:300])
    by_name = dw(["rule", "none-dereference"], TMP)
    s.check(by_name.stdout == doc.stdout, "rule by name", by_name.stdout[:100])
    allr = dw(["rule", "--all"], TMP)
    rows = [l.split() for l in allr.stdout.splitlines()]
    s.check(allr.returncode == 0 and len(rows) >= 8 and
            all(re.fullmatch(r"DW\d{3}", r[0]) and r[2] in ("on", "off") for r in rows),
            "rule --all: code, name, on/off", allr.stdout[:500])
    s.check(["DW201", "none-dereference"] == rows[[r[0] for r in rows].index("DW201")][:2],
            "rule --all names DW201", allr.stdout[:500])
    expect("rule unknown", dw(["rule", "DW999"], TMP), rc=2, err_has="DW999")


def test_opt_in_rule():
    """DW103 is off by default: a plain run does not report it; selecting it (by code, by
    prefix, with extend-select) does; `rule --all` says `off`."""
    proj = os.path.join(TMP, "optin")
    write(os.path.join(proj, "a.py"), "def f(a):\n    if a == 1:\n        g(a)\n        h(a)\n"
          "    elif a == 2:\n        g(a)\n        h(a)\n    elif a == 3:\n        x()\n")
    p = dw(["check", "--isolated", "a.py"], proj)
    expect("DW103 off by default", p, rc=0, out="")
    for sel in (["--select", "DW103"], ["--select", "DW1"], ["--extend-select", "DW103"]):
        p = dw(["check", "--isolated"] + sel + ["a.py"], proj)
        s.check(p.returncode == 1 and codes(p.stdout) == ["DW103"], f"DW103 with {sel}",
                p.stdout + p.stderr)
    rows = {l.split()[0]: l.split()[2] for l in dw(["rule", "--all"], TMP).stdout.splitlines()}
    s.check(rows.get("DW103") == "off" and rows.get("DW101") == "on", "rule --all: DW103 off",
            repr(rows))


def test_exit_and_text():
    proj = fresh()
    p = dw(["check"], proj)
    expect("exit 1 on findings", p, rc=1, err_re=r"^Found 6 problems in 5 files \(7 files checked\)\.$")
    f = findings(p.stdout)
    s.check(f == sorted(f, key=lambda x: (x[0], x[1])) and len(f) == 6, "sorted text output",
            p.stdout)
    s.check({c for _, _, c in f} == {"DW101", "DW102", "DW201", "DW202"}, "the fixture's findings",
            p.stdout)
    s.check(all(not x[0].startswith("./") and x[0].startswith(("pkg/", "tests/")) for x in f),
            "paths relative to '.', without './'", p.stdout)
    clean = dw(["check", "pkg/clean.py"], proj)
    expect("exit 0 when clean", clean, rc=0, out="", err_has="No problems found (1 file checked).")
    expect("--exit-zero", dw(["check", "--exit-zero"], proj), rc=0, out=p.stdout)
    expect("--quiet", dw(["check", "--quiet"], proj), rc=1, out=p.stdout)
    s.check(dw(["check", "-q"], proj).stderr == "", "--quiet prints nothing on stderr")
    expect("unknown option", dw(["check", "--frobnicate"], proj), rc=2, err_has="--frobnicate")
    expect("option without value", dw(["check", "--select"], proj), rc=2, err_has="needs a value")
    expect("--jobs 0", dw(["check", "--jobs", "0"], proj), rc=2)
    expect("'-' with paths", dw(["check", "-", "pkg"], proj), rc=2)
    expect("--config with --isolated", dw(["check", "--config", "x.toml", "--isolated"], proj),
           rc=2)
    gone = dw(["check", "missing.py", "pkg/clean.py"], proj)
    expect("a path that does not exist is a DW001 finding", gone, rc=1)
    s.check(findings(gone.stdout) == [("missing.py", 1, "DW001")], "DW001 for missing.py",
            gone.stdout)
    empty = os.path.join(proj, "empty")
    os.mkdir(empty)
    expect("no Python files: warning, exit 0", dw(["check", "empty"], proj), rc=0, out="",
           err_has="no Python files")
    expect("--show-files", dw(["check", "--show-files", "pkg/sub", "notes.txt"], proj), rc=0,
           out="notes.txt\npkg/sub/late_check.py\n")
    expect("explicit file of any name", dw(["check", "notes.txt"], proj), rc=1)


def test_one_file_for_both_streams():
    """`deadwood ... > out 2>&1`: each message on stderr falls between two whole lines of the
    output, never inside one (stdout is buffered, stderr is not), for every command that prints
    both."""
    proj = fresh()
    many = "".join(f"def f{i}(x):\n    if x:\n        x = None\n        return x.attribute_{i}\n"
                   f"    return close(x)\n" for i in range(400))
    write(os.path.join(proj, "pkg", "many.py"), many)
    cases = [(["check", "--no-cache", "--select", "DW201", "pkg/many.py"],
              r"^Found 400 problems", FINDING.pattern),
             (["callers", "close", "pkg"], r"^400 calls of close\.$",
              r"^(pkg/many\.py:\d+:12: in f\d+ \(\d+-\d+\), by name|    when: not x)$")]
    for args, last, line in cases:
        with open(os.path.join(proj, "both.txt"), "w+") as f:
            p = subprocess.run([DW] + args, cwd=proj, env=BASE_ENV, stdout=f,
                               stderr=subprocess.STDOUT, timeout=120)
            f.seek(0)
            lines = f.read().splitlines()
        s.check(len(lines) > 400 and re.match(last, lines[-1]), f"{args[0]} > out 2>&1: the "
                "summary is the last line", f"exit {p.returncode}: {lines[-3:]}")
        bad = [x for x in lines[:-1] if not re.match(line, x)]
        s.check(not bad, f"{args[0]} > out 2>&1: no line cut by a message", "\n".join(bad[:5]))


def test_formats():
    proj = fresh()
    text = dw(["check"], proj)
    n = len(findings(text.stdout))
    j = dw(["check", "--output-format", "json"], proj)
    try:
        data = json.loads(j.stdout)
        ok = j.returncode == 1 and len(data) == n and all("code" in d and "filename" in d for d in data)
    except ValueError as e:
        ok, data = False, e
    s.check(ok, "json output", j.stdout[:300])
    sa = dw(["check", "--output-format=sarif"], proj)
    try:
        sarif = json.loads(sa.stdout)
        ok = sarif["version"] == "2.1.0" and len(sarif["runs"][0]["results"]) == n
    except (ValueError, KeyError) as e:
        ok = False
    s.check(ok, "sarif output", sa.stdout[:300])
    gh = dw(["check", "--output-format", "github"], proj)
    s.check(len(gh.stdout.splitlines()) == n and all(l.startswith("::") for l in gh.stdout.splitlines()),
            "github output", gh.stdout[:300])
    full = dw(["check", "--output-format", "full"], proj)
    s.check(full.returncode == 1 and "^" in full.stdout and len(full.stdout) > len(text.stdout),
            "full output", full.stdout[:300])
    # a whole-tree finding's snippet: its line is read back after the analysis
    zen = zenflow()
    tf = dw(["check", "--output-format", "full", "--select", "DW301"], zen)
    s.check("7 |     def async_inplace_copy_grad_to_fp32_buffer_from_gpu(self, param," in tf.stdout
            and "  |     ^^^^^" in tf.stdout, "full output: snippet of a whole-tree finding", tf.stdout)
    expect("unknown format", dw(["check", "--output-format", "xml"], proj), rc=2, err_has="xml")
    env = dw(["check"], proj, env={"DEADWOOD_OUTPUT_FORMAT": "json"})
    s.check(env.stdout == j.stdout, "DEADWOOD_OUTPUT_FORMAT", env.stdout[:200])
    # --output-file
    out = os.path.join(TMP, f"out{_count[0]}.txt")
    p = dw(["check", "--output-file", out], proj)
    expect("--output-file: nothing on stdout", p, rc=1, out="", err_has="Found 6 problems")
    with open(out) as f:
        s.check(f.read() == text.stdout, "--output-file holds the findings")
    p = dw(["check", "-o", out, "--output-format", "json"], proj)
    with open(out) as f:
        s.check(f.read() == j.stdout and p.returncode == 1, "-o with json")
    expect("--output-file in a missing directory",
           dw(["check", "-o", os.path.join(TMP, "no", "such", "dir", "x")], proj), rc=2)


def test_statistics():
    proj = fresh()
    text = dw(["check"], proj)
    want = {}
    for _, _, c in findings(text.stdout):
        want[c] = want.get(c, 0) + 1
    p = dw(["check", "--statistics"], proj)
    lines = p.stdout.splitlines()
    # ruff's format: `[*] ` before the name of a rule with a fix --fix would apply, `[ ] ` before the
    # others, when some rule has one
    rows = [re.fullmatch(r"( *\d+)\t(DW\d{3})\t(\[[* ]\] )?([a-z-]+)", l) for l in lines]
    ok = p.returncode == 1 and all(rows) and len(rows) == len(want)
    got = {r.group(2): int(r.group(1)) for r in rows if r}
    counts = [int(r.group(1)) for r in rows if r]
    s.check(ok and got == want and counts == sorted(counts, reverse=True), "--statistics format",
            p.stdout + p.stderr)
    s.check(ok and len({len(r.group(1)) for r in rows}) == 1, "--statistics counts aligned", p.stdout)
    names = {l.split()[0]: l.split()[1] for l in dw(["rule", "--all"], TMP).stdout.splitlines()}
    s.check(all(r.group(4) == names[r.group(2)] for r in rows if r), "--statistics rule names",
            p.stdout)
    marked = {r.group(2): r.group(3) == "[*] " for r in rows if r}
    s.check(len({r.group(3) is None for r in rows if r}) == 1 and any(marked.values()),
            "--statistics marks the rules --fix would fix (all rows marked, or none)", p.stdout)
    j = dw(["check", "--statistics", "--output-format", "json"], proj)
    try:
        data = json.loads(j.stdout)
        ok = {d["code"]: d["count"] for d in data} == want and all(d["name"] for d in data)
        ok = ok and {d["code"]: d["fixable"] for d in data} == marked
    except (ValueError, KeyError, TypeError):
        ok = False
    s.check(ok, "--statistics json", j.stdout[:300])
    expect("--statistics with sarif", dw(["check", "--statistics", "--output-format", "sarif"], proj),
           rc=2)
    expect("--statistics clean", dw(["check", "--statistics", "pkg/clean.py"], proj), rc=0, out="")


def test_color():
    proj = fresh()
    esc = "\x1b["
    plain = dw(["check"], proj).stdout
    always = dw(["check", "--color", "always"], proj)
    s.check(esc in always.stdout, "--color always", always.stdout[:200])
    s.check(re.sub(r"\x1b\[[0-9;]*m", "", always.stdout) == plain, "colour adds only escapes")
    s.check(esc in dw(["check", "--color=always"], proj, env={"NO_COLOR": "1"}).stdout,
            "--color always beats NO_COLOR")
    s.check(esc not in dw(["check", "--color", "never"], proj).stdout, "--color never")
    s.check(esc not in plain, "auto: no colour into a pipe")
    tty = run_pty([DW, "check", "--no-cache"], proj, {})
    s.check(esc in tty, "auto: colour on a terminal", tty[:200])
    tty = run_pty([DW, "check", "--no-cache"], proj, {"NO_COLOR": "1"})
    s.check(esc not in tty and "DW101" in tty, "auto: NO_COLOR on a terminal", tty[:200])
    tty = run_pty([DW, "check", "--no-cache", "--color", "never"], proj, {})
    s.check(esc not in tty and "DW101" in tty, "never on a terminal", tty[:200])
    out = os.path.join(TMP, "color.txt")
    run_pty([DW, "check", "--no-cache", "-o", out], proj, {})
    with open(out) as f:
        s.check(esc not in f.read(), "auto: no colour into --output-file")
    st = dw(["check", "--statistics", "--color", "always"], proj)
    s.check(esc in st.stdout, "--statistics in colour", st.stdout)
    expect("--color bad", dw(["check", "--color", "sometimes"], proj), rc=2)


def test_jobs():
    proj = fresh()
    for i in range(24):  # enough files for every worker to take several
        for f in ("branches.py", "nones.py", "__init__.py"):
            shutil.copy(os.path.join(proj, "pkg", f), os.path.join(proj, "pkg", f"m{i:02d}_{f}"))
    outs = {}
    for j in ("1", "2", "4", "16"):
        for fmt in ("text", "json", "sarif"):
            outs[(j, fmt)] = dw(["check", "--jobs", j, "--output-format", fmt], proj).stdout
    for fmt in ("text", "json", "sarif"):
        s.check(len({outs[(j, fmt)] for j in ("1", "2", "4", "16")}) == 1 and outs[("1", fmt)],
                f"--jobs 1/2/4/16 give identical {fmt} output")
    s.check(dw(["check", "-j", "4"], proj).stdout == outs[("1", "text")], "-j 4")
    zen = zenflow()
    a, b = (dw(["check", "-j1", "--extend-select", "DW301", "."], zen),
            dw(["check", "-j=4", "--extend-select", "DW301", "."], zen))
    s.check(a.stdout == b.stdout and "DW301" in a.stdout, "whole-tree rule: --jobs 1 = --jobs 4",
            a.stdout)


def test_selection_cli():
    proj = fresh()
    expect("--select", dw(["check", "--select", "DW101"], proj), rc=1)
    s.check(codes(dw(["check", "--select", "DW101"], proj).stdout) == ["DW101"], "--select one code")
    s.check(codes(dw(["check", "--select", "DW2"], proj).stdout) == ["DW201", "DW202"],
            "--select a prefix")
    s.check(codes(dw(["check", "--select", "none-dereference,DW101"], proj).stdout) ==
            ["DW101", "DW201"], "--select a name and a code")
    s.check(codes(dw(["check", "--select", "DW101", "--select", "DW102"], proj).stdout) ==
            ["DW101", "DW102"], "--select repeated")
    s.check(codes(dw(["check", "--ignore", "DW1"], proj).stdout) == ["DW201", "DW202"], "--ignore")
    s.check(codes(dw(["check", "--select", "DW101", "--extend-select", "DW202"], proj).stdout) ==
            ["DW101", "DW202"], "--extend-select")
    s.check(codes(dw(["check", "--select", "DW201", "--ignore", "DW2"], proj).stdout) == ["DW201"],
            "the more specific selector wins")
    s.check(codes(dw(["check", "--select", "DW2", "--ignore", "DW2"], proj).stdout) == [],
            "ignore wins at equal specificity")
    s.check(codes(dw(["check", "--select", "ALL", "--ignore", "DW10"], proj).stdout) ==
            ["DW201", "DW202"], "--select ALL")
    expect("--select unknown", dw(["check", "--select", "DW9"], proj), rc=2, err_has="DW9")
    # an empty selector is an error on the command line as in a configuration (`select = [""]`),
    # not a selection of nothing (issue 22)
    for args in (["--select", ""], ["--select", " "], ["--select", "DW1,"], ["--ignore", ",DW1"],
                 ["--extend-select", "DW1,,DW2"]):
        expect(f"empty selector: {args}", dw(["check"] + args, proj), rc=2, out="",
               err_has=f"empty rule selector in {args[0]}")


def test_unused_noqa_whole_tree():
    """DW003 judges a whole-tree rule's code after the tree rules ran, cold and from the cache."""
    proj = os.path.join(TMP, "noqa_tree")
    write(os.path.join(proj, "pkg", "__init__.py"), "")
    write(os.path.join(proj, "pkg", "base.py"), "class A:\n    def m(self):\n        return 1\n\n"
          "    def n(self):\n        return 2\n")
    write(os.path.join(proj, "pkg", "sub.py"),
          "from pkg.base import A\n\n\nclass B(A):\n"
          "    def m(self):  # noqa: DW302\n        return 1\n\n"
          "    def n(self):  # noqa: DW302, DW301\n        return 3\n")
    want = [("pkg/sub.py", 8, "DW003"), ("pkg/sub.py", 8, "DW003")]
    for label, cache in (("cold", False), ("cold, writing the cache", True),
                         ("warm", True)):
        p = dw(["check", "--isolated", "--select", "DW003,DW301,DW302", "."], proj, cache=cache)
        got = findings(p.stdout)
        s.check(got == want and "no DW302 finding on this line" in p.stdout and
                "no DW301 finding on this line" in p.stdout,
                f"unused-noqa on whole-tree codes ({label})", p.stdout + p.stderr)
    p = dw(["check", "--isolated", "--select", "DW003,DW302", "."], proj)
    s.check(findings(p.stdout) == [("pkg/sub.py", 8, "DW003")],
            "a code of a rule that did not run is not judged", p.stdout)
    p = dw(["check", "--isolated", "--select", "DW302", "."], proj)
    s.check(findings(p.stdout) == [], "DW003 is off unless selected; DW302 silenced", p.stdout)


def test_generated_files():
    """A file whose header says a program wrote it gets no findings, whole-tree ones included;
    a syntax error is still reported."""
    proj = os.path.join(TMP, "generated")
    write(os.path.join(proj, "base.py"), "class A:\n    def m(self):\n        return 1\n")
    write(os.path.join(proj, "gen_pb2.py"),
          "# Generated by the protocol buffer compiler.  DO NOT EDIT!\nfrom base import A\n\n\n"
          "class B(A):\n    def m(self):\n        return 1\n\n\nx = 1 if A else 1\n")
    write(os.path.join(proj, "hand.py"),
          "from base import A\n\n\nclass C(A):\n    def m(self):\n        return 1\n")
    p = dw(["check", "--isolated", "--select", "DW102,DW302", "."], proj)
    s.check(findings(p.stdout) == [("hand.py", 5, "DW302")],
            "generated files: no per-file or whole-tree findings", p.stdout)
    write(os.path.join(proj, "gen_broken.py"), "# @generated\ndef f(:\n    pass\n")
    p = dw(["check", "--isolated", "--select", "DW000", "gen_broken.py"], proj)
    s.check(findings(p.stdout) == [("gen_broken.py", 2, "DW000")],
            "generated files: a syntax error is still DW000", p.stdout)


def test_syntax_of_an_older_python():
    """A syntax error of the newest grammar that 3.13 accepted (a newline in a one-quote f-string's
    format spec, refused from 3.14 on) is DW000 at CPython 3.14's place, saying which versions
    accept it; an error no version accepts says nothing of versions."""
    proj = os.path.join(TMP, "older_grammar")
    write(os.path.join(proj, "spec.py"), 'x = 1\ny = f"{x:\n}"\n')
    write(os.path.join(proj, "bad.py"), 'y = f"{x:\n}" +\n')
    p = dw(["check", "--isolated", "--output-format", "json", "spec.py", "bad.py"], proj)
    got = {(f["filename"], f["location"]["row"], f["location"]["column"]): f["message"]
           for f in json.loads(p.stdout)}
    s.check(got.get(("spec.py", 2, 10)) == "f-string: newlines are not allowed in format specifiers"
            " for single quoted f-strings (Python 3.14 and later; 3.13 accepts it)",
            "DW000 of a 3.13 f-string names the versions that refuse and accept it", p.stdout)
    s.check(len(got) == 2 and all("accepts it" not in m for k, m in got.items()
                                  if k[0] == "bad.py"),
            "an error no version accepts names no version", p.stdout)
    # 3.13's ast.parse accepts an unknown __future__ feature, but its compile() refuses it
    write(os.path.join(proj, "future.py"), "from __future__ import braces\n")
    p = dw(["check", "--isolated", "--output-format", "json", "future.py"], proj)
    got = [f["message"] for f in json.loads(p.stdout)]
    s.check(got == ["not a chance"], "an unknown __future__ feature: no version runs it", p.stdout)
