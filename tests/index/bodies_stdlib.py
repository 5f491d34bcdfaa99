#!/usr/bin/env python3
"""The override rules' method hashes made on demand (src/index/bodies.c) against those made
during the whole file's walk, for every method of every installed CPython 3.8+ standard library:
runs the unit_bodies driver over each (part of `make conformance`)."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "lib"))
sys.path.insert(0, os.path.join(HERE, "..", "parse"))
from suite import Suite  # noqa: E402
import conformance  # noqa: E402

s = Suite(__doc__)
exe = os.path.join(s.bindir, "unit_bodies")
if not os.path.exists(exe):
    s.fail("unit_bodies", f"{exe} is missing (run make drivers)")
for version, top in conformance.installed_stdlibs():
    for line in s.driver(exe, conformance.python_files(top), version):
        if line.startswith("unit_bodies: "):
            print(f"{version}: {line[len('unit_bodies: '):]}")
s.finish()
