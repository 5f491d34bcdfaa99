#!/usr/bin/env python3
"""The output formats (src/output) on a fixed set of findings built by BINDIR/output_demo.

1. Each format's output is compared byte for byte with a reviewed file in expected/ (text, full,
   their coloured forms, json, sarif with and without a root, github, and the empty list).
   `run.py --update` rewrites the expected files from the current output: review the diff.
2. Colour: no escape sequence unless --color is given, and only text and full change with it.
3. json: parses, is a list of objects with ruff's keys in a fixed order, with the right types;
   it agrees finding by finding with the text and github outputs.
   A fix is ruff's object (applicability, edits of content/end_location/location, message).
4. sarif: valid against the official SARIF 2.1.0 schema (OASIS's errata01 schema, copied here
   from ../shared/schemas so that the suite needs nothing outside the repository), with python3's
   jsonschema, the validator the schema's $schema names (SKIP when jsonschema is missing:
   `apt-get install -y python3-jsonschema`), and shaped as GitHub code scanning wants it: rules
   with help, one location per result, ruleIndex/ruleId agreeing, relative percent-encoded URIs
   under %SRCROOT% that decode to the paths, regions equal to the json locations, unique
   fingerprints, columnKind; a fix as `fixes[].artifactChanges[].replacements[]` whose regions
   and inserted text are the json fix's edits.
4b. rule help: help.markdown rendered by cmark-gfm (GitHub's CommonMark; SKIP when it is missing:
   `apt-get install -y cmark-gfm`) shows help.text: the same paragraphs with the same text
   (nothing read as emphasis, links or lists), each indented example a python code block; for
   deadwood's own rules and output_demo's.
5. full: the carets stand under the right characters, measured independently here with Python's
   Unicode database (tab expansion, wide and combining characters, a span past the line end).
6. Size: 100,000 findings in every format (complete and well-formed; no timing assertion).
7. Notebooks (output_demo --notebook): text and full say `path:cell N:line:col` (ruff's form),
   json has the cell (in related locations too), sarif and github point at the .ipynb lines that
   hold the cell lines, without columns, and say the cell, line and column in the message; a
   notebook finding without a cell (a file that is not JSON) keeps its file position.
"""
import html as html_lib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import unicodedata
import urllib.parse

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "lib"))
from suite import Suite  # noqa: E402

s = Suite(__doc__)
UPDATE = "--update" in s.rest
DEMO = os.path.join(s.bindir, "output_demo")
HERE = os.path.dirname(os.path.abspath(__file__))
EXPECTED = os.path.join(HERE, "expected")
SCHEMA = os.path.join(HERE, "sarif-schema-2.1.0.json")
DEMO_ROOT = "/srv/proj ø"  # output_demo's OutputOptions.root
ESC = b"\x1b"

# (expected file, output_demo arguments)
CASES = [
    ("text.txt", ["text"]),
    ("text-color.txt", ["text", "--color"]),
    ("full.txt", ["full"]),
    ("full-color.txt", ["full", "--color"]),
    ("json.json", ["json"]),
    ("sarif.json", ["sarif"]),
    ("sarif-no-root.json", ["sarif", "--no-root"]),
    ("github.txt", ["github"]),
    ("json-empty.json", ["json", "--empty"]),
    ("sarif-empty.json", ["sarif", "--empty"]),
    ("notebook-text.txt", ["text", "--notebook"]),
    ("notebook-full.txt", ["full", "--notebook"]),
    ("notebook-json.json", ["json", "--notebook"]),
    ("notebook-sarif.json", ["sarif", "--notebook"]),
    ("notebook-github.txt", ["github", "--notebook"]),
]
FORMATS = ["text", "full", "json", "sarif", "github"]
JSON_KEYS = ["cell", "code", "end_location", "filename", "fix", "location", "message",
             "noqa_row", "related", "url"]
RELATED_KEYS = ["end_location", "filename", "location", "message"]
FIX_KEYS = ["applicability", "edits", "message"]
EDIT_KEYS = ["content", "end_location", "location"]

