"""The result cache: hits, invalidation, whole-tree rules after a change, corrupt entries,
other builds, pruning, concurrent runs, its location; nothing else written in the tree."""
import json
import os
import re
import shutil
import subprocess
import time

from clilib import *  # noqa: F401,F403
from clilib import _count  # noqa: F401

# ---- the cache -------------------------------------------------------------------------------

def test_cache():
    proj = fresh()
    cdir = os.path.join(proj, ".deadwood_cache")
    p1 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p1) == (0, 7, 7), "first run: 7 entries written", p1.stderr)
    with open(os.path.join(cdir, "CACHEDIR.TAG")) as f:
        s.check(f.read().startswith("Signature: 8a477f597d28d172789f06886806bc55"), "CACHEDIR.TAG")
    with open(os.path.join(cdir, ".gitignore")) as f:
        s.check("*" in f.read().split("\n"), ".gitignore with *")
    e1 = cache_entries(cdir)
    s.check(len(e1) == 7 and not any(".tmp" in k for k in e1), "one entry per file", sorted(e1))
    p2 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p2) == (7, 7, 0) and p2.stdout == p1.stdout and p2.returncode == 1,
            "second run: every file from the cache, same output", p2.stderr)
    s.check(cache_entries(cdir) == e1, "a hit rewrites nothing (same bytes and mtimes)")
    # every field of a finding survives the cache: the JSON output shows them all
    j1 = dw(["check", "--output-format", "json"], proj, cache=True)
    j0 = dw(["check", "--output-format", "json"], proj)
    s.check(j1.stdout == j0.stdout and json.loads(j1.stdout) and
            all(f["noqa_row"] == f["location"]["row"] for f in json.loads(j1.stdout)),
            "cached JSON = uncached JSON, noqa_row included", j1.stdout[:400])
    # a changed file is analyzed again
    with open(os.path.join(proj, "pkg", "clean.py"), "a") as f:
        f.write("\n\ndef again(x):\n    return 2 if x else 2\n")
    p3 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p3) == (6, 7, 1) and "pkg/clean.py:11:12: DW102" in p3.stdout,
            "a changed file misses the cache", p3.stdout + p3.stderr)
    # a changed configuration invalidates every entry it affects
    write(os.path.join(proj, "deadwood.toml"), 'ignore = ["DW102"]\n')
    p4 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p4) == (0, 7, 7) and "DW102" not in p4.stdout,
            "a configuration change misses the cache", p4.stderr)
    p5 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p5) == (7, 7, 0) and p5.stdout == p4.stdout, "then hits again", p5.stderr)
    s.check(p5.stdout == dw(["check"], proj).stdout, "cached output = uncached output")
    # corrupt entries are ignored and rewritten (entries of the old configuration go first)
    shutil.rmtree(cdir)
    dw(["check"], proj, cache=True)
    entries = cache_entries(cdir)
    names = sorted(entries)
    bad = {names[0]: b"garbage", names[1]: entries[names[1]][1][:-5],
           names[2]: entries[names[2]][1][:-1] + bytes([entries[names[2]][1][-1] ^ 1])}
    for n, data in bad.items():
        with open(os.path.join(cdir, n), "wb") as f:
            f.write(data)
    p6 = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p6) == (4, 7, 3) and p6.stdout == p5.stdout,
            "corrupt entries: misses, same output", p6.stderr)
    after = cache_entries(cdir)
    s.check(all(after[n][1] == entries[n][1] for n in bad), "corrupt entries rewritten")
    os.remove(os.path.join(cdir, names[3]))
    shutil.rmtree(os.path.join(cdir, os.path.dirname(names[0])))
    p7 = dw(["check", "-v"], proj, cache=True)
    s.check(p7.stdout == p5.stdout and p7.returncode == 1, "removed entries and directory", p7.stderr)
    # another build of deadwood (same version string) does not read this build's entries
    rebuilt = os.path.join(TMP, "deadwood-rebuilt")
    shutil.copy(DW, rebuilt)
    with open(rebuilt, "ab") as f:
        f.write(b"\0another build")
    p8 = subprocess.run([rebuilt, "check", "-v"], cwd=proj, env=BASE_ENV, stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE, text=True, timeout=120)
    s.check(verbose_cache(p8) == (0, 7, 7) and p8.stdout == p5.stdout,
            "another build of the same version misses the cache", p8.stderr)
    # one directory per option set; the 8 used last are kept
    vdir = os.path.join(cdir, [n for n in os.listdir(cdir) if n[0].isdigit()][0])
    for sel in ("DW0", "DW1", "DW2", "DW10", "DW101", "DW102", "DW103", "DW104", "DW20", "DW201",
                "DW202"):
        dw(["check", "--select", sel], proj, cache=True)
    keys = os.listdir(vdir)
    last = dw(["check", "-v", "--select", "DW202"], proj, cache=True)
    s.check(len(keys) == 8 and all(re.fullmatch(r"[0-9a-f]{16}", k) for k in keys) and
            verbose_cache(last) == (7, 7, 0), "option sets pruned to the 8 used last",
            f"{keys} {last.stderr}")


