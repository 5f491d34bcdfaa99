"""The inline expectations of rule fixtures (tests/checks, tests/index): the syntax is in the
docstring of tests/checks/run.py. Read from the raw bytes, so that they work in files that do
not parse or decode.

A comment that looks like a marker but is not one is an error, not a silence: its first word is
ok, okay, OK, expect, expects, expected, or one slip away from expect (`exepct`), and it does not
read as `# ok`, `# ok: why`, `# expect: CODE ...` or `# expect-line N: CODE ...` (`# okay`,
`# ok because`, `# expect DW201` without the colon, `# Expect: DW201`, `# expect: dw201`)."""
import re

CODE_RE = r"DW\d{3}"
ITEM = r'\s*(' + CODE_RE + r')((?:\s+"[^"]*")*)\s*'
ITEM_RE = re.compile(ITEM)
LIST_RE = re.compile(ITEM + r"(?:," + ITEM + r")*")
FRAGMENT_RE = re.compile(r'"([^"]*)"')
EXPECT_RE = re.compile(r"#\s*expect:\s*(" + CODE_RE + r'.*?)\s*$')
EXPECT_LINE_RE = re.compile(r"#\s*expect-line\s+(\d+)\s*:\s*(" + CODE_RE + r'.*?)\s*$')
OK_RE = re.compile(r"#\s*ok(?:\s*:.*)?\s*$")
WORD_RE = re.compile(r"#\s*([A-Za-z][A-Za-z_-]*)")


class Marks:
    """A fixture's markers. expects: (line, code, [fragments], line of the marker), fragments
    with {-N}/{+N} already replaced by line numbers; oks: lines; errors: why a marker is bad."""

    def __init__(self, path):
        self.expects = []
        self.oks = []
        self.errors = []
        with open(path, "rb") as f:
            text = f.read().decode("latin-1")
        # Lines as CPython numbers them: \n, \r\n and a lone \r all end a line.
        for no, line in enumerate(re.split(r"\r\n|\r|\n", text), 1):
            span = self._line(no, line)
            for m in WORD_RE.finditer(line):
                if (not span[0] <= m.start() < span[1] and looks_like_marker(m.group(1)) and
                        not in_string(line, m.start())):
                    self.errors.append(
                        f"line {no}: {line[m.start():].strip()[:60]!r} looks like a marker but "
                        "is not one (`# ok`, `# ok: why`, `# expect: CODE \"fragment\"`, "
                        "`# expect-line N: CODE`)")

    def _line(self, no, line):
        """Records the line's marker; returns the span of the line that it takes, (0, 0) if
        none."""
        m = EXPECT_LINE_RE.search(line)
        if m:
            self._codes(int(m.group(1)), m.group(2), no)
            return m.span()
        m = EXPECT_RE.search(line)
        if m:
            self._codes(no, m.group(1), no)
            return m.span()
        m = OK_RE.search(line)
        if m:
            self.oks.append(no)
            return m.span()
        return (0, 0)

    def _codes(self, line, spec, at):
        if not LIST_RE.fullmatch(spec):
            self.errors.append(f'line {at}: cannot read {spec!r} as `CODE "text", CODE ...`')
            return
        for m in ITEM_RE.finditer(spec):
            fragments = [re.sub(r"\{([+-]\d+)\}", lambda r: str(line + int(r.group(1))), f)
                         for f in FRAGMENT_RE.findall(m.group(2))]
            self.expects.append((line, m.group(1), fragments, at))


def looks_like_marker(word):
    w = word.lower()
    if w.startswith("ok") and len(w) <= 4:  # ok, OK, okay, okey, oks
        return True
    return w.startswith("expect") or one_slip(w, "expect")


def in_string(line, pos):
    """Whether pos of line is inside a string literal that opens on that line (a guess that
    ignores strings spanning lines: the markers are read without tokenizing)."""
    quote, i = None, 0
    while i < pos:
        c = line[i]
        if quote and c == "\\":
            i += 1
        elif quote is None and c == "#":
            return False  # a comment: the rest of the line is not code
        elif c in "'\"" and (quote is None or quote == c):
            quote = None if quote else c
        i += 1
    return quote is not None


def one_slip(a, b):
    """a is b with one character added, dropped, changed, or two neighbours swapped."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    i = 0
    while i < min(len(a), len(b)) and a[i] == b[i]:
        i += 1
    return (a[i + 1:] == b[i + 1:] or a[i + 1:] == b[i:] or a[i:] == b[i + 1:] or
            (a[i:i + 2] == b[i:i + 2][::-1] and a[i + 2:] == b[i + 2:]))


def fragments_label(fragments):
    return "".join(f' "{f}"' for f in fragments)