NAIVE = "docs and notes/ünïcode dir/naïve.py"
# What the carets of the full format must stand under, per (path, line) of output_demo's set.
UNDERLINED = {
    ("./setup.py", 1): "import",
    (DEMO_ROOT + "/lib/util.py", 12): "",  # a span at the line end: one caret after the text
    ("app/main.py", 3): "user.name",
    ("app/main.py", 7): "if False:",  # a span over three lines: to the end of the first
    ("app/main.py", 120): 'key = "name"  # "C:\\temp"',
    ("app/odd,name:v2.py", 1): "self",
    (NAIVE, 4): "naïve.attr",  # after seven wide characters
    (NAIVE, 9): "cafe\u0301.strip",  # after an e with a combining accent
    ("scripts/tabs.py", 5): "x.y",  # after two tabs
    ("scripts/tabs.py", 6): "b.attr",  # after a tab in the middle of the line
}


def demo(args):
    """output_demo's stdout (bytes), or None after recording a failure."""
    name = "output_demo " + " ".join(args)
    try:
        p = subprocess.run([DEMO] + args, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                           timeout=600)
    except (OSError, subprocess.TimeoutExpired) as e:
        s.fail(name, e)
        return None
    if p.returncode != 0 or p.stderr:
        s.fail(name, f"exit {p.returncode}: {p.stderr.decode(errors='replace')[-2000:]}")
        return None
    return p.stdout


def first_difference(got, want):
    for i, (a, b) in enumerate(zip(got.splitlines(), want.splitlines())):
        if a != b:
            return f"line {i + 1}:\n  got  {a!r}\n  want {b!r}"
    return f"lengths differ: got {len(got)} bytes, want {len(want)}"


# ---- 1. the expected files -----------------------------------------------------------------

outputs = {}
for fname, args in CASES:
    out = demo(args)
    if out is None:
        continue
    outputs[fname] = out
    path = os.path.join(EXPECTED, fname)
    if UPDATE:
        with open(path, "wb") as f:
            f.write(out)
    if not os.path.exists(path):
        s.fail(f"expected {fname}", f"{path} is missing (run.py --update, then review it)")
        continue
    with open(path, "rb") as f:
        want = f.read()
    s.check(out == want, f"expected {fname}", first_difference(out, want))

named = {fname for fname, _ in CASES}
for fname in sorted(os.listdir(EXPECTED)):
    if fname not in named:
        s.fail(f"expected {fname}", "no case of CASES names it: it is never compared")

for fmt in ["text", "full", "github"]:
    out = demo([fmt, "--empty"])
    if out is not None:
        s.check(out == b"", f"{fmt} of no findings is empty", repr(out[:200]))

# ---- 2. colour -----------------------------------------------------------------------------

for fmt in FORMATS:
    plain, colored = demo([fmt]), demo([fmt, "--color"])
    if plain is None or colored is None:
        continue
    s.check(ESC not in plain, f"{fmt}: no escape sequence without --color")
    if fmt in ("text", "full"):
        s.check(colored.count(ESC + b"[") >= 10, f"{fmt} --color: coloured")
        stripped = re.sub(rb"\x1b\[[0-9;]*m", b"", colored)
        s.check(stripped == plain, f"{fmt} --color: only escapes added",
                first_difference(stripped, plain))
    else:
        s.check(colored == plain, f"{fmt} --color: colour ignored")

# ---- 3. json -------------------------------------------------------------------------------

findings = None
raw = outputs.get("json.json")
if raw is not None:
    try:
        findings = json.loads(raw.decode("utf-8"), object_pairs_hook=lambda kv: kv)
    except ValueError as e:
        s.fail("json parses", e)


def as_dict(pairs):
    """object_pairs_hook gives lists of pairs (to see the key order); nested ones converted."""
    if isinstance(pairs, list) and all(isinstance(p, tuple) and len(p) == 2 for p in pairs):
        return {k: as_dict(v) for k, v in pairs}
    if isinstance(pairs, list):
        return [as_dict(v) for v in pairs]
    return pairs


def is_position(v):
    return (isinstance(v, list) and [k for k, _ in v] == ["column", "row"]
            and all(isinstance(x, int) and x >= 1 for _, x in v))


