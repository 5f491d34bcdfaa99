#!/usr/bin/env python3
"""Robustness: the worst inputs in one tree, analyzed in one run. Each must get a clear
diagnostic (or none, when the file is valid), nothing may crash or hang, the exit status must be
the documented one, and the findings of an ordinary file in the same run must be intact.

Every input is generated at run time in a temporary directory (some are large)."""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
asan = s.flavor == "asan"
root = tempfile.mkdtemp(prefix="dw-robust-")

# name -> (bytes, expected code or None for "no finding at all", substring of the message)
cases = {}


def case(name, data, code, msg=""):
    cases[name] = (data, code, msg)


case("deep_parens.py", b"x = " + b"(" * 100000 + b"1" + b")" * 100000 + b"\n", "DW000",
     "too many nested parentheses")
case("deep_unary.py", b"x = " + b"-" * 100000 + b"1\n", "DW000", "too complex")
case("deep_not.py", b"x = " + b"not " * 100000 + b"y\n", "DW000", "too complex")
case("deep_ifs.py", b"".join(b" " * i + b"if x:\n" for i in range(10000)) + b" " * 10000 + b"pass\n",
     "DW000", "too many levels of indentation")
case("deep_binop.py", b"x = " + b"1 + " * 100000 + b"1\n", "DW000",
     "maximum recursion depth exceeded during ast construction")

def elif_chain(arms, indent=b"", body=b"pass"):
    """if/elif with `arms` elif arms; `%d` in body is the arm's number."""
    def arm(i):
        return indent + b"    " + (body % i if b"%d" in body else body) + b"\n"
    return (indent + b"if a:\n" + arm(-1) +
            b"".join(indent + b"elif a == %d:\n" % i + arm(i) for i in range(arms)))


# Every walk after the parser is bounded by the deepest tree the parser accepts (CPython's: 9,997
# nodes from the Module down; an elif chain as long as CPython's parser stack allows): the
# longest chains it accepts go through every rule, the control-flow graphs and the summaries.
case("elif_chain_100000.py", elif_chain(100000), "DW000", "Parser stack overflowed")
case("elif_chain_80000.py", elif_chain(80000), "DW000", "Parser stack overflowed")
case("elif_chain_5962_in_function.py",
     b"def f(a, y):\n    if y is None:\n        return\n" + elif_chain(5962, b"    ", b"y.v = %d"),
     None)
case("elif_chain_same_arms.py", elif_chain(5962, b"", b"x = 1") + b"else:\n    x = 1\n", "DW101",
     "identical branches")
case("add_chain_9995.py", b"def f(a):\n    if a is None:\n        return\n    return " +
     b" + ".join([b"a"] * 9992) + b"\n", None)
case("attr_chain_9990.py", b"def f(a):\n    if a is None:\n        return\n    return a" +
     b".y" * 9990 + b"\n", None)
case("call_chain_9990.py", b"x = f" + b"()" * 9990 + b"\n", None)
case("attr_chain_too_long.py", b"x = a" + b".y" * 9995 + b"\n", "DW000",
     "maximum recursion depth exceeded during ast construction")
