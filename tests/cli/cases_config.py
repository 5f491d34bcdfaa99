"""Configuration: lookup (walking up, precedence, nesting, --config, --isolated), every key,
and every kind of error with its file:line:col."""
import json
import os
import re
import shutil
import subprocess
import time

from clilib import *  # noqa: F401,F403
from clilib import _count  # noqa: F401

# ---- configuration ---------------------------------------------------------------------------

def test_config_lookup():
    proj = fresh()
    write(os.path.join(proj, "pyproject.toml"),
          '[project]\nname = "p"\n\n[tool.deadwood]\nselect = ["DW202", "DW102"]\n')
    sub = os.path.join(proj, "pkg", "sub")
    p = dw(["check", "."], sub)
    s.check(p.returncode == 1 and codes(p.stdout) == ["DW102", "DW202"],
            "config found walking up from the current directory", p.stdout + p.stderr)
    p = dw(["check", os.path.join(proj, "pkg")], TMP)
    s.check(codes(p.stdout) == ["DW102", "DW202"], "config found walking up from the path",
            p.stdout + p.stderr)
    v = dw(["check", "-v", "pkg"], proj)
    s.check("deadwood: configuration: pyproject.toml (5 files)" in v.stderr, "-v names the config",
            v.stderr)
    # a deadwood.toml beats a pyproject.toml in the same directory, .deadwood.toml beats both
    write(os.path.join(proj, "deadwood.toml"), 'select = ["DW201"]\n')
    s.check(codes(dw(["check"], proj).stdout) == ["DW201"], "deadwood.toml before pyproject.toml")
    write(os.path.join(proj, ".deadwood.toml"), 'select = ["DW101"]\n')
    s.check(codes(dw(["check"], proj).stdout) == ["DW101"], ".deadwood.toml before deadwood.toml")
    os.remove(os.path.join(proj, ".deadwood.toml"))
    # a pyproject.toml without [tool.deadwood] is passed over
    write(os.path.join(proj, "pkg", "pyproject.toml"), '[tool.black]\nline-length = 99\n')
    s.check(codes(dw(["check", "pkg"], proj).stdout) == ["DW201"],
            "pyproject.toml without [tool.deadwood] is skipped")
    # the closest configuration wins, whole (no merging)
    write(os.path.join(sub, "deadwood.toml"), 'extend-select = []\n')
    p = dw(["check", "-v"], proj)
    f = findings(p.stdout)
    s.check(("pkg/sub/late_check.py", 6, "DW202") in f and
            ("pkg/sub/late_check.py", 12, "DW102") in f and
            ("pkg/nones.py", 6, "DW201") in f and
            not any(c == "DW101" for _, _, c in f),
            "nested configuration applies below it", p.stdout)
    s.check("configuration: pkg/sub/deadwood.toml (1 file)" in p.stderr and
            "configuration: deadwood.toml (6 files)" in p.stderr, "-v lists both configurations",
            p.stderr)
    # --config overrides every discovered file; --isolated ignores them all
    write(os.path.join(TMP, "other.toml"), 'select = ["DW102"]\n')
    p = dw(["check", "--config", os.path.join(TMP, "other.toml")], proj)
    s.check(codes(p.stdout) == ["DW102"], "--config overrides", p.stdout)
    write(os.path.join(proj, "pkg", "deadwood.toml"), "select = [\n")  # broken: --isolated skips it
    p = dw(["check", "--isolated"], proj)
    s.check(p.returncode == 1 and len(findings(p.stdout)) == 6, "--isolated ignores all",
            p.stdout + p.stderr)
    expect("broken nested config is an error without --isolated", dw(["check"], proj), rc=2,
           err_re=r"^pkg/deadwood\.toml:2:1: error: invalid TOML")
    expect("--config that does not exist", dw(["check", "--config", "nope.toml"], proj), rc=2,
           err_has="nope.toml")
    # --config of a pyproject.toml without the table: the defaults
    write(os.path.join(TMP, "cfgdir", "pyproject.toml"), "[tool.other]\n")
    p = dw(["check", "--config", os.path.join(TMP, "cfgdir", "pyproject.toml")], proj)
    s.check(len(findings(p.stdout)) == 6, "--config pyproject.toml without the table", p.stderr)


