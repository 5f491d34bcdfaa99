#!/usr/bin/env python3
"""Parser conformance: `deadwood parse --json` on real code, judged by CPython's `ast`.

    conformance.py [--deadwood BIN] [--flavor release|asan]   the newest CPython (>= 3.13) stdlib
    conformance.py --all-versions     every installed CPython 3.8+ stdlib, judged by that oracle
    conformance.py --list FILE...     the given files
    conformance.py --py314            the 3.14 stdlib (pyodide's), judged by CPython 3.14

By default the newest CPython's stdlib is judged by it with `--target-version py3NN` of that
version (3.13), and the 3.14 stdlib by CPython 3.14, which runs here as pyodide (CPython compiled
to WebAssembly, the npm package pyodide@PYODIDE_VERSION under Node: one Node process for a whole
list of files, tests/parse/pyodide_oracle.mjs). Without it the 3.14 part is skipped.

One pass/fail per file. A file CPython accepts must give byte-identical JSON (ast_json.py is the
reference); a file it rejects must be rejected by deadwood on the same line (any line when CPython
names none: a NUL byte, a decoding error it puts on line 0, a parser stack overflow). A JSON
mismatch is reported with the first differing path, e.g.
    body[3].value.args[0].col_offset: deadwood 7, CPython 8 (in Name, line 12)

The script re-executes itself under the oracle CPython; the reference runs in-process there, its
results cached in build/parse-oracle/ per (path, size, mtime) and per oracle (its version and the
bytes of ast_json.py), so repeated runs only run deadwood. fixtures.py reuses this module.
"""
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path[:0] = [HERE, os.path.join(os.path.dirname(HERE), "lib")]
import ast_json  # noqa: E402
from suite import ROOT, Suite, find_python  # noqa: E402

JOBS = os.cpu_count() or 1
CACHE_DIR = os.path.join(ROOT, "build", "parse-oracle")
REEXEC_ENV = "DEADWOOD_ORACLE_PYTHON"
MIN_STDLIB_FILES = 1000


# ---- running under the oracle ----------------------------------------------------------------

