#!/usr/bin/env python3
"""Runs every C unit-test driver and sums their RESULT lines.

The drivers are the sources tests/drivers/unit_*.c, each built as BINDIR/unit_* (make drivers).
A driver whose binary is missing, or stale, is one failure naming it, and is not run: stale means
older than what make would relink it from (its own source and object, the harness header, and
the library: every source and header under src/ outside src/cli, and their objects in the
flavor's build directory), a cheap comparison of modification times. A binary with no source
is not run. Then src/base/sha256.c against Python's hashlib on random inputs, and src/lex/unicode.c
against CPython 3.13's unicodedata over every code point and name (unicode_all.py)."""
import glob
import hashlib
import os
import random
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite, find_python  # noqa: E402


def newest(paths):
    """(mtime_ns, path) of the most recently modified of paths that exist, or (0, None)."""
    best = (0, None)
    for p in paths:
        try:
            best = max(best, (os.stat(p).st_mtime_ns, p))
        except OSError:
            pass
    return best


def library_files(build_dir):
    """The library's sources and headers, and its objects under build_dir (the flavor's)."""
    out = []
    for top, exts in ((os.path.join(ROOT, "src"), (".c", ".h")),
                      (os.path.join(build_dir, "src"), (".o",))):
        for d, dirs, files in os.walk(top):
            if d == top:
                dirs[:] = [x for x in dirs if x != "cli"]
            out += [os.path.join(d, f) for f in files if f.endswith(exts)]
    return out


def check_sha256(s):
    """SHA-256 (the cache's keys) against hashlib: random lengths around the block and padding
    edges and up to 3 blocks, then larger ones; both the implementation in use and the portable one."""
    sha = os.path.join(s.bindir, "unit_sha256")
    rng = random.Random(22)
    lengths = sorted(set(list(range(0, 200)) + [rng.randrange(200, 5000) for _ in range(60)] +
                         [rng.randrange(5000, 1 << 20) for _ in range(4)]))
    with tempfile.TemporaryDirectory(prefix="dw-sha-") as tmp:
        paths, want = [], []
        for i, n in enumerate(lengths):
            data = rng.randbytes(n)
            paths.append(os.path.join(tmp, f"{i}"))
            with open(paths[-1], "wb") as f:
                f.write(data)
            want.append(hashlib.sha256(data).hexdigest())
        p = subprocess.run([sha, "--digest"] + paths, stdout=subprocess.PIPE, text=True)
        got = [line.split() for line in p.stdout.splitlines()]
        bad = [(lengths[i], g) for i, g in enumerate(got) if g != [want[i], want[i]]]
        s.check(p.returncode == 0 and len(got) == len(lengths) and not bad,
                f"sha256 = hashlib.sha256 on {len(lengths)} random inputs", f"exit {p.returncode}: {bad[:3]}")


def check_unicode(s):
    """Unicode: every code point and every name against the unicodedata the tables came from."""
    py = find_python((3, 13))
    if not py:
        s.skip("unicode", "no CPython >= 3.13 to compare the Unicode tables with")
        return
    p = subprocess.run(py + [os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                          "unicode_all.py"),
                             os.path.join(s.bindir, "unit_unicode")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = [line for line in p.stdout.splitlines() if line.startswith(("PASS ", "FAIL "))]
    s.check(p.returncode == 0 and lines, "unicode_all.py ran", p.stdout[-1500:])
    for line in lines:
        name, _, why = line[5:].partition(": ")
        s.check(line.startswith("PASS "), "unicode: " + name, why)


def main():
    s = Suite(__doc__)
    sources = sorted(glob.glob(os.path.join(ROOT, "tests", "drivers", "unit_*.c")))
    if not sources:
        s.fail("unit", "no tests/drivers/unit_*.c")
    build_dir = os.path.dirname(os.path.abspath(s.bindir))  # build/<flavor>
    library = newest(library_files(build_dir) +
                     glob.glob(os.path.join(ROOT, "tests", "drivers", "*.h")))
    for source in sources:
        name = os.path.basename(source)[:-2]
        exe = os.path.join(s.bindir, name)
        obj = os.path.join(build_dir, "tests", "drivers", name + ".o")
        if not os.access(exe, os.X_OK):
            s.fail(name, f"tests/drivers/{name}.c has no built driver {exe} (make drivers)")
            continue
        built = os.stat(exe).st_mtime_ns
        mtime, why = max(library, newest([source, obj]))
        if mtime > built:
            s.fail(name, f"{exe} is stale: {os.path.relpath(why, ROOT)} is newer (make drivers)")
            continue
        s.driver(exe)
    check_sha256(s)
    check_unicode(s)
    s.finish()


main()