def test_config_keys():
    proj = fresh()
    f, p = cfg_codes(proj, 'select = ["DW1"]\nextend-select = ["DW201"]\n')
    s.check(sorted({c for *_, c in f}) == ["DW101", "DW102", "DW201"], "key extend-select", p.stdout)
    f, p = cfg_codes(proj, 'ignore = ["DW1", "dereference-before-none-check"]\n')
    s.check(sorted({c for *_, c in f}) == ["DW201"], "key ignore (codes and names)", p.stdout)
    f, p = cfg_codes(proj, 'select = ["DW101"]\n', ["--select", "DW202"])
    s.check(sorted({c for *_, c in f}) == ["DW202"], "--select replaces the config's select")
    f, p = cfg_codes(proj, 'select = ["DW101"]\n', ["--extend-select", "DW202"])
    s.check(sorted({c for *_, c in f}) == ["DW101", "DW202"], "--extend-select adds to it")
    # exclude replaces the defaults (.venv comes back), extend-exclude adds to them
    write(os.path.join(proj, ".venv", "lib.py"), open(os.path.join(TREE, "pkg", "branches.py")).read())
    f, p = cfg_codes(proj, "")
    s.check(not any(".venv" in x[0] for x in f), "default excludes skip .venv", p.stdout)
    f, p = cfg_codes(proj, 'exclude = ["tests"]\n')
    s.check(any(".venv" in x[0] for x in f) and not any("tests/" in x[0] for x in f),
            "key exclude", p.stdout)
    f, p = cfg_codes(proj, 'extend-exclude = ["pkg/sub", "__init__.py"]\n')
    s.check(f is not None and not any(".venv" in x[0] or "sub/" in x[0] or "__init__" in x[0] for x in f)
            and any("tests/" in x[0] for x in f), "key extend-exclude", p.stdout)
    f, p = cfg_codes(proj, 'extend-exclude = ["sub"]\n', ["pkg/sub/late_check.py"])
    s.check(len(f) == 2, "excludes do not apply to files named explicitly", p.stdout)
    f, p = cfg_codes(proj, 'extend-exclude = ["sub"]\nforce-exclude = true\n',
                     ["pkg/sub/late_check.py", "pkg/nones.py"])
    s.check(f == [("pkg/nones.py", 6, "DW201")], "key force-exclude", p.stdout)
    # per-file-ignores: a glob anchored at the config's directory, a basename, and **
    f, p = cfg_codes(proj, '[per-file-ignores]\n"tests/*.py" = ["DW201"]\n"__init__.py" = ["ALL"]\n'
                     '"**/sub/*.py" = ["dereference-before-none-check"]\n')
    s.check(f is not None and sorted(f) == [("pkg/branches.py", 5, "DW101"), ("pkg/nones.py", 6, "DW201"),
                              ("pkg/sub/late_check.py", 12, "DW102")],
            "key per-file-ignores", p.stdout)
    f, p = cfg_codes(proj, '[per-file-ignores]\n"pkg/*.py" = ["DW1"]\n', ["pkg/branches.py"])
    s.check(f == [], "per-file-ignores apply to explicit files", p.stdout)
    f, p = cfg_codes(proj, 'target-version = "py38"\n')
    s.check(p.returncode == 1 and len(f) == 6, "key target-version", p.stderr)
    f, p = cfg_codes(proj, 'respect-gitignore = true\n')
    s.check(len(f) == 6, "key respect-gitignore", p.stderr)
    f, p = cfg_codes(proj, 'cache-dir = "build/dwcache"\n', ["--select", "DW101"])
    p = dw(["check"], proj, cache=True)
    s.check(os.path.isfile(os.path.join(proj, "build", "dwcache", "CACHEDIR.TAG")) and
            not os.path.exists(os.path.join(proj, ".deadwood_cache")), "key cache-dir", p.stderr)
    # [rules.DW301] similarity: the share of equal statements that makes a near copy
    zen = zenflow()
    base = dw(["check", "--select", "DW301"], zen)
    s.check(codes(base.stdout) == ["DW301"], "DW301 at the default similarity (0.6)", base.stdout)
    f, p = cfg_codes(zen, "[rules.DW301]\nsimilarity = 0.9\n", ["--select", "DW301"])
    s.check(f == [] and p.returncode == 0, "similarity 0.9 hides a 5-of-8 copy", p.stdout + p.stderr)
    f, p = cfg_codes(zen, "[rules.DW301]\nsimilarity = 0.5\n", ["--select", "DW301"])
    s.check(f and f[0][2] == "DW301", "similarity 0.5 reports it", p.stdout + p.stderr)
    os.remove(os.path.join(zen, "deadwood.toml"))
    f, p = cfg_codes(zen, "[tool.deadwood.rules.DW301]\nsimilarity = 1\n", ["--select", "DW301"],
                     name="pyproject.toml")
    s.check(f == [] and p.returncode == 0, "similarity in pyproject.toml (integer 1)", p.stderr)
    # two nested configurations with different thresholds in one run
    root = os.path.dirname(zen)
    shutil.copytree(zen, os.path.join(root, "strict"))
    shutil.copytree(zen, os.path.join(root, "loose"))
    write(os.path.join(root, "strict", "deadwood.toml"), "[rules.DW301]\nsimilarity = 0.9\n")
    write(os.path.join(root, "loose", "deadwood.toml"), "[rules.DW301]\nsimilarity = 0.5\n")
    for n in ("pyproject.toml", "deadwood.toml"):
        for d in ("strict", "loose"):
            if n == "pyproject.toml" and os.path.exists(os.path.join(root, d, n)):
                os.remove(os.path.join(root, d, n))
    p = dw(["check", "--select", "DW301", "strict", "loose"], root)
    f = findings(p.stdout)
    s.check([x[:2] for x in f] == [("loose/zenflow.py", 7)] and
            p.stdout.replace("loose/", "") == dw(["check", "--select", "DW301", "."],
                                                 os.path.join(root, "loose")).stdout.replace("./", ""),
            "one run, two DW301 thresholds from two configurations", p.stdout + p.stderr)


