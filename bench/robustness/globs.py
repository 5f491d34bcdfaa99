"""Hostile glob and .gitignore patterns (issues 20 and 22: the backtracking matchers deadwood had
took time exponential in the number of stars, `*****x` against a 200-character name nearly a
minute, x40 per star). The automaton (src/discover/nfa.c) visits at most (pattern size + 2) x
(path length + 1) states: linear in each.

  - end to end: `deadwood check` over a tree of files with 200-character names, excluding with
    a pattern of n units, in `extend-exclude` (ruff's globs) or in a `.gitignore` (git's
    wildmatch, without and with a `/`); the pattern matches nothing, every file is checked;
  - the automaton alone (tests/drivers/glob_steps, the counter unit_discover asserts bounds
    on): the states visited as the pattern grows against a 200-byte name, and as the name
    grows against a pattern of 20 units. A path on disk is at most PATH_MAX bytes, so the
    second is measured only here."""
import os

from run import Family

FILES = 16  # files of 200-character names


def tree(n, d, unit, tail, where):
    """d: a git work tree (a .git directory: .gitignore files count) holding pkg/ with FILES
    files of 200-character names, excluded by unit * n + tail in deadwood.toml's extend-exclude
    (where == "toml") or in .gitignore."""
    os.makedirs(os.path.join(d, ".git"))
    os.makedirs(os.path.join(d, "pkg"))
    for i in range(FILES):
        with open(os.path.join(d, "pkg", "a" * 195 + f"{i:02d}.py"), "w") as f:
            f.write("x = 1\n")
    pattern = unit * n + tail
    if where == "toml":
        with open(os.path.join(d, "deadwood.toml"), "w") as f:
            f.write(f'extend-exclude = ["{pattern}"]\n')
    else:
        with open(os.path.join(d, ".gitignore"), "w") as f:
            f.write(pattern + "\n")


def excluding(unit, tail, where):
    return lambda n, d: tree(n, d, unit, tail, where)


CHECK = [("check", ["check", "--no-cache", "."])]
UNITS = (1000, 2000, 4000, 8000, 16000)


def nothing(n, d):
    pass


def steps(dialect, unit, tail, name_of):
    """glob_steps's argv for n: the pattern and the name, by n."""
    return lambda n: [dialect, unit * (20 if name_of else n) + tail, "a" * (n if name_of else 200)]


AUTOMATA = [("glob", "*?", "x", "*? pairs"), ("glob", "*", "x", "a run of *"),
            ("glob", "{*,?}", "x", "{*,?} alternations"), ("wild", "*?", "x", "*? pairs"),
            ("wildpath", "**/", "x", "**/ chain")]

FAMILIES = [
    Family("extend-exclude `*?`×n", excluding("*?", "x", "toml"), CHECK, sizes=UNITS),
    Family("extend-exclude `*`×n", excluding("*", "x", "toml"), CHECK, sizes=UNITS),
    Family("extend-exclude `{*,?}`×n", excluding("{*,?}", "x", "toml"), CHECK, sizes=UNITS),
    Family(".gitignore `*?`×n", excluding("*?", "x", "gitignore"), CHECK, sizes=UNITS),
    Family(".gitignore `**/`×n", excluding("**/", "x", "gitignore"), CHECK, sizes=UNITS),
    Family("glob automaton: pattern of n units, 200-byte name", nothing,
           [(f"glob_steps {dialect}: {what}", steps(dialect, unit, tail, False))
            for dialect, unit, tail, what in AUTOMATA],
           sizes=(5, 10, 20, 40, 80, 160, 320, 640), program="glob_steps", steps=True),
    Family("glob automaton: 20 units, name of n bytes", nothing,
           [(f"glob_steps {dialect}: {what}", steps(dialect, unit, tail, True))
            for dialect, unit, tail, what in AUTOMATA],
           sizes=(100, 200, 400, 800, 1600, 3200), program="glob_steps", steps=True),
]
