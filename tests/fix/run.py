#!/usr/bin/env python3
"""Fixes: the fixtures of every fix, the fix loop's promises, and --add-noqa.

1. Fixtures, tests/fix/<CODE>/<name>.py, each with three reviewed files beside it:
     <name>.py.fixed   the file after `deadwood check --fix --select CODE`
     <name>.py.unsafe  the file after `--fix --unsafe-fixes`
     <name>.py.diff    what `--diff` prints (exit 1 when it prints anything, 0 when not)
   For each: the results are byte for byte what the reviewed files hold; a second --fix (and
   --unsafe-fixes) changes nothing (idempotence) and --diff then prints nothing and exits 0; --diff
   writes nothing; every result parses with CPython 3.13 (the oracle; SKIP when it is missing);
   the json output's fixes, applied here (ruff's rule: in order, one that starts at or before the
   end of one applied is left), give a file that is the .fixed file whenever nothing more is left
   to fix in it; the sarif output's replacements say the same as the json edits. Every rule whose
   `deadwood rule` page says it has a fix has a folder here, and every folder's rule says so.
   `run.py --update` rewrites the reviewed files from the current output: review the diff.
2. tests/fix/noqa/<name>.py with <name>.py.noqa: the file after `--add-noqa --select ALL`; a second
   --add-noqa adds nothing, and afterwards `check` finds nothing.
3. The loop and the command line: standard input (--fix prints the fixed text, findings go to
   stderr), the cache (a run after --fix with the cache says what a run without it says), mode
   and ownership kept, a symbolic link's target written (the link stays), a file with two hard
   links rewritten in place, only changed files written, fixable/unfixable/fix/unsafe-fixes in the
   configuration, --fix-only and --exit-non-zero-on-fix and --show-fixes, the summary lines, a
   file with a syntax error left alone, a notebook left alone.
"""
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite, find_python  # noqa: E402

s = Suite(__doc__)
UPDATE = "--update" in s.rest
HERE = os.path.dirname(os.path.abspath(__file__))
TMP = tempfile.mkdtemp(prefix="dw-fix-")
PY313 = find_python((3, 13))


def dw(args, cwd, stdin=None):
    return subprocess.run([s.deadwood] + args, cwd=cwd, input=stdin, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, timeout=120)


def check_args(code, *extra):
    return ["check", "--isolated", "--no-cache", "--select", code] + list(extra)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def fresh(name, data):
    d = tempfile.mkdtemp(dir=TMP)
    write(os.path.join(d, name), data)
    return d


