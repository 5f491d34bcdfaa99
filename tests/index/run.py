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
  conds/           conditions as printed: precedence and spelling (printing.py), conditions that
                   no longer hold at the call (stale.py), calls in finally bodies (finally_.py);
                   each call of `target` says `# when: CONJUNCTION` (`-`: none), `# called:
                   CONJUNCTION` (what a call since may have changed), `# finally`.
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
    the suite runs the files EXPECTED below names: a missing one fails, and so does a file
    there that EXPECTED does not name;
  - findings: every fixture package is checked with `check --output-format json --no-cache
    --select DW0,DW1,DW2,DW3`, and the inline markers of tests/checks/run.py say what must be
    found: `# expect: DW301 "fragment"` (a finding of that code starts on the line) and `# ok`
    (nothing starts on the line); no finding may be left unaccounted for;
  - equivalences: a qualified name reached through a re-export, or a method a class inherits,
    lists the same calls as the definition itself;
  - determinism: `check --jobs 1` and `--jobs 4` print the same; repeated query runs too;
  - errors: a missing NAME, an unknown class, an unknown qualified name;
  - conds/: the `when:` line of each call, parsed by CPython 3.13, is the tree of its `# when:`
    conjunction (and the `unless a call changed` line that of `# called:`); the JSON conditions, each parsed alone and joined by `and`, are that tree too;
    leaving out any pair of parentheses printed changes the tree or does not parse; each call
    site is listed once, in_finally as marked;
  - a function of 20,000 `if x == i: return target()` guards: every call and its conditions
    (the nearest 64, the rest said to exist), within a hang guard of minutes (`make robustness`,
    bench/robustness/callers.py, measures how it grows).
"""
import glob
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from markers import Marks, fragments_label  # noqa: E402
from suite import Suite, find_python, run  # noqa: E402

s = Suite(__doc__)
DW = os.path.abspath(s.deadwood)
HERE = os.path.dirname(os.path.abspath(__file__))
PACKAGES = {"seed": "deepspeed", "shapes": "shapes", "guards": ".", "cycles": ".",
            "imports": "."}
# The cases of expected/, run in this order: each named file must exist, and a file there that
# this list does not name is a failure too (it would never run).
EXPECTED = [
    "cycles_hierarchy_a.json",
    "cycles_hierarchy_plugin_text.txt",
    "cycles_hierarchy_three_text.txt",
    "cycles_overrides_h_text.txt",
    "cycles_overrides_run_text.txt",
    "guards_callers_columns.json",
    "guards_callers_target_after_prepare.json",
    "seed_callers_async_copy_after_restore.json",
    "seed_callers_copy_grads.json",
    "seed_callers_process_gradients.json",
    "seed_callers_reduce_ready_after_fill.json",
    "seed_callers_reduce_ready_by_name.json",
    "seed_callers_reduce_ready_by_name_text.txt",
    "seed_callers_reduce_ready_text.txt",
    "seed_callers_stage3_reduce_ready.json",
    "seed_hierarchy_zenflow_parallel.json",
    "seed_overrides_async_copy.json",
    "seed_overrides_async_copy_text.txt",
    "seed_overrides_copy_grads.json",
    "shapes_callers_bordered_paint.json",
    "shapes_callers_polygon_area.json",
    "shapes_callers_register.json",
    "shapes_callers_shape_area.json",
    "shapes_hierarchy_button.json",
    "shapes_hierarchy_mixed.json",
    "shapes_hierarchy_mixed_text.txt",
    "shapes_hierarchy_plain.json",
    "shapes_hierarchy_tile.json",
    "shapes_overrides_area_text.txt",
    "shapes_overrides_paint.json",
    "shapes_overrides_polygon_area.json",
]


def dw(args, cwd):
    p = run([DW] + args, cwd=os.path.join(HERE, cwd))
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def query_json(args, cwd):
    rc, out, err = dw(args + ["--output-format", "json"], cwd)
    try:
        return rc, json.loads(out), err
    except ValueError:
        return rc, None, f"not JSON: {out[:300]!r} {err[-300:]}"


def expected_cases(ext):
    """The paths of the EXPECTED files ending in ext that exist (a failure for each missing)."""
    out = []
    for fname in EXPECTED:
        path = os.path.join(HERE, "expected", fname)
        if not fname.endswith(ext):
            continue
        if s.check(os.path.isfile(path), f"expected/{fname} exists",
                   "EXPECTED in tests/index/run.py names it, but the file is missing"):
            out.append(path)
    return out


def check_expected_listed():
    for fname in EXPECTED:
        if not fname.endswith((".json", ".txt")) or EXPECTED.count(fname) > 1:
            s.fail(f"EXPECTED {fname}", "named twice, or neither .json nor .txt: it never runs")
    for fname in sorted(os.listdir(os.path.join(HERE, "expected"))):
        if fname not in EXPECTED:
            s.fail(f"expected/{fname}", "not named in EXPECTED (tests/index/run.py): it never runs")


def check_expected_json():
    for path in expected_cases(".json"):
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
    for path in expected_cases(".txt"):
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
    """{(file relative to the package folder, line): [(code, [fragment])] or 'ok'}; a marker
    that is misspelt or cannot be read is a failure (tests/lib/markers.py)."""
    out = {}
    for path in sorted(glob.glob(os.path.join(root, target, "**", "*.py"), recursive=True)):
        rel = os.path.relpath(path, root)
        marks = Marks(path)
        for why in marks.errors:
            s.fail(f"{os.path.relpath(path, HERE)} markers", why)
        for line in marks.oks:
            out[(rel, line)] = "ok"
        for line, code, fragments, _ in marks.expects:
            out.setdefault((rel, line), []).append((code, fragments))
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
        for code, fragments in want:
            hit = next((f for f in here if f in left and f["code"] == code and
                        all(frag in f["message"] for frag in fragments)), None)
            label = f"{pkg}/{rel}:{line} expect {code}" + fragments_label(fragments)
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
        (re.sub(r"^(\w+)/", lambda m: names.get(m.group(1), m.group(1)) + "/", f), r, m)
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


ORACLE = r"""
import ast, io, json, sys, tokenize

