#!/usr/bin/env python3
"""Jupyter notebooks (src/source/notebook.c, src/base/json.c): what deadwood reads in a .ipynb and
where it says things are.

1. The fixtures (fixtures/*.ipynb) carry inline expectations in their code cells, as the rule
   fixtures do (tests/checks/run.py): `# expect: DW201 "fragment"` on a cell line means a finding
   of that code at that cell and line whose message holds the fragment; `# ok` means no finding
   on that line. Every finding must be expected. magics.ipynb holds every IPython form and must
   give nothing (no DW000); a syntax error is located in its cell; a notebook in another language
   and a cell in another language (VS Code's languageId) are not analyzed.
2. IPython as the oracle (when IPython can be imported): for each cell below, the Python that
   deadwood parses (BINDIR/notebook_text) has the same syntax tree as what IPython's own
   transform_cell makes of the cell (both fail to parse, or neither), and keeps its line count.
   Differences by design are normalized first: a cell magic's body is not passed in the call
   (`%%bash` bodies are blank lines; `%%time` bodies stay code after the call), and the
   autocall escapes (`/f a b`) call f with one string.
3. Files that are not notebooks: each is DW001 (DW000 for a NUL in a cell, as CPython says) at
   the position where it goes wrong, with a message saying what is wrong.
4. Formats on a real run: text `path:cell N:line:col`, json `cell`, sarif/github on the .ipynb
   lines holding the cell lines (checked against the file), related locations in other cells.
5. The cache: a warm run gives byte-identical output for notebooks (cells included); stdin with
   --stdin-filename x.ipynb reads a notebook.
6. Discovery: a directory's notebooks are checked (ruff's default include), not those in
   .ipynb_checkpoints; `include` and `extend-include` change that; the whole-tree rules and the
   queries never see a notebook (a notebook defining a base class changes nothing in .py files).
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "fixtures")
TEXT = os.path.join(s.bindir, "notebook_text")

CODE_RE = r"DW\d{3}"
ITEM_RE = re.compile(r'\s*(' + CODE_RE + r')(?:\s+"([^"]*)")?\s*')
EXPECT_RE = re.compile(r"#\s*expect:\s*(" + CODE_RE + r'.*?)\s*$')
OK_RE = re.compile(r"#\s*ok(?:\s*:.*)?\s*$")


def deadwood(args, cwd=None, stdin=None):
    p = subprocess.run([s.deadwood] + args, cwd=cwd, input=stdin, stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE)
    return p.returncode, p.stdout.decode("utf-8", "replace"), p.stderr.decode("utf-8", "replace")


def notebook(cells, metadata=None):
    """A notebook's JSON text, cells given as (type, source) pairs."""
    return json.dumps({"cells": [{"cell_type": t, "metadata": {}, "source": src,
                                  **({"outputs": [], "execution_count": None} if t == "code" else {})}
                                 for t, src in cells],
                       "metadata": metadata or {}, "nbformat": 4, "nbformat_minor": 5}, indent=1)


# ---- 1. the fixtures -------------------------------------------------------------------------

def expectations(path):
    """{(cell, line): [(code, fragment)]}, and the (cell, line) of `# ok` lines."""
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    expects, oks = {}, set()
    for ci, cell in enumerate(doc["cells"], 1):
        if cell["cell_type"] != "code":
            continue
        src = cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for no, line in enumerate(re.split(r"\r\n|\r|\n", src), 1):
            m = EXPECT_RE.search(line)
            if m:
                expects[(ci, no)] = [(c, frag) for c, frag in ITEM_RE.findall(m.group(1))]
            if OK_RE.search(line):
                oks.add((ci, no))
    return expects, oks


def findings_of(paths, extra=()):
    rc, out, err = deadwood(["check", "--no-cache", "--output-format", "json", "--select",
                             "DW0,DW1,DW2"] + list(extra) + paths, cwd=FIX)
    if rc not in (0, 1):
        s.fail("deadwood check " + " ".join(paths), f"exit {rc}: {err}")
        return []
    return json.loads(out)