if findings is not None:
    problems = []
    if not isinstance(findings, list) or not findings:
        problems.append("not a non-empty list")
    for i, obj in enumerate(findings or []):
        keys = [k for k, _ in obj] if isinstance(obj, list) else None
        if keys != JSON_KEYS:
            problems.append(f"#{i}: keys {keys}")
            continue
        d = dict(obj)
        if d["cell"] is not None:
            problems.append(f"#{i}: cell not null")
        fx = d["fix"]
        if fx is not None:  # ruff's fix object
            if not isinstance(fx, list) or [k for k, _ in fx] != FIX_KEYS:
                problems.append(f"#{i}: fix {fx!r}")
            else:
                fd = dict(fx)
                if fd["applicability"] not in ("safe", "unsafe") or not fd["message"] or \
                        not fd["edits"]:
                    problems.append(f"#{i}: fix {fd!r}")
                for e in fd["edits"]:
                    if [k for k, _ in e] != EDIT_KEYS or not isinstance(dict(e)["content"], str) \
                            or not is_position(dict(e)["location"]) \
                            or not is_position(dict(e)["end_location"]):
                        problems.append(f"#{i}: edit {e!r}")
        if not all(isinstance(d[k], str) and d[k] for k in ("code", "filename", "message")):
            problems.append(f"#{i}: code/filename/message not strings")
        if not is_position(d["location"]) or not is_position(d["end_location"]):
            problems.append(f"#{i}: bad location {d['location']} {d['end_location']}")
        if not (d["noqa_row"] is None or isinstance(d["noqa_row"], int)):
            problems.append(f"#{i}: noqa_row {d['noqa_row']!r}")
        if not (isinstance(d["url"], str) and d["url"].startswith("https://")
                and d["url"].endswith("/README.md#" + d["code"].lower())):
            problems.append(f"#{i}: url {d['url']!r}")
        for r in d["related"] if isinstance(d["related"], list) else [None]:
            if not isinstance(r, list) or [k for k, _ in r] != RELATED_KEYS:
                problems.append(f"#{i}: related {r!r}")
    s.check(not problems, "json fields", "; ".join(problems))
    findings = [as_dict(f) for f in findings] if not problems else None

if findings is not None:
    # The json message must carry the demo's control characters escaped and intact.
    msgs = [f["message"] for f in findings]
    s.check(any("\n" in m and "\x1b[31m" in m and "\x7f" in m and '"' in m and "\\" in m
                for m in msgs), "json keeps quotes, backslashes, newline and controls")
    s.check(b"\\u001b" in raw and b"\\u007f" in raw and b"\xc3\xaf" in raw,
            "json escapes controls and writes non-ASCII as UTF-8")

    # text: one line per finding, in the same order, path:line:col: CODE message.
    text = outputs.get("text.txt", b"").decode("utf-8").split("\n")
    s.check(len(text) == len(findings) + 1 and text[-1] == "", "text: one line per finding",
            f"{len(text) - 1} lines for {len(findings)} findings")
    bad = [f"{t!r}" for t, f in zip(text, findings)
           if not t.startswith("%s:%d:%d: %s " % (f["filename"], f["location"]["row"],
                                                   f["location"]["column"], f["code"]))]
    s.check(not bad, "text agrees with json", "\n".join(bad))

    # github: one command per finding, with the json's values once unescaped.
    def unescape(v):
        return (v.replace("%0D", "\r").replace("%0A", "\n").replace("%3A", ":")
                .replace("%2C", ",").replace("%25", "%"))

    cmd = re.compile(r"^::(error|warning|notice) ([^:]*)::(.*)$")
    lines = outputs.get("github.txt", b"").decode("utf-8").split("\n")
    bad = []
    if len(lines) != len(findings) + 1:
        bad.append(f"{len(lines) - 1} lines for {len(findings)} findings")
    for line, f in zip(lines, findings):
        m = cmd.match(line)
        if not m:
            bad.append(f"not a command: {line!r}")
            continue
        props = dict(p.split("=", 1) for p in m[2].split(","))
        props = {k: unescape(v) for k, v in props.items()}
        loc, end = f["location"], f["end_location"]
        want = {"file": f["filename"], "line": str(loc["row"]), "endLine": str(end["row"]),
                "title": f["code"]}
        if loc["row"] == end["row"]:
            want.update(col=str(loc["column"]), endColumn=str(end["column"]))
        if props != want:
            bad.append(f"properties {props} != {want}")
        msg = unescape(m[3])
        if not msg.startswith(f["code"] + " "):
            bad.append(f"message without its code: {msg!r}")
        elif not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", f["message"]) and msg[len(f["code"]) + 1:] != f["message"]:
            bad.append(f"message {msg!r} != {f['message']!r}")
        if re.search(r"[\x00-\x08\x0b-\x1f\x7f]", m[0]):
            bad.append(f"raw control character in {line!r}")
    s.check(not bad, "github agrees with json", "\n".join(bad))

