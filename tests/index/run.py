#!/usr/bin/env python3
"""The whole-tree index and its queries, on multi-module fixture packages.

Fixture packages (each folder is a tree the binary is run on, from inside that folder):
  seed/deepspeed/  the review thread of shared/seed reproduced: ZeRO 1/2 with its fixed base
                   method, ZeRO 3, the engine's coalesced flushes, ZenFlow's subclasses whose
                   Parallel override still carries the dead branch; re-exports, relative and
                   absolute imports, closures registered as hooks.
  shapes/shapes/   relative imports (one and two levels), re-exports and aliases, a base in one
                   module and subclasses in others, a diamond, methods inherited unchanged,
                   overrides calling super(), bases outside the tree, same-named look-alikes.
  guards/          the conditions the callers query reports, and --after; columns in a file
                   that is not ASCII (characters, not bytes).
  cycles/          bases that lead back to their class: a class named as the base it imports
                   (which is the imported class), an inheritance cycle across modules, a module
                   importing its own class as its base, `class B(B)` with no B before (the hang
                   of issue 20).
  imports/         modules Python's import system finds from each file's root: a package over
                   a module of the same name beside it; two top-level modules of one name in
                   two directories (each file imports its own directory's; from a third
                   directory the import is ambiguous: unresolved).

What is asserted:
  - expected/*.json: {"cwd", "args", "output"}: `deadwood ARGS --output-format json` run in
    tests/index/CWD prints exactly that JSON (written and checked by hand against the sources);
  - expected/*.txt: first line `$ (CWD) deadwood ARGS`, the rest the exact text output;
  - findings: every fixture package is checked with `check --output-format json --no-cache
    --select DW0,DW1,DW2,DW3`, and the inline markers of tests/checks/run.py say what must be
    found: `# expect: DW301 "fragment"` (a finding of that code starts on the line) and `# ok`
    (nothing starts on the line); no finding may be left unaccounted for;
  - equivalences: a qualified name reached through a re-export, or a method a class inherits,
    lists the same calls as the definition itself;
  - determinism: `check --jobs 1` and `--jobs 4` print the same; repeated query runs too;
  - errors: a missing NAME, an unknown class, an unknown qualified name.
"""
import glob
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite, run  # noqa: E402

s = Suite(__doc__)
DW = os.path.abspath(s.deadwood)
HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = {"seed": "deepspeed", "shapes": "shapes", "guards": ".", "cycles": ".",
            "imports": "."}
MARK = re.compile(r'#\s*(expect:\s*(?P<spec>DW\d{3}.*?)|ok(?::.*)?)\s*$')
ITEM = re.compile(r'\s*(DW\d{3})(?:\s+"([^"]*)")?\s*')


def dw(args, cwd):
    p = run([DW] + args, cwd=os.path.join(HERE, cwd))
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def query_json(args, cwd):
    rc, out, err = dw(args + ["--output-format", "json"], cwd)
    try:
        return rc, json.loads(out), err
    except ValueError:
        return rc, None, f"not JSON: {out[:300]!r} {err[-300:]}"


def check_expected_json():
    for path in sorted(glob.glob(os.path.join(HERE, "expected", "*.json"))):
        name = os.path.basename(path)[:-5]
        with open(path, encoding="utf-8") as f:
            case = json.load(f)
        rc, got, err = query_json(case["args"], case["cwd"])
        if not s.check(rc == 0 and got is not None, f"{name} runs", f"exit {rc}: {err}"):
            continue
        want = case["output"]
        if got == want:
            s.ok(f"{name} output")
            continue
        if isinstance(want, list) and isinstance(got, list):  # say which entries differ
            missing = [w for w in want if w not in got]
            extra = [g for g in got if g not in want]
            why = "".join(f"\n  missing {json.dumps(w)}" for w in missing)
            why += "".join(f"\n  unexpected {json.dumps(g)}" for g in extra)
            s.fail(f"{name} output", why or "same entries, another order")
        else:
            s.fail(f"{name} output", f"got {json.dumps(got)}")


