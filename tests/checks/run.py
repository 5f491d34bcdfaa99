#!/usr/bin/env python3
"""The rule fixtures: tests/checks/<CODE>/*.py, one folder per rule, expectations written inline.

Inline syntax (a marker is a comment at the end of its line; the runner reads the raw bytes, so
it works in files that do not parse or decode):

  x.view()            # expect: DW101
      A finding of DW101 must start on this line (its location.row). Several codes, or the same
      code twice for two findings: `# expect: DW101, DW102`. A code may be followed by quoted
      fragments that must all occur in the finding's message: `# expect: DW201 "x" "line 7"`.
      In a fragment, {-N} / {+N} stand for the number of the line N lines before / after the
      finding's, so that `# expect: DW201 "on line {-2}"` survives lines added above it.
      The DW2xx rules report a fact proved on another line (the assignment or test that makes
      the value None, the dereference before the test, the function with no `return`): each of
      their expectations must carry a fragment that names that line (`line N` or `file.py:N`),
      so that the right code on the right line for the wrong reason fails.
  # expect-line 14: DW101
      Anywhere in the file: a finding of DW101 must start on line 14 (for lines that cannot carry
      a comment, such as the inside of a multi-line string). Same code list as above.
  return x.view()     # ok
  return x.view()     # ok: reassigned in both branches
      A look-alike that must stay silent: no finding of any rule may start on this line. Each
      such line is one asserted silence.

A comment that looks like a marker but is not one (`# okay`, `# ok because`, `# expect DW201`
without the colon, `# Expect: DW201`, `# exepct: DW201`) is a failure, as is a list that does not
read as codes and fragments (tests/lib/markers.py), rather than a marker silently ignored.

Any finding that no expectation accounts for is a failure ("no unexpected findings", one check
per file). Findings of other rules count too: a fixture in DW201/ that also triggers DW101 must
say so (`# expect: DW101`).

A rule that reads the git history (DW303) has stories instead of files: subfolders holding a
`story` file and the snapshots it commits (tests/lib/gitstory.py). The runner builds each story's
repository in a temporary directory and checks its Python files, with the markers they carry,
from the directory the story names.

Per rule folder the runner runs `deadwood check --output-format json --select DW0,DW1,DW2` (plus
the folder's own code when it is outside those groups; and --no-cache once check has it) once
over all the folder's files, groups the findings by file and reports one pass/fail per
expectation, one per `# ok` line and one per file. It also checks, for every rule that
`deadwood rule --all` lists:
  - its folder exists and holds >= 10 expectations of its code and >= 10 `# ok` lines;
  - `deadwood rule CODE` prints exactly the head comment of the src/checks/*.c file whose first
    line is `/* CODE name` (comment markers removed, as tools/rule_docs.sh does);
and, with CPython (3.13 or newer) as the oracle, that the fixtures of the file-level rules say
what Python says: every DW000 expectation is on the line of CPython's SyntaxError and every
DW000 look-alike file parses; every DW001 file with an expectation fails to decode in CPython (or
holds a NUL byte, which CPython refuses before parsing) and every DW001 look-alike file decodes
and parses.

Options: -v prints passes too; `--only DW201` runs one folder.
"""
import json
import os
import re
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
import gitstory  # noqa: E402
from markers import CODE_RE, Marks, fragments_label  # noqa: E402
from suite import ROOT, Suite, find_python, run  # noqa: E402

s = Suite(__doc__)
HERE = os.path.dirname(os.path.abspath(__file__))
MIN_CASES = 10
ONLY = None
if "--only" in s.rest:
    i = s.rest.index("--only")
    ONLY = s.rest[i + 1] if i + 1 < len(s.rest) else None

DW2_RE = re.compile(r"DW2\d\d")
# A fragment that names a line: `on line {-2}`, `line 12`, `none_lib.py:8`.
PROOF_LINE_RE = re.compile(r"line \d+|\.pyi?:\d+")


class Fixture(Marks):
    def __init__(self, path, root=None):
        self.path = path
        self.name = os.path.relpath(path, HERE) if root is None else os.path.join(
            os.path.basename(root), os.path.relpath(path, root))
        super().__init__(path)
        for line, code, fragments, at in self.expects:
            if DW2_RE.fullmatch(code) and not any(PROOF_LINE_RE.search(f) for f in fragments):
                self.errors.append(f"line {at}: {code} needs a fragment that names the line "
                                   "its message gives as proof, e.g. `\"on line {-2}\"` or "
                                   "`\"record at lib.py:8\"`")


def check_option_exists():
    p = run([s.deadwood, "check", "--help"], text=True)
    return "--no-cache" in p.stdout


