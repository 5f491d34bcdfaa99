#!/usr/bin/env python3
"""`make robustness`: how deadwood's work grows with hostile input, family by family.

Each family (a module of this folder defining FAMILIES) builds an input of size n in a temporary
directory and names the deadwood commands to run on it. Each command runs at doubling sizes,
three times each; the least CPU time counts (user + system, from the kernel's account of the
child: other processes on the machine do not inflate it as they do wall time). The growth
exponent is the least-squares slope of log(CPU time) against log(n): n log n over 2,000 to 32,000
gives about 1.1, n^2 gives 2 (at small sizes the fixed cost of a run pulls it down). A command
fails when its exponent, or that of its peak memory (max RSS), passes the family's bound (1.35
unless it says), or when a run fails or passes its time limit (a hang).

    python3 bench/robustness/run.py [--only NAME] [--sizes 1000,2000,...] [--rounds N]
                                    [--deadwood BIN]

Prints a table and writes it to bench/work/robustness.md; exits 1 when a bound is passed.
"""
import argparse
import glob
import importlib.util
import math
import os
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
    without the binary, run in dir; bound: the growth exponent not to pass."""

    def __init__(self, name, build, commands, sizes=(2000, 4000, 8000, 16000, 32000), bound=1.35,
                 limit=120):
        self.name, self.build, self.commands = name, build, commands
        self.sizes, self.bound, self.limit = sizes, bound, limit


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


def measure(argv, cwd, limit):
    """(cpu seconds, max rss in KiB, exit status) of one run; None for the time on a timeout.
    The CPU time is the kernel's account of the child and what it waited for (wait4, to the
    microsecond). The peak memory is GNU time's account of deadwood alone: the child of a fork
    of this process starts with this process's pages, which its own peak would count."""
    fd, out = tempfile.mkstemp(prefix="dw-rss-")
    os.close(fd)
    p = subprocess.Popen(["/usr/bin/time", "-f", "%M", "-o", out] + argv, cwd=cwd,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)  # (its own group: a hang is killed whole)
    deadline = time.time() + limit
    try:
        while True:
            pid, status, ru = os.wait4(p.pid, os.WNOHANG)
            if pid:
                p.returncode = os.waitstatus_to_exitcode(status)
                with open(out) as f:
                    rss = int(f.read().split()[-1])
                return ru.ru_utime + ru.ru_stime, rss, p.returncode
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"))
    ap.add_argument("--only")
    ap.add_argument("--sizes")
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    dw = os.path.abspath(args.deadwood)
    rows, failed = [], 0
    for fam in families():
        if args.only and args.only not in fam.name:
            continue
        sizes = [int(x) for x in args.sizes.split(",")] if args.sizes else list(fam.sizes)
        for label, argv in fam.commands:
            points = []
            for n in sizes:
                d = tempfile.mkdtemp(prefix=f"dw-robust-{fam.name}-")
                try:
                    fam.build(n, d)
                    best, rss, status = None, 0, 0
                    for _ in range(args.rounds):
                        cpu, peak, rc = measure([dw] + argv, d, fam.limit)
                        if cpu is None or rc not in (0, 1):
                            status = rc
                            break
                        best = cpu if best is None else min(best, cpu)
                        rss = peak
                    points.append((n, best, rss, status))
                finally:
                    shutil.rmtree(d, ignore_errors=True)
                print(f"{fam.name:<22} {label:<28} n={n:<7} cpu={best if best is None else round(best, 3)}"
                      f" s  rss={rss // 1024} MB", flush=True)
                if best is None:
                    break
            ok = all(p[1] is not None for p in points)
            e_t = slope(points, 1) if ok else float("nan")
            e_m = slope(points, 2) if ok else float("nan")
            good = ok and not (e_t > fam.bound) and not (e_m > fam.bound)
            failed += not good
            why = "" if ok else f" (run failed: {points[-1][3]})"
            rows.append((fam.name, label, points, e_t, e_m, fam.bound, good, why))
    lines = ["| family | command | sizes | CPU s (smallest → largest) | peak RSS MB | growth "
             "exponent, time / memory | bound | |", "|---|---|---|---|---|---|---|---|"]
    for name, label, points, e_t, e_m, bound, good, why in rows:
        lines.append(f"| {name} | `{label}` | {points[0][0]:,}–{points[-1][0]:,} | "
                     f"{points[0][1] or 0:.3f} → {points[-1][1] or 0:.3f} | "
                     f"{points[0][2] // 1024} → {points[-1][2] // 1024} | {e_t:.2f} / {e_m:.2f} | "
                     f"{bound} | {'ok' if good else 'FAIL' + why} |")
    table = "\n".join(lines)
    print("\n" + table)
    os.makedirs(WORK, exist_ok=True)
    with open(os.path.join(WORK, "robustness.md"), "w") as f:
        f.write(f"deadwood robustness, {time.strftime('%Y-%m-%d %H:%M')}\n\n{table}\n")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
