#!/usr/bin/env python3
"""Writes the fuzzers' seed corpora (generated, never committed: fuzz/corpus-*/ is gitignored).

    seeds.py --stdlib DIR --out fuzz/corpus-seed --deep-out fuzz/corpus-deep [--fixtures-only DIR]
    seeds.py --check-out fuzz/corpus-check-seed

--toml-out DIR writes fuzz_toml's seeds: the toml-test vectors (../shared/toml-test) and
configurations in deadwood's keys (each key, extend, NUL escapes, errors).
--cache-out DIR writes fuzz_cache's seeds: the findings-and-summary part of cache entries
(wire.h's encoding), a few findings with related locations and a summary, and truncations.
--history-out DIR [--deadwood BIN] writes fuzz_history's seeds: the history part of real history
cache entries (the DW303 stories of tests/checks/DW303 built as repositories, deadwood BIN run
over each with a --cache-dir, the entries' header and checksum stripped; BIN defaults to the
release build ../deadwood, and without it or git there are none), and histories written here in
store.c's encoding: typical ones, edge cases that decode (no functions, a version with many
names, the working tree's commit, units without text, non-canonical varints) and damaged ones
(a bad commit index, unsorted names or functions, a missing string, huge counts, truncations).
--rpc-out DIR writes fuzz_rpc's seeds: language server sessions as a client sends them (framed
JSON-RPC messages), and framings gone wrong (no length, a wrong one, garbage, bare newlines).
--json-out DIR writes fuzz_json's seeds: the notebook fixtures (tests/notebook/fixtures), JSON
texts at the edges of RFC 8259 (accepted and refused, in the manner of JSONTestSuite, whose
test_parsing files are added when ../shared/JSONTestSuite holds them), a deep nesting, and cells
of IPython syntax alone and in notebooks.
--check-out DIR writes fuzz_check's seeds: every tests/checks fixture alone, and every fixture
package (examples/, tests/index/, tests/checks/ folders) as one input, its modules joined by the
"#---" lines at which fuzz_check cuts an input into pkg/__init__.py, a.py, b.py and c.py.

corpus-seed: every .py under the CPython stdlib DIR, every tests/parse/ok and tests/parse/err
fixture, and generated deep-nesting / long-chain inputs that fit in 64 KiB.
corpus-deep: the generated inputs past 64 KiB (100,000-deep nestings), for the large -max_len runs.
--fixtures-only DIR [--deadwood BIN] writes just the tests/parse fixtures, the small generated
inputs and the other targets' seeds into DIR (the smoke run's corpus; fuzz_history's entries
from five of the stories only).
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
SMALL = 65536


def nested(open_, close, depth, inner="1"):
    return open_ * depth + inner + close * depth


def generated():
    """name -> bytes: shapes that drive recursion depth and nesting limits to their edges."""
    g = {}
    for d in (100, 1000, 5967, 5968, 5969, 6000, 20000, 100000):
        g[f"parens_{d}"] = f"x = {nested('(', ')', d)}\n"
        g[f"lists_{d}"] = f"x = {nested('[', ']', d, '')}\n"
        g[f"unary_{d}"] = "x = " + "-" * d + "1\n"
        g[f"not_{d}"] = "if " + "not " * d + "x:\n    pass\n"
        g[f"await_{d}"] = "async def f():\n    return " + "await " * d + "x\n"
        g[f"lambda_{d}"] = "f = " + "lambda: " * d + "0\n"
        g[f"power_{d}"] = "x = " + "2 ** " * d + "2\n"
        g[f"attr_{d}"] = "x = a" + ".b" * d + "\n"
        g[f"call_{d}"] = "x = f" + "()" * d + "\n"
        g[f"subscript_{d}"] = "x = a" + "[0]" * d + "\n"
        g[f"add_{d}"] = "x = " + " + ".join(["a"] * d) + "\n"
        g[f"compare_{d}"] = "x = " + " < ".join(["a"] * d) + "\n"
        g[f"and_{d}"] = "x = " + " and ".join(["a"] * d) + "\n"
        g[f"ternary_{d}"] = "x = " + "a if b else " * d + "c\n"
        g[f"dict_{d}"] = "x = " + "{1: " * d + "1" + "}" * d + "\n"
        g[f"star_{d}"] = "x = [" + "*" * d + "a]\n"
        g[f"pattern_{d}"] = "match x:\n    case " + nested("[", "]", d, "a") + ":\n        pass\n"
        g[f"class_pattern_{d}"] = ("match x:\n    case " + "C(" * d + "a" + ")" * d +
                                   ":\n        pass\n")
        g[f"fstring_{d}"] = "x = " + "f'{" * min(d, 200) + "1" + "}'" * min(d, 200) + "\n"
        g[f"string_concat_{d}"] = "x = (" + " ".join(["'a'"] * d) + ")\n"
        g[f"with_items_{d}"] = "with " + ", ".join(["a"] * d) + ":\n    pass\n"
        g[f"decorators_{d}"] = "@d\n" * d + "def f(): pass\n"
        g[f"args_{d}"] = "f(" + ", ".join(["a"] * d) + ")\n"
        g[f"semicolons_{d}"] = "pass; " * d + "pass\n"
        g[f"backslashes_{d}"] = "x = 1 " + "\\\n" * d + "+ 2\n"
    for d in (50, 99, 100, 101, 200):
        g[f"blocks_{d}"] = "".join(" " * i + "if x:\n" for i in range(d)) + " " * d + "pass\n"
        g[f"tabs_{d}"] = "".join("\t" * i + "if x:\n" for i in range(d)) + "\t" * d + "pass\n"
    # bases that lead back to their class (the hang of issue 20: `class B(B)`), across the
    # modules fuzz_check makes of an input cut at "#---" (pkg/__init__.py, pkg/a.py, ...)
    g["class_self_base"] = "class B(B):\n    def f(self):\n        return self.g().x\n"
    g["class_self_import"] = ("from pkg.a import A as B\n#---\nfrom pkg.a import A as B\n"
                              "class A(B):\n    def f(self):\n        return self.g().x\n")
    g["class_import_cycle"] = ("from pkg.a import A\nclass B(A):\n    def g(self):\n"
                               "        return None\n#---\nfrom pkg import B\nclass A(B):\n"
                               "    def f(self):\n        return self.g().x\n")
    for d in (250, 3000):
        g[f"class_rebind_{d}"] = ("class X:\n    def f(self):\n        return None\n" +
                                  "class X(X):\n    def f(self):\n        return self.f().x\n" * d)
        g[f"class_diamonds_{d}"] = "class C0: pass\n" + "".join(
            f"class L{i}(C{i}): pass\nclass R{i}(C{i}): pass\nclass C{i + 1}(L{i}, R{i}):\n"
            f"    def f(self):\n        return super().f()\n" for i in range(d // 10))
    return g


def put(path, data):
    with open(path, "wb") as f:
        f.write(data)


def copy_fixtures(out):
    for group in ("ok", "err"):
        folder = os.path.join(ROOT, "tests", "parse", group)
        for name in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if name.endswith((".py", ".pyi")):
                shutil.copyfile(os.path.join(folder, name), os.path.join(out, f"{group}_{name}"))


def py_files(folder):
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames.sort()
        out += [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
    return out


def check_seeds(out):
    os.makedirs(out, exist_ok=True)
    n = 0
    for f in py_files(os.path.join(ROOT, "tests", "checks")):
        rel = os.path.relpath(f, ROOT).replace(os.sep, "_")
        shutil.copyfile(f, os.path.join(out, "f_" + rel))
        n += 1
    # packages: every folder holding an __init__.py, its modules four at a time
    roots = [os.path.join(ROOT, d) for d in ("examples", os.path.join("tests", "index"),
                                             os.path.join("tests", "checks"))]
    for root in roots:
        for dirpath, dirnames, filenames in os.walk(root):
            dirnames.sort()
            mods = [os.path.join(dirpath, f) for f in sorted(filenames) if f.endswith(".py")]
            if "__init__.py" not in filenames or not mods:
                continue
            mods.sort(key=lambda m: not m.endswith("__init__.py"))
            for i in range(0, len(mods), 4):
                parts = [open(m, "rb").read() for m in mods[i:i + 4]]
                name = os.path.relpath(dirpath, ROOT).replace(os.sep, "_")
                put(os.path.join(out, f"p_{name}_{i // 4}.py"), b"\n#---\n".join(parts))
                n += 1
    print(f"seeds: {n} inputs in {out}")


CONFIGS = [
    'select = ["DW1", "DW201"]\nignore = ["DW102"]\nextend-select = ["ALL"]\n',
    'exclude = ["gen/**", "*.pyi"]\nextend-exclude = ["{a,b}/*", "[!x]y?"]\n',
    '[per-file-ignores]\n"tests/*" = ["DW2"]\n"*.py" = ["none-dereference"]\n',
    'target-version = "py312"\nrespect-gitignore = false\nforce-exclude = true\n',
    'cache-dir = "build/cache"\nmax-file-size = "2MB"\n',
    'max-file-size = 1048576\n[rules.DW301]\nsimilarity = 0.75\n',
    'extend = "deadwood.toml"\n',
    'extend = "../pyproject.toml"\nselect = ["DW1"]\n',
    'select = ["DW1\\u0000xx"]\n',
    '"select\\u0000" = []\n',
    '[tool.deadwood]\nselect = ["DW2"]\n[tool.deadwood.per-file-ignores]\n"a/*" = ["DW201"]\n',
    '[tool.black]\nline-length = 88\n[tool.deadwood]\nextend = "base.toml"\n',
    'cache-dir = ".."\n',
    'select = [\n  "DW1", # a comment\n]\n',
]


def toml_seeds(out):
    os.makedirs(out, exist_ok=True)
    n = 0
    vectors = os.path.join(os.path.dirname(ROOT), "shared", "toml-test", "tests")
    for dirpath, dirnames, filenames in os.walk(vectors):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".toml"):
                rel = os.path.relpath(os.path.join(dirpath, name), vectors).replace(os.sep, "_")
                shutil.copyfile(os.path.join(dirpath, name), os.path.join(out, rel))
                n += 1
    for i, text in enumerate(CONFIGS):
        put(os.path.join(out, f"config_{i}.toml"), text.encode())
    print(f"seeds: {n} toml-test vectors and {len(CONFIGS)} configurations in {out}")


def varint(v):
    out = bytearray()
    while True:
        b = v & 0x7F
        v >>= 7
        out.append(b | (0x80 if v else 0))
        if not v:
            return bytes(out)


def wstr(s):
    if s is None:
        return varint(0)
    b = s.encode()
    return varint(len(b) + 1) + b + b"\0"


def wi32(v):
    return varint((v << 1) ^ (v >> 31) if v >= 0 else ((v << 1) ^ -1) & 0xFFFFFFFF)


def finding(code, path, line, message, related=(), cell=0):
    """A finding as cache.c writes it; a location ends with its notebook cell and file lines."""
    where = wi32(cell) + wi32(line + 10 if cell else 0) * 2
    loc = wi32(line) + wi32(1) + wi32(line) + wi32(5) + where
    out = wstr(code) + wstr("name") + wstr(path) + loc + wstr(message) + wstr("x = y") + \
        wi32(line) + varint(0) + varint(len(related))
    for rpath, rline, rmsg in related:
        out += wstr(rpath) + wi32(rline) + wi32(1) + wi32(rline) + wi32(2) + where + wstr(rmsg)
    return out


def cache_seeds(out):
    """The part of an entry after its identity: findings, then the summary's length and bytes."""
    os.makedirs(out, exist_ok=True)
    one = finding("DW201", "pkg/mod.py", 3, "`x` is always None here")
    two = finding("DW101", "pkg/mod.py", 7, "identical branches", [("pkg/mod.py", 5, "first")])
    bodies = {
        "empty": varint(0) + varint(0),
        "one": varint(1) + one + varint(0),
        "two": varint(2) + one + two + varint(0),
        "summary": varint(1) + one + varint(8) + b"SUMMARY!",
        "notebook": varint(1) + finding("DW101", "nb.ipynb", 2, "identical branches",
                                        [("nb.ipynb", 4, "the else body")], cell=3) + varint(0),
        "many_related": varint(1) + finding("DW104", "p.py", 1, "m", [("p.py", i, "r")
                                                                      for i in range(50)]) + varint(0),
        "huge_count": varint(1 << 40) + one + varint(0),
        "truncated": (varint(2) + one + two)[:-7],
    }
    for name, data in bodies.items():
        put(os.path.join(out, f"body_{name}"), data)
    print(f"seeds: {len(bodies)} cache entry bodies in {out}")


