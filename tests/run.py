#!/usr/bin/env python3
"""The whole test suite: every suite below, once against the release build and once against the
AddressSanitizer + UndefinedBehaviorSanitizer build. Ends with one line `N passed, N failed`.

A suite is a script run as `script --deadwood BIN --bindir DIR [--flavor release|asan]`; it prints
`FAIL <name>: <why>` for each failure (and `SKIP <name>: <why>` for each skip) and, last, a line
`RESULT <passed> <failed> <skipped>`. A suite that crashes or prints no RESULT line counts as one
failure.
"""
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

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
    ("tests/index/run.py", ("release", "asan")),
    ("tests/cli/run.py", ("release", "asan")),
    ("tests/robust/run.py", ("release", "asan")),
    ("tests/notebook/run.py", ("release", "asan")),
    ("tests/fuzz/run.py", ("release",)),
]


def main():
    only = sys.argv[1:]
    total = [0, 0, 0]
    started = time.time()
    for script, flavors in SUITES:
        path = os.path.join(ROOT, script)
        if not os.path.exists(path):
            continue
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
            for i in range(3):
                total[i] += counts[i]
            print(f"{script} [{flavor}]: {counts[0]} passed, {counts[1]} failed, {counts[2]} skipped"
                  f" ({time.time() - t0:.1f}s)", flush=True)
    print(f"\n{total[0]} passed, {total[1]} failed, {total[2]} skipped "
          f"in {time.time() - started:.0f}s")
    return 1 if total[1] else 0


if __name__ == "__main__":
    sys.exit(main())
