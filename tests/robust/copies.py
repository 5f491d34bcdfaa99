#!/usr/bin/env python3
"""Hostile histories for DW303, built at run time: thousands of copies of one method whose base
was then fixed again and again. The verdicts DW303 weighs together (the copies one commit left
stale, what was told of a statement before) grow with copies times fixes; weighed each against
every other they took 41 s for 3,000 copies of a method fixed 40 times. Each case asserts the
findings; the timeout only guards against a hang (timing is `make robustness`'s).

  - n copies, none of which took any fix: every change is one all copies kept out of (the base's
    own), so nothing is reported;
  - the same with one copy the same as the base as it ends (it took every fix): each other copy
    is reported once per fix, at the statement that fix changed.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from gitstory import many_copies  # noqa: E402
from suite import Suite  # noqa: E402

s = Suite(__doc__)
root = tempfile.mkdtemp(prefix="dw-copies-")
GUARD = 600  # seconds: a hang, not a measure
N, FIXES = (300, 10) if s.flavor == "asan" else (1500, 12)


def findings(repo):
    try:
        p = subprocess.run([s.deadwood, "check", "--isolated", "--no-cache", "--select", "DW303",
                            "--output-format", "json", "."], cwd=repo, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=GUARD)
    except subprocess.TimeoutExpired:
        return None, f"no answer in {GUARD} s"
    try:
        return json.loads(p.stdout), p.stderr.decode("utf-8", "replace")
    except ValueError:
        return None, f"exit {p.returncode}: {p.stderr.decode('utf-8', 'replace')[-500:]}"


many_copies(os.path.join(root, "kept"), N, FIXES)
got, err = findings(os.path.join(root, "kept"))
s.check(got == [], f"{N} copies, {FIXES} fixes none took: the changes were the base's own",
        err if got is None else f"{len(got)} reported: {got[:2]}")

stale = many_copies(os.path.join(root, "took"), N, FIXES, adopt=True)
got, err = findings(os.path.join(root, "took"))
if s.check(got is not None, f"{N} copies, one took {FIXES} fixes: check answers", err):
    where = sorted((f["filename"].rsplit("/", 1)[-1], f["location"]["row"]) for f in got)
    want = sorted(("subs.py", line) for lines in stale.values() for line in lines)
    s.check(where == want, f"{N} copies, one took {FIXES} fixes: each other copy once per fix",
            f"{len(where)} reported, {len(want)} expected; first {where[:3]}")
    commits = {f["message"].split(" had until ")[1][:10] for f in got}
    s.check(len(commits) == FIXES, "each fix named by its own commit", repr(sorted(commits)))

shutil.rmtree(root, ignore_errors=True)
s.finish()
