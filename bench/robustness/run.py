#!/usr/bin/env python3
"""`make robustness` (and the robust section of `make bench`): how deadwood's work grows with
hostile input, family by family (issue 22).

Each family (a module of this folder defining FAMILIES) builds an input of size n in a temporary
directory and names the commands to run on it:

  - hierarchies.py: chains, rings and ladders of classes (check, hierarchy, overrides, callers);
  - none_results.py: many calls DW203 asks about;
  - callers.py: `callers` on a function of n guards;
  - parser.py: huge integer literals, the longest `a + a + ...` the parser takes;
  - rules.py: the longest elif chains, through DW104, DW103 and the DW2 rules;
  - globs.py: hostile `extend-exclude` and `.gitignore` patterns over long names, and the states
    the glob automaton visits (tests/drivers/glob_steps) as the pattern and the path grow.

Each command runs at doubling sizes, three times each; the least CPU time counts (user + system,
from the kernel's account of the child: other processes on the machine do not inflate it as
they do wall time). A family whose program prints a step counter (steps=True) is measured by
that count instead, once: it is the same every run. The growth exponent is the least-squares
slope of log(work) against log(n): n log n over 2,000 to 32,000 gives about 1.1, n^2 gives 2 (at
small sizes the fixed cost of a run pulls it down). A command fails when its exponent, or that
of its peak memory (max RSS), passes the family's bound (1.35 unless it says), or when a run
fails or passes its time limit (a hang). Tests never time anything: tests/robust, tests/index,
tests/parse and unit_discover build the same inputs and assert the answers.

    python3 bench/robustness/run.py [--only NAME] [--sizes 1000,2000,...] [--rounds N]
                                    [--deadwood BIN] [--bindir DIR] [--out FILE]

Prints a table and writes it to bench/work/robustness.md (or FILE); exits 1 when a bound is
passed.
"""
import argparse
import glob
import importlib.util
import math
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
WORK = os.path.join(ROOT, "bench", "work")


class Family:
    """name; build(n, dir) writes the input of size n into dir; commands: [(label, argv)], argv
    (a list, or a function of n giving one) without the binary, run in dir; bound: the growth
    exponent not to pass; limit: seconds a run may take (past it, a hang). program: a test
    driver of the build (under --bindir) to run instead of deadwood; steps: the program prints
    the work it did as its last number, measured instead of CPU time."""

    def __init__(self, name, build, commands, sizes=(2000, 4000, 8000, 16000, 32000), bound=1.35,
                 limit=120, program=None, steps=False):
        self.name, self.build, self.commands = name, build, commands
        self.sizes, self.bound, self.limit = sizes, bound, limit
        self.program, self.steps = program, steps


def families():
    out = []
    for path in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(path) == "run.py":
            continue
        spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        out += mod.FAMILIES
    return out


def measure(argv, cwd, limit, steps=False):
    """(work, max rss in KiB, exit status) of one run; None for the work on a timeout. The work
    is CPU seconds: the kernel's account of the child and what it waited for (wait4, to the
    microsecond); with steps, the last number the program printed. The peak memory is GNU
    time's account of the program alone: the child of a fork of this process starts with this
    process's pages, which its own peak would count."""
    fd, out = tempfile.mkstemp(prefix="dw-rss-")
    os.close(fd)
    with tempfile.TemporaryFile() as stdout:
        p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", out] + argv, cwd=cwd,
                             stdout=stdout if steps else subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL,
                             start_new_session=True)  # (its own group: a hang is killed whole)
        deadline = time.time() + limit
        try:
            while True:
                pid, status, ru = os.wait4(p.pid, os.WNOHANG)
                if pid:
                    p.returncode = os.waitstatus_to_exitcode(status)
                    with open(out) as f:
                        rss = int(f.read().split()[-1])
                    work = ru.ru_utime + ru.ru_stime
                    if steps:
                        stdout.seek(0)
                        printed = stdout.read().split()
                        work = int(printed[-1]) if printed else None
                    return work, rss, p.returncode
                if time.time() > deadline:
                    os.killpg(p.pid, signal.SIGKILL)
                    os.wait4(p.pid, 0)
                    p.returncode = -9
                    return None, 0, "timeout"
                time.sleep(0.002)
        finally:
            os.unlink(out)


