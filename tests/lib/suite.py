"""Helpers shared by the suites: argument parsing and the FAIL/SKIP/RESULT protocol of tests/run.py.

Strict mode (under CI, or `make test STRICT=1`): a check that cannot run because something it
needs is missing is a failure, not a skip, so that the suite cannot go green by shrinking."""
import argparse
import os
import shutil
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
STRICT_ENV = "DEADWOOD_STRICT"


def strict_reason():
    """Why skips are failures in this run (DEADWOOD_STRICT=1, which tests/run.py --strict sets,
    or CI set to anything but empty/0/false/no), or None."""
    if os.environ.get(STRICT_ENV, "") not in ("", "0"):
        return "in strict mode (make test STRICT=1 or tests/run.py --strict)"
    if os.environ.get("CI", "").strip().lower() not in ("", "0", "false", "no", "off"):
        return "under CI (CI=%s)" % os.environ["CI"]
    return None


class Suite:
    def __init__(self, description=""):
        ap = argparse.ArgumentParser(description=description)
        ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"))
        ap.add_argument("--bindir", default=os.path.join(ROOT, "build", "release", "bin"))
        ap.add_argument("--flavor", default="release")
        ap.add_argument("-v", "--verbose", action="store_true")
        self.args, self.rest = ap.parse_known_args()
        self.deadwood = self.args.deadwood
        self.bindir = self.args.bindir
        self.flavor = self.args.flavor
        self.passed = self.failed = self.skipped = 0
        self.strict = strict_reason()

    def ok(self, name):
        self.passed += 1
        if self.args.verbose:
            print(f"PASS {name}")

    def fail(self, name, why):
        self.failed += 1
        why = str(why).replace("\n", "\n    ")
        print(f"FAIL {name}: {why}", flush=True)

    def skip(self, name, why):
        """A check that cannot run here; in strict mode a failure, since CI installs everything
        the suites need (.ci/run) and a skip there is a broken install step."""
        if self.strict:
            self.fail(name, f"would be skipped, which fails {self.strict}: {why}")
            return
        self.skipped += 1
        print(f"SKIP {name}: {why}", flush=True)

    def check(self, cond, name, why=""):
        if cond:
            self.ok(name)
        else:
            self.fail(name, why)
        return cond

    def driver(self, exe, args=(), label=None):
        """Runs a C test driver (tests/drivers/unit.h) and adds its RESULT line to the counts;
        its FAIL lines are printed under `label`. Returns the driver's other output lines."""
        label = label or os.path.basename(exe)
        p = subprocess.run([exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                           text=True, errors="replace")
        got, rest = None, []
        for line in p.stdout.splitlines():
            if line.startswith("FAIL "):
                print(f"FAIL {label}: {line[5:]}")
            elif line.startswith("RESULT "):
                got = [int(x) for x in line.split()[1:4]]
            else:
                rest.append(line)
        if got is None or p.returncode not in (0, 1):
            self.fail(label, f"exit {p.returncode}, no RESULT line:\n" + p.stdout[-2000:])
        else:
            self.passed += got[0]
            self.failed += got[1]
            if got[2] and self.strict:
                self.fail(label, f"{got[2]} checks skipped, which fails {self.strict}")
            else:
                self.skipped += got[2]
        return rest

    def finish(self):
        print(f"RESULT {self.passed} {self.failed} {self.skipped}", flush=True)
        raise SystemExit(1 if self.failed else 0)


def find_python(minimum=(3, 13)):
    """The newest CPython >= minimum on this machine, as an argv prefix, or None."""
    cands = []
    home = os.path.expanduser("~/.pyenv/versions")
    if os.path.isdir(home):
        for v in os.listdir(home):
            exe = os.path.join(home, v, "bin", "python3")
            parts = v.split(".")
            if os.path.exists(exe) and len(parts) >= 2 and parts[0].isdigit() and parts[1].isdigit():
                cands.append(((int(parts[0]), int(parts[1])), [exe]))
    for minor in range(20, minimum[1] - 1, -1):
        exe = shutil.which(f"python3.{minor}")
        if exe:
            cands.append(((3, minor), [exe]))
    cands = [c for c in cands if c[0] >= minimum]
    # newest first; on a tie, the pyenv installation before a PATH entry (a pyenv shim of a
    # version pyenv has not selected is found on PATH but refuses to start)
    cands.sort(key=lambda c: (c[0], home in c[1][0]), reverse=True)
    for _, argv in cands:
        try:
            if subprocess.run(argv + ["-c", "pass"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0:
                return argv
        except OSError:
            continue
    return None


def run(argv, **kw):
    kw.setdefault("stdout", subprocess.PIPE)
    kw.setdefault("stderr", subprocess.PIPE)
    return subprocess.run(argv, **kw)