def test_cache_whole_tree():
    """The cache keeps per-file findings only: a change in one file updates what the whole-tree
    rules report in another file, whose own entry is a hit."""
    zen = zenflow()
    p1 = dw(["check", "-v", "--extend-select", "DW301", "."], zen, cache=True)
    s.check("zenflow.py:7:5: DW301" in p1.stdout and "(stage_1_and_2.py:18)" in p1.stdout,
            "DW301 before the change", p1.stdout)
    base = os.path.join(zen, "stage_1_and_2.py")
    text = open(base).read()
    # a line above the base class moves the base method: the message on zenflow.py changes
    write(base, "# moved\n" + text)
    p2 = dw(["check", "-v", "--extend-select", "DW301", "."], zen, cache=True)
    s.check(verbose_cache(p2) == (2, 3, 1) and "(stage_1_and_2.py:19)" in p2.stdout and
            p2.stdout == dw(["check", "--extend-select", "DW301", "."], zen).stdout,
            "a hit on zenflow.py still sees the moved base method", p2.stdout + p2.stderr)
    # the base method becomes a stub: nothing was copied, DW301 goes away
    stub = re.sub(r"(    def async_inplace_copy_grad_to_fp32_buffer_from_gpu\(.*?\):\n).*?(?=\n\n    def )",
                  r"\1        raise NotImplementedError", text, count=1, flags=re.S)
    s.check(stub != text, "the fixture's base method was found")
    write(base, stub)
    p3 = dw(["check", "-v", "--extend-select", "DW301", "."], zen, cache=True)
    s.check(verbose_cache(p3) == (2, 3, 1) and "DW301" not in p3.stdout and "DW101" in p3.stdout and
            p3.stdout == dw(["check", "--extend-select", "DW301", "."], zen).stdout,
            "a hit on zenflow.py loses DW301 when the base changes", p3.stdout + p3.stderr)


def test_cache_none_check_deviation():
    """DW204 counts the call sites of every file and reads how the function returns None from
    its own: a change in the function's file changes what is reported in the callers' files,
    whose entries are hits."""
    proj = fresh(os.path.join(ROOT, "tests", "checks", "DW204"), "dev")
    argv = ["check", "-v", "--select", "DW204", "."]
    p1 = dw(argv, proj, cache=True)
    s.check("dev_callers.py:23:12: DW204" in p1.stdout and "dev_lib.py:7), and 7 of 10" in p1.stdout,
            "DW204 before the change", p1.stdout + p1.stderr)
    n = len([f for f in os.listdir(proj) if f.endswith(".py")])
    lib = os.path.join(proj, "dev_lib.py")
    text = open(lib).read()
    # a line above find() moves its `return`: the message in dev_callers.py follows it
    write(lib, "# moved\n" + text)
    p2 = dw(argv, proj, cache=True)
    s.check(verbose_cache(p2) == (n - 1, n, 1) and "dev_lib.py:8), and 7 of 10" in p2.stdout and
            p2.stdout == dw(argv[:1] + argv[2:], proj).stdout,
            "a hit on dev_callers.py sees the moved return", p2.stdout + p2.stderr)
    # find() no longer returns None: 7 of 10 sites test (< 4 in 5), its findings go
    write(lib, text.replace("return _TABLE.get(key)", "return _TABLE[key]"))
    p3 = dw(argv, proj, cache=True)
    s.check(verbose_cache(p3) == (n - 1, n, 1) and "`find()`" not in p3.stdout and
            "`lookup()`" in p3.stdout and p3.stdout == dw(argv[:1] + argv[2:], proj).stdout,
            "a hit on dev_callers.py loses DW204 on find() when it stops returning None",
            p3.stdout + p3.stderr)


