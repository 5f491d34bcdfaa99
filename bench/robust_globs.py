#!/usr/bin/env python3
"""Robustness benchmark: how glob matching grows with the pattern and the path (issues 20 and 22).

The backtracking matchers deadwood had took time exponential in the number of stars (`*****x`
against a 200-character name: nearly a minute, x40 per star). The automaton (src/discover/nfa.c)
visits at most (pattern size + 2) x (path length + 1) states. This prints, for each family of
hostile patterns, the states visited (build/release/bin/glob_steps, the counter the tests assert
bounds on) as the pattern grows and as the path grows, the growth exponent between the first and
last sizes (1.0 = linear), and the wall time of a whole `deadwood check` whose configuration
excludes with the largest pattern.

    python3 bench/robust_globs.py [--deadwood ./deadwood] [--bindir build/release/bin]
"""
import argparse
import math
import os
import shutil
import subprocess
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def steps(bindir, dialect, pattern, text):
    out = subprocess.run([os.path.join(bindir, "glob_steps"), dialect, pattern, text],
                         stdout=subprocess.PIPE, text=True, check=True).stdout.split()
    return int(out[0]), int(out[1])


def exponent(xs, ys):
    return math.log(ys[-1] / ys[0]) / math.log(xs[-1] / xs[0])


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"))
    ap.add_argument("--bindir", default=os.path.join(ROOT, "build", "release", "bin"))
    args = ap.parse_args()
    families = [  # (dialect, repeated unit, tail, what)
        ("glob", "*?", "x", "pairs of `*?`"),
        ("glob", "*", "x", "a run of stars"),
        ("glob", "{*,?}", "x", "alternations `{*,?}`"),
        ("wild", "*?", "x", ".gitignore `*?` pairs"),
        ("wildpath", "**/", "x", ".gitignore `**/` chain"),
    ]
    sizes = [5, 10, 20, 40, 80, 160, 320, 640]
    lengths = [100, 200, 400, 800, 1600, 3200]
    print("| pattern (n units) | dialect | states visited, 200-byte name, n = "
          + ", ".join(map(str, sizes)) + " | growth exponent in n | states, n = 20, name of "
          + ", ".join(map(str, lengths)) + " bytes | growth exponent in length |")
    print("|---|---|---|---|---|---|")
    for dialect, unit, tail, name in families:
        by_n = [steps(args.bindir, dialect, unit * n + tail, "a" * 200)[1] for n in sizes]
        by_len = [steps(args.bindir, dialect, unit * 20 + tail, "a" * n)[1] for n in lengths]
        print(f"| {name} | {dialect} | {', '.join(map(str, by_n))} | {exponent(sizes, by_n):.2f} "
              f"| {', '.join(map(str, by_len))} | {exponent(lengths, by_len):.2f} |")
    # end to end: a tree with a 200-character name, excluded by the largest patterns
    tmp = tempfile.mkdtemp(prefix="dw-robust-globs-")
    try:
        os.makedirs(os.path.join(tmp, "pkg"))
        with open(os.path.join(tmp, "pkg", "a" * 200 + ".py"), "w") as f:
            f.write("x = 1\n")
        print()
        print("| extend-exclude | deadwood check wall time |")
        print("|---|---|")
        for pattern in ("*****x", "*?" * 30 + "x", "*" * 1000 + "x", "*?" * 640 + "x"):
            with open(os.path.join(tmp, "deadwood.toml"), "w") as f:
                f.write(f'extend-exclude = ["{pattern}"]\n')
            t0 = time.perf_counter()
            subprocess.run([args.deadwood, "check", "--no-cache", tmp], stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL, timeout=600)
            shown = pattern if len(pattern) < 16 else f"{pattern[:8]}... ({len(pattern)} bytes)"
            print(f"| `{shown}` | {time.perf_counter() - t0:.3f} s |")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
