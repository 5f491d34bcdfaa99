#!/usr/bin/env python3
"""Runs every C unit-test driver (tests/drivers/unit_*.c, built as BINDIR/unit_*) and sums their
RESULT lines; then compares src/base/sha256.c with Python's hashlib on random inputs, and
src/lex/unicode.c with CPython 3.13's unicodedata over every code point and name
(unicode_all.py)."""
import glob
import hashlib
import os
import random
import sys
import subprocess
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite, find_python  # noqa: E402

s = Suite(__doc__)
drivers = sorted(glob.glob(os.path.join(s.bindir, "unit_*")))
if not drivers:
    s.fail("unit", f"no unit drivers in {s.bindir} (run make drivers)")
for exe in drivers:
    s.driver(exe)

# SHA-256 (the cache's keys) against hashlib: random lengths around the block and padding edges
# and up to 3 blocks, then larger ones; both the implementation in use and the portable one.
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

# Unicode: every code point and every name against the unicodedata the tables came from
py = find_python((3, 13))
if not py:
    s.skip("unicode", "no CPython >= 3.13 to compare the Unicode tables with")
else:
    p = subprocess.run(py + [os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                          "unicode_all.py"),
                             os.path.join(s.bindir, "unit_unicode")],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    lines = [line for line in p.stdout.splitlines() if line.startswith(("PASS ", "FAIL "))]
    s.check(p.returncode == 0 and lines, "unicode_all.py ran", p.stdout[-1500:])
    for line in lines:
        name, _, why = line[5:].partition(": ")
        s.check(line.startswith("PASS "), "unicode: " + name, why)
s.finish()