fixtures = sorted(f for f in os.listdir(FIX) if f.endswith(".ipynb"))
all_findings = findings_of(fixtures)
for name in fixtures:
    expects, oks = expectations(os.path.join(FIX, name))
    mine = [f for f in all_findings if f["filename"] == name]
    used = set()
    for (cell, line), items in sorted(expects.items()):
        for code, frag in items:
            hit = [i for i, f in enumerate(mine) if i not in used and f["cell"] == cell
                   and f["location"]["row"] == line and f["code"] == code
                   and (not frag or frag in f["message"])]
            s.check(bool(hit), f"{name} cell {cell}:{line}: {code} {frag!r}",
                    f"got {[(f['cell'], f['location']['row'], f['code'], f['message']) for f in mine]}")
            if hit:
                used.add(hit[0])
    for cell, line in sorted(oks):
        on = [f for f in mine if f["cell"] == cell and f["location"]["row"] == line]
        s.check(not on, f"{name} cell {cell}:{line}: ok", on)
    extra = [(f["cell"], f["location"]["row"], f["code"], f["message"])
             for i, f in enumerate(mine) if i not in used]
    # syntax_error.ipynb and unclosed.ipynb carry their DW000 here: a line that does not parse
    # cannot hold the marker comment
    want_extra = {"syntax_error.ipynb": [(3, 1, "DW000", "invalid syntax")],
                  "unclosed.ipynb": [(1, 1, "DW000", "'(' was never closed")]}.get(name, [])
    s.check(extra == want_extra, f"{name}: no unexpected findings", extra)

magic = [f for f in all_findings if f["filename"] == "magics.ipynb"]
s.check(not magic, "magics.ipynb: every IPython form parses (no DW000, nothing at all)", magic)
s.check(not [f for f in all_findings if f["filename"] == "r_kernel.ipynb"],
        "a notebook whose language is R is not analyzed")
# Jupyter numbers cells from 1, counting markdown and raw cells: the CRLF cell is the 11th
rows = {(f["cell"], f["location"]["row"], f["location"]["column"]) for f in all_findings
        if f["filename"] == "findings.ipynb"}
s.check((11, 3, 12) in rows and (12, 3, 16) in rows,
        "columns: a CRLF cell, and a cell indented as a whole (IPython dedents it)", sorted(rows))

# nbformat 3: the cells of each worksheet in turn (numbered on as one list), a code cell's text in
# "input", its language in "language"
V3 = {"nbformat": 3, "nbformat_minor": 0, "metadata": {"name": "old"}, "worksheets": [
    {"cells": [{"cell_type": "heading", "level": 1, "source": ["Old"]},
               {"cell_type": "code", "language": "python", "input": ["import os\n", "x = 1"],
                "outputs": []}]},
    {"cells": [{"cell_type": "code", "language": "ruby", "input": "if a then b else b end",
                "outputs": []},
               {"cell_type": "code", "language": "python", "outputs": [],
                "input": ["if x:\n", "    y = 2\n", "else:\n", "    y = 2\n"]}]}]}
with tempfile.TemporaryDirectory(prefix="dw-nb-") as tmp:
    path = os.path.join(tmp, "old.ipynb")
    with open(path, "w") as f:
        json.dump(V3, f, indent=1)
    got = findings_of([path])
    s.check([(f["cell"], f["location"]["row"], f["code"]) for f in got] == [(4, 1, "DW101")],
            "nbformat 3: the cells of both worksheets, numbered on; a Ruby cell left alone",
            got)

# ---- 2. IPython as the oracle ----------------------------------------------------------------