def test_config_errors():
    proj = fresh()
    cases = [
        ("pyproject.toml", '[tool.deadwood]\nselect = ["DW1",\n', r"^pyproject\.toml:3:1: error: invalid TOML: "),
        ("deadwood.toml", 'select = ["DW1"]\nx = = 1\n', r"^deadwood\.toml:2:5: error: invalid TOML: "),
        ("pyproject.toml", '[tool.deadwood]\n\nselct = ["DW1"]\n',
         r"^pyproject\.toml:3:1: error: unknown key 'selct' in \[tool\.deadwood\] \(expected one of: select, "),
        ("deadwood.toml", 'select = ["DW1"]\n  output = 1\n', r"^deadwood\.toml:2:3: error: unknown key 'output'"),
        ("deadwood.toml", 'select = "DW1"\n', r"^deadwood\.toml:1:10: error: 'select' expects an array of strings, got a string"),
        ("deadwood.toml", 'ignore = ["DW1", 2]\n', r"^deadwood\.toml:1:18: error: 'ignore' expects an array of strings"),
        ("deadwood.toml", 'select = ["DW999"]\n', r"^deadwood\.toml:1:11: error: unknown rule selector 'DW999'"),
        ("deadwood.toml", 'exclude = ["a[b"]\n', r"^deadwood\.toml:1:12: error: invalid glob 'a\[b'"),
        ("deadwood.toml", '[per-file-ignores]\n"x.py" = ["nope"]\n', r"^deadwood\.toml:2:11: error: unknown rule selector 'nope'"),
        ("deadwood.toml", 'per-file-ignores = ["x.py"]\n', r"^deadwood\.toml:1:20: error: 'per-file-ignores' expects a table"),
        ("deadwood.toml", 'target-version = "py27"\n', r"^deadwood\.toml:1:18: error: unknown target-version 'py27' \(expected one of: py38"),
        ("deadwood.toml", 'force-exclude = "yes"\n', r"^deadwood\.toml:1:17: error: 'force-exclude' expects a boolean, got a string"),
        ("deadwood.toml", 'respect-gitignore = 1\n', r"^deadwood\.toml:1:21: error: 'respect-gitignore' expects a boolean, got an integer"),
        ("deadwood.toml", 'cache-dir = ""\n', r"^deadwood\.toml:1:13: error: 'cache-dir' is empty"),
        ("deadwood.toml", '[rules.DW301]\nsimilarity = 1.5\n', r"^deadwood\.toml:2:14: error: 'similarity' expects a number in \(0, 1\], got 1\.5"),
        ("deadwood.toml", '[rules.DW301]\nsimilarity = 0\n', r"^deadwood\.toml:2:14: error: 'similarity' expects a number in \(0, 1\]"),
        ("deadwood.toml", '[rules.DW301]\nsimilarity = "high"\n', r"^deadwood\.toml:2:14: error: 'similarity' expects a number in \(0, 1\], got a string"),
        ("deadwood.toml", '[rules.DW301]\nsimilarty = 0.5\n', r"^deadwood\.toml:2:1: error: unknown option 'similarty' of rule DW301 \(expected: similarity\)"),
        ("deadwood.toml", '[rules.DW201]\nx = 1\n', r"^deadwood\.toml:1:8: error: rule 'DW201' has no options"),
        ("deadwood.toml", '[rules.DW303]\nclone = true\n', r"^deadwood\.toml:2:1: error: unknown option 'clone' of rule DW303 \(expected: in-tests, clones, changes\)"),
        ("deadwood.toml", '[rules.DW303]\nclones = 1\n', r"^deadwood\.toml:2:10: error: 'clones' expects a boolean, got an integer"),
        ("deadwood.toml", '[rules.DW303]\nchanges = "All"\n', r"^deadwood\.toml:2:11: error: 'changes' expects \"fixes\" or \"all\", got \"All\""),
        ("deadwood.toml", '[rules.DW303]\nchanges = true\n', r"^deadwood\.toml:2:11: error: 'changes' expects \"fixes\" or \"all\", got a boolean"),
        ("deadwood.toml", '[rules.DW303]\nchanges = "all\\u0000"\n', r"^deadwood\.toml:2:11: error: 'changes' expects \"fixes\" or \"all\", got another string"),
        ("deadwood.toml", 'rules = 3\n', r"^deadwood\.toml:1:9: error: 'rules' expects a table"),
        ("pyproject.toml", 'tool = 3\n', r"^pyproject\.toml:1:8: error: 'tool' expects a table"),
        ("pyproject.toml", '[tool]\ndeadwood = "on"\n', r"^pyproject\.toml:2:12: error: 'tool\.deadwood' expects a table"),
        ("deadwood.toml", b'select = ["\xff"]\n', r"^deadwood\.toml:1:12: error: invalid TOML: invalid UTF-8"),
        # a NUL (\u0000) in a string naming a rule, a path or a glob: cut there, "DW1\u0000xx" was
        # DW1 (issue 20); an error at the string, whatever the key
        ("deadwood.toml", 'select = ["DW1\\u0000xx"]\n', r"^deadwood\.toml:1:11: error: a NUL character \(\\u0000\) in the string"),
        ("deadwood.toml", 'ignore = ["DW2", "DW1\\u0000"]\n', r"^deadwood\.toml:1:18: error: a NUL character"),
        ("deadwood.toml", '"select\\u0000x" = ["DW1"]\n', r"^deadwood\.toml:1:1: error: a NUL character \(\\u0000\) in the key"),
        ("deadwood.toml", 'extend-exclude = ["gen\\u0000/*"]\n', r"^deadwood\.toml:1:19: error: a NUL character"),
        ("deadwood.toml", '[per-file-ignores]\n"x\\u0000.py" = ["DW1"]\n', r"^deadwood\.toml:2:1: error: a NUL character \(\\u0000\) in the glob"),
        ("deadwood.toml", 'cache-dir = "c\\u0000"\n', r"^deadwood\.toml:1:13: error: a NUL character"),
        ("deadwood.toml", 'target-version = "py38\\u0000"\n', r"^deadwood\.toml:1:18: error: a NUL character"),
        ("deadwood.toml", 'max-file-size = "1\\u0000MB"\n', r"^deadwood\.toml:1:17: error: a NUL character"),
        ("deadwood.toml", '[rules."DW301\\u0000"]\nsimilarity = 0.5\n', r"^deadwood\.toml:1:8: error: a NUL character \(\\u0000\) in the key"),
        ("deadwood.toml", '[rules.DW301]\n"similarity\\u0000" = 0.5\n', r"^deadwood\.toml:2:1: error: a NUL character \(\\u0000\) in the key"),
    ]
    for i, (name, text, want) in enumerate(cases):
        for n in ("pyproject.toml", "deadwood.toml"):
            if os.path.exists(os.path.join(proj, n)):
                os.remove(os.path.join(proj, n))
        write(os.path.join(proj, name), text, "wb" if isinstance(text, bytes) else "w")
        p = dw(["check"], proj)
        expect(f"config error {i}: {want[1:40]}", p, rc=2, out="", err_re=want)
    # the error names the file as found from a subdirectory too, and under --config
    write(os.path.join(proj, "deadwood.toml"), 'selekt = []\n')
    p = dw(["check", "."], os.path.join(proj, "pkg"))
    expect("config error path from a subdirectory", p, rc=2,
           err_re=r"^(" + re.escape(proj) + r"/|\.\./)?deadwood\.toml:1:1: error: unknown key 'selekt'")
    p = dw(["check", "--config", os.path.join(proj, "deadwood.toml")], TMP)
    expect("config error with --config", p, rc=2,
           err_re=r"^" + re.escape(os.path.relpath(os.path.join(proj, "deadwood.toml"), TMP)) +
           r":1:1: error: unknown key")