def run_deadwood(code, files, no_cache, cwd=None):
    select = "DW0,DW1,DW2" + ("" if code[:3] in ("DW0", "DW1", "DW2") else "," + code)
    argv = [s.deadwood, "check", "--output-format", "json", "--select", select]
    if no_cache:
        argv.append("--no-cache")
    p = run(argv + files, cwd=cwd)
    if p.returncode not in (0, 1):
        return None, f"exit status {p.returncode}\n{p.stderr.decode('utf-8', 'replace')[-2000:]}"
    try:
        return json.loads(p.stdout), None
    except ValueError as e:
        return None, f"output is not JSON ({e}): {p.stdout[:300]!r}"


def check_folder(code, folder, no_cache):
    """The folder's fixture files, or (a rule that reads the git history) the files of the
    repositories its stories build (tests/lib/gitstory.py), each checked where its story says."""
    stories = gitstory.stories(folder)
    if stories:
        work = tempfile.mkdtemp(prefix=f"dw-{code}-")
        try:
            return [fx for st in stories for fx in check_story(code, st, work, no_cache)]
        finally:
            shutil.rmtree(work, ignore_errors=True)
    files = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                   if f.endswith(".py") or f.endswith(".pyi"))
    if not files:
        s.fail(f"{code} fixtures", f"no fixture files in {folder}")
        return []
    return check_files(code, files, no_cache)


def check_story(code, story, work, no_cache):
    try:
        st = gitstory.Story(story, os.path.join(work, os.path.basename(story)))
    except RuntimeError as e:
        s.fail(f"{code} story {os.path.basename(story)}", e)
        return []
    return check_files(code, st.python_files(), no_cache, st.check_dir, st.repo)


def check_files(code, files, no_cache, cwd=None, root=None):
    fixtures = [Fixture(f, root) for f in files]
    findings, err = run_deadwood(code, [os.path.relpath(f, cwd) for f in files] if cwd else files,
                                 no_cache, cwd)
    if findings is None:
        s.fail(f"{code} run", err)
        return fixtures
    by_file = {}
    for f in findings:
        by_file.setdefault(os.path.realpath(os.path.join(cwd or ".", f["filename"])), []).append(f)
    for fx in fixtures:
        for e in fx.errors:
            s.fail(f"{fx.name} markers", e)
        got = list(by_file.pop(os.path.realpath(fx.path), []))
        unused = list(got)
        for line, want, fragments, _ in fx.expects:
            label = f"{fx.name}:{line} expect {want}" + fragments_label(fragments)
            hit = None
            for f in unused:
                if f["location"]["row"] == line and f["code"] == want and all(
                        fragment in f["message"] for fragment in fragments):
                    hit = f
                    break
            if hit is not None:
                unused.remove(hit)
                s.ok(label)
            else:
                near = [f"{f['code']} at {f['location']['row']}: {f['message']}" for f in got
                        if f["location"]["row"] == line]
                if not near:  # the closest findings of that code, for a misplaced marker
                    same = sorted((f for f in got if f["code"] == want),
                                  key=lambda f: abs(f["location"]["row"] - line))[:2]
                    near = [f"{f['code']} at {f['location']['row']}: {f['message']}"
                            for f in same]
                s.fail(label, "missing" + ("; found " + "; ".join(near) if near else ""))
        for line in fx.oks:
            loud = [f for f in got if f["location"]["row"] == line]
            s.check(not loud, f"{fx.name}:{line} ok",
                    "; ".join(f"{f['code']}: {f['message']}" for f in loud))
        s.check(not unused, f"{fx.name} no unexpected findings",
                "\n".join(f"{f['code']} at {f['location']['row']}:{f['location']['column']}: "
                          f"{f['message']}" for f in unused))
    for path, fs in by_file.items():
        s.fail(f"{code} findings", f"findings for a file that was not asked for: {path}")
    return fixtures


def rule_doc(code):
    """The head comment of the rule file whose first line is `/* CODE name`, as the build
    extracts it (tools/rule_docs.sh): `/* ` and ` * ` prefixes and the closing `*/` removed."""
    d = os.path.join(ROOT, "src", "checks")
    for name in sorted(os.listdir(d)):
        if not name.endswith(".c"):
            continue
        with open(os.path.join(d, name), encoding="utf-8") as f:
            lines = f.read().split("\n")
        first = lines[0].split()
        if len(first) < 2 or first[0] != "/*" or first[1] != code:
            continue
        out = []
        for i, line in enumerate(lines):
            last = re.search(r"\*/[ \t]*$", line) is not None
            if last:
                line = re.sub(r"[ \t]*\*/[ \t]*$", "", line)
            if i == 0:
                line = re.sub(r"^/\* ?", "", line)
            elif line == " *":
                line = ""
            else:
                line = re.sub(r"^ \* ", "", line)
            if last:
                if line:
                    out.append(line + "\n")
                break
            out.append(line + "\n")
        return name, "".join(out)
    return None, None