def tree(src):
    try:
        return ast.dump(ast.parse(src, mode="eval"))
    except SyntaxError:
        return None

def parens(src):
    # the (start, end) offsets of each matched pair of parentheses, by tokens (not in strings)
    lines = src.splitlines(True)
    starts = [0]
    for l in lines:
        starts.append(starts[-1] + len(l))
    stack, pairs = [], []
    try:
        for t in tokenize.generate_tokens(io.StringIO(src).readline):
            if t.type == tokenize.OP and t.string == "(":
                stack.append(starts[t.start[0] - 1] + t.start[1])
            elif t.type == tokenize.OP and t.string == ")" and stack:
                pairs.append((stack.pop(), starts[t.start[0] - 1] + t.start[1]))
    except (tokenize.TokenError, SyntaxError):
        pass
    return pairs

out = []
for case in json.load(sys.stdin):
    printed, want, parts = case["printed"], case["want"], case["parts"]
    r = {"same": tree(printed) is not None and tree(printed) == tree(want),
         "parts": all(tree(p) is not None for p in parts) and
                  (not parts or tree(" and ".join("(%s)" % p for p in parts)) == tree(printed)
                   or (len(parts) == 1 and tree(parts[0]) == tree(printed))),
         "redundant": []}
    for a, b in parens(printed):
        inner = tree(printed[a + 1:b])
        if inner and inner.startswith("Expression(body=Tuple("):
            continue  # a tuple keeps its parentheses (as ast.unparse writes it)
        shorter = printed[:a] + printed[a + 1:b] + printed[b + 1:]
        if tree(shorter) is not None and tree(shorter) == tree(printed):
            r["redundant"].append(shorter)
    out.append(r)