# a literal of a million hexadecimal digits: the tree keeps them as they are (no quadratic
# conversion to decimal, which only `parse --json` makes, and subquadratically)
case("hex_literal_1m.py", b"x = 0x" + b"7" * 1000000 + b"\n", None)
case("million_lines.py", b"pass\n" * (200000 if asan else 1000000), None)
case("long_line.py", b"x = '" + b"a" * (20 * 1000 * 1000) + b"'\n", None)
case("nul_byte.py", b"x = 1\n\x00y = 2\n", "DW001", "null bytes")
case("invalid_utf8.py", b"x = '\xff\xfe'\n", "DW001", "utf-8")
case("wrong_cookie.py", b"# -*- coding: latin-2000 -*-\nx = 1\n", "DW001", "encoding")
case("bad_bytes_for_cookie.py", b"# coding: ascii\nx = '\xe9'\n", "DW001", "ascii")
case("mixed_tabs.py", b"if x:\n\tif y:\n        pass\n", "DW000", "inconsistent use of tabs")
case("mixed_tabs_ok.py", b"if x:\n\ty = 1\n\tz = 2\n", None)
case("crlf.py", b"if x:\r\n    y = 1\r\nelse:\r\n    y = 1\r\n", "DW101", "identical branches")
case("lone_cr.py", b"if x:\r    y = 1\relse:\r    y = 1\r", "DW101", "identical branches")
case("formfeed.py", b"\x0cx = 1\n\x0c\ny = 2\n", None)
case("bom.py", b"\xef\xbb\xbfx = 1\n", None)
case("bom_cookie_conflict.py", b"\xef\xbb\xbf# coding: latin-1\nx = 1\n", "DW001", "BOM")
case("unterminated_string.py", b"x = 'abc\n", "DW000", "unterminated string")
case("unterminated_triple.py", b'x = """abc\n\n', "DW000", "unterminated triple-quoted")
case("unterminated_bracket.py", b"x = (1,\n2,\n", "DW000", "never closed")
case("unterminated_fstring.py", b"x = f'{a\n", "DW000", "")
case("binary.py", bytes(range(256)) * 64, "DW001", "null bytes")
case("empty.py", b"", None)
case("only_comments.py", b"# one\n# two\n\n# three", None)
case("no_final_newline.py", b"x = 1", None)
case("backslash_eof.py", b"x = 1 \\", "DW000", "")

files = {}
for name, (data, code, msg) in cases.items():
    p = os.path.join(root, name)
    with open(p, "wb") as f:
        f.write(data)
    files[name] = p
# an ordinary file whose findings must survive the neighbours
ordinary = os.path.join(root, "ordinary.py")
with open(ordinary, "w") as f:
    f.write("def f(x):\n    if x is None:\n        return x.y\n    return 1\n\n"
            "v = 1 if f(0) else 1\n")
# a symlink loop and an unreadable file
os.makedirs(os.path.join(root, "loop"))
os.symlink("..", os.path.join(root, "loop", "up"))
unreadable = os.path.join(root, "unreadable.py")
with open(unreadable, "w") as f:
    f.write("x = 1\n")
os.chmod(unreadable, 0)
as_root = os.geteuid() == 0


def run(argv, timeout=300):
    t0 = time.time()
    p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    return p, time.time() - t0


def sanitizer_clean(p):
    err = p.stderr.decode("utf-8", "replace")
    return "ERROR: AddressSanitizer" not in err and "runtime error:" not in err