def runs(argv):
    try:
        return subprocess.run(argv + ["-c", "pass"], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode == 0
    except OSError:
        return False


def oracle_python():
    """find_python((3, 13)), skipping PATH entries that do not run (a pyenv shim of a version
    pyenv has not selected is found by name but refuses to start)."""
    py = find_python((3, 13))
    if py is None or os.environ.get(REEXEC_ENV) == py[0] or runs(py):
        return py
    path = os.environ.get("PATH", "")
    try:
        os.environ["PATH"] = os.pathsep.join(d for d in path.split(os.pathsep)
                                             if os.path.basename(d.rstrip("/")) != "shims")
        py = find_python((3, 13))
    finally:
        os.environ["PATH"] = path
    return py if py and runs(py) else None


def under_oracle(suite, name):
    """Re-executes the running script under the newest CPython >= 3.13 unless it already runs
    there. Returns True under the oracle; False (after one SKIP line) when there is none."""
    py = oracle_python()
    if py is None:
        suite.skip(name, "no CPython >= 3.13 installed: the parser's oracle is missing")
        return False
    here = os.path.realpath(sys.executable) == os.path.realpath(py[0])
    if os.environ.get(REEXEC_ENV) == py[0] or here:
        if sys.version_info >= (3, 13):
            return True
        suite.skip(name, f"{py[0]} does not run as CPython >= 3.13")
        return False
    os.environ[REEXEC_ENV] = py[0]
    sys.stdout.flush()
    os.execv(py[0], py + [os.path.abspath(sys.argv[0])] + sys.argv[1:])


def binary_missing(suite, name):
    """One FAIL (instead of one per file) when the binary under test does not exist."""
    if os.access(suite.deadwood, os.X_OK):
        return False
    suite.fail(name, f"no executable deadwood at {suite.deadwood} (run make)")
    return True


# ---- the reference, cached -------------------------------------------------------------------

Ref = collections.namedtuple("Ref", "digest line message")  # digest None: CPython rejects


def expected_bytes(json_text):
    return json_text.encode("ascii") + b"\n"


def reference_of(path):
    """(path, size, mtime_ns, Ref) for one file, computed by the oracle (a worker's job)."""
    st = os.stat(path)
    with open(path, "rb") as f:
        text, line, message = ast_json.to_json(f.read(), path)
    digest = hashlib.sha256(expected_bytes(text)).hexdigest() if text is not None else None
    return path, st.st_size, st.st_mtime_ns, Ref(digest, line, message)


def oracle_id():
    with open(ast_json.__file__, "rb") as f:
        return sys.version + " " + hashlib.sha256(f.read()).hexdigest()


def references(paths, cache_name):
    """{path: Ref} for every path: from the cache when its size and mtime still match, else
    computed in parallel (and the cache rewritten)."""
    cache_path = os.path.join(CACHE_DIR, cache_name + ".json")
    ident = oracle_id()
    entries = {}
    try:
        with open(cache_path, encoding="utf-8") as f:
            saved = json.load(f)
        if saved.get("oracle") == ident:
            entries = saved["files"]
    except (OSError, ValueError, KeyError):
        pass
    out, todo = {}, []
    for path in paths:
        e = entries.get(path)
        try:
            st = os.stat(path)
        except OSError:
            st = None
        if e and st and e[0] == st.st_size and e[1] == st.st_mtime_ns:
            out[path] = Ref(*e[2:])
        else:
            todo.append(path)
    if todo:
        with concurrent.futures.ProcessPoolExecutor(JOBS) as pool:
            for path, size, mtime, ref in pool.map(reference_of, todo, chunksize=8):
                out[path] = ref
                entries[path] = [size, mtime, *ref]
        os.makedirs(CACHE_DIR, exist_ok=True)
        tmp = cache_path + f".{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"oracle": ident, "files": entries}, f)
        os.replace(tmp, cache_path)
    return out


# ---- running deadwood and judging it ---------------------------------------------------------

ERROR_RE = re.compile(r"(\d+):(\d+): (syntax error|error): (.*)")


def run_deadwood(binary, path, timeout, target=None):
    """Runs `deadwood parse [--target-version target] --json path`. Returns ("json", stdout bytes), ("error", line, message)
    or ("bad", why, kind) when the output breaks the contract (crash, timeout, malformed). Other
    stderr lines (warnings) are tolerated before the error line."""
    try:
        argv = [binary, "parse"] + (["--target-version", target] if target else []) + ["--json", path]
        p = subprocess.run(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=timeout)
    except subprocess.TimeoutExpired:
        return ("bad", f"timeout after {timeout} s", "timeout")
    except OSError as e:  # e.g. the binary is being relinked
        return ("bad", f"cannot run {binary}: {e}", "cannot run")
    err = p.stderr.decode("utf-8", "replace")
    tail = err[-1500:].strip()
    if p.returncode == 0:
        if not p.stdout.endswith(b"\n") or p.stdout.count(b"\n") != 1:
            return ("bad", f"exit 0 but stdout is not one line ({len(p.stdout)} bytes)",
                    "output not one line")
        return ("json", p.stdout)
    if p.returncode == 1:
        lines = [ln[len(path) + 1:] for ln in err.split("\n") if ln.startswith(path + ":")]
        m = next(filter(None, (ERROR_RE.fullmatch(ln) for ln in lines)), None)
        if p.stdout or not m:
            return ("bad", f"exit 1 with stdout {len(p.stdout)} bytes, stderr {err[:300]!r}",
                    "malformed error")
        return ("error", int(m.group(1)), m.group(4))
    how = f"signal {-p.returncode}" if p.returncode < 0 else f"exit {p.returncode}"
    return ("bad", f"crashed ({how}): {tail}", "crash")


def judge(binary, path, ref, timeout, target=None):
    """None when deadwood agrees with the oracle on path, else (kind, why); kind "json" means the
    JSON differs (the caller locates the difference: see json_difference)."""
    got = run_deadwood(binary, path, timeout, target)
    if got[0] == "bad":
        return got[2], got[1]
    if ref.digest is not None:
        if got[0] == "error":
            return "rejects valid", f"deadwood rejects it at line {got[1]}: {got[2]}"
        if hashlib.sha256(got[1]).hexdigest() != ref.digest:
            return "json", got[1]
        return None
    if got[0] == "json":
        return "accepts invalid", f"deadwood accepts it; CPython: line {ref.line}: {ref.message}"
    if ref.line not in (None, 0) and got[1] != ref.line:
        return "wrong line", (f"deadwood line {got[1]}: {got[2]}\n"
                              f"CPython  line {ref.line}: {ref.message}")
    return None


def short(value):
    text = json.dumps(value, ensure_ascii=True)
    return text if len(text) <= 80 else text[:77] + "..."


def first_difference(mine, theirs):
    """(path, deadwood value, CPython value, innermost node) of the first difference between two
    loaded JSON trees, in document order, or None when they are equal."""
    stack = [("", mine, theirs, None)]
    while stack:
        path, a, b, node = stack.pop()
        if type(a) is not type(b):
            return path, a, b, node
        if isinstance(a, dict):
            if a.get("_type") != b.get("_type"):
                return f"{path}._type".lstrip("."), a.get("_type"), b.get("_type"), node
            if list(a) != list(b):
                return f"{path} (field names)".lstrip(), list(a), list(b), node
            for key in reversed(list(a)):
                if key != "_type":
                    stack.append((f"{path}.{key}" if path else key, a[key], b[key], a))
        elif isinstance(a, list):
            stack.append((path + " (length)", len(a), len(b), node))
            for i in reversed(range(min(len(a), len(b)))):
                stack.append((f"{path}[{i}]", a[i], b[i], node))
        elif a != b:
            return path, a, b, node
    return None


def json_difference(path, got):
    """(kind, why) for deadwood's JSON `got` that differs from the oracle's JSON of path."""
    with open(path, "rb") as f:
        want = ast_json.to_json(f.read(), path)[0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))
    try:
        mine = json.loads(got)
    except ValueError as e:
        return "invalid JSON", f"deadwood printed invalid JSON: {e}"
    except RecursionError:
        mine = None
    if mine is not None:
        try:
            diff = first_difference(mine, json.loads(want))
        except RecursionError:
            diff = None
        if diff:
            where, a, b, node = diff
            ctx = f" (in {node['_type']}, line {node.get('lineno', '?')})" if node else ""
            field = where.rsplit(".", 1)[-1].split("[")[0].split(" ")[0]
            kind = f"json {node['_type']}.{field}" if node else f"json {field}"
            return kind, f"{where}: deadwood {short(a)}, CPython {short(b)}{ctx}"
    text = got.decode("ascii", "replace").rstrip("\n")
    i = next((i for i, (x, y) in enumerate(zip(text, want)) if x != y), min(len(text), len(want)))
    return "json bytes", (f"first differing byte {i}: deadwood ...{text[max(0, i - 40):i + 40]!r}"
                          f", CPython ...{want[max(0, i - 40):i + 40]!r}")


