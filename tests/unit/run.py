#!/usr/bin/env python3
"""Runs every C unit-test driver (tests/drivers/unit_*.c, built as BINDIR/unit_*) and sums their
RESULT lines."""
import glob
import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
drivers = sorted(glob.glob(os.path.join(s.bindir, "unit_*")))
if not drivers:
    s.fail("unit", f"no unit drivers in {s.bindir} (run make drivers)")
for exe in drivers:
    name = os.path.basename(exe)
    p = subprocess.run([exe], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors="replace")
    got = None
    for line in p.stdout.splitlines():
        if line.startswith("FAIL "):
            print(f"FAIL {name}: {line[5:]}")
        elif line.startswith("RESULT "):
            got = [int(x) for x in line.split()[1:4]]
    if got is None or p.returncode not in (0, 1):
        s.fail(name, f"exit {p.returncode}, no RESULT line:\n" + p.stdout[-2000:])
        continue
    s.passed += got[0]
    s.failed += got[1]
    s.skipped += got[2]
s.finish()