json.dump(out, sys.stdout)
"""


def check_conditions():
    py = find_python((3, 13))
    if not s.check(py is not None, "conds: CPython 3.13 to parse what is printed", "not found"):
        return
    rc, listed, err = query_json(["callers", "target", "."], "conds")
    trc, text, terr = dw(["callers", "target", "."], "conds")
    if not s.check(rc == 0 and trc == 0 and listed, "conds: callers runs", f"{err}{terr}"):
        return
    when, called = {}, {}  # (file, row, column) -> the `when:` line, the `unless a call...` line
    at = None
    for line in text.splitlines():
        m = re.match(r"^(?:\./)?(\S+?):(\d+):(\d+): ", line)
        if m:
            at = (m.group(1), int(m.group(2)), int(m.group(3)))
        elif line.startswith("    when: "):
            when[at] = line[len("    when: "):]
        elif line.startswith("    unless a call changed "):
            called[at] = line.split(" since: ", 1)[1]
    places = [(e["filename"].removeprefix("./"), e["location"]["row"], e["location"]["column"]) for e in listed]
    s.check(len(places) == len(set(places)), "conds: each call site listed once",
            str([p for p in places if places.count(p) > 1]))
    cases, labels = [], []
    for e, place in zip(listed, places):
        with open(os.path.join(HERE, "conds", place[0]), encoding="utf-8") as f:
            src = f.read().splitlines()[place[1] - 1]
        m = re.search(r"# when: (.*?)(?:\s+# called: (.*?))?(\s+# finally)?$", src)
        label = f"conds/{place[0]}:{place[1]}"
        if not s.check(m is not None, f"{label} has a `# when:` comment", src):
            continue
        want, want_called = m.group(1), m.group(2)
        s.check(e.get("in_finally") == bool(m.group(3)), f"{label} in_finally", json.dumps(e))
        got_called = e.get("conditions_unless_changed_by_calls")
        if want_called:
            cases.append({"printed": called.get(place, ""), "want": want_called,
                          "parts": got_called or []})
            labels.append(label + " (changed by a call?)")
        else:
            s.check(got_called == [] and place not in called,
                    f"{label} nothing a call may have changed", f"{got_called}")
        s.check(e.get("conditions_complete"), f"{label} conditions complete", json.dumps(e))
        if want == "-":
            s.check(not e["conditions"] and place not in when, f"{label} no condition",
                    f"{e['conditions']} {when.get(place)}")
            continue
        cases.append({"printed": when.get(place, ""), "want": want, "parts": e["conditions"]})
        labels.append(label)
    p = run(py + ["-c", ORACLE], input=json.dumps(cases).encode())
    try:
        verdicts = json.loads(p.stdout)
    except ValueError:
        s.fail("conds: the oracle runs", p.stderr.decode()[-500:])
        return
    for label, case, v in zip(labels, cases, verdicts):
        s.check(v["same"], f"{label} prints `{case['want']}`", f"printed: {case['printed']}")
        s.check(v["parts"], f"{label} JSON conditions are the same conjunction",
                f"{case['parts']} vs {case['printed']}")
        s.check(not v["redundant"], f"{label} no parentheses to spare",
                f"{case['printed']} reads the same as {v['redundant']}")


def check_many_guards():
    """20,000 guards, each ending in a call: the i-th call holds under x != 0 .. x != i - 1 and
    x == i, of which the nearest 64 are listed."""
    import tempfile
    n = 20000
    with tempfile.TemporaryDirectory() as d:
        with open(os.path.join(d, "m.py"), "w") as f:
            f.write("def target():\n    pass\n\n\ndef f(x):\n")
            f.writelines(f"    if x == {i}: return target()\n" for i in range(n))
            f.write("    return target()\n")
        p = run([DW, "callers", "target", "m.py", "--output-format", "json"], cwd=d, timeout=600)
    try:
        got = json.loads(p.stdout)
    except ValueError:
        s.fail("20,000 guards: callers answers", p.stderr.decode()[-300:])
        return
    bad = []
    for i, e in enumerate(got):
        tested = [f"x == {i}"] if i < n else []
        want = [f"x != {k}" for k in range(max(0, i - 64 + len(tested)), i)] + tested
        if e["conditions"] != want or e.get("conditions_complete") != (i < 64):
            bad.append((i, e["conditions"][:3], e.get("conditions_complete")))
    s.check(len(got) == n + 1 and not bad, "20,000 guards: every call, its nearest conditions",
            f"{len(got)} calls; {bad[:3]}")


def main():
    if not os.access(DW, os.X_OK):
        s.fail("deadwood", f"{DW} is not an executable (make deadwood deadwood-asan)")
        s.finish()
    check_expected_listed()
    check_expected_json()
    check_expected_text()
    for pkg, target in PACKAGES.items():
        check_findings(pkg, target)
    check_equivalences()
    check_renames()
    check_determinism()
    check_errors()
    check_conditions()
    check_many_guards()
    s.finish()


main()