NONES = "def f(x):\n    if x is None:\n        return x.y\n\n\nv = 1 if f(0) else 1\n"


def test_config_extend():
    """`extend` (ruff's inheritance, issue 20): the extended file is the base, the extending
    file's keys replace the base's, rule selections apply in order, extend-exclude lists join,
    and relative globs stay anchored to the file that wrote them. Before, a nested configuration
    silently dropped the root's per-file-ignores (and `extend` was an unknown key)."""
    proj = fresh()
    for d in ("sub", "sub/tests", "sub/gen"):
        write(os.path.join(proj, d, "m.py"), NONES)
    write(os.path.join(proj, "pyproject.toml"),
          '[tool.deadwood]\nextend-exclude = ["gen"]\nignore = ["DW101"]\n'
          '[tool.deadwood.per-file-ignores]\n"sub/tests/*" = ["DW2"]\n')
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "../pyproject.toml"\nignore = ["DW102"]\n')
    got = [x for x in findings(dw(["check", "sub"], proj).stdout)]
    s.check(got == [("sub/m.py", 3, "DW201")],
            "extend: the root's per-file-ignores (anchored at the root) and extend-exclude apply "
            "below, with the nested file's ignore", got)
    s.check(("sub/m.py", 3, "DW201") in got and not any(x[0].startswith("sub/gen") for x in got) and
            not any(x[2] in ("DW101", "DW102") for x in got) and
            not any(x[0] == "sub/tests/m.py" and x[2] == "DW201" for x in got),
            "extend: base and extension combined", got)
    # a select in the extending file starts afresh; without one, ignores accumulate
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "../pyproject.toml"\nselect = ["DW1"]\n')
    got = codes(dw(["check", "sub/m.py"], proj).stdout)
    s.check(got == ["DW102"], "extend: the extending file's select replaces the base's selection", got)
    write(os.path.join(proj, "pyproject.toml"), '[tool.deadwood]\nselect = ["DW2"]\n')
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "../pyproject.toml"\nextend-select = ["DW102"]\n')
    got = codes(dw(["check", "sub/m.py"], proj).stdout)
    s.check(got == ["DW102", "DW201"], "extend: extend-select adds to the base's select", got)
    # the extending file's per-file-ignores replace the base's; --config follows extend too
    write(os.path.join(proj, "pyproject.toml"),
          '[tool.deadwood]\n[tool.deadwood.per-file-ignores]\n"sub/*" = ["DW2"]\n')
    write(os.path.join(proj, "sub", "deadwood.toml"),
          'extend = "../pyproject.toml"\n[per-file-ignores]\n"*.py" = ["DW1"]\n')
    got = codes(dw(["check", "sub/m.py"], proj).stdout)
    s.check(got == ["DW201"], "extend: per-file-ignores of the extending file replace the base's", got)
    got = codes(dw(["check", "--config", "deadwood.toml", "m.py"], os.path.join(proj, "sub")).stdout)
    s.check(got == ["DW201"], "extend through --config", got)
    # a chain of three, ~/ and a pyproject.toml without [tool.deadwood]
    write(os.path.join(proj, "base.toml"), 'ignore = ["DW102"]\n')
    write(os.path.join(proj, "pyproject.toml"), '[tool.deadwood]\nextend = "base.toml"\n')
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "../pyproject.toml"\n')
    got = codes(dw(["check", "sub/m.py"], proj).stdout)
    s.check(got == ["DW201"], "extend: a chain of three files", got)
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "~/home.toml"\n')
    write(os.path.join(proj, "home.toml"), 'ignore = ["DW2"]\n')
    got = codes(dw(["check", "sub/m.py"], proj, env={"HOME": proj}).stdout)
    s.check(got == ["DW102"], "extend: ~/ is the home directory", got)
    write(os.path.join(proj, "other", "pyproject.toml"), '[tool.black]\nline-length = 80\n')
    write(os.path.join(proj, "sub", "deadwood.toml"), 'extend = "../other/pyproject.toml"\n')
    got = codes(dw(["check", "sub/m.py"], proj).stdout)
    s.check(got == ["DW102", "DW201"], "extend: a pyproject.toml without [tool.deadwood] adds nothing", got)
    # errors: a cycle (also of one file), a missing file, a wrong type
    errors = [
        ('extend = "deadwood.toml"\n', None,
         r"^sub/deadwood\.toml:1:10: error: circular extend: .*sub/deadwood\.toml is already being read"),
        ('extend = "a.toml"\n', ("a.toml", 'extend = "deadwood.toml"\n'),
         r"^sub/a\.toml:1:10: error: circular extend: .*sub/deadwood\.toml"),
        ('extend = "missing.toml"\n', None,
         r"^sub/deadwood\.toml:1:10: error: cannot read the extended configuration .*missing\.toml: No such file"),
        ('extend = 3\n', None, r"^sub/deadwood\.toml:1:10: error: 'extend' expects a string"),
        ('extend = "bad.toml"\n', ("bad.toml", 'select = ["nope"]\n'),
         r"^sub/bad\.toml:1:11: error: unknown rule selector 'nope'"),
    ]
    for i, (text, other, want) in enumerate(errors):
        write(os.path.join(proj, "sub", "deadwood.toml"), text)
        if other:
            write(os.path.join(proj, "sub", other[0]), other[1])
        expect(f"extend error {i}", dw(["check", "sub"], proj), rc=2, out="", err_re=want)
