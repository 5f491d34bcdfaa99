#!/usr/bin/env python3
"""Hostile class hierarchies, built at run time: every walk over bases, MROs, subclasses and
imports must end, and give the answer Python's semantics give (issue 20's hang, issue 22's
growth). Each case asserts the findings and query answers; the timeouts only guard against a
hang (timing is `make robustness`'s).

  - a chain of 10,000 classes rebinding one name, `class X(X):`, each overriding two methods of
    the class before: its base is the X bound before it (never itself); DW203 and DW302 find
    what the chain holds down to MRO_MAX (1000) classes deep, and nothing past it;
  - a ring of 2,000 modules, each `from p.m<i+1> import X; class X(X)`: an inheritance cycle
    through imports (Python could not import it): no class has an MRO, nothing is reported;
  - a chain of 2,000 modules whose classes derive from the next module's: one hierarchy across
    modules, answered like the one-module chain (the 1,000 classes nearest its root);
  - `class B(B)` with no B before, and a module importing its own class as the base.
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
root = tempfile.mkdtemp(prefix="dw-hierarchies-")
MRO_MAX = 1000
GUARD = 600  # seconds: a hang, not a measure


def run(args, cwd):
    try:
        p = subprocess.run([s.deadwood] + args, cwd=cwd, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, timeout=GUARD)
    except subprocess.TimeoutExpired:
        return None, "", f"no answer in {GUARD} s"
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def check_json(args, cwd):
    rc, out, err = run(args + ["--output-format", "json"], cwd)
    try:
        return rc, json.loads(out), err
    except ValueError:
        return rc, None, err[-500:] or out[:500]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


# ---- a chain of 10,000 `class X(X)` in one module -------------------------------------------
N = 10000
chain = os.path.join(root, "chain")
lines = ["class X:\n", "    def none(self):\n", "        return None\n",
         "    def same(self):\n", "        return 1\n"]
deref_line = {}  # depth -> line of its `self.none().value`
same_line = {0: 4}  # depth -> line of its `def same`
for depth in range(1, N):
    lines.append("class X(X):\n")
    same_line[depth] = len(lines) + 1
    lines += ["    def same(self):\n", "        return 1\n",
              "    def use(self):\n", "        return self.none().value\n"]
    deref_line[depth] = len(lines)
write(os.path.join(chain, "m.py"), "".join(lines))
rc, got, err = check_json(["check", "--no-cache", "--isolated", "--select", "DW203,DW302", "."],
                          chain)
if s.check(got is not None, "chain of 10,000: check answers", f"exit {rc}: {err}"):
    d203 = sorted(f["location"]["row"] for f in got if f["code"] == "DW203")
    want = sorted(deref_line[d] for d in range(1, MRO_MAX))  # (MRO of depth d: d + 1 classes)
    s.check(d203 == want, "chain of 10,000: DW203 in each class whose MRO has at most 1000",
            f"{len(d203)} found, {len(want)} expected; first {d203[:3]}, last {d203[-3:]}")
    d302 = [f for f in got if f["code"] == "DW302"]
    pairs = sorted((f["location"]["row"], f["related"][0]["location"]["row"]) for f in d302
                   if f.get("related"))
    use_def = {d: deref_line[d] - 1 for d in deref_line}  # (the `def use` line)
    want = sorted([(same_line[d], same_line[d - 1]) for d in range(1, MRO_MAX)] +
                  [(use_def[d], use_def[d - 1]) for d in range(2, MRO_MAX)])
    s.check(pairs == want, "chain of 10,000: DW302 compares each X's methods with the X before",
            f"{len(pairs)} found, {len(want)} expected; first {pairs[:3]}")
    s.check(all(a != b for a, b in pairs), "chain of 10,000: no method identical to itself")
rc, got, err = check_json(["hierarchy", "X", "."], chain)
if s.check(got is not None and len(got) >= 3, "chain of 10,000: hierarchy answers",
           f"exit {rc}: {err}"):
    s.check([len(c["mro"]) for c in got[:3]] == [1, 2, 3] and got[1]["mro_complete"],
            "chain of 10,000: the MROs of the first classes", repr([c["mro"] for c in got[:3]]))
rc, got, err = check_json(["overrides", "same", "."], chain)
if s.check(got is not None, "chain of 10,000: overrides answers", f"exit {rc}: {err}"):
    defs = {d["definition"]["line"]: d for d in got["definitions"]}
    wrong = [line for depth, line in same_line.items() if 0 < depth < MRO_MAX and
             (defs.get(line, {}).get("overrides") or {}).get("line") != same_line[depth - 1]]
    deep = [defs.get(same_line[d], {}).get("overrides") for d in (MRO_MAX, N - 1)]
    s.check(len(defs) == N and not wrong and deep == [None, None],
            "chain of 10,000: each X.same overrides the one before (none past MRO_MAX)",
            f"{len(defs)} definitions, wrong at lines {wrong[:5]}, deep: {deep}")

# ---- a ring of 2,000 modules: an inheritance cycle through imports -----------------------------
M = 2000
ring = os.path.join(root, "ring")
write(os.path.join(ring, "p", "__init__.py"), "")
for i in range(M):
    write(os.path.join(ring, "p", f"m{i}.py"),
          f"from p.m{(i + 1) % M} import X\n\n\nclass X(X):\n"
          f"    def none(self):\n        return None\n\n"
          f"    def same(self):\n        return 1\n\n"
          f"    def use(self):\n        return self.missing().value\n")
rc, got, err = check_json(["check", "--no-cache", "--isolated", "--select", "DW203,DW301,DW302",
                           "."], ring)
s.check(got == [], "ring of 2,000 modules: no class has an MRO, nothing reported",
        f"exit {rc}: {err or got[:3]}")
rc, got, err = check_json(["hierarchy", "p.m7.X", "."], ring)
s.check(got is not None and len(got) == 1 and got[0]["no_mro"] == "cycle",
        "ring of 2,000 modules: hierarchy says the bases lead back", f"exit {rc}: {err}{got}")

# ---- a chain of 2,000 modules -------------------------------------------------------------
line_chain = os.path.join(root, "modules")
write(os.path.join(line_chain, "q", "__init__.py"), "")
for i in range(M):
    base = f"from q.m{i + 1} import X\n\n\nclass X(X):\n" if i < M - 1 else "\n\n\nclass X:\n"
    write(os.path.join(line_chain, "q", f"m{i}.py"),
          base + "    def none(self):\n        return None\n\n"
          "    def use(self):\n        return self.none().value\n")
rc, got, err = check_json(["check", "--no-cache", "--isolated", "--select", "DW203", "."],
                          line_chain)
if s.check(got is not None, "chain of 2,000 modules: check answers", f"exit {rc}: {err}"):
    where = sorted(os.path.basename(f["filename"]) for f in got)
    want = sorted(f"m{i}.py" for i in range(M - MRO_MAX, M))  # (m<i>.X's MRO: M - i classes)
    s.check(where == want and all(f["location"]["row"] == 9 for f in got),
            "chain of 2,000 modules: none() dereferenced in each class with an MRO",
            f"{len(got)} found: {where[:5]}")
rc, got, err = check_json(["hierarchy", "q.m1990.X", "."], line_chain)
s.check(got is not None and len(got) == 1 and len(got[0]["mro"]) == 10,
        "chain of 2,000 modules: an MRO across ten modules", f"exit {rc}: {err}{got}")

# ---- the 3-line hang, and a module importing its own class as its base ------------------------
small = os.path.join(root, "small")
write(os.path.join(small, "three.py"), "class B(B):\n    def f(self):\n        return self.g().x\n")
write(os.path.join(small, "alias.py"),
      "from alias import A as B\n\n\nclass A(B):\n    def f(self):\n        return self.g().x\n\n"
      "    def g(self):\n        return 1\n")
rc, got, err = check_json(["check", "--no-cache", "--isolated", "--select", "ALL", "."], small)
s.check(rc == 0 and got == [], "class B(B) and a self-import: nothing, and an answer",
        f"exit {rc}: {err}{got}")
rc, out, err = run(["overrides", "f", "."], small)
s.check(rc == 0 and "overrides B.f" not in out and "overrides A.f" not in out,
        "overrides never says a method overrides itself", out + err)

shutil.rmtree(root, ignore_errors=True)
s.finish()
