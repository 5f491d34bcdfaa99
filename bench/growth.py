#!/usr/bin/env python3
"""growth.py — how deadwood's time grows with a hostile input's size (`make bench-growth`).

Each case builds its input at sizes n, 2n, 4n, ... in a temporary directory, runs deadwood on
it (CPU time of the child, the median of three runs) and fits the slope of log(time) against
log(n) over the sizes: 1 is linear, n log n comes out a little above 1 at these sizes, 2 is
quadratic. A case fails when its slope is above MAX_SLOPE. This is where growth is measured;
the tests (tests/index and the others) build such inputs too, but assert only the answer.

  python3 bench/growth.py [--deadwood PATH] [CASE...]
"""
import math
import os
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MAX_SLOPE = 1.25  # n log n over these sizes stays below; n^1.5 and worse do not


def function_of(d, params, lines, last):
    """m.py: `target`, and `f` made of the lines and a last statement; the callers query."""
    with open(os.path.join(d, "m.py"), "w") as f:
        f.write(f"def target():\n    pass\n\n\ndef f({params}):\n")
        f.writelines(lines)
        f.write(f"    {last}\n")
    return ["callers", "target", "m.py"]


def callers_guards(d, n):
    """`callers` on a function of n `if x == i: return target()` guards (issue: 4,000 of them
    took 39 s, 20,000 never finished)."""
    return function_of(d, "x", (f"    if x == {i}: return target()\n" for i in range(n)),
                       "return target()")


def callers_guards_one_call(d, n):
    """The same guards, ending in `return`, and one call after them."""
    return function_of(d, "x", (f"    if x == {i}:\n        return\n" for i in range(n)),
                       "target()")


def callers_assigned_guards(d, n):
    """n names each assigned, tested and called under: `v_i = g(); if v_i: return target()`."""
    return function_of(d, "g", (f"    v{i} = g()\n    if v{i}: return target()\n"
                                for i in range(n)), "return target()")


CASES = {"callers-guards": (callers_guards, 5000),
         "callers-guards-one-call": (callers_guards_one_call, 5000),
         "callers-assigned-guards": (callers_assigned_guards, 2500)}


def cpu_time(argv, cwd):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    p = subprocess.run(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                       timeout=600)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if p.returncode not in (0, 1):
        raise SystemExit(f"{argv}: exit {p.returncode}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def slope(points):
    xs = [math.log(n) for n, _ in points]
    ys = [math.log(max(t, 1e-4)) for _, t in points]
    mx, my = sum(xs) / len(xs), sum(ys) / len(ys)
    return sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)


def main(argv):
    dw = os.path.join(ROOT, "deadwood")
    if "--deadwood" in argv:
        i = argv.index("--deadwood")
        dw = os.path.abspath(argv[i + 1])
        del argv[i:i + 2]
    names = argv or list(CASES)
    failed = []
    for name in names:
        make, base = CASES[name]
        points = []
        for k in range(4):
            n = base << k
            with tempfile.TemporaryDirectory() as d:
                args = make(d, n)
                points.append((n, sorted(cpu_time([dw] + args, d) for _ in range(3))[1]))
        sl = slope(points)
        print(f"{name}: " + ", ".join(f"n={n} {t:.3f}s" for n, t in points) +
              f"; slope {sl:.2f} ({'ok' if sl <= MAX_SLOPE else 'FAIL'}: at most {MAX_SLOPE})")
        if sl > MAX_SLOPE:
            failed.append(name)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