def reparsed(p):
    m = re.search(r"(\d+) of them parsed again for the whole-tree rules", p.stderr)
    return int(m.group(1)) if m else None


BASE_PY = """class Base:
    def run(self, x):
        a = x + 1
        b = a * 2
        c = b - 3
        d = c / 4
        return d
"""

SUB_PY = """from .inner.base import Base


class Sub(Base):
    def run(self, x):
        a = x + 1
        b = a * 2
        c = b - 3
        d = c / 5
        return d
"""


def test_cache_summaries():
    """What the whole-tree rules read of a file (its summary) is cached with its findings: a warm
    run parses nothing. A file whose module name changes (an __init__.py added above it) is parsed
    again, though its bytes are the same: its name, and the imports resolved with it, changed."""
    zen = zenflow()
    p1 = dw(["check", "-v", "--extend-select", "DW301", "."], zen, cache=True)
    p2 = dw(["check", "-v", "--extend-select", "DW301", "."], zen, cache=True)
    s.check(verbose_cache(p2) == (3, 3, 0) and reparsed(p2) == 0 and p2.stdout == p1.stdout and
            "DW301" in p2.stdout, "a warm run takes every summary from the cache", p2.stderr)
    proj = fresh()
    for name in os.listdir(proj):
        shutil.rmtree(os.path.join(proj, name)) if os.path.isdir(os.path.join(proj, name)) \
            else os.remove(os.path.join(proj, name))
    write(os.path.join(proj, "pkg", "__init__.py"), "")
    write(os.path.join(proj, "pkg", "sub.py"), SUB_PY)
    write(os.path.join(proj, "pkg", "inner", "base.py"), BASE_PY)
    p3 = dw(["check", "-v", "--extend-select", "DW301", "."], proj, cache=True)
    s.check("DW301" not in p3.stdout and reparsed(p3) == 0,
            "inner/ is no package: pkg.inner.base is not in the tree", p3.stdout + p3.stderr)
    write(os.path.join(proj, "pkg", "inner", "__init__.py"), "")
    p4 = dw(["check", "-v", "--extend-select", "DW301", "."], proj, cache=True)
    s.check(verbose_cache(p4) == (3, 4, 1) and reparsed(p4) == 1 and
            "pkg/sub.py:5:5: DW301" in p4.stdout and p4.stdout == dw(["check", "--extend-select", "DW301", "."], proj).stdout,
            "an __init__.py added: base.py, unchanged, is parsed again as pkg.inner.base",
            p4.stdout + p4.stderr)
    p5 = dw(["check", "-v", "--extend-select", "DW301", "."], proj, cache=True)
    s.check(verbose_cache(p5) == (4, 4, 0) and p5.stdout == p4.stdout,
            "and its new summary is cached", p5.stderr)


NEVER_LIB = """import sys


def die(msg):
    print(msg)
    sys.exit(1)
"""

NEVER_USE = """from lib import die


def check(x):
    if x < 0:
        die("negative")
        print("unreachable")
    return x
"""