class Tally:
    """Counts per group (a CPython version, a fixture folder) and per mismatch kind."""

    def __init__(self):
        self.groups = collections.OrderedDict()
        self.kinds = collections.Counter()

    def add(self, group, ref, verdict):
        row = self.groups.setdefault(group, [0, 0, 0, 0])
        row[0] += 1
        if verdict is not None:
            row[3] += 1
            self.kinds[verdict[0]] += 1
        else:
            row[1 if ref.digest is not None else 2] += 1

    def report(self):
        print(f"{'group':<24} {'files':>6} {'identical':>9} {'rejected-agree':>14} "
              f"{'mismatches':>10}")
        for group, row in self.groups.items():
            print(f"{group:<24} {row[0]:>6} {row[1]:>9} {row[2]:>14} {row[3]:>10}")
        if self.kinds:
            print("most common mismatches: " + ", ".join(
                f"{kind} ×{n}" for kind, n in self.kinds.most_common(12)))


def check_files(suite, items, cache_name, expect=None, target="py313", oracle="cpython"):
    """Judges deadwood (`--target-version target`) on items, a list of (name, group, path), in
    parallel; one pass/fail each. oracle: "cpython" (this process's, 3.13) or "pyodide" (3.14).
    expect(name, ref) may return why the oracle's own verdict is wrong for a fixture (or None)."""
    timeout = 300 if suite.flavor == "asan" else 30
    paths = [path for _, _, path in items]
    refs = (pyodide_references(paths, cache_name) if oracle == "pyodide"
            else references(paths, cache_name))
    tally = Tally()
    with concurrent.futures.ThreadPoolExecutor(JOBS) as pool:
        futures = [pool.submit(judge, suite.deadwood, path, refs[path], timeout, target)
                   for _, _, path in items]
        for (name, group, path), future in zip(items, futures):
            ref = refs[path]
            why = expect(name, ref) if expect else None
            if why:
                future.cancel()
                suite.fail(name, why)
                tally.add(group, ref, ("fixture wrong", why))
                continue
            verdict = future.result()
            if verdict and verdict[0] == "json":
                verdict = (json_difference(path, verdict[1]) if oracle == "cpython" else
                           ("json", "differs from CPython 3.14's (see pyodide_oracle.mjs, "
                                    "DW_ORACLE_FULL, for its JSON)"))
            tally.add(group, ref, verdict)
            if verdict:
                suite.fail(name, f"[{verdict[0]}] {verdict[1]}")
            else:
                suite.ok(name)
    return tally