# fuzz_history's seeds: what store_decode reads (src/history/store.c, store_encode's encoding)
def fixed64(v):
    return struct.pack("<Q", v & 0xFFFFFFFFFFFFFFFF)


def name_hash(name):
    return int.from_bytes(hashlib.sha256(name.encode()).digest()[:8], "little")


def unit(line, text=None, flags=0):
    """A HistUnit: three hashes, its line, flags (HUNIT_*) and a text (HUNIT_NEW ones)."""
    h = name_hash(f"{line}:{text}")
    return (h, h ^ 1, h ^ 2, line, flags, text)


def history(commits, fns):
    """A FileHistory as store_encode writes it: commits (id, time, subject[, the issue it fixes]);
    functions (qualname, present, versions), each version (commit index, flags, names, units)."""
    out = varint(len(commits))
    for cid, when, subject, *fixes in commits:
        out += wstr(cid) + varint(when & 0xFFFFFFFFFFFFFFFF) + wstr(subject)
        out += wstr(fixes[0] if fixes else "")
    out += varint(len(fns))
    for qualname, present, versions in fns:
        out += wstr(qualname) + varint(present) + varint(len(versions))
        for commit, flags, names, units in versions:
            out += varint(commit) + varint(flags) + varint(len(names))
            out += b"".join(fixed64(n) for n in names) + varint(len(units))
            for h, loose, blind, line, uflags, text in units:
                out += fixed64(h) + fixed64(loose) + fixed64(blind) + wi32(line) + varint(uflags)
                out += wstr(text)
    return out