dw = s.deadwood
base = [dw, "check", "--output-format", "json", "--no-cache"]
probe = subprocess.run([dw, "check", "--help"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
if b"--no-cache" not in probe.stdout:
    base.remove("--no-cache")

# the whole tree in one run
try:
    p, secs = run(base + ["--jobs", "2", root])
except subprocess.TimeoutExpired:
    s.fail("whole-tree run", "timed out")
    s.finish()
s.check(p.returncode == 1, "exit status 1 with findings", f"exit {p.returncode}: {p.stderr[-2000:]!r}")
s.check(sanitizer_clean(p), "no sanitizer report", p.stderr.decode("utf-8", "replace")[-3000:])
try:
    found = json.loads(p.stdout)
except ValueError as e:
    found = []
    s.fail("json output", f"{e}: {p.stdout[:500]!r}")
by_file = {}
for f in found:
    by_file.setdefault(os.path.basename(f["filename"]), []).append(f)
for name, (data, code, msg) in cases.items():
    got = by_file.get(name, [])
    if code is None:
        s.check(not got, f"{name}: no finding", repr(got[:3]))
    else:
        ok = any(g["code"] == code and msg.lower() in g["message"].lower() for g in got)
        s.check(ok, f"{name}: {code} {msg!r}", repr(got[:3]))
got = sorted((g["code"], g["location"]["row"]) for g in by_file.get("ordinary.py", []))
s.check(got == [("DW102", 6), ("DW201", 3)], "ordinary file's findings intact", repr(got))
unread = by_file.get("unreadable.py", [])
if not as_root:
    s.check(any(g["code"] == "DW001" for g in unread), "unreadable file: DW001", repr(unread))
elif shutil.which("setpriv"):
    # root reads everything: run as an unprivileged user on a small tree
    small = tempfile.mkdtemp(prefix="dw-robust-perm-")
    os.chmod(small, 0o755)
    shutil.copy(ordinary, os.path.join(small, "ordinary.py"))
    with open(os.path.join(small, "unreadable.py"), "w") as f:
        f.write("x = 1\n")
    os.chmod(os.path.join(small, "unreadable.py"), 0)
    os.chmod(os.path.join(small, "ordinary.py"), 0o644)
    os.makedirs(os.path.join(small, "closed"))
    with open(os.path.join(small, "closed", "inside.py"), "w") as f:
        f.write("x = 1\n")
    os.chmod(os.path.join(small, "closed"), 0)
    p, _ = run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups"] + base +
               [small])
    try:
        got = json.loads(p.stdout)
    except ValueError:
        got = []
    codes = sorted((os.path.basename(g["filename"]), g["code"]) for g in got)
    s.check(("unreadable.py", "DW001") in codes, "unreadable file: DW001", repr(codes) + repr(p.stderr[-500:]))
    s.check(("ordinary.py", "DW201") in codes, "unreadable file: neighbours still analyzed", repr(codes))
    s.check(b"closed" in p.stderr and p.returncode == 1, "unreadable directory: reported, run goes on",
            f"exit {p.returncode}: {p.stderr[-500:]!r}")
    os.chmod(os.path.join(small, "closed"), 0o755)
    shutil.rmtree(small, ignore_errors=True)
else:
    s.skip("unreadable file", "running as root without setpriv: permissions are not enforced")

# the same one at a time, each alone: no crash, a plain exit status, within a bound
for name in cases:
    try:
        p, secs = run(base + [files[name]], timeout=120)
    except subprocess.TimeoutExpired:
        s.fail(f"{name} alone", "timed out")
        continue
    s.check(p.returncode in (0, 1) and sanitizer_clean(p), f"{name} alone: exit 0/1, clean",
            f"exit {p.returncode}: {p.stderr[-1500:]!r}")

# a file that vanishes mid-run: listed, then removed before it is read
vanish_dir = os.path.join(root, "vanish")
os.makedirs(vanish_dir)
for i in range(300):
    with open(os.path.join(vanish_dir, f"m{i:03}.py"), "w") as f:
        f.write("if a:\n    b = 1\nelse:\n    b = 1\n" * 50)


def remove_later():
    time.sleep(0.05)
    for i in range(150, 300):
        try:
            os.unlink(os.path.join(vanish_dir, f"m{i:03}.py"))
        except OSError:
            pass


t = threading.Thread(target=remove_later)
t.start()
p, secs = run(base + ["--jobs", "1", vanish_dir])
t.join()
s.check(p.returncode in (0, 1) and sanitizer_clean(p), "vanishing files: the run goes on",
        f"exit {p.returncode}: {p.stderr[-1500:]!r}")
try:
    got = json.loads(p.stdout)
    codes = {g["code"] for g in got}
    s.check("DW101" in codes and codes <= {"DW101", "DW001"},
            "vanishing files: findings of the others kept, the missing ones DW001", repr(codes))
except ValueError:
    s.fail("vanishing files: json", p.stdout[:300])

os.chmod(unreadable, 0o644)
shutil.rmtree(root, ignore_errors=True)
s.finish()
