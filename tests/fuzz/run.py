#!/usr/bin/env python3
"""The fuzz targets as a test: built with clang (libFuzzer, ASan, UBSan) and run once over every
parser fixture and the generated deep-nesting inputs, with no mutation (fuzz/smoke.sh). The long
runs are `make fuzz SECONDS=N`."""
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

s = Suite(__doc__)
if not shutil.which("clang"):
    s.skip("fuzz smoke", "clang is not installed")
    s.finish()
p = subprocess.run(["make", "-s", "-C", os.path.join(ROOT, "fuzz"), "smoke"],
                   stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
counts = None
for line in p.stdout.splitlines():
    if line.startswith("RESULT "):
        counts = [int(x) for x in line.split()[1:3]]
    elif line.startswith("FAIL "):
        s.fail(line[5:].split(":")[0], line)
if counts is None:
    s.fail("fuzz smoke", f"exit {p.returncode}, no RESULT line:\n" + p.stdout[-2000:])
else:
    for _ in range(counts[0]):
        s.ok("fuzz target over the fixtures")
s.finish()