# ---- 4. sarif ------------------------------------------------------------------------------

VALIDATE = r"""
import json, sys
import jsonschema
schema = json.load(open(sys.argv[1], encoding="utf-8"))
cls = jsonschema.validators.validator_for(schema)
cls.check_schema(schema)
v = cls(schema, format_checker=jsonschema.FormatChecker())
for i, doc in enumerate(json.load(sys.stdin)):
    errs = sorted(v.iter_errors(doc), key=lambda e: list(e.absolute_path))
    for e in errs[:5]:
        print(f"document {i}: {'/'.join(map(str, e.absolute_path))}: {e.message[:300]}")
print("VALIDATOR", cls.__name__)
"""


def schema_check(docs):
    """Validates with the first python3 that has jsonschema: this one, then Debian's."""
    for exe in [sys.executable, "/usr/bin/python3"]:
        if not os.path.exists(exe):
            continue
        probe = subprocess.run([exe, "-c", "import jsonschema"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
        if probe.returncode != 0:
            continue
        p = subprocess.run([exe, "-c", VALIDATE, SCHEMA], input=json.dumps(docs),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        out = p.stdout.strip().splitlines()
        if p.returncode != 0 or not out or not out[-1].startswith("VALIDATOR "):
            s.fail("sarif schema", f"validator failed: {p.stderr[-2000:]}")
        else:
            s.check(len(out) == 1, f"sarif schema ({out[-1].split()[1]})", "\n".join(out[:-1]))
        return
    s.skip("sarif schema", "python3-jsonschema is not installed (apt-get install -y "
           "python3-jsonschema)")


sarifs = {}
for fname in ["sarif.json", "sarif-no-root.json", "sarif-empty.json", "notebook-sarif.json"]:
    if fname in outputs:
        try:
            sarifs[fname] = json.loads(outputs[fname].decode("utf-8"))
        except ValueError as e:
            s.fail(f"{fname} parses", e)
if not os.path.exists(SCHEMA):
    s.fail("sarif schema", f"{SCHEMA} is missing")
elif sarifs:
    schema_check(list(sarifs.values()))


def relative_to_root(path):
    """The path GitHub should see: output_demo's paths relative to its root, or None."""
    if path.startswith(DEMO_ROOT + "/"):
        return path[len(DEMO_ROOT) + 1:]
    if path.startswith("/"):
        return None
    while path.startswith("./"):
        path = path[2:]
    return path


def check_artifact(loc, path, problems, where):
    art = loc["physicalLocation"]["artifactLocation"]
    uri = art["uri"]
    rel = relative_to_root(path)
    if not re.fullmatch(r"[A-Za-z0-9\-._~/%]*", uri.replace("file:///", "", 1)):
        problems.append(f"{where}: URI with unencoded characters: {uri!r}")
    if rel is not None:
        if art.get("uriBaseId") != "%SRCROOT%" or ":" in uri or uri.startswith("/"):
            problems.append(f"{where}: {uri!r} is not relative to %SRCROOT%")
        if urllib.parse.unquote(uri, errors="strict") != rel:
            problems.append(f"{where}: {uri!r} does not decode to {rel!r}")
    elif "uriBaseId" in art or urllib.parse.unquote(uri) != "file://" + path:
        problems.append(f"{where}: {uri!r} is not the file URI of {path!r}")


def check_region(loc, want, problems, where):
    region = loc["physicalLocation"]["region"]
    got = (region["startLine"], region["startColumn"], region["endLine"], region["endColumn"])
    exp = (want["location"]["row"], want["location"]["column"], want["end_location"]["row"],
           want["end_location"]["column"])
    if got != exp:
        problems.append(f"{where}: region {got} != json {exp}")


LINK = re.compile(r"\[((?:[^\\\[\]]|\\.)*)\]\((\d+)\)")


def unlink(text, related):
    """A SARIF message without its embedded links (SARIF 3.11.6): the plain message, and the
    link targets in order. A link's text must name its location ("line N", "lines N-M" or
    "path:N"); links appended after the message (" (see [...](id))") are dropped."""
    targets = []

    def plain(m):
        label = re.sub(r"\\(.)", r"\1", m.group(1))
        k = int(m.group(2))
        targets.append(k)
        r = related[k - 1] if 1 <= k <= len(related) else None
        if r is None or not re.search(r"(^|[ :])%d(-\d+)?$" % r["location"]["row"], label):
            targets.append(-k)  # a link whose text does not name its line
        return label

    text = re.sub(r"( \(see " + LINK.pattern + r"\))+$", lambda m: LINK.sub(plain, m.group(0)) and "",
                  text)
    return LINK.sub(plain, text), targets


doc = sarifs.get("sarif.json")
if doc is not None and findings is not None:
    problems = []
    run = doc["runs"][0]
    rules = run["tool"]["driver"]["rules"]
    if run.get("columnKind") != "unicodeCodePoints":
        problems.append(f"columnKind {run.get('columnKind')!r}")
    base = run.get("originalUriBaseIds", {}).get("%SRCROOT%", {}).get("uri", "")
    if urllib.parse.unquote(base) != "file://" + DEMO_ROOT + "/":
        problems.append(f"%SRCROOT% is {base!r}")
    ids = [r["id"] for r in rules]
    if len(set(ids)) != len(ids):
        problems.append(f"duplicate rule ids {ids}")
    for r in rules:
        if not all(r.get(k, {}).get("text") for k in ("shortDescription", "fullDescription", "help")):
            problems.append(f"rule {r['id']} lacks a description or help text")
        if not r.get("helpUri", "").endswith("#" + r["id"].lower()):
            problems.append(f"rule {r['id']}: helpUri {r.get('helpUri')!r}")
    results = run["results"]
    if len(results) != len(findings):
        problems.append(f"{len(results)} results for {len(findings)} findings")
    prints = []
    for i, (res, f) in enumerate(zip(results, findings)):
        where = f"result {i}"
        if res["ruleId"] != f["code"] or rules[res["ruleIndex"]]["id"] != res["ruleId"]:
            problems.append(f"{where}: ruleId {res['ruleId']} / ruleIndex {res['ruleIndex']}")
        text, targets = unlink(res["message"]["text"], f["related"])
        if text != f["message"]:
            problems.append(f"{where}: message {res['message']['text']!r} is not "
                            f"{f['message']!r} with links")
        if sorted(targets) != list(range(1, len(f["related"]) + 1)):
            problems.append(f"{where}: the message links {targets}, not each related location "
                            f"once")
        if len(res["locations"]) != 1:
            problems.append(f"{where}: {len(res['locations'])} locations")
        check_artifact(res["locations"][0], f["filename"], problems, where)
        check_region(res["locations"][0], f, problems, where)
        related = res.get("relatedLocations", [])
        if [r["id"] for r in related] != list(range(1, len(f["related"]) + 1)):
            problems.append(f"{where}: related ids {[r['id'] for r in related]}")
        for k, (rl, fr) in enumerate(zip(related, f["related"])):
            check_artifact(rl, fr["filename"], problems, f"{where} related {k}")
        # a fix: one artifact change of the finding's file, a replacement per json edit
        fixes = res.get("fixes")
        if (fixes is None) != (f["fix"] is None):
            problems.append(f"{where}: fixes {fixes!r} for the json fix {f['fix']!r}")
        elif fixes:
            fx = f["fix"]
            change = fixes[0]["artifactChanges"][0]
            check_artifact({"physicalLocation": change}, f["filename"], problems, f"{where} fix")
            reps = [(r["deletedRegion"]["startLine"], r["deletedRegion"]["startColumn"],
                     r["deletedRegion"]["endLine"], r["deletedRegion"]["endColumn"],
                     r.get("insertedContent", {}).get("text", "")) for r in change["replacements"]]
            want = [(e["location"]["row"], e["location"]["column"], e["end_location"]["row"],
                     e["end_location"]["column"], e["content"]) for e in fx["edits"]]
            if reps != want or fixes[0]["description"]["text"] != fx["message"] or \
                    fixes[0]["properties"]["applicability"] != fx["applicability"]:
                problems.append(f"{where}: fix {fixes!r} is not the json fix {fx!r}")
            check_region(rl, fr, problems, f"{where} related {k}")
            if rl["message"]["text"] != fr["message"]:
                problems.append(f"{where} related {k}: message {rl['message']['text']!r}")
        fp = res.get("partialFingerprints", {}).get("primaryLocationLineHash", "")
        if not re.fullmatch(r"[0-9a-f]{16}:[1-9][0-9]*", fp):
            problems.append(f"{where}: fingerprint {fp!r}")
        prints.append(fp)
    if len(set(prints)) != len(prints):
        problems.append("fingerprints repeat")
    s.check(not problems, "sarif for GitHub code scanning", "\n".join(problems))

doc = sarifs.get("sarif-no-root.json")
if doc is not None:
    s.check("originalUriBaseIds" not in doc["runs"][0], "sarif without a root has no base ids")

# ---- 4b. rule help as GitHub renders it ------------------------------------------------------

CMARK = shutil.which("cmark-gfm")
GFM = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter"]
MARKUP = re.compile(r"<(em|strong|a|del|h[1-6]|ul|ol|li|table|blockquote|hr|img)\b")


def doc_parts(text):
    """A rule's documentation as (prose paragraphs, code blocks): paragraphs are runs of
    non-blank lines, code blocks runs of lines indented by four (blank lines inside kept)."""
    prose, code, cur, block = [], [], [], None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        indented = line.startswith("    ")
        inside = block is not None and not line.strip() and any(
            l.startswith("    ") for l in lines[i + 1:i + 1 + next(
                (k for k, l in enumerate(lines[i + 1:]) if l.strip()), 0) + 1])
        if indented or inside:
            if cur:
                prose.append("\n".join(cur))
                cur = []
            if block is None:
                block = []
            block.append(line[4:])
        else:
            if block is not None:
                code.append("\n".join(block).rstrip("\n"))
                block = None
            if line.strip():
                cur.append(line)
            elif cur:
                prose.append("\n".join(cur))
                cur = []
    if block is not None:
        code.append("\n".join(block).rstrip("\n"))
    if cur:
        prose.append("\n".join(cur))
    return prose, code


def rendered(html, tag):
    """The text of each <tag> element of cmark's output, markup removed and entities decoded."""
    out = []
    for m in re.finditer(r"<%s(?:\s[^>]*)?>(.*?)</%s>" % (tag, tag), html, re.S):
        out.append(html_lib.unescape(re.sub(r"<[^>]+>", "", m.group(1))))
    return out


def help_renders(rule, problems):
    """help.markdown, rendered by cmark-gfm as GitHub does, shows help.text: every prose
    paragraph as a paragraph with the same text (code spans as code, nothing read as emphasis,
    links or lists), every indented example as a python code block."""
    text, md = rule["help"]["text"], rule["help"]["markdown"]
    p = subprocess.run([CMARK] + GFM, input=md.encode("utf-8"), stdout=subprocess.PIPE,
                       stderr=subprocess.PIPE, timeout=60)
    html = p.stdout.decode("utf-8")
    prose, code = doc_parts(text)
    paras = [t.strip() for t in rendered(html, "p")]
    # a paragraph's continuation lines lose their indentation when rendered (CommonMark 4.8)
    want = [re.sub(r"\n[ \t]+", "\n", t.replace("`", "")).strip() for t in prose]
    if paras != want:
        problems.append(f"{rule['id']}: paragraphs {paras!r}\n  want {want!r}")
    blocks = [t.rstrip("\n") for t in rendered(html, "pre")]
    if blocks != code or html.count('<code class="language-python">') != len(code):
        problems.append(f"{rule['id']}: code blocks {blocks!r}\n  want {code!r}")
    if MARKUP.search(html):
        problems.append(f"{rule['id']}: markup {MARKUP.search(html).group(0)!r} in {html[:300]!r}")


if CMARK is None:
    s.skip("rule help renders", "cmark-gfm is not installed (apt-get install -y cmark-gfm)")
else:
    tmp = tempfile.mkdtemp(prefix="dw-sarif-help-")
    with open(os.path.join(tmp, "a.py"), "w") as f:
        f.write("x = 1\n")
    p = subprocess.run([s.deadwood, "check", "--no-cache", "--isolated", "--output-format",
                        "sarif", tmp], stdout=subprocess.PIPE, stderr=subprocess.PIPE, timeout=600)
    shutil.rmtree(tmp, ignore_errors=True)
    try:
        rules = json.loads(p.stdout)["runs"][0]["tool"]["driver"]["rules"]
    except (ValueError, KeyError, IndexError) as e:
        rules = []
        s.fail("rule help renders", f"no rules in deadwood's sarif: {e}: {p.stderr[-500:]!r}")
    demo_doc = sarifs.get("sarif.json")
    if demo_doc is not None:
        rules += demo_doc["runs"][0]["tool"]["driver"]["rules"]
    for rule in rules:
        problems = []
        help_renders(rule, problems)
        s.check(not problems, f"rule help of {rule['id']} renders as written", "\n".join(problems))
    s.check(any("```python" in r["help"]["markdown"] for r in rules), "some rule help has code")

# ---- 5. carets -----------------------------------------------------------------------------


def width(ch):
    if 0x1160 <= ord(ch) <= 0x11FF or (ord(ch) >= 0x300 and unicodedata.category(ch) in ("Mn", "Me", "Cf")):
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


full = outputs.get("full.txt")
if full is not None:
    lines = full.decode("utf-8").split("\n")
    header = re.compile(r"^(?! )(.*):(\d+):(\d+): (\S+) ")
    seen = set()
    for i, line in enumerate(lines):
        m = header.match(line)
        if not m or i + 3 >= len(lines):
            continue
        key = (m[1], int(m[2]))
        src = re.match(r"^(\d+) \| ?(.*)$", lines[i + 2])
        carets = re.match(r"^ +\| ( *)(\^+) (\S+)$", lines[i + 3])
        name = f"full carets {key[0]}:{key[1]}"
        if key not in UNDERLINED:
            s.fail(name, "not in UNDERLINED")
            continue
        seen.add(key)
        if not src or not carets or int(src[1]) != key[1] or carets[3] != m[4]:
            s.fail(name, "no snippet: " + "\n".join(lines[i:i + 5]))
            continue
        at, n = len(carets[1]), len(carets[2])
        if "\t" in src[2]:
            s.fail(name, "a tab in the echoed line")
            continue
        col, under = 0, ""
        for ch in src[2]:
            if at <= col < at + n or (width(ch) == 0 and under and col == at + n):
                under += ch
            col += width(ch)
        want = UNDERLINED[key]
        ok = under == want and (n == 1 and at == col if want == "" else True)
        s.check(ok, name, f"carets at {at} x{n} underline {under!r}, want {want!r}")
    s.check(seen == set(UNDERLINED), "full: every finding has a snippet",
            f"missing {set(UNDERLINED) - seen}")

# ---- 7. notebooks --------------------------------------------------------------------------

# output_demo's notebook findings: (path, cell, line, col, file_line, file_end_line), sorted.
NOTEBOOK = [("nb/analysis.ipynb", 4, 1, 1, 50, 50), ("nb/analysis.ipynb", 4, 3, 8, 52, 52),
            ("nb/analysis.ipynb", 11, 1, 1, 80, 83), ("nb/broken.ipynb", 0, 7, 3, 7, 7)]
nb_json = outputs.get("notebook-json.json")
if nb_json is not None:
    data = json.loads(nb_json)
    got = [(d["filename"], d["cell"] or 0, d["location"]["row"], d["location"]["column"])
           for d in data]
    s.check(got == [n[:4] for n in NOTEBOOK], "notebook json: cells, rows, columns", got)
    rel = data[1]["related"][0]
    s.check(list(rel)[0] == "cell" and rel["cell"] == 2 and rel["location"]["row"] == 2,
            "notebook json: a related location in another cell", rel)
    s.check(all(list(d)[:1] == ["cell"] for d in data) and data[3]["cell"] is None,
            "notebook json: `cell` null for a notebook that is not JSON")
    text = outputs.get("notebook-text.txt", b"").decode().splitlines()
    want = [f"{p}:cell {c}:{ln}:{col}: " if c else f"{p}:{ln}:{col}: "
            for p, c, ln, col, _, _ in NOTEBOOK]
    s.check(len(text) == len(want) and all(t.startswith(w) for t, w in zip(text, want)),
            "notebook text: path:cell N:line:col", "\n".join(text))
    full = outputs.get("notebook-full.txt", b"").decode()
    s.check("= note: nb/analysis.ipynb:cell 2:2:1: proven None here" in full and
            "\n3 | loss = model.fit(x, y)\n" in full, "notebook full: cell lines and notes")
    gh = outputs.get("notebook-github.txt", b"").decode().splitlines()
    bad = []
    for line, (p, c, ln, col, fl, fel) in zip(gh, NOTEBOOK):
        props = dict(kv.split("=", 1) for kv in line[2:].split("::")[0].split(" ", 1)[1].split(","))
        msg = line.split("::", 2)[2]
        if c and (props.get("line") != str(fl) or props.get("endLine") != str(fel)
                  or "col" in props or "endColumn" in props
                  or f" cell {c}, line {ln}, column {col}: " not in msg):
            bad.append(line)
        if not c and (props.get("line") != str(ln) or props.get("col") != str(col)):
            bad.append(line)
    s.check(len(gh) == len(NOTEBOOK) and not bad, "notebook github: .ipynb lines, cell in message",
            "\n".join(bad))
    doc = sarifs.get("notebook-sarif.json")
    if doc is not None:
        res = doc["runs"][0]["results"]
        bad = []
        for r, (p, c, ln, col, fl, fel) in zip(res, NOTEBOOK):
            region = r["locations"][0]["physicalLocation"]["region"]
            text = r["message"]["text"]
            if c and (region != {"startLine": fl, "endLine": fel} or
                      not text.startswith(f"cell {c}, line {ln}, column {col}: ")):
                bad.append(f"{region} {text!r}")
            if not c and region.get("startLine") != ln:
                bad.append(f"{region} {text!r}")
        rl = res[1]["relatedLocations"][0]
        if not rl["message"]["text"].startswith("cell 2, line 2, column 1: ") or \
                rl["physicalLocation"]["region"] != {"startLine": 31, "endLine": 31}:
            bad.append(f"related {rl}")
        s.check(len(res) == len(NOTEBOOK) and not bad, "notebook sarif: .ipynb lines, cell in "
                "message", "\n".join(bad))

# ---- 6. size -------------------------------------------------------------------------------

N = 100000
for fmt in FORMATS:
    out = demo([fmt, "--many", str(N)])
    if out is None:
        continue
    name = f"{fmt} of {N} findings"
    if fmt in ("text", "github"):
        nl = out.count(b"\n")
        s.check(nl == N, name, f"{nl} lines")
    elif fmt == "full":
        snippets = len(re.findall(rb"\n +\| +\^+ DW\d+\n", out))
        s.check(snippets == N, name, f"{snippets} snippets")
    elif fmt == "json":
        data = json.loads(out)
        s.check(len(data) == N and sum(len(d["related"]) for d in data) == (N + 2) // 3, name)
    else:
        res = json.loads(out)["runs"][0]["results"]
        prints = {r["partialFingerprints"]["primaryLocationLineHash"] for r in res}
        s.check(len(res) == N and len(prints) == N, name,
                f"{len(res)} results, {len(prints)} distinct fingerprints")

s.finish()
