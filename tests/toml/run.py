#!/usr/bin/env python3
"""The TOML reader (src/config/toml.c) against the official toml-test vectors for TOML 1.0.0.

The vectors live in ../shared/toml-test (relative to the repository root); tests/files-toml-1.0.0
there lists the files that apply to TOML 1.0.0 (files-toml-1.1.0 lists the 1.1 set; files in
neither list, such as *.multi, are not vectors). For each listed vector BINDIR/toml_decode reads
the .toml on stdin:
  valid/X.toml   must exit 0 and print JSON equal to valid/X.json, compared as toml-test does:
                 floats numerically (nan equal to nan whatever its sign), date/times as instants
                 (offset date-times) or wall-clock values after normalization, the rest as text;
  invalid/X.toml must exit 1 with one `line:col: message` line on stderr, the position inside the
                 file.
One pass/fail per vector. Under --flavor asan the bindir is the ASan+UBSan build, and a sanitizer
report fails the vector.
"""
import concurrent.futures
import datetime
import json
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import ROOT, Suite  # noqa: E402

VECTORS = os.path.normpath(os.path.join(ROOT, "..", "shared", "toml-test"))
LIST = "files-toml-1.0.0"
DIAG = re.compile(r"^(\d+):(\d+): (\S.*)\n?$")
TIMEOUT = 20

# ---- toml-test's equivalences -------------------------------------------------------------------

DT = re.compile(r"^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})?$")
DATE = re.compile(r"^(\d{4})-(\d{2})-(\d{2})$")
TIME = re.compile(r"^(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?$")


def nanos(frac):
    return int((frac or "0")[:9].ljust(9, "0"))


def datetime_key(kind, text):
    """A comparable value for a toml-test date/time, or None if `text` is not one of `kind`."""
    text = text.replace(" ", "T").replace("t", "T").replace("z", "Z")
    try:
        if kind == "date-local":
            m = DATE.match(text)
            return m and datetime.date(*map(int, m.groups())).toordinal()
        if kind == "time-local":
            m = TIME.match(text)
            return m and (int(m[1]), int(m[2]), int(m[3]), nanos(m[4]))
        m = DT.match(text)
        if not m or (kind == "datetime") != (m[8] is not None):
            return None
        days = datetime.date(int(m[1]), int(m[2]), int(m[3])).toordinal()
        secs = days * 86400 + int(m[4]) * 3600 + int(m[5]) * 60 + int(m[6])
        if m[8] and m[8] != "Z":
            sign = -1 if m[8][0] == "-" else 1
            secs -= sign * (int(m[8][1:3]) * 3600 + int(m[8][4:6]) * 60)
        return (secs, nanos(m[7]))
    except ValueError:
        return None


def same_scalar(kind, want, have):
    if kind == "float":
        want, have = want.lower(), have.lower()
        if want.endswith("nan") or have.endswith("nan"):
            return want.lstrip("+-") == have.lstrip("+-")
        try:
            return float(want) == float(have)
        except ValueError:
            return False
    if kind in ("datetime", "datetime-local", "date-local", "time-local"):
        w = datetime_key(kind, want)
        return w is not None and w == datetime_key(kind, have)
    if kind == "bool":
        return want.lower() == have.lower()
    return want == have


def is_tagged(v):
    return (isinstance(v, dict) and set(v) == {"type", "value"} and isinstance(v["type"], str)
            and isinstance(v["value"], str))


