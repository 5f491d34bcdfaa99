#!/usr/bin/env python3
"""Hand-written parser fixtures, judged by CPython exactly as conformance.py judges the stdlib.

    tests/parse/ok/*.py[i]   CPython must accept each (else the fixture itself is wrong) and
                             `deadwood parse --json` must print byte-identical JSON;
    tests/parse/err/*.py     CPython must reject each (else the fixture is wrong) and deadwood must
                             reject it on the same line; for err/msg_*.py with CPython's message
                             too (DW000 promises both), for err/col_*.py at CPython's column too.
  Both with `--target-version py313`, judged by CPython 3.13; ok314/ and err314/ the same with
  `--target-version py314`, judged by CPython 3.14 (pyodide, see conformance.py).
    tests/parse/ok315/*.py   3.15 syntax, which no interpreter here runs: `--target-version py315`
                             must print exactly the JSON of the .json file beside it, written by
                             hand from CPython 3.15's Grammar/python.gram and Parser/Python.asdl;
    tests/parse/err315/*.py  must be rejected on the line and with the message that the file's
                             first line says: `# error: LINE: MESSAGE` (also by hand).
Inputs too big to commit (100,000-deep expressions) are generated into build/parse-fixtures/ at run
time, from GENERATED below. Last, `deadwood parse --stats` over all fixture folders must count
every file, every byte and exactly the files CPython rejects.
"""
import json
import os
import re
import subprocess
import tempfile
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "lib")]
from conformance import (binary_missing, check_files, pyodide_modules,  # noqa: E402
                         pyodide_references, references, run_deadwood, under_oracle)
from suite import ROOT, Suite  # noqa: E402

GEN_DIR = os.path.join(ROOT, "build", "parse-fixtures")


def nested_blocks(depth):
    return "".join(" " * i + f"if x{i}:\n" for i in range(depth)) + " " * depth + "pass\n"


def elif_chain(arms):
    return "if a:\n    pass\n" + "".join(f"elif a == {i}:\n    pass\n" for i in range(arms))


GENERATED = {
    # CPython overflows its parser stack (a MemoryError), deadwood must refuse as cleanly.
    "err/gen_unary_minus_100000.py": "x = 1\ny = " + "-" * 100000 + "1\n",
    "err/gen_parens_100000.py": "x = 1\ny = " + "(" * 100000 + "1" + ")" * 100000 + "\n",
    "err/gen_not_100000.py": "if " + "not " * 100000 + "x:\n    pass\n",
    "err/gen_lists_100000.py": "a = 1\n" + "[" * 100000 + "]" * 100000 + "\n",
    "err/gen_lambda_100000.py": "f = " + "lambda: " * 100000 + "x\n",
    "err/gen_ifexp_100000.py": "x = 1\nx = " + "a if b else " * 100000 + "c\n",
    "err/gen_power_100000.py": "x = " + "2 ** " * 100000 + "2\n",
    "err/gen_fstring_100000.py": "x = 1\nx = f'{" + "(" * 100000 + "1" + ")" * 100000 + "}'\n",
    "err/gen_nested_blocks_100.py": nested_blocks(100),  # too many levels of indentation
    # CPython's own limits, at their edge: an elif chain as long as its parser stack allows, and
    # trees as deep as it turns into Python objects (9,997 nodes from the Module down when
    # ast.parse is called at a script's top level; a few less from deeper in a call stack, as
    # in the oracle's worker processes: the ok/ files stay a little below).
    "err/gen_elif_chain_100000.py": elif_chain(100000),
    "err/gen_elif_chain_5963.py": elif_chain(5963),
    "ok/gen_elif_chain_5962.py": elif_chain(5962),
    "ok/gen_add_chain_9985.py": "x = " + " + ".join(["a"] * 9985) + "\n",
    "err/gen_add_chain_9996.py": "x = " + " + ".join(["a"] * 9996) + "\n",
    "ok/gen_attr_chain_9985.py": "x = a" + ".y" * 9985 + "\n",
    "err/gen_attr_chain_9995.py": "x = a" + ".y" * 9995 + "\n",
    "ok/gen_call_chain_9985.py": "x = a" + "()" * 9985 + "\n",
    "err/gen_call_chain_9995.py": "x = a" + "()" * 9995 + "\n",
    # Integer literals past int64: the tree keeps hexadecimal (linear whatever the length), the
    # JSON prints decimal; a decimal literal stops at CPython's 4,300 digits.
    "ok/gen_hex_literal_200000.py": "x = 0x" + "9f3c" * 50000 + "\n",
    "ok/gen_octal_literal_100000.py": "x = 0o" + "7061" * 25000 + "\n",
    "ok/gen_binary_literal_100000.py": "x = 0b" + "1101" * 25000 + "\n",
    "ok/gen_decimal_literal_4300.py": "x = " + "9876543210" * 430 + "\n",
    "err/gen_decimal_literal_4301.py": "x = 1\ny = " + "9876543210" * 430 + "1\n",
    # Long but shallow: must parse (each is one flat list or a left-leaning chain of 3,000).
    "ok/gen_long_list.py": "x = [" + ", ".join(str(i) for i in range(20000)) + "]\n",
    "ok/gen_add_chain_3000.py": "x = " + " + ".join(["a"] * 3000) + "\n",
    "ok/gen_many_statements.py": "".join(f"v{i} = {i} * {i}\n" for i in range(20000)),
    "ok/gen_long_string.py": "s = '" + "abc\\n" * 30000 + "'\n",
    "ok/gen_elif_chain.py": "if a:\n    pass\n" + "".join(f"elif a == {i}:\n    pass\n"
                                                        for i in range(2000)),
    "ok/gen_nested_blocks_90.py": nested_blocks(90),
    "ok/gen_nested_blocks_98.py": nested_blocks(98),  # with the module level: CPython's limit, 99
    "ok/gen_stub.pyi": "def f(x: int, /, *, y: str = ...) -> None: ...\nclass C:\n    x: int\n",
}


