#!/usr/bin/env python3
"""A file rewritten while deadwood runs: the whole-tree rules read method bodies again after
every file was walked, and must never mix what they read then with what the walk saw (issue 22:
findings mixing two versions of a file in 101 of 300 runs).

A thread swaps a file between two versions (atomically: a reader sees one or the other) while
deadwood checks the tree over and over. Version 1 has an override identical to its base (DW302)
and a DW101 where version 2 has none; version 2 has its DW101 two lines lower, and the override's
body differs (the same statement shapes, so the walk alone cannot tell). Each run must report exactly one
version's findings, or one version's without the DW302 and the warning that methods were not
compared because their file changed."""
import json
import os
import subprocess
import sys
import tempfile
import threading

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
RUNS = 20 if s.flavor == "asan" else 80


def version(n):
    arms = ("if a:\n    b = 1\nelse:\n    b = 1\n\n\n\n" if n == 1 else
            "\n\nif a:\n    b = 1\nelse:\n    b = 1\n\n")
    attr = "axb" if n == 1 else "ayb"
    return (arms + "\n\nclass Base:\n    def get(self):\n        return self.axb\n\n\n"
            f"class Child(Base):\n    def get(self):\n        return self.{attr}\n")


root = tempfile.mkdtemp(prefix="dw-rewritten-")
target = os.path.join(root, "a.py")
for i in range(200):  # (more to walk: a wider window between the walk and the re-read)
    with open(os.path.join(root, f"filler{i:03}.py"), "w") as f:
        f.write("def f(x):\n    return x\n" * 200)


def check_once():
    p = subprocess.run([s.deadwood, "check", "--no-cache", "--isolated", "--select",
                        "DW101,DW302", "--output-format", "json", "-j", "1", root],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=120)
    try:
        return {(f["code"], f["location"]["row"]) for f in json.loads(p.stdout)
                if os.path.basename(f["filename"]) == "a.py"}, p
    except ValueError:
        return None, p


expected = {}
for v in (1, 2):  # each version's findings, when it stays put
    with open(target, "w") as f:
        f.write(version(v))
    expected[v], _ = check_once()
if not s.check(expected[1] and ("DW302", 16) in expected[1] and expected[2] and
               not any(c == "DW302" for c, _ in expected[2]) and
               {w for w in expected[1] if w[0] == "DW101"} !=
               {w for w in expected[2] if w[0] == "DW101"},
               "the two versions' findings", repr(expected)):
    s.finish()
stop = threading.Event()


def swap():
    k = 0
    while not stop.is_set():
        k += 1
        tmp = os.path.join(root, f".swap{k % 2}")
        with open(tmp, "w") as f:
            f.write(version(1 + k % 2))
        os.replace(tmp, target)


t = threading.Thread(target=swap)
t.start()
outcomes = {}
bad = []
try:
    for _ in range(RUNS):
        got, p = check_once()
        if got is None:
            bad.append(f"exit {p.returncode}: {p.stderr[-300:]!r}")
            continue
        warned = b"not compared" in p.stderr
        which = next((v for v, want in expected.items() if got == want), None)
        if which is None and warned:  # a version's own findings, its methods not compared
            which = next((f"{v} without DW302" for v, want in expected.items()
                          if got == {w for w in want if w[0] != "DW302"}), None)
        outcomes[which] = outcomes.get(which, 0) + 1
        if which is None:
            bad.append(f"{sorted(got)} (warning: {warned})")
finally:
    stop.set()
    t.join()
s.check(not bad, f"{RUNS} runs over a file rewritten meanwhile: never two versions mixed",
        f"{len(bad)} mixed: {bad[:5]}; outcomes {outcomes}")
s.check(len(outcomes) >= 2 or s.flavor == "asan",
        "the file was seen in more than one version (the race was run)", repr(outcomes))
if s.args.verbose:
    print(outcomes)
for name in os.listdir(root):
    os.unlink(os.path.join(root, name))
os.rmdir(root)
s.finish()