def test_cache_never_returns():
    """DW105's functions that never return are a whole-tree fact: when the file that defines one
    changes so that it returns, the code after a call of it in another file, a cache hit, is
    reachable again."""
    proj = fresh()
    for name in os.listdir(proj):
        shutil.rmtree(os.path.join(proj, name)) if os.path.isdir(os.path.join(proj, name)) \
            else os.remove(os.path.join(proj, name))
    write(os.path.join(proj, "lib.py"), NEVER_LIB)
    write(os.path.join(proj, "use.py"), NEVER_USE)
    p1 = dw(["check", "-v", "--select", "DW105", "."], proj, cache=True)
    s.check("use.py:7:9: DW105" in p1.stdout and "die at lib.py:4" in p1.stdout,
            "DW105 after a call of a function of another file that never returns", p1.stdout)
    write(os.path.join(proj, "lib.py"), NEVER_LIB.replace("    sys.exit(1)\n",
                                                          "    if msg:\n        sys.exit(1)\n"))
    p2 = dw(["check", "-v", "--select", "DW105", "."], proj, cache=True)
    s.check(verbose_cache(p2) == (1, 2, 1) and "DW105" not in p2.stdout and
            p2.stdout == dw(["check", "--select", "DW105", "."], proj).stdout,
            "a hit on use.py loses DW105 when die() can return", p2.stdout + p2.stderr)
    write(os.path.join(proj, "lib.py"), NEVER_LIB)
    p3 = dw(["check", "-v", "--select", "DW105", "."], proj, cache=True)
    s.check(verbose_cache(p3) == (1, 2, 1) and p3.stdout == p1.stdout,
            "and has it again when die() never returns again", p3.stdout + p3.stderr)