def check_docs(rules):
    for code, name in rules:
        src, want = rule_doc(code)
        if want is None:
            s.fail(f"{code} doc", f"no src/checks/*.c starts with `/* {code}`")
            continue
        for arg in (code, name):
            p = run([s.deadwood, "rule", arg])
            got = p.stdout.decode("utf-8", "replace")
            s.check(p.returncode == 0 and got == want, f"{code} doc: deadwood rule {arg}",
                    f"exit {p.returncode}; differs from the head comment of src/checks/{src}"
                    f"\n--- got\n{got[:400]}\n--- want\n{want[:400]}")
        s.check(want.startswith(f"{code} {name}\n"), f"{code} doc names the rule",
                f"first line is {want.splitlines()[0]!r}")


CPYTHON_PROBE = r"""
import ast, importlib.util, json, sys, warnings
warnings.simplefilter("ignore")
out = {}
for path in sys.argv[1:]:
    with open(path, "rb") as f:
        data = f.read()
    try:
        text = importlib.util.decode_source(data)  # what `import` does with the bytes
    except (SyntaxError, UnicodeError, LookupError) as e:
        out[path] = ["decode", None, str(e)]
        continue
    try:
        ast.parse(text, path)
        out[path] = None
    except SyntaxError as e:
        out[path] = [type(e).__name__, e.lineno, str(e)]
print(json.dumps(out))
"""

def cpython():
    """CPython >= 3.13 as an argv prefix. suite.find_python may return a pyenv shim that does not
    run (python3.13 on PATH without that version selected): try it, then the pyenv versions."""
    cands = []
    found = find_python((3, 13))
    if found:
        cands.append(found)
    home = os.path.expanduser("~/.pyenv/versions")
    if os.path.isdir(home):
        for v in sorted(os.listdir(home), reverse=True):
            m = re.match(r"3\.(\d+)", v)
            if m and int(m.group(1)) >= 13:
                cands.append([os.path.join(home, v, "bin", "python3")])
    for c in cands:
        try:
            if run(c + ["-c", "import sys; assert sys.version_info >= (3, 13)"]).returncode == 0:
                return c
        except OSError:
            pass
    return None


def check_with_cpython(code, fixtures):
    py = cpython()
    if py is None:
        s.skip(f"{code} CPython oracle", "no CPython >= 3.13 on this machine")
        return
    p = run(py + ["-c", CPYTHON_PROBE] + [fx.path for fx in fixtures], text=True)
    if p.returncode != 0:
        s.fail(f"{code} CPython oracle", p.stderr[-1000:])
        return
    verdict = json.loads(p.stdout)
    for fx in fixtures:
        v = verdict[fx.path]
        mine = [e for e in fx.expects if e[1] == code]
        if not mine:
            s.check(v is None, f"{fx.name} CPython accepts the look-alike",
                    f"CPython: {v}")
        elif code == "DW000":
            for line, _, _, _ in mine:
                s.check(v is not None and v[0] != "decode" and v[1] == line,
                        f"{fx.name}:{line} CPython's SyntaxError is on this line",
                        f"CPython: {v}")
        else:
            refused = v is not None and (v[0] == "decode" or "null bytes" in v[2])
            s.check(refused, f"{fx.name} CPython refuses to decode it", f"CPython: {v}")


def main():
    if not os.access(s.deadwood, os.X_OK):
        s.fail("deadwood", f"{s.deadwood} is not an executable (make deadwood deadwood-asan)")
        s.finish()
    p = run([s.deadwood, "rule", "--all"], text=True)
    if p.returncode != 0:
        s.fail("deadwood rule --all", p.stderr)
        s.finish()
    rules = []
    for line in p.stdout.splitlines():
        parts = line.split()
        if parts and re.fullmatch(CODE_RE, parts[0]):
            rules.append((parts[0], parts[1]))
    s.check(len(rules) >= 8, "deadwood rule --all lists the rules", p.stdout)
    no_cache = check_option_exists()
    codes = {c for c, _ in rules}
    folders = sorted(d for d in os.listdir(HERE) if re.fullmatch(CODE_RE, d))
    for d in folders:
        if d not in codes:
            s.fail(f"{d} folder", "a fixture folder for a rule deadwood does not have")
    if ONLY is None:
        check_docs(rules)
    for code, _ in rules:
        if ONLY and code != ONLY:
            continue
        folder = os.path.join(HERE, code)
        if not os.path.isdir(folder):
            s.fail(f"{code} fixtures", f"no folder tests/checks/{code}")
            continue
        fixtures = check_folder(code, folder, no_cache)
        n_expect = sum(1 for fx in fixtures for e in fx.expects if e[1] == code)
        n_ok = sum(len(fx.oks) for fx in fixtures)
        s.check(n_expect >= MIN_CASES, f"{code} has >= {MIN_CASES} expectations",
                f"only {n_expect}")
        s.check(n_ok >= MIN_CASES, f"{code} has >= {MIN_CASES} look-alikes (# ok lines)",
                f"only {n_ok}")
        if code in ("DW000", "DW001"):
            check_with_cpython(code, fixtures)
    s.finish()


main()