def parses(data, label):
    if not PY313:
        s.skip(label, "no CPython 3.13 to parse the result with")
        return
    p = subprocess.run(PY313 + ["-c", "import sys; compile(sys.stdin.buffer.read(), 'f', 'exec')"],
                       input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    s.check(p.returncode == 0, label, p.stderr.decode(errors="replace")[-400:])


def expected(path, got, label):
    """Compares got with the reviewed file (or, with --update, writes it)."""
    if UPDATE:
        write(path, got)
        return
    if not os.path.exists(path):
        s.fail(label, f"{os.path.relpath(path, ROOT)} is missing (run.py --update, then review)")
        return
    want = read(path)
    s.check(got == want, label, f"got:\n{got.decode(errors='replace')}\nwant:\n"
            f"{want.decode(errors='replace')}")


# ---- json edits applied here -------------------------------------------------------------------

def char_offsets(text):
    """Line starts of text (str), as the decoder reads line ends."""
    starts, i = [0], 0
    while i < len(text):
        c = text[i]
        if c == "\r" or c == "\n":
            i += 2 if c == "\r" and text[i + 1:i + 2] == "\n" else 1
            starts.append(i)
        else:
            i += 1
    return starts


def apply_json(data, findings, unsafe):
    """The file after one round of the json fixes (ruff's order and overlap rule)."""
    text = data.decode("utf-8")
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    starts = char_offsets(body)
    nl = "\r\n" if "\r\n" in body.split("\n", 1)[0] + "\n" else "\n"

    def off(loc):
        row, col = loc["row"], loc["column"]
        return len(body) if row > len(starts) else starts[row - 1] + col - 1

    fixes = [f["fix"] for f in findings if f.get("fix") and
             (unsafe or f["fix"]["applicability"] == "safe")]
    fixes.sort(key=lambda fx: (fx["edits"][0]["location"]["row"],
                               fx["edits"][0]["location"]["column"]))
    out, last, applied = [], None, []
    for fx in fixes:
        edits = [(off(e["location"]), off(e["end_location"]), e["content"]) for e in fx["edits"]]
        if applied and fx["edits"] == applied[-1]["edits"]:
            continue
        if last is not None and edits[0][0] <= last:
            continue
        out.extend(edits)
        last = edits[-1][1]
        applied.append(fx)
    res, at = [], 0
    for a, b, content in out:
        res.append(body[at:a])
        res.append(content.replace("\n", nl))
        at = b
    res.append(body[at:])
    return (("\ufeff" if bom else "") + "".join(res)).encode("utf-8")


def sarif_agrees(sarif, findings, label):
    """Every fix of the json output is in the sarif output: the same regions and content."""
    results = sarif["runs"][0]["results"]
    ok = len(results) == len(findings)
    for r, f in zip(results, findings):
        fx = f.get("fix")
        got = r.get("fixes")
        if not fx:
            ok = ok and got is None
            continue
        reps = got[0]["artifactChanges"][0]["replacements"] if got else []
        want = [{"startLine": e["location"]["row"], "startColumn": e["location"]["column"],
                 "endLine": e["end_location"]["row"], "endColumn": e["end_location"]["column"],
                 "text": e["content"]} for e in fx["edits"]]
        have = [{**x["deletedRegion"], "text": x.get("insertedContent", {}).get("text", "")}
                for x in reps]
        ok = ok and have == want and got[0]["description"]["text"] == fx["message"] and \
            got[0]["properties"]["applicability"] == fx["applicability"]
    s.check(ok, label)


# ---- 1. fixtures -------------------------------------------------------------------------------

def fix_once(code, name, data, *flags):
    d = fresh(name, data)
    p = dw(check_args(code, "--fix", *flags, name), d)
    return read(os.path.join(d, name)), p, d


def fixture(code, path):
    name = os.path.basename(path)
    label = f"{code}/{name}"
    data = read(path)
    fixed, p, d = fix_once(code, name, data)
    s.check(p.returncode in (0, 1), f"{label}: --fix runs", p.stderr.decode(errors="replace"))
    expected(path + ".fixed", fixed, f"{label}: --fix gives {name}.fixed")
    unsafe, p, _ = fix_once(code, name, data, "--unsafe-fixes")
    expected(path + ".unsafe", unsafe, f"{label}: --unsafe-fixes gives {name}.unsafe")
    d2 = fresh(name, data)
    p = dw(check_args(code, "--diff", name), d2)
    expected(path + ".diff", p.stdout, f"{label}: --diff gives {name}.diff")
    s.check(p.returncode == (1 if p.stdout else 0), f"{label}: --diff exits 1 when it has a diff",
            f"exit {p.returncode}")
    s.check(read(os.path.join(d2, name)) == data, f"{label}: --diff writes nothing")
    if UPDATE:
        return
    s.check(fixed != data or unsafe != data, f"{label}: something is fixed")
    for flags, result, what in (([], fixed, "--fix"), (["--unsafe-fixes"], unsafe,
                                                         "--unsafe-fixes")):
        again, p, _ = fix_once(code, name, result, *flags)
        s.check(again == result, f"{label}: a second {what} changes nothing",
                again.decode(errors="replace"))
        d3 = fresh(name, result)
        p = dw(check_args(code, "--diff", *flags, name), d3)
        s.check(p.returncode == 0 and not p.stdout, f"{label}: --diff after {what} is empty",
                p.stdout.decode(errors="replace"))
        parses(result, f"{label}: CPython 3.13 parses the result of {what}")
    # the json fixes, applied here, agree with --fix
    d4 = fresh(name, data)
    j = dw(check_args(code, "--output-format", "json", name), d4)
    findings = json.loads(j.stdout)
    s.check(any(f["fix"] for f in findings), f"{label}: the json output carries fixes")
    once = apply_json(data, findings, False)
    d5 = fresh(name, once)
    more = dw(check_args(code, "--diff", name), d5)
    if not more.stdout:
        s.check(once == fixed, f"{label}: the json fixes applied here give {name}.fixed",
                once.decode(errors="replace"))
    sarif = json.loads(dw(check_args(code, "--output-format", "sarif", name), d4).stdout)
    sarif_agrees(sarif, findings, f"{label}: the sarif fixes are the json fixes")


def rules_with_fixes():
    """Codes whose `deadwood rule` page says a fix is available."""
    out = dw(["rule", "--all"], TMP).stdout.decode().splitlines()
    codes = [line.split()[0] for line in out if line.strip()]
    has = set()
    for c in codes:
        page = dw(["rule", c], TMP).stdout.decode()
        if "\nFix (" in page:
            has.add(c)
            s.check("\nFix (always available): " in page or "\nFix (sometimes available): " in page,
                    f"{c}: its page says how often its fix is available")
    return has


def test_fixtures():
    folders = sorted(d for d in os.listdir(HERE)
                     if os.path.isdir(os.path.join(HERE, d)) and d.startswith("DW"))
    for code in folders:
        files = sorted(f for f in os.listdir(os.path.join(HERE, code)) if f.endswith(".py"))
        s.check(files, f"{code}: has fixtures")
        for f in files:
            fixture(code, os.path.join(HERE, code, f))
    if not UPDATE:
        documented = rules_with_fixes()
        s.check(documented == set(folders), "the rules whose pages say they have a fix are the "
                "folders of tests/fix", f"pages: {sorted(documented)}, folders: {folders}")


# ---- 2. --add-noqa -----------------------------------------------------------------------------

def test_add_noqa():
    folder = os.path.join(HERE, "noqa")
    for name in sorted(f for f in os.listdir(folder) if f.endswith(".py")):
        path = os.path.join(folder, name)
        data = read(path)
        d = fresh(name, data)
        args = ["check", "--isolated", "--no-cache", "--select", "ALL"]
        first = p = dw(args + ["--add-noqa", name], d)
        got = read(os.path.join(d, name))
        s.check(p.returncode == 0 and b"Added" in p.stderr, f"noqa/{name}: --add-noqa runs",
                p.stderr.decode(errors="replace"))
        expected(path + ".noqa", got, f"noqa/{name}: --add-noqa gives {name}.noqa")
        if UPDATE:
            continue
        p = dw(args + ["--add-noqa", name], d)
        s.check(read(os.path.join(d, name)) == got and b"Added 0 noqa directives" in p.stderr,
                f"noqa/{name}: a second --add-noqa adds nothing", p.stderr.decode())
        p = dw(args + [name], d)
        if name.startswith("cannot"):  # lines that cannot end with a comment: said so, left
            s.check(p.returncode == 1 and got == data and
                    b"cannot end with a comment" in first.stderr,
                    f"noqa/{name}: lines that cannot hold a comment are left and counted",
                    first.stderr.decode())
        else:
            s.check(p.returncode == 0, f"noqa/{name}: nothing is left to report",
                    p.stdout.decode())
        parses(got, f"noqa/{name}: CPython 3.13 parses the result")


# ---- 3. the loop and the command line -----------------------------------------------------------

SAMPLE = b"""def f(x, log):
    if x is None:
        log.append(1)
    else:
        log.append(1)
    return log if x else log
"""
SAMPLE_FIXED = b"""def f(x, log):
    log.append(1)
    return log
"""


def test_stdin():
    p = dw(["check", "--isolated", "--fix", "-"], TMP, stdin=SAMPLE)
    s.check(p.stdout == SAMPLE_FIXED, "stdin: --fix prints the fixed text", p.stdout.decode())
    s.check(b"2 fixed" in p.stderr and p.returncode == 0, "stdin: the summary goes to stderr",
            p.stderr.decode())
    p = dw(["check", "--isolated", "--fix", "--stdin-filename", "a.py", "-"], TMP,
           stdin=b"x = 1 if print() else 1\n")
    s.check(p.stdout == b"x = 1 if print() else 1\n" and b"a.py:1:5: DW102" in p.stderr and
            p.returncode == 1, "stdin: an unsafe fix left, its finding on stderr",
            p.stdout.decode() + p.stderr.decode())
    p = dw(["check", "--isolated", "--diff", "-"], TMP, stdin=SAMPLE)
    s.check(p.returncode == 1 and p.stdout.startswith(b"--- -\n+++ -\n"), "stdin: --diff",
            p.stdout.decode())


def test_cache():
    d = fresh("a.py", SAMPLE)
    cache = os.path.join(d, "cache")
    base = ["check", "--isolated", "--cache-dir", cache, "--output-format", "json"]
    dw(base + ["a.py"], d)  # fills the cache with the unfixed file's findings
    p = dw(["check", "--isolated", "--cache-dir", cache, "--fix", "a.py"], d)
    s.check(read(os.path.join(d, "a.py")) == SAMPLE_FIXED, "cache: --fix with the cache fixes",
            p.stderr.decode())
    warm = dw(base + ["a.py"], d)
    cold = dw(["check", "--isolated", "--no-cache", "--output-format", "json", "a.py"], d)
    s.check(warm.stdout == cold.stdout and json.loads(warm.stdout) == [],
            "cache: after --fix, a run with the cache says what one without it says",
            warm.stdout.decode())
    # the fixes themselves come back from the cache
    d = fresh("a.py", SAMPLE)
    dw(base + ["a.py"], d)
    again = dw(base + ["a.py"], d)
    cold = dw(["check", "--isolated", "--no-cache", "--output-format", "json", "a.py"], d)
    s.check(again.stdout == cold.stdout and b'"applicability"' in again.stdout,
            "cache: cached findings keep their fixes", again.stdout.decode()[:400])


def test_attributes():
    d = fresh("a.py", SAMPLE)
    path = os.path.join(d, "a.py")
    os.chmod(path, 0o640)
    write(os.path.join(d, "clean.py"), b"x = 1\n")
    before = os.stat(os.path.join(d, "clean.py"))
    dw(["check", "--isolated", "--no-cache", "--fix", "."], d)
    st = os.stat(path)
    s.check(read(path) == SAMPLE_FIXED and stat.S_IMODE(st.st_mode) == 0o640,
            "the mode is kept", oct(st.st_mode))
    s.check(st.st_uid == os.getuid(), "the owner is kept")
    after = os.stat(os.path.join(d, "clean.py"))
    s.check((after.st_ino, after.st_mtime_ns) == (before.st_ino, before.st_mtime_ns),
            "a file without fixes is not written")
    # a symbolic link: its target is fixed, the link stays a link
    d = fresh("real.py", SAMPLE)
    os.symlink("real.py", os.path.join(d, "link.py"))
    dw(["check", "--isolated", "--no-cache", "--fix", "link.py"], d)
    s.check(os.path.islink(os.path.join(d, "link.py")) and
            read(os.path.join(d, "real.py")) == SAMPLE_FIXED, "a link's target is written")
    # two hard links: both see the fix
    d = fresh("one.py", SAMPLE)
    os.link(os.path.join(d, "one.py"), os.path.join(d, "two.py"))
    dw(["check", "--isolated", "--no-cache", "--fix", "one.py"], d)
    s.check(read(os.path.join(d, "two.py")) == SAMPLE_FIXED, "a hard link sees the fix")
    # a read-only file is not written
    d = fresh("ro.py", SAMPLE)
    os.chmod(os.path.join(d, "ro.py"), 0o444)
    p = dw(["check", "--isolated", "--no-cache", "--fix", "ro.py"], d)
    if os.geteuid() != 0:
        s.check(read(os.path.join(d, "ro.py")) == SAMPLE and p.returncode == 2 and
                b"cannot write" in p.stderr, "a read-only file is not written",
                p.stderr.decode())


def test_configuration():
    def run(conf, *args):
        d = fresh("a.py", SAMPLE)
        write(os.path.join(d, "deadwood.toml"), conf)
        p = dw(["check", "--no-cache"] + list(args) + ["a.py"], d)
        return read(os.path.join(d, "a.py")), p

    got, p = run(b"fix = true\n")
    s.check(got == SAMPLE_FIXED, "fix = true fixes", p.stderr.decode())
    got, p = run(b"fix = true\n", "--no-fix")
    s.check(got == SAMPLE, "--no-fix wins over fix = true")
    got, p = run(b"unfixable = [\"DW102\"]\n", "--fix")
    s.check(b"return log if x else log" in got and b"if x is None" not in got,
            "unfixable leaves a rule's fixes alone", got.decode())
    got, p = run(b"fixable = [\"DW102\"]\n", "--fix")
    s.check(b"return log\n" in got and b"if x is None" in got, "fixable keeps to its rules",
            got.decode())
    got, p = run(b"fixable = [\"DW1\"]\nunfixable = [\"DW101\"]\n", "--fix")
    s.check(b"return log\n" in got and b"if x is None" in got,
            "unfixable wins over a less specific fixable", got.decode())
    unsafe = b"def f(q, log):\n    if q.pop():\n        log.append(1)\n    else:\n        log.append(1)\n"
    d = fresh("a.py", unsafe)
    write(os.path.join(d, "deadwood.toml"), b"fix = true\nunsafe-fixes = true\n")
    dw(["check", "--no-cache", "a.py"], d)
    s.check(read(os.path.join(d, "a.py")) == b"def f(q, log):\n    q.pop()\n    log.append(1)\n",
            "unsafe-fixes = true applies unsafe fixes", read(os.path.join(d, "a.py")).decode())
    d = fresh("a.py", unsafe)
    write(os.path.join(d, "deadwood.toml"), b"fix = true\nunsafe-fixes = true\n")
    dw(["check", "--no-cache", "--no-unsafe-fixes", "a.py"], d)
    s.check(read(os.path.join(d, "a.py")) == unsafe, "--no-unsafe-fixes wins")
    d = fresh("a.py", SAMPLE)
    write(os.path.join(d, "deadwood.toml"), b"fixable = [\"DW9\"]\n")
    p = dw(["check", "--no-cache", "a.py"], d)
    s.check(p.returncode == 2 and b"deadwood.toml:1:12" in p.stderr and b"DW9" in p.stderr,
            "an unknown selector in fixable is an error", p.stderr.decode())


def test_modes():
    d = fresh("a.py", SAMPLE)
    p = dw(["check", "--isolated", "--no-cache", "a.py"], d)
    s.check(b"DW101 [*] identical" in p.stdout and
            b"[*] 2 fixable with the `--fix` option." in p.stderr,
            "without --fix: `[*]` on what --fix would fix, and the hint", p.stdout.decode() +
            p.stderr.decode())
    p = dw(["check", "--isolated", "--no-cache", "--fix", "--show-fixes", "a.py"], d)
    err = p.stderr.decode()
    s.check(p.returncode == 0 and "Fixed 2 problems:\n- a.py:\n    1 \u00d7 DW101 "
            "(identical-branches)\n    1 \u00d7 DW102 (identical-conditional-expression)" in err
            and "Found 2 problems (2 fixed, 0 remaining; 1 file checked)." in err,
            "--fix --show-fixes: the table and the summary", err)
    d = fresh("a.py", SAMPLE)
    p = dw(["check", "--isolated", "--no-cache", "--fix-only", "a.py"], d)
    s.check(p.returncode == 0 and not p.stdout and b"Fixed 2 problems." in p.stderr,
            "--fix-only: nothing reported, exit 0", p.stderr.decode())
    d = fresh("a.py", SAMPLE)
    p = dw(["check", "--isolated", "--no-cache", "--fix-only", "--exit-non-zero-on-fix",
            "a.py"], d)
    s.check(p.returncode == 1, "--exit-non-zero-on-fix")
    d = fresh("a.py", b"x = 1 if print() else 1\n")
    p = dw(["check", "--isolated", "--no-cache", "--diff", "a.py"], d)
    s.check(p.returncode == 0 and not p.stdout and
            b"No problems would be fixed (1 fix available with `--unsafe-fixes`)." in p.stderr,
            "--diff with only unsafe fixes: no diff, exit 0, the hint", p.stderr.decode())
    p = dw(["check", "--isolated", "--no-cache", "--output-format", "json", "a.py"], d)
    fx = json.loads(p.stdout)[0]["fix"]
    s.check(fx["applicability"] == "unsafe" and fx["edits"] == [
        {"content": "", "end_location": {"column": 24, "row": 1},
         "location": {"column": 6, "row": 1}}], "json: ruff's fix object", json.dumps(fx))
    p = dw(["check", "--isolated", "--no-cache", "--add-noqa", "--fix", "a.py"], d)
    s.check(p.returncode == 2, "--add-noqa with --fix is an error")


def apply_patch(a, patch):
    """Applies a unified diff (one file) to the lines of a; None when it does not fit."""
    out, at, lines = [], 0, patch.splitlines(keepends=True)[2:]
    i = 0
    while i < len(lines):
        head = lines[i].split()
        start = int(head[1][1:].split(",")[0])
        count = int(head[1].split(",")[1]) if "," in head[1] else 1
        start = start - 1 if count else start
        out.extend(a[at:start])
        at = start
        i += 1
        while i < len(lines) and not lines[i].startswith("@@"):
            mark, text = lines[i][0], lines[i][1:]
            if mark in " -":
                if at >= len(a) or a[at] != text:
                    return None
                at += 1
            if mark in " +":
                out.append(text)
            i += 1
    return out + a[at:]


def test_diff():
    """fix_unified_diff on random files: its patch turns a into b, and it changes as few lines
    as GNU diff --minimal does."""
    import random
    tool = os.path.join(s.bindir, "unit_fix")
    gnu = shutil.which("diff")
    rng = random.Random(18)
    bad = []
    for trial in range(150):
        a = [f"{rng.randrange(12)}\n" for _ in range(rng.randrange(0, 40))]
        b = list(a)
        for _ in range(rng.randrange(1, 6)):
            k = rng.randrange(len(b) + 1)
            op = rng.randrange(3)
            if op == 0 or not b:
                b[k:k] = [f"{rng.randrange(12)}\n" for _ in range(rng.randrange(1, 4))]
            elif op == 1:
                del b[k:k + rng.randrange(1, 4)]
            else:
                b[min(k, len(b) - 1)] = "x\n"
        pa, pb = os.path.join(TMP, "a"), os.path.join(TMP, "b")
        write(pa, "".join(a).encode())
        write(pb, "".join(b).encode())
        mine = subprocess.run([tool, "--diff", pa, pb], stdout=subprocess.PIPE).stdout.decode()
        if (apply_patch(a, mine) if mine else a) != b:
            bad.append(f"trial {trial}: the patch does not give b\n{mine}")
            continue
        if gnu:
            theirs = subprocess.run([gnu, "--minimal", "-u", pa, pb], stdout=subprocess.PIPE,
                                    text=True).stdout
            count = lambda d: sum(1 for ln in d.splitlines()[2:]  # noqa: E731
                                  if ln[:1] in "+-")
            if count(mine) != count(theirs):
                bad.append(f"trial {trial}: {count(mine)} lines changed, GNU diff {count(theirs)}")
    s.check(not bad, "diffs: patches that apply, minimal", "\n".join(bad[:3]))
    if not gnu:
        s.skip("diffs: minimal", "no GNU diff")


def test_not_fixed():
    bad = b"def f(:\n    pass\n"
    d = fresh("bad.py", bad)
    p = dw(["check", "--isolated", "--no-cache", "--fix", "bad.py"], d)
    s.check(read(os.path.join(d, "bad.py")) == bad and b"DW000" in p.stdout,
            "a file with a syntax error is left alone")
    nb = json.dumps({"cells": [{"cell_type": "code", "source": ["x = 1 if y else 1\n"],
                                "metadata": {}, "outputs": [], "execution_count": None}],
                     "metadata": {}, "nbformat": 4, "nbformat_minor": 5}).encode()
    d = fresh("n.ipynb", nb)
    dw(["check", "--isolated", "--no-cache", "--fix", "n.ipynb"], d)
    s.check(read(os.path.join(d, "n.ipynb")) == nb, "a notebook is left alone")
    p = dw(["check", "--isolated", "--no-cache", "--output-format", "json", "n.ipynb"], d)
    found = json.loads(p.stdout or b"[]")
    s.check([f["code"] for f in found] == ["DW102"] and found[0]["fix"] is None,
            "a notebook's finding carries no fix (its edits would not map into its JSON)",
            p.stdout.decode())
    p = dw(["check", "--isolated", "--no-cache", "--select", "ALL", "--add-noqa", "n.ipynb"], d)
    s.check(read(os.path.join(d, "n.ipynb")) == nb and b"in notebook cells" in p.stderr,
            "--add-noqa leaves a notebook alone (its lines are cells' lines) and says so",
            p.stderr.decode())
    # a non-UTF-8 file: findings, but no fix (edits could not be mapped back to its bytes)
    latin = "# -*- coding: latin-1 -*-\n# caf\u00e9\nx = 1 if y else 1\n".encode("latin-1")
    d = fresh("l.py", latin)
    p = dw(["check", "--isolated", "--no-cache", "--fix", "l.py"], d)
    s.check(read(os.path.join(d, "l.py")) == latin and b"DW102" in p.stdout,
            "a latin-1 file gets no fix", p.stdout.decode())


for t in (test_fixtures, test_add_noqa, test_stdin, test_cache, test_attributes,
          test_configuration, test_modes, test_diff, test_not_fixed):
    if UPDATE and t not in (test_fixtures, test_add_noqa):
        continue
    try:
        t()
    except Exception as e:  # noqa: BLE001 - a crash is one failure, the suite goes on
        s.fail(t.__name__, f"{type(e).__name__}: {e}")
shutil.rmtree(TMP, ignore_errors=True)
s.finish()