ORACLE_CELLS = [
    "!ls -la", "!!ls", "x = !ls", "x=!ls", "x: int = !ls", "a, b = !ls", "d['a=b'] = !ls",
    "first, *rest = !ls", "x = %time f()", "y = %env", "x = ! ls", "x = !!ls", "%matplotlib inline",
    "%time f(1, 2)", "%", "!", "%%bash\necho hi\nif [ 1 ]; then :; fi\n",
    "%%time\nx = 1\n!ls\n", "%%timeit -n 10\nf()\n", "%%capture out\nprint(1)\n",
    "%%writefile f.py\nimport (\n", "obj?", "obj??", "os.path.join?", "?obj", "??obj", "a*?",
    "%pip?", "?", "x = 1 if y else z?", "if x:\n    y?\n", "if x:\n    !echo a\nelse:\n    !echo b\n",
    "for i in range(3):\n    %time f(i)\n", "!ls \\\n  -la\n", "x = !ls \\\n  -la\n",
    "s = '''\n!not a magic\n'''\n", "f(1,\n  2)\n", "print(x) # !not\n", "x = '!'; y = 2\n",
    "pip install requests", "cd /tmp", "ls -la", "env", "who = 3", "cd == 3", "pwd\nx = 1\n",
    "  a = 1\n  b = 2\n", "\n\n%%time\nx=1\n", "   \n  %%time\n  y=2\n", "x != !ls", "x == !ls",
    "def f():\n    return !ls\n", "x = 5 % 3\n", "'%d' % 3\n", "a = b\n%who\n", "print('a?')\n",
    "%%time?", "x = %%time", "x += !ls", "f(a=!ls)", "print(x)?", "x = \"y\" ?",
    "if True:\n    x = !ls\n    %cd /tmp\n", "x = (1,\n!2)\n", "r'''\\\n%x'''\n",
    "f'{x!r}'\n", "x = {'a': 1}\n!echo {x['a']}\n", "# comment\n%%bash\necho\n",
    "try:\n    import x\nexcept ImportError:\n    !pip install x\n",
    "x = (1\n% 2)\n", "y = [\n  1,\n]\n%ls\n", "class A:\n    x = !ls\n",
    "x = 1 \\\n  + 2\n!ls\n", 'x = """\n%notmagic\n"""\n', "f'''{\n1\n}'''\n!ls\n",
    "s = 'a\\\nb'\n!ls\n", "x = '#'; !ls\n", "d = {'a': 1}  # x = !ls\n",
]

ORACLE = r"""
import ast, json, re, sys
from IPython.core.interactiveshell import InteractiveShell
sh = InteractiveShell.instance()
out = []
for cell in json.load(sys.stdin):
    t = sh.transform_cell(cell)
    m = re.match(r"get_ipython\(\)\.run_cell_magic\((.*)\)\n$", t, re.S)
    if m:  # deadwood passes no body; the transparent magics' bodies stay code after the call
        name, args, body = ast.literal_eval("(" + m.group(1) + ")")
        t = "get_ipython().run_cell_magic(%r, %r, '')\n" % (name, args)
        if name in ("time", "timeit", "capture", "prun", "debug", "ipytest"):
            t += sh.transform_cell(body)
    try:
        out.append(ast.dump(ast.parse(t)))
    except SyntaxError:
        out.append(None)
print(json.dumps(out))
"""


def ipython():
    for exe in [sys.executable, "/usr/bin/python3"]:
        if os.path.exists(exe) and subprocess.run(
                [exe, "-c", "import IPython"], stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL).returncode == 0:
            return exe
    return None


exe = ipython()
if exe is None:
    s.skip("IPython oracle", "IPython is not installed (apt-get install -y python3-ipython)")
