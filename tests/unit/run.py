#!/usr/bin/env python3
"""Runs every C unit-test driver (tests/drivers/unit_*.c, built as BINDIR/unit_*) and sums their
RESULT lines."""
import glob
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
drivers = sorted(glob.glob(os.path.join(s.bindir, "unit_*")))
if not drivers:
    s.fail("unit", f"no unit drivers in {s.bindir} (run make drivers)")
for exe in drivers:
    s.driver(exe)
s.finish()