def write_generated():
    """Writes GENERATED under GEN_DIR (a file only when its bytes change, so the cache stays warm)
    and removes anything else there."""
    paths = []
    for rel, text in GENERATED.items():
        path = os.path.join(GEN_DIR, rel)
        data = text.encode("utf-8")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        try:
            with open(path, "rb") as f:
                same = f.read() == data
        except OSError:
            same = False
        if not same:
            with open(path, "wb") as f:
                f.write(data)
        paths.append((rel, path))
    for d, _, files in os.walk(GEN_DIR):  # files of an older GENERATED would skew --stats
        for f in files:
            if os.path.relpath(os.path.join(d, f), GEN_DIR) not in GENERATED:
                os.remove(os.path.join(d, f))
    return paths


def fixture_files(suite, groups=("ok", "err"), generated=True):
    """[(name, group, path)]: the committed fixtures, then the generated ones."""
    items = []
    for group in groups:
        folder = os.path.join(HERE, group)
        if not os.path.isdir(folder):
            suite.fail(f"{group}/", f"the fixture folder {folder} is missing")
            continue
        for f in sorted(os.listdir(folder)):
            if f.endswith((".py", ".pyi")):
                items.append((f"{group}/{f}", group, os.path.join(folder, f)))
    for rel, path in write_generated() if generated else ():
        items.append((rel, rel.split("/")[0], path))
    return items


def expectation(name, ref):
    """Why CPython's own verdict contradicts the fixture's folder, or None."""
    if name.startswith("ok") and ref.digest is None:
        return f"fixture wrong: CPython rejects this ok file: line {ref.line}: {ref.message}"
    if name.startswith("err") and ref.digest is not None:
        return "fixture wrong: CPython accepts this err file"
    return None


# the last line exactly as the parser issue specifies it, the CPU figure on the line before
STATS_RE = re.compile(r"parsed (\d+) files, (\d+) bytes in [\d.]+ s: [\d.]+ MB/s \((\d+) errors\)")
CPU_RE = re.compile(r"cpu [\d.]+ s: [\d.]+ MB/s")


def check_stats(suite, items):
    """`deadwood parse --stats` over the fixture folders, its counts against the files'."""
    folders = [os.path.join(HERE, "ok"), os.path.join(HERE, "err"), GEN_DIR]
    paths = [p for _, _, p in items]
    refs = references(paths, "fixtures")
    want = (len(paths), sum(os.path.getsize(p) for p in paths),
            sum(1 for p in paths if refs[p].digest is None))
    timeout = 600 if suite.flavor == "asan" else 120
    try:
        p = subprocess.run([suite.deadwood, "parse", "--target-version", "py313", "--stats"] +
                           folders, stdout=subprocess.PIPE,
                           stderr=subprocess.PIPE, text=True, errors="replace", timeout=timeout)
    except (subprocess.TimeoutExpired, OSError) as e:
        suite.fail("parse --stats", f"cannot run: {e}")
        return
    lines = p.stdout.strip().split("\n")
    m = STATS_RE.fullmatch(lines[-1]) if p.returncode in (0, 1) else None
    if not m or len(lines) < 2 or not CPU_RE.fullmatch(lines[-2]):
        suite.fail("parse --stats", f"exit {p.returncode}, last line {lines[-1][:200]!r}, "
                                    f"stderr {p.stderr[-500:]!r}")
        return
    got = tuple(int(m.group(i)) for i in (1, 2, 3))
    suite.check(got == want, "parse --stats",
                f"(files, bytes, errors) = {got}, expected {want} from the fixtures and CPython")