else:
    p = subprocess.run([exe, "-c", ORACLE], input=json.dumps(ORACLE_CELLS), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, text=True)
    theirs = json.loads(p.stdout) if p.returncode == 0 else None
    if theirs is None:
        s.fail("IPython oracle", p.stderr[-2000:])
    with tempfile.TemporaryDirectory(prefix="dw-nb-") as tmp:
        for i, cell in enumerate(ORACLE_CELLS if theirs else []):
            path = os.path.join(tmp, f"c{i}.ipynb")
            with open(path, "w") as f:
                f.write(notebook([("code", cell)]))
            q = subprocess.run([TEXT, path], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
            ours = q.stdout.decode()
            probe = subprocess.run([exe, "-c", "import ast, sys; print(ast.dump(ast.parse("
                                    "sys.stdin.read())))"], input=ours, stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL, text=True)
            got = probe.stdout.strip() if probe.returncode == 0 else None
            lines = len(re.split(r"\r\n|\r|\n", cell.rstrip("\n"))) if cell.strip("\n") else 0
            name = f"IPython oracle: {cell!r}"
            if cell.lstrip().startswith(("/", ",", ";")):
                s.check(got is not None, name, ours)  # autocall: f('a b') rather than f(a, b)
            else:
                s.check(got == theirs[i], name, f"deadwood parses:\n{ours}")
            s.check(q.returncode == 0 and ours.count("\n") == max(lines, 1),
                    f"{name}: one line per cell line", ours)

# ---- 3. files that are not notebooks -----------------------------------------------------------

GOOD = notebook([("code", ["x = 1\n"])])
BROKEN = [
    # (name, bytes, code, line, col, message fragment)
    ("truncated", GOOD[:40].encode(), "DW001", None, None, "not JSON: "),
    ("trailing-comma", b'{"cells": [], "nbformat": 4,}', "DW001", 1, 29, "trailing comma"),
    ("empty", b"", "DW001", 1, 1, "expected a value, found the end of the input"),
    ("array", b"[1, 2]", "DW001", 1, 1, "JSON array, not an object"),
    ("nbformat2", json.dumps({"nbformat": 2, "worksheets": []}).encode(), "DW001", 1, 14,
     "nbformat 2: only nbformat 3 and 4"),
    ("nbformat3-no-worksheets", b'{"nbformat": 3, "cells": []}', "DW001", 1, 1,
     "\"worksheets\" is missing"),
    ("nbformat3-no-cells", b'{"nbformat": 3, "worksheets": [{}, 2]}', "DW001", 1, 32,
     "\"cells\" is missing"),
    ("nbformat3-no-input",
     b'{"nbformat": 3, "worksheets": [{"cells": [{"cell_type": "code", "source": "x"}]}]}',
     "DW001", 1, 43, "code cell 1 has no \"input\""),
    ("no-nbformat", b'{"cells": []}', "DW001", 1, 1, "no \"nbformat\""),
    ("float-nbformat", b'{"nbformat": 4.0, "cells": []}', "DW001", 1, 14, "no \"nbformat\""),
    ("no-cells", b'{"nbformat": 4}', "DW001", 1, 1, "\"cells\" is missing"),
    ("cells-object", b'{"nbformat": 4, "cells": {}}', "DW001", 1, 26, "\"cells\" is object"),
    ("no-cell-type", b'{"nbformat": 4, "cells": [{"source": ""}]}', "DW001", 1, 27,
     "cell 1 has no \"cell_type\""),
    ("no-source", b'{"nbformat": 4, "cells": [{"cell_type": "code"}]}', "DW001", 1, 27,
     "code cell 1 has no \"source\""),
    ("source-number",
     b'{"nbformat": 4, "cells": [{"cell_type": "markdown", "source": 1},\n'
     b' {"cell_type": "code", "source": ["a\\n", 2]}]}', "DW001", 2, 42,
     "source of cell 2 is not a string or a list of strings"),
    ("bom", b"\xef\xbb\xbf" + GOOD.encode(), "DW001", 1, 1, "byte order mark"),
    ("latin-1", b'{"nbformat": 4, "cells": [{"cell_type": "code", "source": "x = \'\xe9\'"}]}',
     "DW001", 1, b"\xe9", "invalid UTF-8 (byte 0xe9: invalid continuation byte)"),
    ("lone-surrogate", b'{"nbformat": 4, "cells": [{"cell_type": "code", "source": "\\ud83d"}]}',
     "DW001", 1, b"\\ud83d", "lone surrogate \\uD83D"),
    ("nul-in-cell",
     b'{"nbformat": 4, "cells": [{"cell_type": "code", "source": ["x = 1\\n", "y = \\u0000\\n"]}]}',
     "DW000", 2, 1, "source code string cannot contain null bytes"),
    ("deep", b'{"nbformat": 4, "cells": [], "metadata": ' + b"[" * 600 + b"]" * 600 + b"}",
     "DW001", 1, 41 + 512, "nesting deeper than 512 levels"),  # the object is level 1
]
# a column given as bytes: the (ASCII-only) line's column where those bytes start
BROKEN = [(n, d, c, ln, d.index(col) + 1 if isinstance(col, bytes) else col, fr)
          for n, d, c, ln, col, fr in BROKEN]
with tempfile.TemporaryDirectory(prefix="dw-nb-") as tmp:
    for name, data, code, line, col, frag in BROKEN:
        path = os.path.join(tmp, name + ".ipynb")
        with open(path, "wb") as f:
            f.write(data)
        rc, out, err = deadwood(["check", "--no-cache", "--output-format", "json", path])
        got = json.loads(out) if rc in (0, 1) else None
        ok = (rc == 1 and got and len(got) == 1 and got[0]["code"] == code
              and frag in got[0]["message"]
              and (line is None or (got[0]["location"]["row"], got[0]["location"]["column"])
                   == (line, col))
              and (got[0]["cell"] == (2 - 1 if code == "DW000" else None) or code != "DW000"))
        s.check(ok, f"not a notebook: {name} -> {code} {frag!r}", got or err)
    # the same in text: the notebook's file position, no cell
    path = os.path.join(tmp, "trailing-comma.ipynb")
    rc, out, _ = deadwood(["check", "--no-cache", path])
    s.check(out.startswith(path + ":1:29: DW001 invalid notebook: not JSON: a trailing comma"),
            "not a notebook, in text: path:line:col of the file", out)

# ---- 4. formats on a real run ----------------------------------------------------------------

rc, out, _ = deadwood(["check", "--no-cache", "findings.ipynb"], cwd=FIX)
s.check("findings.ipynb:cell 4:1:1: DW201 `result` is always None here (assigned None on line 2 "
        "of cell 2)" in out and "findings.ipynb:cell 5:2:5: DW101 " in out,
        "text: path:cell N:line:col, lines cited in cells", out)
rc, out, _ = deadwood(["check", "--no-cache", "--output-format", "full", "findings.ipynb"], cwd=FIX)
s.check("= note: findings.ipynb:cell 2:2:1: " in out and "\n1 | result.total  # expect" in out,
        "full: the cell's line and a related location in another cell", out[:1500])
with open(os.path.join(FIX, "findings.ipynb"), encoding="utf-8") as f:
    raw_lines = f.read().split("\n")
rc, out, _ = deadwood(["check", "--no-cache", "--output-format", "json", "findings.ipynb"], cwd=FIX)
js = json.loads(out)
rel = [r for f in js for r in f["related"]]
s.check(all(isinstance(f["cell"], int) and f["noqa_row"] == f["location"]["row"] for f in js)
        and rel and all("cell" in r for r in rel), "json: cell, noqa_row in the cell", js[:2])
rc, out, _ = deadwood(["check", "--no-cache", "--output-format", "sarif", "findings.ipynb"], cwd=FIX)
sarif = json.loads(out)["runs"][0]["results"]
bad = []
for res, f in zip(sarif, js):
    region = res["locations"][0]["physicalLocation"]["region"]
    held = raw_lines[region["startLine"] - 1] if region["startLine"] <= len(raw_lines) else ""
    # the .ipynb line holding the cell line: its JSON string starts with the cell line's text
    want = f"cell {f['cell']}, line {f['location']['row']}, column {f['location']['column']}: "
    if "startColumn" in region or not res["message"]["text"].startswith(want):
        bad.append(res)
s.check(len(sarif) == len(js) and not bad, "sarif: regions on the .ipynb lines of the cells", bad)
rc, out, _ = deadwood(["check", "--no-cache", "--output-format", "github", "findings.ipynb"], cwd=FIX)
gh = out.splitlines()
gh_lines = []
for line, f in zip(gh, js):
    m = re.search(r",line=(\d+),endLine=(\d+),", line)
    ok = bool(m) and ",col=" not in line and \
        f" cell {f['cell']}, line {f['location']['row']}, column " in line
    gh_lines.append(int(m.group(1)) if ok else None)
s.check(len(gh) == len(js) and None not in gh_lines,
        "github: .ipynb lines, the cell in the message", gh)
# the .ipynb line each sarif region and github annotation names holds the finding's cell line:
# a JSON string of the cell's source that contains it
with open(os.path.join(FIX, "findings.ipynb"), encoding="utf-8") as f:
    doc = json.load(f)
mism = []
for res, f, gl in zip(sarif, js, gh_lines):
    cell = doc["cells"][f["cell"] - 1]
    src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
    text = re.split(r"\r\n|\r|\n", src)[f["location"]["row"] - 1]
    sl = res["locations"][0]["physicalLocation"]["region"]["startLine"]
    held = raw_lines[sl - 1].strip().rstrip(",")
    held = held[len('"source": '):] if held.startswith('"source": ') else held
    if gl != sl or text not in json.loads(held):
        mism.append((f["cell"], f["location"]["row"], sl, gl, raw_lines[sl - 1]))
s.check(not mism, "sarif and github name the .ipynb line holding the finding's cell line", mism)

# ---- 5. the cache, standard input ------------------------------------------------------------

with tempfile.TemporaryDirectory(prefix="dw-nb-cache-") as tmp:
    for name in fixtures:
        shutil.copy(os.path.join(FIX, name), tmp)
    args = ["check", "--output-format", "json", "--select", "ALL", "--cache-dir",
            os.path.join(tmp, ".cache"), "."]
    rc1, cold, _ = deadwood(args + ["-v"], cwd=tmp)
    rc2, warm, err = deadwood(args + ["-v"], cwd=tmp)
    s.check(rc1 == rc2 == 1 and cold == warm and json.loads(warm), "cache: warm = cold", err)
    n = len(fixtures)
    s.check(f"{n} of {n} files from the cache, 0 written, 0 of them parsed again" in err,
            "cache: every notebook answered from it, none parsed again", err)
    s.check(any(f["cell"] for f in json.loads(warm)) and
            any(f["related"] and f["related"][0].get("cell") for f in json.loads(warm)),
            "cache: cells restored, related cells too")
    with open(os.path.join(FIX, "findings.ipynb"), "rb") as f:
        data = f.read()
    rc, out, err = deadwood(["check", "--no-cache", "--stdin-filename", "x.ipynb", "-"],
                           cwd=tmp, stdin=data)
    s.check(rc == 1 and "x.ipynb:cell 4:1:1: DW201" in out, "stdin: --stdin-filename x.ipynb",
            out + err)
    rc, out, err = deadwood(["check", "--no-cache", "--stdin-filename", "x.py", "-"], cwd=tmp,
                           stdin=data)
    s.check(rc == 0 and out == "", "stdin: the same bytes named x.py are a Python dict literal",
            out + err)

# ---- 6. discovery, the whole tree ------------------------------------------------------------

with tempfile.TemporaryDirectory(prefix="dw-nb-tree-") as tmp:
    os.makedirs(os.path.join(tmp, "pkg", ".ipynb_checkpoints"))
    os.makedirs(os.path.join(tmp, "notes"))
    base = ("class Base:\n    def run(self):\n        self.x = 1\n        self.y = 2\n"
            "        return self.x + self.y\n")
    with open(os.path.join(tmp, "pkg", "__init__.py"), "w") as f:
        f.write("")
    with open(os.path.join(tmp, "pkg", "mod.py"), "w") as f:
        f.write("def helper():\n    return 1\n")
    # a notebook defining a subclass identical to a base: DW302 would fire if it were indexed
    nbtext = notebook([("code", ["from pkg.base import Base\n", "class Child(Base):\n",
                                 "    def run(self):\n", "        self.x = 1\n",
                                 "        self.y = 2\n", "        return self.x + self.y\n",
                                 "helper()\n"])])
    with open(os.path.join(tmp, "pkg", "base.py"), "w") as f:
        f.write(base)
    for where in ["notes/analysis.ipynb", "pkg/.ipynb_checkpoints/analysis-checkpoint.ipynb"]:
        with open(os.path.join(tmp, where), "w") as f:
            f.write(nbtext)
    with open(os.path.join(tmp, "notes", "script.pyw"), "w") as f:
        f.write("x = None\nx.y\n")
    rc, out, _ = deadwood(["check", "--show-files"], cwd=tmp)
    s.check(out.split() == ["notes/analysis.ipynb", "pkg/__init__.py", "pkg/base.py",
                            "pkg/mod.py"], "a directory's notebooks are found, not checkpoints", out)
    rc, out, _ = deadwood(["check", "--no-cache", "--select", "ALL"], cwd=tmp)
    s.check(rc == 0 and out == "", "notebooks stay out of the whole-tree rules (no DW302)", out)
    child = os.path.join(tmp, "pkg", "child.py")
    with open(child, "w") as f:
        f.write("from pkg.base import Base\nclass Child(Base):\n" + base.split("\n", 1)[1])
    rc, out, _ = deadwood(["check", "--no-cache", "--select", "DW302"], cwd=tmp)
    s.check(rc == 1 and "pkg/child.py" in out and "ipynb" not in out,
            "... while the same class in a .py file is reported", out)
    os.remove(child)
    rc, out, _ = deadwood(["callers", "helper"], cwd=tmp)
    s.check("ipynb" not in out, "queries: a notebook's calls are not listed", out)
    rc, out, _ = deadwood(["overrides", "run"], cwd=tmp)
    s.check("ipynb" not in out and "Child" not in out, "queries: a notebook's classes are not "
            "in the hierarchy", out)
    with open(os.path.join(tmp, "pyproject.toml"), "w") as f:
        f.write('[tool.deadwood]\ninclude = ["*.py"]\n')
    rc, out, _ = deadwood(["check", "--show-files"], cwd=tmp)
    s.check("ipynb" not in out and "pkg/mod.py" in out, "include = [\"*.py\"]: no notebooks", out)
    rc, out, _ = deadwood(["check", "--show-files", "notes/analysis.ipynb"], cwd=tmp)
    s.check(out.strip() == "notes/analysis.ipynb", "a notebook named on the command line is "
            "always analyzed", out)
    with open(os.path.join(tmp, "pyproject.toml"), "w") as f:
        f.write('[tool.deadwood]\nextend-include = ["*.pyw"]\n')
    rc, out, _ = deadwood(["check", "--show-files"], cwd=tmp)
    s.check("notes/script.pyw" in out and "notes/analysis.ipynb" in out,
            "extend-include adds to the defaults", out)
    rc, out, _ = deadwood(["check", "--no-cache"], cwd=tmp)
    s.check("notes/script.pyw:2:1: DW201" in out, "an included .pyw is Python", out)
    with open(os.path.join(tmp, "pyproject.toml"), "w") as f:
        f.write('[tool.deadwood]\ninclude = "*.py"\n')
    rc, out, err = deadwood(["check", "--show-files"], cwd=tmp)
    s.check(rc == 2 and "include" in err, "include must be a list of globs", err)

s.finish()
