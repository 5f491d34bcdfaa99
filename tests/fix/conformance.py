#!/usr/bin/env python3
"""Fix conformance (`make fix-conformance`): `deadwood check --fix --unsafe-fixes --select ALL` on a
copy of every installed CPython standard library (3.8 and newer, ~/.pyenv/versions/*/lib/python3.*,
site-packages left out), judged by CPython 3.13.

    conformance.py [--deadwood BIN] [--keep DIR] [--only 3.12] [TREE...]

TREE...: other trees (copied first; the originals are never written), judged the same way.
Per tree, one pass/fail each for:
  - every file CPython 3.13 parsed before the fixes still parses after them;
  - no finding appears that was not there before (a finding is its file, its code, its message
    with numbers blanked, and the text of its line without its indentation: fixes move lines; a
    dead store's without its reason, which names the store after it: when that is a dead store a
    fix deleted, `x = x` assigned again on line 5 becomes `x = x` read by no one before the return);
  - every finding that disappears is one the fixes account for: per file and rule, no more
    findings are gone than --show-fixes says were fixed (more may be fixed than were there at
    first: a fix can make a finding that a later pass fixes, as deleting `__eq__` makes the
    `__hash__` beside it redundant; the counts say how many);
  - the fixed tree is a fixed point: --diff --unsafe-fixes on it prints nothing.
and a line of counts: files, findings before, fixes applied (per rule), files changed, findings
after. `--keep DIR` leaves the copies (before/ and after/ of each tree) in DIR for reading.
"""
import collections
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "lib"))
from suite import Suite, find_python  # noqa: E402

s = Suite(__doc__)
PY313 = find_python((3, 13))
ARGS = s.rest


def option(name):
    if name in ARGS:
        i = ARGS.index(name)
        value = ARGS[i + 1]
        del ARGS[i:i + 2]
        return value
    return None


KEEP = option("--keep")
ONLY = option("--only")

PARSE_ALL = r"""
import os, sys, warnings
warnings.simplefilter("ignore")
top = sys.argv[1]
for d, dirs, files in os.walk(top):
    for f in files:
        if not f.endswith(".py"):
            continue
        p = os.path.join(d, f)
        try:
            compile(open(p, "rb").read(), p, "exec", dont_inherit=True)
        except (SyntaxError, ValueError):
            print(os.path.relpath(p, top))
"""


def stdlibs():
    home = os.path.expanduser("~/.pyenv/versions")
    found = {}
    for v in sorted(os.listdir(home)) if os.path.isdir(home) else []:
        parts = v.split(".")
        if len(parts) < 2 or parts[0] != "3" or not parts[1].isdigit() or int(parts[1]) < 8:
            continue
        lib = os.path.join(home, v, "lib", f"python3.{parts[1]}")
        if os.path.isdir(lib):
            found[f"3.{parts[1]}"] = lib
    return found


def copy_tree(src, dst):
    """The .py and .pyi files of src (site-packages and caches left out) into dst."""
    for d, dirs, files in os.walk(src):
        dirs[:] = sorted(x for x in dirs if x not in ("site-packages", "__pycache__", ".git"))
        rel = os.path.relpath(d, src)
        for f in files:
            if f.endswith((".py", ".pyi")) and not os.path.islink(os.path.join(d, f)):
                os.makedirs(os.path.join(dst, rel), exist_ok=True)
                shutil.copy2(os.path.join(d, f), os.path.join(dst, rel, f))


def unparsable(top):
    p = subprocess.run(PY313 + ["-c", PARSE_ALL, top], stdout=subprocess.PIPE, text=True)
    return set(p.stdout.splitlines())


def deadwood(args, cwd):
    return subprocess.run([s.deadwood] + args, cwd=cwd, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, errors="replace")


BASE = ["check", "--isolated", "--no-cache", "--select", "ALL", "--exit-zero"]
LINE = re.compile(r"^(.+?):(\d+):(\d+): (DW\d{3}) (?:\[\*\] )?(.*)$")


def findings(top):
    """Every finding as (file, code, message with numbers blanked, its line's text stripped)."""
    p = deadwood(BASE + ["."], top)
    lines = {}
    keys = collections.Counter()
    for ln in p.stdout.splitlines():
        m = LINE.match(ln)
        if not m:
            continue
        path, row, code, msg = m.group(1), int(m.group(2)), m.group(4), m.group(5)
        if path not in lines:
            try:
                with open(os.path.join(top, path), "rb") as f:
                    lines[path] = f.read().decode("utf-8", "replace").splitlines()
            except OSError:
                lines[path] = []
        text = lines[path][row - 1].strip() if 0 < row <= len(lines[path]) else ""
        msg = re.sub(r"\d+", "#", msg)
        if code == "DW108":  # (its reason names the next store, which may be a dead store fixed)
            msg = re.sub(r"(is never read):.*$", r"\1", msg)
        keys[(path, code, msg, text)] += 1
    return keys


