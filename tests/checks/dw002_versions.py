#!/usr/bin/env python3
"""DW002's versions, computed from the interpreters: for each tests/checks/DW002 fixture with an
expectation, the oldest installed CPython that parses it (3.8-3.13 through pyenv, 3.14 through
pyodide; 3.15 when none does) must be the newest version DW002's messages name for the file
("requires Python 3.X"). And no DW002 on the 3.13 standard library with target py313.

The fixture folder's deadwood.toml sets target-version = "py38"; run.py checks the lines.
"""
import json
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [os.path.join(HERE, "..", "lib"), os.path.join(HERE, "..", "parse")]
from suite import Suite  # noqa: E402
import conformance  # noqa: E402

s = Suite(__doc__)
FOLDER = os.path.join(HERE, "DW002")
PROBE = ("import ast, sys\n"
         "for p in sys.argv[1:]:\n"
         "    try:\n"
         "        ast.parse(open(p, 'rb').read(), p)\n"
         "        print('ok')\n"
         "    except (SyntaxError, ValueError, MemoryError, RecursionError):\n"
         "        print('no')\n")


def interpreters():
    """[(minor, python3)] of the installed CPython 3.8 to 3.13."""
    out = []
    for minor in range(8, 14):
        exes = conformance.exes_of(minor)
        if exes:
            out.append((minor, exes[0]))
    return out


def check_target_sources():
    """Where the target comes from: --target-version, then the configuration's target-version,
    then the nearest pyproject.toml's [project] requires-python lower bound, else none."""
    import tempfile
    with tempfile.TemporaryDirectory(prefix="dw-dw002-") as d:
        src = os.path.join(d, "pkg", "m.py")
        os.makedirs(os.path.dirname(src))
        with open(src, "w") as f:
            f.write("name = 'x'\ngreeting = t'Hello {name}'\n")

        def messages(*extra):
            p = subprocess.run([s.deadwood, "check", "--output-format", "json", "--no-cache",
                                "--select", "DW002", *extra, src], stdout=subprocess.PIPE,
                               text=True, cwd=d)
            return [f["message"] for f in json.loads(p.stdout or "[]")]

        s.check(messages() == [], "DW002: no target, no finding", repr(messages()))
        with open(os.path.join(d, "pyproject.toml"), "w") as f:
            f.write('[project]\nname = "p"\nrequires-python = ">=3.10, <4"\n')
        got = messages()
        s.check(len(got) == 1 and got[0].endswith("target-version is py310"),
                "DW002: target from requires-python", repr(got))
        got = messages("--target-version", "py314")
        s.check(got == [], "DW002: --target-version replaces requires-python", repr(got))
        with open(os.path.join(d, "pyproject.toml"), "a") as f:
            f.write('[tool.deadwood]\ntarget-version = "py312"\n')
        got = messages()
        s.check(len(got) == 1 and got[0].endswith("target-version is py312"),
                "DW002: the configuration's target-version wins over requires-python", repr(got))


def main():
    every = sorted(os.path.join(FOLDER, f) for f in os.listdir(FOLDER) if f.endswith(".py"))
    files = [f for f in every if "# expect: DW002" in open(f, encoding="utf-8").read()]
    lookalikes = [f for f in every if f not in files]
    accepted = {f: None for f in files}
    found = interpreters()
    if len(found) < 6:
        s.skip("DW002 versions", f"only CPython {[m for m, _ in found]} installed (3.8-3.13 needed)")
        s.finish()
    for minor, exe in found:
        p = subprocess.run([exe, "-c", PROBE] + files, stdout=subprocess.PIPE, text=True)
        for f, verdict in zip(files, p.stdout.split()):
            if verdict == "ok" and accepted[f] is None:
                accepted[f] = minor
    # the look-alikes (no expectation) must be what the folder's target, 3.8, accepts
    exe8 = dict(found).get(8)
    p = subprocess.run([exe8, "-c", PROBE] + lookalikes, stdout=subprocess.PIPE, text=True)
    for f, verdict in zip(lookalikes, p.stdout.split()):
        s.check(verdict == "ok", f"DW002/{os.path.basename(f)}: CPython 3.8 parses it",
                "a look-alike that 3.8 rejects proves nothing")
    if conformance.pyodide_modules():
        refs = conformance.pyodide_references([f for f in files if accepted[f] is None],
                                              "dw002")
        for f, ref in refs.items():
            if ref.digest is not None:
                accepted[f] = 14
    else:
        s.skip("DW002 versions 3.14", "no pyodide: 3.14 forms are taken as 3.15's")
    p = subprocess.run([s.deadwood, "check", "--output-format", "json", "--no-cache", "--select",
                        "DW002"] + files, stdout=subprocess.PIPE, text=True)
    by_file = {}
    for f in json.loads(p.stdout or "[]"):
        by_file.setdefault(os.path.realpath(f["filename"]), []).append(f["message"])
    for f in files:
        want = accepted[f] if accepted[f] is not None else 15
        msgs = by_file.get(os.path.realpath(f), [])
        got = sorted({int(m.group(1)) for m in
                      (re.search(r"requires Python 3\.(\d+)", x) for x in msgs) if m})
        # a file may hold an older construct with the newer one (a match with `case +1`):
        # the newest that DW002 names is what the file needs
        s.check(got and got[-1] == want, f"DW002/{os.path.basename(f)} version",
                f"CPython 3.{want} is the oldest that parses it; DW002 says {got}: {msgs}")
    check_target_sources()
    top = None
    for minor, exe in found:
        if minor == 13:
            top = subprocess.run([exe, "-c", "import sysconfig; print(sysconfig.get_paths()"
                                  "['stdlib'])"], stdout=subprocess.PIPE, text=True).stdout.strip()
    if top:
        p = subprocess.run([s.deadwood, "check", "--output-format", "json", "--no-cache",
                            "--isolated", "--select", "DW002", "--target-version", "py313", top],
                           stdout=subprocess.PIPE, text=True)
        got = json.loads(p.stdout or "[]")
        s.check(p.returncode in (0, 1) and not got, "no DW002 on the 3.13 stdlib at py313",
                f"exit {p.returncode}, {len(got)} findings: {got[:3]}")
    s.finish()


main()