def test_cache_concurrent():
    proj = fresh()
    for i in range(12):
        shutil.copytree(os.path.join(proj, "pkg"), os.path.join(proj, f"copy{i:02d}"))
    want = dw(["check"], proj).stdout
    e = dict(BASE_ENV)
    procs = [subprocess.Popen([DW, "check", "--jobs", "3"], cwd=proj, env=e, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(6)]
    outs = [p.communicate(timeout=120) for p in procs]
    s.check(all(p.returncode == 1 for p in procs) and all(o == want for o, _ in outs),
            "concurrent runs: the same output", "\n".join(err for _, err in outs)[:1000])
    cdir = os.path.join(proj, ".deadwood_cache")
    leftovers = [n for _, _, fs in os.walk(cdir) for n in fs if n.startswith(".tmp")]
    s.check(not leftovers, "concurrent runs: no temporary files left", leftovers)
    p = dw(["check", "-v"], proj, cache=True)
    n = verbose_cache(p)
    s.check(n and n[0] == n[1] and n[2] == 0 and p.stdout == want,
            "after concurrent runs: every entry valid", p.stderr)


def test_cache_location():
    proj = fresh()
    write(os.path.join(proj, "pyproject.toml"), "[tool.deadwood]\n")
    before = snapshot(proj)
    p = dw(["check", "--no-cache", "-v"], proj, cache=True)
    s.check(snapshot(proj) == before and "cache: off" in p.stderr, "--no-cache writes nothing")
    dw(["check", "."], os.path.join(proj, "pkg", "sub"), cache=True)
    s.check(os.path.isdir(os.path.join(proj, ".deadwood_cache")) and
            not os.path.exists(os.path.join(proj, "pkg", "sub", ".deadwood_cache")),
            "cache in the project root (where the configuration is)")
    shutil.rmtree(os.path.join(proj, ".deadwood_cache"))
    outside = os.path.join(TMP, f"outside{_count[0]}")
    os.mkdir(outside)
    dw(["check", os.path.join(proj, "pkg", "sub"), os.path.join(proj, "tests")], outside, cache=True)
    s.check(os.path.isdir(os.path.join(proj, ".deadwood_cache")) and os.listdir(outside) == [],
            "cache in the project root of the first path, wherever the current directory")
    bare = fresh(os.path.join(TREE, "pkg"), "bare")
    dw(["check", "."], os.path.join(bare, "sub"), cache=True)
    s.check(os.path.isdir(os.path.join(bare, "sub", ".deadwood_cache")),
            "no configuration: cache in the current directory")
    other = os.path.join(TMP, f"elsewhere{_count[0]}")
    proj2 = fresh()
    before = snapshot(proj2)
    p = dw(["check", "-v"], proj2, cache=True, env={"DEADWOOD_CACHE_DIR": other})
    s.check(os.path.isfile(os.path.join(other, "CACHEDIR.TAG")) and snapshot(proj2) == before and
            verbose_cache(p)[2] == 7, "DEADWOOD_CACHE_DIR", p.stderr)
    p = dw(["check", "-v"], proj2, cache=True, env={"DEADWOOD_CACHE_DIR": other})
    s.check(verbose_cache(p)[0] == 7, "DEADWOOD_CACHE_DIR: hits", p.stderr)
    flag = os.path.join(TMP, f"flagdir{_count[0]}")
    p = dw(["check", "-v", "--cache-dir", flag], proj2, cache=True, env={"DEADWOOD_CACHE_DIR": other})
    s.check(os.path.isdir(flag) and verbose_cache(p)[0] == 0 and snapshot(proj2) == before,
            "--cache-dir beats DEADWOOD_CACHE_DIR", p.stderr)
    blocker = os.path.join(TMP, f"afile{_count[0]}")
    write(blocker, "x")
    p = dw(["check", "--cache-dir", blocker], proj2, cache=True)
    s.check(p.returncode == 1 and "warning: cache" in p.stderr and findings(p.stdout),
            "an unusable cache directory: warning, the run goes on", p.stderr)


def test_writes_nothing_else():
    proj = fresh()
    write(os.path.join(proj, "deadwood.toml"), "[per-file-ignores]\n\"tests/*\" = [\"DW2\"]\n")
    before = snapshot(proj)
    time.sleep(0.01)
    for args in (["check"], ["check", "--statistics"], ["check", "--output-format", "sarif"],
                 ["check", "pkg", "tests/test_nones.py"], ["check", "--show-files"]):
        dw(args, proj, cache=True)
    after = snapshot(proj)
    changed = sorted(k for k in set(before) | set(after)
                     if before.get(k) != after.get(k) and not k.startswith(".deadwood_cache"))
    s.check(not changed and any(k.startswith(".deadwood_cache/") for k in after),
            "nothing but .deadwood_cache is written in the analyzed tree", changed)


# ---- the cache under attack (issue 22) -------------------------------------------------------

def test_cache_collision():
    """Two different files with the same MurmurHash3 (the old content key): each gets its own
    findings, whichever is cached first (before, the second got the first one's findings: a
    DW201 that is not there, or none where there is one)."""
    import murmur
    s.check("%016x%016x" % murmur.murmur3_x64_128(b"The quick brown fox jumps over the lazy dog") ==
            "e34bbc7bbc071b6c7a433ca9c49a9347", "murmur.py is MurmurHash3 x64_128 (the reference vector)")
    buggy = b"def f(x):\n    if x is None:\n        return x.y\n    return 1\n"
    clean = b"# coding: latin-1\nx = 1\n"
    a, b = murmur.colliding_pair(buggy, clean)
    s.check(a != b and len(a) == len(b) and murmur.murmur3_x64_128(a) == murmur.murmur3_x64_128(b),
            "the pair collides under MurmurHash3 seed 0")
    for first, second in ((a, b), (b, a)):
        proj = fresh()
        m = os.path.join(proj, "m.py")
        want = {}
        for data in (first, second):
            write(m, data, "wb")
            want[data] = dw(["check", "m.py"], proj).stdout
        s.check(("DW201" in want[a]) and ("DW201" not in want[b]), "the pair: DW201 in one only",
                repr(want))
        write(m, first, "wb")
        dw(["check", "m.py"], proj, cache=True)
        write(m, second, "wb")
        p = dw(["check", "-v", "m.py"], proj, cache=True)
        name = "buggy" if second == a else "clean"
        s.check(p.stdout == want[second] and verbose_cache(p) == (0, 1, 1),
                f"colliding files: the {name} one cached second gets its own findings",
                p.stdout + p.stderr)


def cache_tree():
    """A project whose cache is filled once; returns (proj, cache dir, version dir, key dir)."""
    proj = fresh()
    cdir = os.path.join(proj, ".deadwood_cache")
    dw(["check"], proj, cache=True)
    vdir = os.path.join(cdir, [n for n in os.listdir(cdir) if n[0].isdigit()][0])
    kdir = os.path.join(vdir, os.listdir(vdir)[0])
    return proj, cdir, vdir, kdir


def outside_dir(entries=()):
    """A directory outside every project, with files named like cache entries."""
    out = os.path.join(TMP, f"outside-{_count[0]}-{len(os.listdir(TMP))}")
    os.makedirs(out)
    for n in entries:
        write(os.path.join(out, n), "precious\n")
    return out


def test_cache_symlinks():
    """A link planted where the cache keeps its directories is never followed: nothing is
    written into, read from or deleted in its target; the cache is not used (a warning) and
    the findings are right."""
    hexname = "0123456789abcdef0123456789abcdef"
    # the version directory a link to a directory elsewhere
    proj, cdir, vdir, kdir = cache_tree()
    want = dw(["check"], proj).stdout
    out = outside_dir()
    shutil.copytree(vdir, os.path.join(out, "copy"))
    shutil.rmtree(vdir)
    os.symlink(os.path.join(out, "copy"), vdir)
    before = snapshot(out)
    p = dw(["check", "-v"], proj, cache=True)
    s.check(p.stdout == want and "symbolic link" in p.stderr and "warning: cache" in p.stderr and
            snapshot(out) == before, "a link at .deadwood_cache/<version>: not followed, warned",
            p.stderr + repr(sorted(set(snapshot(out)) ^ set(before))))
    # the key directory a link: entries are neither read from nor written to its target
    proj, cdir, vdir, kdir = cache_tree()
    out = outside_dir()
    shutil.copytree(kdir, os.path.join(out, "copy"))
    for n in os.listdir(os.path.join(out, "copy")):  # findings that are not there
        write(os.path.join(out, "copy", n), "garbage")
    shutil.rmtree(kdir)
    os.symlink(os.path.join(out, "copy"), kdir)
    before = snapshot(out)
    p = dw(["check", "-v"], proj, cache=True)
    s.check(p.stdout == want and "symbolic link" in p.stderr and snapshot(out) == before,
            "a link at the key directory: not followed, warned", p.stderr)
    # the cache directory itself a link
    proj = fresh()
    out = outside_dir()
    os.symlink(out, os.path.join(proj, ".deadwood_cache"))
    p = dw(["check", "-v"], proj, cache=True)
    s.check(p.stdout == want and os.listdir(out) == [] and "symbolic link" in p.stderr,
            "a link at .deadwood_cache: nothing written in its target", p.stderr)
    # pruning: a link among the option sets' directories, to a directory of entry-named files
    proj, cdir, vdir, kdir = cache_tree()
    out = outside_dir([hexname, ".tmp-x"])
    os.symlink(out, os.path.join(vdir, "00000000000000aa"))
    os.utime(os.path.join(vdir, "00000000000000aa"), (1, 1), follow_symlinks=False)
    os.makedirs(os.path.join(out, "sub"))
    os.symlink(os.path.join(out, "sub"), os.path.join(kdir, hexname))
    before = snapshot(out)
    for sel in ("DW0", "DW1", "DW2", "DW10", "DW101", "DW102", "DW103", "DW104", "DW20", "DW201"):
        dw(["check", "--select", sel], proj, cache=True)
    s.check(snapshot(out) == before and os.path.islink(os.path.join(vdir, "00000000000000aa")) and
            not os.path.exists(kdir), "pruning: the old key directory went, nothing through links",
            repr(sorted(set(snapshot(out)) ^ set(before))))
    # an entry that is a link to a file elsewhere, or a FIFO: a miss, replaced, never followed
    proj, cdir, vdir, kdir = cache_tree()
    names = sorted(os.listdir(kdir))
    out = outside_dir(["target"])
    os.remove(os.path.join(kdir, names[0]))
    os.symlink(os.path.join(out, "target"), os.path.join(kdir, names[0]))
    os.remove(os.path.join(kdir, names[1]))
    os.mkfifo(os.path.join(kdir, names[1]))
    before = snapshot(out)
    p = dw(["check", "-v"], proj, cache=True)
    s.check(p.stdout == want and verbose_cache(p) == (5, 7, 2) and snapshot(out) == before and
            all(os.path.isfile(os.path.join(kdir, n)) and not os.path.islink(os.path.join(kdir, n))
                for n in names[:2]), "entries that are a link or a FIFO: misses, replaced",
            p.stderr)


def test_cache_not_ours():
    """A cache directory of another user, or an existing directory deadwood did not make, is
    not used."""
    proj = fresh()
    want = dw(["check"], proj).stdout
    mine = os.path.join(proj, "notes")
    write(os.path.join(mine, "todo.txt"), "keep\n")
    before = snapshot(mine)
    p = dw(["check", "-v", "--cache-dir", "notes"], proj, cache=True)
    s.check(p.stdout == want and "not a cache of deadwood's" in p.stderr and snapshot(mine) == before,
            "a non-empty directory without deadwood's CACHEDIR.TAG: not used", p.stderr)
    empty = os.path.join(proj, "empty")
    os.makedirs(empty)
    p = dw(["check", "-v", "--cache-dir", "empty"], proj, cache=True)
    s.check(verbose_cache(p) == (0, 7, 7), "an empty directory: used", p.stderr)
    if os.geteuid() != 0:
        s.skip("a cache of another user", "not root: cannot make a directory of another user")
        return
    proj, cdir, vdir, kdir = cache_tree()
    for d in (kdir, vdir, cdir):
        os.chown(d, 65534, 65534)
        p = dw(["check", "-v"], proj, cache=True)
        s.check(p.stdout == want and "belongs to another user" in p.stderr,
                f"{os.path.relpath(d, proj)} of another user: not used", p.stderr)
        os.chown(d, 0, 0)


def test_cache_dir_in_configuration():
    """A repository's configuration cannot make deadwood write outside the project or into its
    root: cache-dir "." wrote .gitignore (`*`) and CACHEDIR.TAG into the project root, ".."
    outside it (issue 22). Such a cache-dir is a configuration error; the command line and the
    environment may name any directory."""
    proj = fresh()
    os.symlink(TMP, os.path.join(proj, "outlink"))
    before = snapshot(os.path.dirname(proj))
    for value in (".", "./", "..", "../elsewhere", "pkg/../..", os.path.dirname(proj), "/tmp",
                  "outlink/c"):
        write(os.path.join(proj, "deadwood.toml"), f'cache-dir = "{value}"\n')
        before = snapshot(os.path.dirname(proj))
        p = dw(["check"], proj, cache=True)
        changed = sorted(k for k in set(before) | set(snapshot(os.path.dirname(proj)))
                         if before.get(k) != snapshot(os.path.dirname(proj)).get(k))
        expect(f"cache-dir = {value!r} in a configuration: an error", p, rc=2, out="",
               err_re=r"^deadwood\.toml:1:13: error: 'cache-dir' must be a directory inside the project")
        s.check(not changed, f"cache-dir = {value!r}: nothing written", changed)
    os.remove(os.path.join(proj, "outlink"))
    write(os.path.join(proj, "deadwood.toml"), 'cache-dir = "build/dwcache"\n')
    p = dw(["check", "-v"], proj, cache=True)
    s.check(verbose_cache(p) == (0, 7, 7) and os.path.isdir(os.path.join(proj, "build", "dwcache")),
            "cache-dir inside the project: used", p.stderr)
    os.remove(os.path.join(proj, "deadwood.toml"))
    out = os.path.join(os.path.dirname(proj), "outside-cache")
    for how in ("flag", "env"):
        shutil.rmtree(out, ignore_errors=True)
        args = ["check", "-v"] + (["--cache-dir", "../outside-cache"] if how == "flag" else [])
        env = {"DEADWOOD_CACHE_DIR": "../outside-cache"} if how == "env" else {}
        p = dw(args, proj, cache=True, env=env)
        s.check(verbose_cache(p) == (0, 7, 7) and os.path.isfile(os.path.join(out, "CACHEDIR.TAG")),
                f"a cache outside the project given by {how}: used", p.stderr)