FIXED_FILE = re.compile(r"^- (.+):$")
FIXED_RULE = re.compile(r"^ +(\d+) \u00d7 (DW\d{3}) ")


def fixed_counts(stderr):
    """--show-fixes' table: {(file, code): n}."""
    out, path = collections.Counter(), None
    for ln in stderr.splitlines():
        m = FIXED_FILE.match(ln)
        if m:
            path = m.group(1)
            continue
        m = FIXED_RULE.match(ln)
        if m and path:
            out[(path, m.group(2))] += int(m.group(1))
    return out


def judge(label, src, work):
    before, after = os.path.join(work, "before"), os.path.join(work, "after")
    copy_tree(src, before)
    copy_tree(src, after)
    nfiles = sum(len([f for f in fs if f.endswith((".py", ".pyi"))]) for _, _, fs in os.walk(after))
    t0 = time.time()
    was = findings(before)
    bad_before = unparsable(before)
    p = deadwood(["check", "--isolated", "--no-cache", "--select", "ALL", "--fix",
                  "--unsafe-fixes", "--show-fixes", "--exit-zero", "."], after)
    took = time.time() - t0
    fixed = fixed_counts(p.stderr)
    errors = [ln for ln in p.stderr.splitlines() if ln.startswith("deadwood: error")]
    s.check(p.returncode == 0 and not errors, f"{label}: --fix runs without error",
            "\n".join(errors[:10]) or p.stderr[-2000:])
    changed = []
    for d, _, fs in os.walk(after):
        for f in fs:
            a = os.path.join(d, f)
            rel = os.path.relpath(a, after)
            with open(a, "rb") as x, open(os.path.join(before, rel), "rb") as y:
                if x.read() != y.read():
                    changed.append(rel)
    broken = sorted(unparsable(after) - bad_before)
    s.check(not broken, f"{label}: every file CPython 3.13 parsed still parses",
            "\n".join(broken[:20]))
    now = findings(after)
    new = now - was
    s.check(not new, f"{label}: no finding appears",
            "\n".join(f"{k}" for k in list(new)[:20]))
    gone = collections.Counter()
    for (path, code, _, _), n in (was - now).items():
        gone[(path, code)] += n
    unexplained = {k: (n, fixed.get(k, 0)) for k, n in gone.items() if fixed.get(k, 0) < n}
    later = sum(n - gone.get(k, 0) for k, n in fixed.items() if n > gone.get(k, 0))
    s.check(not unexplained, f"{label}: the findings gone are the findings fixed",
            "\n".join(f"{k[0]} {k[1]}: {v[0]} gone, {v[1]} fixed"
                      for k, v in sorted(unexplained.items())[:20]))
    again = deadwood(["check", "--isolated", "--no-cache", "--select", "ALL", "--diff",
                      "--unsafe-fixes", "."], after)
    s.check(not again.stdout, f"{label}: the fixed tree is a fixed point", again.stdout[:2000])
    per_rule = collections.Counter()
    for (_, code), n in fixed.items():
        per_rule[code] += n
    print(f"COUNTS {label}: {nfiles} files, {sum(was.values())} findings before, "
          f"{sum(fixed.values())} fixed ({', '.join(f'{c} {n}' for c, n in sorted(per_rule.items()))}), "
          f"{later} of them made by earlier fixes, "
          f"{len(changed)} files changed, {sum(now.values())} findings after, "
          f"{len(broken)} no longer parse, fix run {took:.1f}s", flush=True)


def main():
    if not PY313:
        s.skip("fix conformance", "no CPython 3.13 to judge the results")
        s.finish()
    trees = [(f"stdlib {v}", lib) for v, lib in stdlibs().items() if not ONLY or v == ONLY]
    trees += [(os.path.basename(os.path.normpath(t)), t) for t in ARGS]
    s.check(trees, "trees to fix", "no stdlib found under ~/.pyenv/versions")
    root = KEEP or tempfile.mkdtemp(prefix="dw-fixconf-")
    for label, src in trees:
        work = os.path.join(root, re.sub(r"[^A-Za-z0-9.]+", "-", label))
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        try:
            judge(label, src, work)
        finally:
            if not KEEP:
                shutil.rmtree(work, ignore_errors=True)
    if not KEEP:
        shutil.rmtree(root, ignore_errors=True)
    s.finish()


main()