def slope(points, at):
    """The least-squares slope of log(value) against log(n) (value: points[i][at])."""
    xs = [math.log(p[0]) for p in points]
    ys = [math.log(max(p[at], 1e-6)) for p in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    den = sum((x - mx) ** 2 for x in xs)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / den if den else float("nan")


def shown(work, steps):
    return "-" if work is None else f"{work:,} states" if steps else f"{work:.3f} s"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"))
    ap.add_argument("--bindir", default=os.path.join(ROOT, "build", "release", "bin"),
                    help="where the test drivers a family may run are built (make drivers)")
    ap.add_argument("--only")
    ap.add_argument("--sizes")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--out", default=os.path.join(WORK, "robustness.md"))
    args = ap.parse_args()
    dw = os.path.abspath(args.deadwood)
    rows, failed = [], 0
    for fam in families():
        if args.only and args.only not in fam.name:
            continue
        sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else list(fam.sizes)
        program = os.path.join(os.path.abspath(args.bindir), fam.program) if fam.program else dw
        rounds = 1 if fam.steps else args.rounds  # a count is the same every run
        for label, argv in fam.commands:
            points = []
            for n in sizes:
                d = tempfile.mkdtemp(prefix="dw-robust-" + re.sub(r"\W+", "-", fam.name))
                try:
                    fam.build(n, d)
                    best, rss, status = None, 0, 0
                    for _ in range(rounds):
                        work, peak, rc = measure([program] + (argv(n) if callable(argv) else argv),
                                                 d, fam.limit, fam.steps)
                        if work is None or rc not in (0, 1):
                            best, status = None, rc
                            break
                        best = work if best is None else min(best, work)
                        rss = peak
                    points.append((n, best, rss, status))
                finally:
                    shutil.rmtree(d, ignore_errors=True)
                print(f"{fam.name:<28} {label:<34} n={n:<8} {shown(best, fam.steps):<14} "
                      f"rss={rss // 1024} MB", flush=True)
                if best is None:
                    break
            ok = all(p[1] is not None for p in points)
            e_t = slope(points, 1) if ok else float("nan")
            e_m = slope(points, 2) if ok else float("nan")
            good = ok and not (e_t > fam.bound) and not (e_m > fam.bound)
            failed += not good
            why = "" if ok else f" (run failed: {points[-1][3]})"
            rows.append((fam, label, points, e_t, e_m, good, why))
    lines = ["| family | command | sizes | work: CPU s or states (smallest → largest) | peak RSS "
             "MB | growth exponent, work / memory | bound | |", "|---|---|---|---|---|---|---|---|"]
    for fam, label, points, e_t, e_m, good, why in rows:
        lines.append(f"| {fam.name} | `{label}` | {points[0][0]:,}–{points[-1][0]:,} | "
                     f"{shown(points[0][1], fam.steps)} → {shown(points[-1][1], fam.steps)} | "
                     f"{points[0][2] // 1024} → {points[-1][2] // 1024} | {e_t:.2f} / {e_m:.2f} | "
                     f"{fam.bound} | {'ok' if good else 'FAIL' + why} |")
    table = "\n".join(lines)
    print("\n" + table)
    os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
    with open(args.out, "w") as f:
        f.write(f"# Robustness: growth with hostile input ({time.strftime('%Y-%m-%d %H:%M')})\n\n"
                "Generated by `bench/robustness/run.py` (`make robustness`, and the robust section "
                "of `make bench`).\nWork: the least CPU seconds (user + system) of three runs of "
                "one process, or the states a\ncounter reports; the growth exponent is the "
                "least-squares slope of log(work) and of log(peak RSS)\nagainst log(n) (1: linear, "
                "2: quadratic; the fixed cost of a run pulls it down at small sizes).\n\n"
                f"{table}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