def names(*words):
    return sorted(set(name_hash(w) for w in words))


def made_histories():
    """name -> bytes: histories written here, decodable and damaged."""
    c3 = [("2f1febc38aa3a98999d1309fac7d60b2cd8e98fc", 1751371200, "Add the optimizer"),
          ("b7a1d75f03ee18950ab7921baf0a01811f5f09d7", 1753012800, "Guard grad (#7431)", "#7402"),
          ("", 1756728000, "")]  # (the working tree's uncommitted changes)
    v0 = (0, 0, names("self", "grad", "buf"),
          [unit(3, None, 0), unit(4, "if grad is None:", 4), unit(5, None, 1 | 2)])
    v1 = (1, 1, names("self", "grad", "buf", "accum"),
          [unit(3), unit(4, "assert grad is not None", 4 | 2), unit(6, "return buf", 4)])
    typical = [("Base.step", 1, [v0, v1]), ("Base.zero", 0, [(0, 0, [], [])]),
               ("Child.step", 1, [v0, v1, (2, 0, names("self"), [unit(-1, "pass", 4 | 1)])])]
    h = {
        "empty": history([], []),
        "no_functions": history(c3, []),
        "typical": history(c3, typical),
        "one_version": history(c3[:1], [("f", 1, [v0])]),
        "many_names": history(c3, [("f", 1, [(0, 0, names(*(f"n{i}" for i in range(600))),
                                             [unit(1, "x = 1", 4)])])]),
        "many_units": history(c3, [("f", 1, [(1, 0, names("a"), [unit(i, f"u{i}", 4 * (i % 2))
                                                                  for i in range(300)])])]),
        "many_functions": history(c3, [(f"C{i:04d}.m", i % 2, [v0]) for i in range(200)]),
        "many_commits": history([(f"{i:040x}", 1700000000 + i, f"change {i}") for i in range(300)],
                                [("f", 1, [(i, 0, [], [unit(i)]) for i in range(0, 300, 7)])]),
        "extreme_values": history([("a" * 40, -1, "x" * 2000), ("", 1 << 63, "é (#1)")],
                                  [("\u00e9.f", 7, [(1, 255, [0, 1, (1 << 64) - 1],
                                                     [unit(-(1 << 31)), unit((1 << 31) - 1)])])]),
        # refused: what a damaged entry may hold
        "bad_commit": history(c3[:2], [("f", 1, [(2, 0, [], [])])]),
        "bad_commit_huge": history(c3, [("f", 1, [(1 << 40, 0, [], [])])]),
        "unsorted_names": history(c3, [("f", 1, [(0, 0, names("a", "b", "c")[::-1], [])])]),
        "repeated_name": history(c3, [("f", 1, [(0, 0, [5, 5], [])])]),
        "unsorted_functions": history(c3, [("g", 1, [v0]), ("f", 1, [v0])]),
        "repeated_function": history(c3, [("f", 1, [v0]), ("f", 1, [v0])]),
        "null_qualname": history(c3, [(None, 1, [v0])]),
        "null_commit_id": history([(None, 0, "s")], []),
        "null_subject": history([("ab", 0, None)], []),
        "huge_commits": varint(1 << 40) + history(c3, [])[1:],
        "huge_functions": history(c3, [])[:-1] + varint((1 << 31) - 1),
        "huge_names": history(c3[:1], [])[:-1] + varint(1) + wstr("f") + varint(1) + varint(1) +
        varint(0) + varint(0) + varint(1 << 62),
    }
    whole = h["typical"]
    h["truncated"] = whole[:len(whole) // 2]
    h["truncated_last"] = whole[:-1]
    h["trailing"] = whole + b"\0trailing"
    # a count one more than what follows: the decoder's bounds against the bytes left
    h["units_one_short"] = history(c3, [("f", 1, [(0, 0, [], [unit(1), unit(2)])])])[:-27]
    # varints written long (0x80 0x00 is 0), a present and flags past a bool and a byte
    h["long_varints"] = b"\x81\x00" + wstr("id") + b"\x80\x80\x00" + wstr("s") + b"\x81\x00" + \
        wstr("f") + varint(300) + b"\x81\x80\x00" + varint(0) + varint(1000) + varint(0) + \
        varint(0)
    h["overlong_varint"] = b"\xff" * 10 + b"\x01" + history([], [])
    # strings: one without its NUL, one with a NUL inside
    h["string_no_nul"] = varint(1) + varint(3) + b"abc" + varint(0) + wstr("s") + varint(0)
    h["string_inner_nul"] = varint(1) + varint(4) + b"a\0b\0" + varint(0) + wstr("s") + varint(0)
    return h


def entry_bodies(cache_dir, magic):
    """The history part of each history cache entry under cache_dir: after the header (magic,
    build, HEAD, top, path, whether the file has a SHA-256 at HEAD, that SHA-256), before the
    trailing SHA-256 (history.c's encode_entry)."""
    def get_varint(b, i):
        v = shift = 0
        while True:
            c = b[i]
            v, i, shift = v | (c & 0x7F) << shift, i + 1, shift + 7
            if not c & 0x80:
                return v, i

    out = []
    for dirpath, dirnames, filenames in os.walk(cache_dir):
        dirnames.sort()
        if os.path.basename(dirpath) != "history":
            continue
        for name in sorted(filenames):
            with open(os.path.join(dirpath, name), "rb") as f:
                d = f.read()
            if d[:8] != magic:
                continue
            try:
                i = 16
                for _ in range(3):
                    n, i = get_varint(d, i)
                    i += n
                i = get_varint(d, i)[1] + 32
            except IndexError:
                continue
            if i <= len(d) - 32:
                out.append(d[i:-32])
    return out


# the stories of the smoke run's corpus (a second, not five): renames, merges, the working tree's
# changes, cosmetic changes, the seed
SMOKE_STORIES = ("cosmetic", "merges", "rename", "seed", "uncommitted")


def real_histories(deadwood, only=None):
    """name -> bytes: the history of each file of each DW303 story (or of those named in only),
    as deadwood encodes it."""
    with open(os.path.join(ROOT, "src", "history", "history.c")) as f:
        m = re.search(r'#define ENTRY_MAGIC "([^"]{8})"', f.read())
    if not deadwood or not os.path.isfile(deadwood) or not m or not shutil.which("git"):
        print(f"seeds: no history cache entries from deadwood ({deadwood or 'not built'})",
              file=sys.stderr)
        return {}
    sys.path.insert(0, os.path.join(ROOT, "tests", "lib"))
    import gitstory
    h = {}
    work = tempfile.mkdtemp(prefix="deadwood-history-seeds-")
    try:
        for story in gitstory.stories(os.path.join(ROOT, "tests", "checks", "DW303")):
            name = os.path.basename(story)
            if only is not None and name not in only:
                continue
            try:
                st = gitstory.Story(story, os.path.join(work, name))
            except (RuntimeError, OSError) as e:
                print(f"seeds: story {name}: {e}", file=sys.stderr)
                continue
            cache = os.path.join(work, name + "-cache")
            files = [os.path.relpath(f, st.check_dir) for f in st.python_files()]
            subprocess.run([os.path.abspath(deadwood), "check", "--select", "DW303",
                            "--cache-dir", cache] + files, cwd=st.check_dir, env=st.env,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for k, body in enumerate(entry_bodies(cache, m.group(1).encode())):
                h[f"{name}_{k}"] = body
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return h


def history_seeds(out, deadwood, only=None):
    os.makedirs(out, exist_ok=True)
    made, real = made_histories(), real_histories(deadwood, only)
    for name, data in made.items():
        put(os.path.join(out, f"history_{name}"), data)
    for name, data in real.items():
        put(os.path.join(out, f"history_story_{name}"), data)
    print(f"seeds: {len(real)} history cache entries from the DW303 stories and {len(made)} "
          f"histories written here in {out}")


# fuzz_json's seeds: JSON texts at RFC 8259's edges, accepted and refused
JSON_TEXTS = [
    b"[]", b"{}", b'{"a": [1, 2.5e-3, -0, true, false, null, "\\u00e9\\ud83d\\ude00"]}',
    b'"\\u0000"', b"[1,]", b"[01]", b'["\\ud800"]', b"\xef\xbb\xbf{}", b'["\xff"]', b'{"a" 1}',
    b"[" * 600 + b"]" * 600, b'{"a":' * 100 + b"1" + b"}" * 100, b"[1e999]", b'{"nbformat": 3}',
    b'{"nbformat": 4, "cells": {}}', b'{"cells": [], "nbformat": 4,}',
]
# ... and code cells of IPython syntax, alone and in a notebook
IPYTHON_CELLS = [
    "!ls -la\nx = !ls\ny = %env HOME\n%time f(1,\n   2)\n",
    "obj?\n??x\na.b*?\n%pip?\n",
    "%%bash\necho (\n",
    "%%time\nif x:\n    !echo a\nelse:\n    !echo b\n",
    "pip install x",
    "  a = 1\n  b = 2\n",
    "s = '''\n!x\n'''\n!ls \\\n -la\n",
    "/f a b\n,f a b\n;f a b\n",
    "x = f'{y!r}' ? \n",
]


def json_seeds(out):
    os.makedirs(out, exist_ok=True)
    fixtures = os.path.join(ROOT, "tests", "notebook", "fixtures")
    names = sorted(os.listdir(fixtures))
    for name in names:
        shutil.copyfile(os.path.join(fixtures, name), os.path.join(out, "fixture_" + name))
    for i, text in enumerate(JSON_TEXTS):
        put(os.path.join(out, f"json_{i}.json"), text)
    for i, cell in enumerate(IPYTHON_CELLS):
        put(os.path.join(out, f"cell_{i}.py"), cell.encode())
        nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {},
              "cells": [{"cell_type": "code", "metadata": {}, "outputs": [], "source": cell}]}
        put(os.path.join(out, f"cell_{i}.ipynb"), json.dumps(nb, indent=1).encode())
    suite = os.path.join(os.path.dirname(ROOT), "shared", "JSONTestSuite", "test_parsing")
    extra = sorted(os.listdir(suite)) if os.path.isdir(suite) else []
    for name in extra:
        shutil.copyfile(os.path.join(suite, name), os.path.join(out, "jts_" + name))
    print(f"seeds: {len(names)} notebooks, {len(JSON_TEXTS)} JSON texts, {len(IPYTHON_CELLS)} "
          f"cells, {len(extra)} JSONTestSuite files in {out}")


def frame(body):
    if isinstance(body, str):
        body = body.encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def rpc_seeds(out):
    """Sessions and broken framings for fuzz_rpc."""
    os.makedirs(out, exist_ok=True)
    init = '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}'
    opened = ('{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":'
              '{"uri":"file:///tmp/x.py","languageId":"python","version":1,'
              '"text":"def f():\\n    v = None\\n    return v.x\\n"}}}')
    change = ('{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":'
              '{"uri":"file:///tmp/x.py","version":2},"contentChanges":[{"range":{"start":'
              '{"line":1,"character":8},"end":{"line":1,"character":12}},"text":"1"}]}}')
    cancel = '{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}'
    seeds = {
        "session": frame(init) + frame(opened) + frame(change) + frame(cancel) +
        frame('{"jsonrpc":"2.0","id":2,"method":"shutdown"}') +
        frame('{"jsonrpc":"2.0","method":"exit"}'),
        "content_type": b"Content-Length: 2\r\nContent-Type: application/vscode-jsonrpc; "
                        b"charset=utf-8\r\n\r\n{}",
        "bare_newlines": b"Content-Length: 2\n\n[]",
        "no_length": b"Content-Type: x\r\n\r\n{}" + frame(init),
        "bad_length": b"Content-Length: -5\r\n\r\n{}" + frame(init),
        "huge_length": b"Content-Length: 99999999999999999999\r\n\r\n{}",
        "short_body": b"Content-Length: 100\r\n\r\n{}",
        "garbage": b"hello\r\nworld\r\n\r\n" + frame(init),
        "not_json": frame("{nope") + frame('"\\ud800"'),
        "deep": frame("[" * 600 + "]" * 600),
        "blank_lines": b"\r\n\r\n" + frame(init) + b"\r\n",
    }
    for name, data in seeds.items():
        put(os.path.join(out, f"rpc_{name}"), data)
    print(f"seeds: {len(seeds)} framed inputs in {out}")
    return seeds


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--toml-out")
    ap.add_argument("--cache-out")
    ap.add_argument("--json-out")
    ap.add_argument("--rpc-out")
    ap.add_argument("--history-out")
    ap.add_argument("--deadwood", default=os.path.join(ROOT, "deadwood"),
                    help="the deadwood that writes the history cache entries (--history-out, "
                    "--fixtures-only)")
    ap.add_argument("--check-out")
    ap.add_argument("--stdlib")
    ap.add_argument("--out")
    ap.add_argument("--deep-out")
    ap.add_argument("--fixtures-only")
    args = ap.parse_args()
    if args.toml_out:
        toml_seeds(args.toml_out)
        return
    if args.cache_out:
        cache_seeds(args.cache_out)
        return
    if args.rpc_out:
        rpc_seeds(args.rpc_out)
        return
    if args.history_out:
        history_seeds(args.history_out, args.deadwood)
        return
    if args.json_out:
        json_seeds(args.json_out)
        return
    if args.check_out:
        check_seeds(args.check_out)
        return
    gen = generated()
    if args.fixtures_only:
        os.makedirs(args.fixtures_only, exist_ok=True)
        copy_fixtures(args.fixtures_only)
        for i, text in enumerate(CONFIGS):
            put(os.path.join(args.fixtures_only, f"config_{i}.toml"), text.encode())
        cache_seeds(args.fixtures_only)
        json_seeds(args.fixtures_only)
        rpc_seeds(args.fixtures_only)
        history_seeds(args.fixtures_only, args.deadwood, SMOKE_STORIES)
        for name, text in gen.items():
            if len(text.encode()) <= SMALL // 4:
                put(os.path.join(args.fixtures_only, f"gen_{name}.py"), text.encode())
        return
    os.makedirs(args.out, exist_ok=True)
    os.makedirs(args.deep_out, exist_ok=True)
    n = 0
    for dirpath, dirnames, filenames in os.walk(args.stdlib):
        dirnames.sort()
        for name in sorted(filenames):
            if name.endswith(".py"):
                src = os.path.join(dirpath, name)
                rel = os.path.relpath(src, args.stdlib).replace(os.sep, "__")
                shutil.copyfile(src, os.path.join(args.out, "stdlib__" + rel))
                n += 1
    copy_fixtures(args.out)
    for name, text in gen.items():
        data = text.encode()
        put(os.path.join(args.out if len(data) <= SMALL else args.deep_out, f"gen_{name}.py"), data)
    print(f"seeds: {n} stdlib files, fixtures and {len(gen)} generated inputs in {args.out}, "
          f"{args.deep_out}")


if __name__ == "__main__":
    main()