# ---- CPython 3.14: pyodide under Node --------------------------------------------------------

PYODIDE_VERSION = "314.0.7"


def pyodide_modules():
    """The node_modules holding pyodide@PYODIDE_VERSION (.ci/run installs it in build/node), or
    None; DEADWOOD_PYODIDE_MODULES names another."""
    d = os.environ.get("DEADWOOD_PYODIDE_MODULES", os.path.join(ROOT, "build", "node",
                                                                "node_modules"))
    try:
        with open(os.path.join(d, "pyodide", "package.json"), encoding="utf-8") as f:
            ok = json.load(f).get("version") == PYODIDE_VERSION
    except (OSError, ValueError):
        return None
    return d if ok and shutil.which("node") else None


def pyodide_references(paths, cache_name):
    """{path: Ref} from CPython 3.14 (pyodide): the cached ones, the rest in one Node process."""
    cache_path = os.path.join(CACHE_DIR, cache_name + "-314.json")
    with open(ast_json.__file__, "rb") as f:
        ident = "pyodide " + PYODIDE_VERSION + " " + hashlib.sha256(f.read()).hexdigest()
    entries = {}
    try:
        with open(cache_path, encoding="utf-8") as f:
            saved = json.load(f)
        if saved.get("oracle") == ident:
            entries = saved["files"]
    except (OSError, ValueError, KeyError):
        pass
    out, todo = {}, []
    for path in paths:
        e = entries.get(path)
        st = os.stat(path)
        if e and e[0] == st.st_size and e[1] == st.st_mtime_ns:
            out[path] = Ref(*e[2:])
        else:
            todo.append(path)
    if todo:
        os.makedirs(CACHE_DIR, exist_ok=True)
        lst, res = cache_path + ".list", cache_path + ".out"
        with open(lst, "w", encoding="utf-8") as f:
            f.write("".join(os.path.abspath(p) + "\n" for p in todo))
        subprocess.run(["node", os.path.join(HERE, "pyodide_oracle.mjs"), pyodide_modules(),
                        ast_json.__file__, lst, res], check=True, stdout=subprocess.DEVNULL)
        with open(res, encoding="utf-8") as f:
            got = {r[0]: r for r in map(json.loads, f)}
        for path in todo:
            digest, line, message = got[os.path.abspath(path)][1:4]
            st = os.stat(path)
            out[path] = Ref(digest, line, message)
            entries[path] = [st.st_size, st.st_mtime_ns, digest, line, message]
        tmp = cache_path + f".{os.getpid()}.tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump({"oracle": ident, "files": entries}, f)
        os.replace(tmp, cache_path)
    return out


def pyodide_stdlib():
    """The 3.14 standard library's .py files, from pyodide's python_stdlib.zip (extracted once
    into build/py314-stdlib), or None without pyodide."""
    mods = pyodide_modules()
    if not mods:
        return None
    import zipfile
    top = os.path.join(ROOT, "build", "py314-stdlib")
    stamp = os.path.join(top, ".extracted-" + PYODIDE_VERSION)
    if not os.path.exists(stamp):
        shutil.rmtree(top, ignore_errors=True)
        with zipfile.ZipFile(os.path.join(mods, "pyodide", "python_stdlib.zip")) as z:
            z.extractall(top)
        open(stamp, "w").close()
    return top