def diff(want, have, path="(root)"):
    """None when `have` matches the expected `want`, else a description of the first difference."""
    if is_tagged(want):
        if not is_tagged(have):
            return f"{path}: expected {json.dumps(want)}, got {json.dumps(have)}"
        if want["type"] != have["type"] or not same_scalar(want["type"], want["value"],
                                                           have["value"]):
            return f"{path}: expected {json.dumps(want)}, got {json.dumps(have)}"
        return None
    if isinstance(want, dict):
        if not isinstance(have, dict) or is_tagged(have):
            return f"{path}: expected a table, got {json.dumps(have)[:200]}"
        if set(want) != set(have):
            return (f"{path}: keys differ: missing {sorted(set(want) - set(have))}, "
                    f"unexpected {sorted(set(have) - set(want))}")
        for k in want:
            d = diff(want[k], have[k], f"{path}.{k}")
            if d:
                return d
        return None
    if isinstance(want, list):
        if not isinstance(have, list) or len(want) != len(have):
            return f"{path}: expected {json.dumps(want)[:200]}, got {json.dumps(have)[:200]}"
        for i, (w, h) in enumerate(zip(want, have)):
            d = diff(w, h, f"{path}[{i}]")
            if d:
                return d
        return None
    return f"{path}: malformed expectation {json.dumps(want)[:200]}"

# ---- running the decoder ------------------------------------------------------------------------


def sanitizer_env():
    env = dict(os.environ)
    for var, extra in (("ASAN_OPTIONS", "exitcode=66"), ("UBSAN_OPTIONS", "exitcode=67")):
        env[var] = (env[var] + ":" if env.get(var) else "") + extra
    return env


def run_vector(decoder, rel, env):
    """(ok, why) for one vector; rel is its path under tests/ without the .toml suffix."""
    path = os.path.join(VECTORS, "tests", rel + ".toml")
    with open(path, "rb") as f:
        data = f.read()
    try:
        p = subprocess.run([decoder], input=data, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return False, f"no answer in {TIMEOUT}s (hang?)"
    err = p.stderr.decode("utf-8", "replace")
    if "Sanitizer" in err or "runtime error" in err:
        return False, "sanitizer report:\n" + err[-3000:]
    if rel.startswith("valid/"):
        if p.returncode != 0:
            return False, f"rejected (exit {p.returncode}): {err.strip()[:500]}"
        try:
            have = json.loads(p.stdout)
        except ValueError as e:
            return False, f"output is not JSON ({e}): {p.stdout[:300]!r}"
        with open(os.path.join(VECTORS, "tests", rel + ".json"), encoding="utf-8") as f:
            want = json.load(f)
        d = diff(want, have)
        return (d is None), d
    if p.returncode != 1:
        return False, f"accepted (exit {p.returncode}); stdout: {p.stdout[:200]!r}"
    m = DIAG.match(err)
    if not m:
        return False, f"diagnostic is not one `line:col: message` line: {err[:300]!r}"
    line, col = int(m[1]), int(m[2])
    lines = data.count(b"\n") + 1
    if not (1 <= line <= lines and col >= 1):
        return False, f"position {line}:{col} outside the file ({lines} lines): {err.strip()}"
    return True, None


def main():
    s = Suite(__doc__)
    listing = os.path.join(VECTORS, "tests", LIST)
    decoder = os.path.join(s.bindir, "toml_decode")
    if not os.path.isdir(VECTORS) or not os.path.exists(listing):
        s.skip("toml-test", f"no vectors at {VECTORS}")
        s.finish()
    if not os.path.exists(decoder):
        s.fail("toml-test", f"no decoder at {decoder} (make {os.path.relpath(decoder, ROOT)})")
        s.finish()
    with open(listing, encoding="utf-8") as f:
        names = [ln.strip()[:-5] for ln in f if ln.strip().endswith(".toml")]
    names = [n for n in names if n.startswith(("valid/", "invalid/"))]
    env = sanitizer_env()
    workers = min(32, (os.cpu_count() or 2) * 2)
    with concurrent.futures.ThreadPoolExecutor(workers) as pool:
        results = list(pool.map(lambda n: run_vector(decoder, n, env), names))
    tally = {}
    for name, (ok, why) in zip(names, results):
        kind = name.split("/")[0]
        tally.setdefault(kind, [0, 0])[0 if ok else 1] += 1
        s.check(ok, f"toml {name}", why)
    if s.args.verbose:
        for kind, (good, bad) in sorted(tally.items()):
            print(f"# {kind}: {good} passed, {bad} failed")
    s.finish()


if __name__ == "__main__":
    main()