ERROR_LINE_RE = re.compile(r"# error: (\d+): (.*)")


def check_315(suite):
    """ok315/*.py against their .json, err315/*.py against their `# error:` line."""
    timeout = 300 if suite.flavor == "asan" else 30
    for group in ("ok315", "err315"):
        folder = os.path.join(HERE, group)
        for f in sorted(os.listdir(folder)) if os.path.isdir(folder) else []:
            if not f.endswith(".py"):
                continue
            path, name = os.path.join(folder, f), f"{group}/{f}"
            got = run_deadwood(suite.deadwood, path, timeout, "py315")
            if group == "ok315":
                with open(path[:-3] + ".json", encoding="ascii") as j:
                    want = j.read().strip()
                suite.check(got[0] == "json" and got[1].decode("ascii").strip() == want, name,
                            f"deadwood {got[1][:300]!r}\nexpected {want[:300]!r}")
            else:
                with open(path, encoding="utf-8") as src:
                    m = ERROR_LINE_RE.match(src.readline())
                if not m:
                    suite.fail(name, "no `# error: LINE: MESSAGE` first line")
                    continue
                suite.check(got[0] == "error" and got[1] == int(m.group(1)) and
                            got[2] == m.group(2), name,
                            f"deadwood {got[1:]!r}, expected line {m.group(1)}: {m.group(2)!r}")


def check_newest(suite):
    """What an older Python accepts, the newest grammar (what `check` parses with) reads the
    same: what ok/ and ok314/ give at py314 they give at py315, but for the is_lazy field that
    only 3.15 prints (ok/ files that 3.14 itself refuses, such as an unknown __future__
    feature, are left out). (A 3.15 rule that swallowed `**(a if c else b)` had
    refused valid code in real projects.)"""
    timeout = 300 if suite.flavor == "asan" else 30
    for group in ("ok", "ok314"):
        folder = os.path.join(HERE, group)
        for f in sorted(os.listdir(folder)):
            if not f.endswith((".py", ".pyi")):
                continue
            path = os.path.join(folder, f)
            old = run_deadwood(suite.deadwood, path, timeout, "py314")
            new = run_deadwood(suite.deadwood, path, timeout, "py315")
            if old[0] != "json":
                continue
            new_json = new[1].replace(b',"is_lazy":0', b"") if new[0] == "json" else None
            suite.check(new_json == old[1], f"{group}/{f} at py315",
                        f"py315 {new[:2]!r}"[:400])


def check_messages(suite, items, target="py313", oracle="cpython"):
    """err*/msg_*.py: deadwood's message is CPython's, word for word."""
    msg_items = [(n, p) for n, _, p in items if os.path.basename(n).startswith("msg_")]
    paths = [p for _, p in msg_items]
    refs = (pyodide_references(paths, "fixtures") if oracle == "pyodide"
            else references(paths, "fixtures"))
    timeout = 300 if suite.flavor == "asan" else 30
    for name, path in msg_items:
        got = run_deadwood(suite.deadwood, path, timeout, target)
        want = refs[path].message
        suite.check(got[0] == "error" and got[2] == want, f"{name} message",
                    f"deadwood {got[1:]!r}, CPython line {refs[path].line}: {want!r}")


DW000_RE = re.compile(r"(\d+):(\d+): DW000 (.*)")


# err/ fixtures whose DW000 is still somewhere else than CPython's SyntaxError: parser errors
# whose location CPython's grammar picks by hand (RAISE_SYNTAX_ERROR_KNOWN_RANGE and the like),
# the end of the file after a backslash, soft keywords. A fixture that starts to agree fails
# until it is taken off this list, so the list only shrinks.
COLUMN_DIFFERS = {
    "class_genexp_bases.py",
    "error_in_multiline_fstring.py",
    "fstring_bytes_prefix.py",
    "fstring_invalid_expression.py",
    "msg_soft_keyword_prefix_no_hint.py",
    "string_bad_prefix.py",
    "string_bad_prefix_ub.py",
}