# ---- which files -----------------------------------------------------------------------------

def python_files(top):
    """Every .py file under top (a standard library), site-packages excluded, sorted."""
    found = []
    for d, dirs, files in os.walk(top):
        dirs[:] = sorted(x for x in dirs if x not in ("site-packages", "__pycache__"))
        found += [os.path.join(d, f) for f in sorted(files) if f.endswith(".py")]
    return found


def installed_stdlibs():
    """[(version, stdlib dir)] of every installed CPython from 3.8 to the oracle's version."""
    seen, out = set(), []
    for minor in range(8, sys.version_info[1] + 1):
        for exe in exes_of(minor):
            p = subprocess.run([exe, "-c", "import sys, sysconfig; print(sys.version_info[1]);"
                                "print(sysconfig.get_paths()['stdlib'])"],
                               stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
            lines = p.stdout.split()
            if p.returncode == 0 and len(lines) == 2 and lines[0] == str(minor):
                top = os.path.realpath(lines[1])
                if top not in seen:
                    seen.add(top)
                    out.append((f"3.{minor}", top))
                break
    return out


def exes_of(minor):
    """Candidate executables of CPython 3.minor: pyenv's, then PATH's python3.minor."""
    home = os.path.expanduser("~/.pyenv/versions")
    out = []
    if os.path.isdir(home):
        for v in sorted(os.listdir(home), reverse=True):
            if v.startswith(f"3.{minor}.") or v == f"3.{minor}":
                out.append(os.path.join(home, v, "bin", "python3"))
    on_path = shutil.which(f"python3.{minor}")
    return out + ([on_path] if on_path else [])


def main():
    suite = Suite(__doc__)
    extra = suite.rest
    if not under_oracle(suite, "conformance"):
        suite.finish()
    if binary_missing(suite, "conformance"):
        suite.finish()
    # the 3.14 stdlib once, under the release build (the sanitizer build runs the same code
    # paths on the 3.13 stdlib and on the 3.14 fixtures)
    if extra[:1] == ["--py314"] or (not extra and suite.flavor != "asan"):
        top = pyodide_stdlib()
        if top is None:
            suite.skip("conformance 3.14", f"no pyodide@{PYODIDE_VERSION} (npm) and node: "
                                           "CPython 3.14, the oracle, is missing")
        else:
            items = [(f"3.14/{os.path.relpath(p, top)}", "3.14", p) for p in python_files(top)]
            tally = check_files(suite, items, "stdlib", target="py314", oracle="pyodide")
            tally.report()
        if extra:
            suite.finish()
    if extra[:1] == ["--list"]:
        items = [(p, "list", os.path.abspath(p)) for p in extra[1:]]
    elif extra[:1] == ["--all-versions"]:
        items = [(f"{v}/{os.path.relpath(p, top)}", v, p)
                 for v, top in installed_stdlibs() for p in python_files(top)]
    elif not extra:
        import sysconfig
        top = sysconfig.get_paths()["stdlib"]
        v = "%d.%d" % sys.version_info[:2]
        items = [(f"{v}/{os.path.relpath(p, top)}", v, p) for p in python_files(top)]
        if len(items) < MIN_STDLIB_FILES:  # e.g. a build without the test package
            suite.fail("conformance", f"only {len(items)} .py files in {top}: the oracle's "
                       f"standard library is incomplete (3.13's has ~1,700)")
    else:
        suite.fail("conformance", f"unknown arguments {extra}")
        suite.finish()
    tally = check_files(suite, items, "stdlib")
    tally.report()
    if extra[:1] == ["--all-versions"] and pyodide_modules():
        items = [(f"{v} by 3.14/{os.path.relpath(p, top)}", f"{v} by 3.14", p)
                 for v, top in installed_stdlibs() for p in python_files(top)]
        tally = check_files(suite, items, "stdlib", target="py314", oracle="pyodide")
        tally.report()
    suite.finish()


if __name__ == "__main__":
    main()