def check_expected_text():
    for path in sorted(glob.glob(os.path.join(HERE, "expected", "*.txt"))):
        name = os.path.basename(path)[:-4]
        with open(path, encoding="utf-8") as f:
            head, _, want = f.read().partition("\n")
        m = re.fullmatch(r"\$ \((\w+)\) deadwood (.*)", head)
        if not s.check(m is not None, f"{name} header", head):
            continue
        rc, out, err = dw(m.group(2).split(), m.group(1))
        s.check(rc == 0 and out == want, f"{name} text output",
                f"exit {rc}\n--- got\n{out}--- want\n{want}{err[-300:]}")


def markers(root, target):
    """{(file relative to the package folder, line): [(code, fragment)] or 'ok'}"""
    out = {}
    for path in sorted(glob.glob(os.path.join(root, target, "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as f:
            for no, line in enumerate(f, 1):
                m = MARK.search(line)
                if not m:
                    continue
                if m.group("spec") is None:
                    out[(rel, no)] = "ok"
                    continue
                items = [ITEM.fullmatch(x) for x in m.group("spec").split(",")]
                if not all(items):
                    s.fail(f"{rel}:{no} marker", f"cannot read {line.strip()!r}")
                    continue
                out[(rel, no)] = [(i.group(1), i.group(2)) for i in items]
    return out


def check_findings(pkg, target):
    root = os.path.join(HERE, pkg)
    argv = ["check", "--output-format", "json", "--no-cache", "--select", "DW0,DW1,DW2,DW3",
            target]
    rc, out, err = dw(argv, pkg)
    try:
        findings = json.loads(out)
    except ValueError:
        s.fail(f"{pkg} check", f"exit {rc}: {out[:300]!r} {err[-500:]}")
        return
    s.check(rc in (0, 1), f"{pkg} check exit status", f"exit {rc}: {err[-500:]}")
    left = list(findings)
    for (rel, line), want in sorted(markers(root, target).items()):
        here = [f for f in findings
                if os.path.normpath(f["filename"]) == os.path.normpath(rel)
                and f["location"]["row"] == line]
        if want == "ok":
            s.check(not here, f"{pkg}/{rel}:{line} ok",
                    "; ".join(f"{f['code']} {f['message']}" for f in here))
            continue
        for code, frag in want:
            hit = next((f for f in here if f in left and f["code"] == code and
                        (frag is None or frag in f["message"])), None)
            label = f"{pkg}/{rel}:{line} expect {code}" + (f' "{frag}"' if frag else "")
            if s.check(hit is not None, label,
                       "missing; found " + "; ".join(f"{f['code']} {f['message']}" for f in here)):
                left.remove(hit)
    s.check(not left, f"{pkg} no unexpected findings",
            "\n".join(f"{f['filename']}:{f['location']['row']}: {f['code']} {f['message']}"
                      for f in left))


def check_equivalences():
    pairs = [
        ("shapes", ["callers", "shapes.register", "shapes"],
         ["callers", "shapes.util.register", "shapes"], "a re-exported function"),
        ("shapes", ["callers", "Square.area", "shapes"],
         ["callers", "Polygon.area", "shapes"], "a method Square inherits"),
        ("shapes", ["hierarchy", "shapes.mixins.Badge", "shapes"],
         ["hierarchy", "Badge", "shapes"], "module.Class"),
        ("seed", ["callers", "ZenFlowZeroOptimizerSequential.copy_grads_in_partition", "deepspeed"],
         ["callers", "DeepSpeedZeroOptimizer.copy_grads_in_partition", "deepspeed"],
         "copy_grads_in_partition as ZenFlow inherits it"),
    ]
    for cwd, a, b, what in pairs:
        ra, ja, ea = query_json(a, cwd)
        rb, jb, eb = query_json(b, cwd)
        s.check(ra == rb == 0 and ja is not None and ja == jb and ja != [],
                f"{' '.join(a[:2])} is {' '.join(b[:2])} ({what})",
                f"{ja}\n  vs\n{jb}\n{ea}{eb}")


def check_determinism():
    trees = [("seed", "deepspeed"), ("shapes", "shapes"), ("guards", ".")]
    for cwd, target in trees:
        outs = [dw(["check", "--output-format", "json", "--no-cache", "--select", "ALL", "--jobs",
                    j, target], cwd)[1] for j in ("1", "4")]
        s.check(outs[0] == outs[1] and outs[0].startswith("["),
                f"{cwd}: check --jobs 1 and --jobs 4 agree", f"{outs[0][:300]}\n{outs[1][:300]}")
    checks = os.path.join(HERE, "..", "checks")
    argv = ["check", "--output-format", "json", "--no-cache", "--select", "DW203,DW301,DW302"]
    outs = [dw(argv + ["--jobs", j, "DW203", "DW301", "DW302"], checks)[1] for j in ("1", "4")]
    s.check(outs[0] == outs[1] and outs[0].count('"code"') >= 30,
            "tests/checks: whole-tree rules agree under --jobs 1 and --jobs 4", outs[0][:300])
    for cwd, args in [("seed", ["callers", "reduce_ready_partitions_and_remove_grads", "deepspeed",
                                "--after", "_fill_param_grad_accum_attribute"]),
                      ("shapes", ["overrides", "area", "shapes"]),
                      ("shapes", ["hierarchy", "Button", "shapes"])]:
        outs = {dw(args, cwd)[1] for _ in range(4)}
        s.check(len(outs) == 1, f"{args[0]} {args[1]}: repeated runs agree", "\n---\n".join(outs))


def check_renames():
    """Which module an import finds does not depend on the directories' names: the findings of
    imports/ are the same (up to the renames) with its directories renamed so that their order
    is reversed."""
    src = os.path.join(HERE, "imports")
    tmp = tempfile.mkdtemp(prefix="dw-index-renames-")
    names = {"one": "zz_one", "two": "aa_two", "other": "mm_other"}
    for top in os.listdir(src):
        shutil.copytree(os.path.join(src, top), os.path.join(tmp, names.get(top, top))) \
            if os.path.isdir(os.path.join(src, top)) else \
            shutil.copy(os.path.join(src, top), os.path.join(tmp, top))
    argv = ["check", "--output-format", "json", "--no-cache", "--select", "DW2", "."]

    def findings(cwd):
        p = run([DW] + argv, cwd=cwd)
        try:
            return sorted((f["filename"], f["location"]["row"], f["message"])
                          for f in json.loads(p.stdout))
        except ValueError:
            return None

    before, after = findings(src), findings(tmp)
    renamed = None if before is None else sorted(
        (re.sub(r"^\./(\w+)/", lambda m: "./" + names.get(m.group(1), m.group(1)) + "/", f), r, m)
        for f, r, m in before)
    s.check(before and after == renamed, "imports: the same findings with directories renamed",
            f"{before}\n  vs\n{after}")
    shutil.rmtree(tmp, ignore_errors=True)
    rc, out, err = dw(["check", "--no-cache", "--select", "DW2", "-v", "."], "imports")
    s.check("2 module names found in more than one root (conf, run)" in err,
            "imports: -v names the module names found in several roots", err)


def check_errors():
    rc, out, err = dw(["callers"], "seed")
    s.check(rc == 2 and "Usage" in err, "callers without NAME: usage error", f"exit {rc}: {err}")
    rc, out, err = dw(["hierarchy", "NoSuchClass", "deepspeed"], "seed")
    s.check(rc == 1 and "no class NoSuchClass" in err, "hierarchy of an unknown class",
            f"exit {rc}: {err}")
    rc, out, err = dw(["callers", "NoSuchClass.copy_grads_in_partition", "deepspeed",
                       "--output-format", "json"], "seed")
    listed = json.loads(out) if rc == 0 else []
    s.check(rc == 0 and "listing calls by name" in err and len(listed) == 2 and
            all(c["reach"] == "by name" for c in listed),
            "callers of an unknown qualified name lists calls by name", f"exit {rc}: {out}{err}")
    rc, out, err = dw(["callers", "copy_grads_in_partition", "deepspeed", "--output-format",
                       "yaml"], "seed")
    s.check(rc == 2, "callers --output-format yaml is a usage error", f"exit {rc}: {err}")


def main():
    if not os.access(DW, os.X_OK):
        s.fail("deadwood", f"{DW} is not an executable (make deadwood deadwood-asan)")
        s.finish()
    check_expected_json()
    check_expected_text()
    for pkg, target in PACKAGES.items():
        check_findings(pkg, target)
    check_equivalences()
    check_renames()
    check_determinism()
    check_errors()
    s.finish()


main()