# err314/ fixtures the same way against CPython 3.14: t-string errors placed by the grammar.
COLUMN_DIFFERS_314 = {
    "tstring_two_names.py",
    "tstring_unclosed_then_string.py",
}


def positions_313(paths):
    """{path: (line, offset)} of CPython 3.13's SyntaxError for each path (None: no position)."""
    out = {}
    for path in paths:
        with open(path, "rb") as f:
            src = f.read()
        try:
            compile(src, path, "exec")
            out[path] = None
        except SyntaxError as e:
            out[path] = (e.lineno, e.offset)
        except (ValueError, MemoryError, RecursionError):  # (NUL bytes; too deep: no position)
            out[path] = None
    return out


def positions_314(paths):
    """The same from CPython 3.14 (pyodide_oracle.mjs, one Node process for all)."""
    with tempfile.TemporaryDirectory(prefix="dw-columns-") as tmp:
        lst, res = os.path.join(tmp, "list"), os.path.join(tmp, "out")
        with open(lst, "w", encoding="utf-8") as f:
            f.write("".join(os.path.abspath(p) + "\n" for p in paths))
        subprocess.run(["node", os.path.join(HERE, "pyodide_oracle.mjs"), pyodide_modules(),
                        os.path.join(HERE, "ast_json.py"), lst, res], check=True,
                       stdout=subprocess.DEVNULL)
        with open(res, encoding="utf-8") as f:
            got = {r[0]: r for r in map(json.loads, f)}
    out = {}
    for p in paths:
        r = got[os.path.abspath(p)]
        out[p] = (r[2], r[5]) if r[1] is None and r[5] is not None else None
    return out


def check_columns(suite, items, group="err", target="py313", differs=None):
    """Every fixture of group: DW000 reports the error where CPython does, line and column (both
    1-based, in characters), except those listed in differs (COLUMN_DIFFERS). A file CPython
    refuses before it parses (NUL bytes, an encoding it does not know), or where it gives no
    column, or that gets DW001 (bytes that are not UTF-8: DW001 names the byte, not the token) or
    DW002 (syntax too new for the target) instead, has no DW000 to compare."""
    timeout = 300 if suite.flavor == "asan" else 30
    differs = COLUMN_DIFFERS if differs is None else differs
    chosen = [(name, path) for name, g, path in items
              if g == group and "/" not in name[len(group) + 1:]]
    where = (positions_313 if target == "py313" else positions_314)([p for _, p in chosen])
    for name, path in chosen:
        base = os.path.basename(name)
        want = where[path]
        if want is None or not want[0] or not want[1]:
            continue  # (CPython gives no line or no column)
        argv = [suite.deadwood, "check", "--isolated", "--no-cache", "--select", "DW000",
                "--target-version", target, path]
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
        out = p.stdout.decode("utf-8", "replace")
        m = next(filter(None, (DW000_RE.fullmatch(ln[len(path) + 1:]) for ln in out.split("\n")
                               if ln.startswith(path + ":"))), None)
        if m is None and not base.startswith("col_"):
            continue  # (DW001's or DW002's)
        got = (int(m.group(1)), int(m.group(2))) if m else None
        if base in differs:
            suite.check(got != want, f"{name}: still on the list of known column differences",
                        f"DW000 now agrees with CPython at {got}: take it off the list")
        else:
            suite.check(got == want, f"{name} line and column (DW000, {target})",
                        f"deadwood {got}, CPython {want}: {out[:200]!r}")


def main():
    suite = Suite(__doc__)
    if not under_oracle(suite, "fixtures"):
        suite.finish()
    if binary_missing(suite, "fixtures"):
        suite.finish()
    items = fixture_files(suite)
    tally = check_files(suite, items, "fixtures", expectation)
    check_messages(suite, items)
    check_columns(suite, items)
    check_stats(suite, items)
    if pyodide_modules():
        items314 = fixture_files(suite, ("ok314", "err314"), generated=False)
        tally314 = check_files(suite, items314, "fixtures", expectation, "py314", "pyodide")
        check_messages(suite, items314, "py314", "pyodide")
        check_columns(suite, items314, "err314", "py314", COLUMN_DIFFERS_314)
        if suite.args.verbose or suite.failed:
            tally314.report()
    else:
        suite.skip("fixtures 3.14", "no pyodide (npm) and node: CPython 3.14 is missing")
    check_315(suite)
    check_newest(suite)
    if suite.args.verbose or suite.failed:
        tally.report()
    suite.finish()


if __name__ == "__main__":
    main()
