#!/usr/bin/env python3
"""The whole test suite: every suite below, once against the release build and once against the
AddressSanitizer + UndefinedBehaviorSanitizer build. Ends with one line
`N passed, N failed, N skipped`.

    tests/run.py [--strict] [WORD...]    only the suites whose path contains a WORD

A suite is a script run as `script --deadwood BIN --bindir DIR [--flavor release|asan]`; it prints
`FAIL <name>: <why>` for each failure (and `SKIP <name>: <why>` for each skip) and, last, a line
`RESULT <passed> <failed> <skipped>`. A suite that crashes or prints no RESULT line counts as one
failure. So does a suite of the list below whose script is missing, a tests/*/run.py the list
does not name (it would never run), and WORDs that select no suite.

Strict mode (--strict, which `make test STRICT=1` passes, or CI set in the environment, as
.ci/run does): every skip is a failure with its reason, since .ci/run installs everything the
suites need. The suites learn it from DEADWOOD_STRICT (tests/lib/suite.py).
"""
import glob
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
from suite import STRICT_ENV, strict_reason  # noqa: E402

# (script, flavors it runs under). Heavy suites run once, under release only, when their ASan
# run would add minutes and no coverage (the corpus is the same code paths).
SUITES = [
    ("tests/build/run.py", ("release",)),
    ("tests/unit/run.py", ("release", "asan")),
    ("tests/parse/check_ast_table.py", ("release",)),
    ("tests/parse/fixtures.py", ("release", "asan")),
    ("tests/parse/conformance.py", ("release", "asan")),
    ("tests/output/run.py", ("release", "asan")),
    ("tests/toml/run.py", ("release", "asan")),
    ("tests/discover/run.py", ("release", "asan")),
    ("tests/checks/run.py", ("release", "asan")),
    ("tests/checks/dw002_versions.py", ("release",)),
    ("tests/index/run.py", ("release", "asan")),
    ("tests/cli/run.py", ("release", "asan")),
    ("tests/lsp/run.py", ("release", "asan")),
    ("tests/lsp/nvim.py", ("release", "asan")),
    ("tests/fix/run.py", ("release", "asan")),
    ("tests/robust/run.py", ("release", "asan")),
    ("tests/robust/hierarchies.py", ("release", "asan")),
    ("tests/robust/copies.py", ("release", "asan")),
    ("tests/robust/rewritten.py", ("release", "asan")),
    ("tests/notebook/run.py", ("release", "asan")),
    ("tests/fuzz/run.py", ("release",)),
    ("tests/package/run.py", ("release",)),
]


def listing_problems(only):
    """FAIL lines for the suite list itself: scripts it names that are missing, tests/*/run.py
    scripts it does not name, WORDs that select nothing."""
    problems = []
    listed = {script for script, _ in SUITES}
    for script in sorted(listed):
        if not os.path.exists(os.path.join(ROOT, script)) and (
                not only or any(o in script for o in only)):
            problems.append(f"FAIL {script}: the suite list names it, but it does not exist")
    for path in sorted(glob.glob(os.path.join(ROOT, "tests", "*", "run.py"))):
        script = os.path.relpath(path, ROOT)
        if script not in listed:
            problems.append(f"FAIL {script}: a suite script that tests/run.py's list does not "
                            "name, so it never runs")
    for word in only:
        if not any(word in script for script in listed):
            problems.append(f"FAIL {word}: no suite's path contains it")
    return problems


def main():
    args = sys.argv[1:]
    if "--strict" in args:
        os.environ[STRICT_ENV] = "1"
    only = [a for a in args if a != "--strict"]
    strict = strict_reason()
    if strict:
        print(f"every SKIP is a failure {strict}")
    total = [0, 0, 0]
    started = time.time()
    for line in listing_problems(only):
        print(f"  {line}")
        total[1] += 1
    for script, flavors in SUITES:
        path = os.path.join(ROOT, script)
        if not os.path.exists(path):
            continue  # counted above
        if only and not any(o in script for o in only):
            continue
        for flavor in flavors:
            binary = os.path.join(ROOT, "deadwood" if flavor == "release" else "deadwood-asan")
            bindir = os.path.join(ROOT, "build", flavor, "bin")
            t0 = time.time()
            proc = subprocess.run(
                [sys.executable, path, "--deadwood", binary, "--bindir", bindir, "--flavor", flavor],
                cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                errors="replace")
            counts = None
            for line in proc.stdout.splitlines():
                if line.startswith("FAIL ") or line.startswith("SKIP "):
                    print(f"  [{flavor}] {line}")
                elif line.startswith("RESULT "):
                    counts = [int(x) for x in line.split()[1:4]]
            if counts is None or proc.returncode not in (0, 1):
                tail = "\n".join(proc.stdout.splitlines()[-15:])
                print(f"  [{flavor}] FAIL {script}: exited {proc.returncode} without a result\n{tail}")
                counts = [0, 1, 0] if counts is None else [counts[0], counts[1] + 1, counts[2]]
            if strict and counts[2]:  # a suite that does not use tests/lib/suite.py's skip()
                print(f"  [{flavor}] FAIL {script}: {counts[2]} skipped, which fails {strict}")
                counts = [counts[0], counts[1] + counts[2], 0]
            for i in range(3):
                total[i] += counts[i]
            print(f"{script} [{flavor}]: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped"
                  f" ({time.time() - t0:.1f}s)", flush=True)
    print(f"\nall suites: {time.time() - started:.0f}s")
    print(f"{total[0]} passed, {total[1]} failed, {total[2]} skipped")  # alone: CI reads it
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
