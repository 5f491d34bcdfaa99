#!/usr/bin/env python3
"""The sources compile warning-free with clang too (the build itself uses cc, usually gcc), and
are formatted as .clang-format says. One pass/fail per file and compiler check."""
import glob
import os
import shutil
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

s = Suite(__doc__)
files = sorted(glob.glob(os.path.join(ROOT, "src", "**", "*.c"), recursive=True) +
               glob.glob(os.path.join(ROOT, "tests", "drivers", "*.c")))
flags = ["-std=c11", "-D_GNU_SOURCE", "-I" + os.path.join(ROOT, "src"),
         "-I" + os.path.join(ROOT, "build", "gen"), "-Wall", "-Wextra", "-Wshadow",
         "-Wstrict-prototypes", "-Werror", "-fsyntax-only"]
if not shutil.which("clang"):
    s.skip("clang", "clang is not installed")
else:
    for f in files:
        p = subprocess.run(["clang"] + flags + [f], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True)
        s.check(p.returncode == 0, "clang " + os.path.relpath(f, ROOT), p.stdout[-1500:])
fmt = shutil.which("clang-format")
if not fmt:
    s.skip("clang-format", "clang-format is not installed")
else:
    for f in files + sorted(glob.glob(os.path.join(ROOT, "src", "**", "*.h"), recursive=True)):
        p = subprocess.run([fmt, "--dry-run", "-Werror", f], stdout=subprocess.PIPE,
                           stderr=subprocess.STDOUT, text=True)
        s.check(p.returncode == 0, "clang-format " + os.path.relpath(f, ROOT), p.stdout[-800:])
# sources.mk (the one list of sources, read by the Makefile and setup.py) names every .c file
with open(os.path.join(ROOT, "sources.mk")) as f:
    text = f.read().replace("\\\n", " ")
listed = set()
for line in text.splitlines():
    name, sep, value = line.split("#", 1)[0].partition(":=")
    if name.strip() in ("LIB_SRC", "CLI_SRC"):
        listed.update(value.split())
on_disk = {os.path.relpath(f, ROOT) for f in glob.glob(os.path.join(ROOT, "src", "**", "*.c"),
                                                         recursive=True)}
s.check(listed == on_disk, "sources.mk lists every source under src/, and only those",
        f"missing {sorted(on_disk - listed)}, not there {sorted(listed - on_disk)}")
# generated code is current
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from suite import find_python  # noqa: E402
py = find_python((3, 13))
if not py:
    s.skip("generated sources current", "no CPython >= 3.13 to regenerate them with")
else:
    p = subprocess.run(py + [os.path.join(ROOT, "tools", "gen_encodings.py"), "--check"])
    s.check(p.returncode == 0, "src/source/encodings.def is current (make regen)",
            "tools/gen_encodings.py would write something else")
    p = subprocess.run(py + [os.path.join(ROOT, "tools", "gen_unicode.py"), "--check"])
    s.check(p.returncode == 0, "src/lex/unicode_db.h is current (make regen)",
            "tools/gen_unicode.py would write something else")
s.finish()
