#!/usr/bin/env python3
"""src/lex/unicode.c against this interpreter's unicodedata over everything it answers:
XID_Start, XID_Continue, isprintable and display width of all 0x110000 code points; NFKC of
every code point alone and of sequences that exercise reordering and composition; and "\\N{}" of
every name, alias and named sequence, also in lower case, and of the algorithmic names.

    unicode_all.py UNIT_UNICODE     (run by tests/unit/run.py with CPython 3.13)

Prints `PASS name` or `FAIL name: why` lines. The tables are generated from the same
unicodedata (tools/gen_unicode.py), so a difference is a bug in unicode.c or stale tables."""
import codecs
import random
import subprocess
import sys
import unicodedata

driver = sys.argv[1]
SURROGATES = range(0xD800, 0xE000)


def report(name, bad, total):
    if bad:
        print(f"FAIL {name}: {len(bad)} of {total} differ, e.g. {bad[:5]}")
    else:
        print(f"PASS {name}")


def run(mode, lines=None):
    p = subprocess.run([driver, mode], input="".join(x + "\n" for x in lines or []),
                       stdout=subprocess.PIPE, text=True)
    out = p.stdout.splitlines()
    if p.returncode != 0 or (lines is not None and len(out) != len(lines)):
        print(f"FAIL {mode}: exit {p.returncode}, {len(out)} lines of output")
        return None
    return out


def width(c):
    if c < 0x300:
        return 1
    ch = chr(c)
    if unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1160 <= c <= 0x11FF:
        return 0
    return 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1


version = run("--version")
if version != [unicodedata.unidata_version]:
    print(f"FAIL version: the tables are Unicode {version}, this CPython's "
          f"{unicodedata.unidata_version} ({sys.version.split()[0]}): make regen")
    sys.exit(0)
print("PASS version")

props = run("--props")
if props is not None:
    for i, what in enumerate(("XID_Start", "XID_Continue", "isprintable", "display width")):
        bad = []
        for c in range(0x110000):
            ch = chr(c)
            want = (ch.isidentifier() and ch != "_", ("a" + ch).isidentifier(), ch.isprintable(),
                    width(c))[i]
            if int(props[c].split()[i]) != int(want):
                bad.append(hex(c))
        report(f"{what} of every code point", bad, 0x110000)


def nfkc_check(name, strings):
    lines = [" ".join("%04X" % ord(ch) for ch in s) for s in strings]
    out = run("--nfkc", lines)
    if out is None:
        return
    bad = []
    for s, got in zip(strings, out):
        want = " ".join("%04X" % ord(ch) for ch in unicodedata.normalize("NFKC", s))
        if got != want:
            bad.append((" ".join("%04X" % ord(ch) for ch in s), got, want))
    report(name, bad, len(strings))


nfkc_check("NFKC of every code point", [chr(c) for c in range(0x110000) if c not in SURROGATES])
# every character with a decomposition, as its NFD and its NFKD (composition must rebuild it);
# runs of combining marks in every order around starters, Hangul jamo sequences
decomposable = [chr(c) for c in range(0x110000)
                if c not in SURROGATES and unicodedata.normalize("NFKD", chr(c)) != chr(c)]
seqs = [unicodedata.normalize(f, ch) for ch in decomposable for f in ("NFD", "NFKD")]
marks = [chr(c) for c in range(0x300, 0x2000) if unicodedata.combining(chr(c))]
starters = [chr(c) for c in range(0x41, 0x2000) if unicodedata.category(chr(c)).startswith("L")]
jamo = [chr(c) for c in list(range(0x1100, 0x1113)) + list(range(0x1161, 0x1176))
        + list(range(0x11A8, 0x11C3))] + ["\uac00", "\uac01", "\ud7a3"]
rng = random.Random(19)
for _ in range(20000):
    seqs.append("".join(rng.choice(rng.choice((marks, starters, jamo, decomposable)))
                        for _ in range(rng.randrange(1, 12))))
for n in (17, 40, 300):  # runs longer than the insertion sort's
    seqs.append("a" + "".join(rng.choice(marks) for _ in range(n)) + "\u0301")
nfkc_check("NFKC of sequences (reordering, composition, Hangul)", seqs)

names = {}
for c in range(0x110000):
    n = unicodedata.name(chr(c), None)
    if n:
        names[n] = c
aliases, sequences = {}, []
for i in range(0x10000):
    s = chr(0xF0000 + i).encode("ascii", "namereplace").decode("ascii")
    if not s.startswith("\\N{"):
        continue
    v = unicodedata.lookup(s[3:-1])
    if len(v) == 1:
        aliases[s[3:-1]] = ord(v)
    else:
        sequences.append(s[3:-1])
spellings = list(names) + list(aliases) + sequences
spellings += [n.lower() for n in spellings[::7]]
spellings += ["HANGUL SYLLABLE GAX", "CJK UNIFIED IDEOGRAPH-2EE5E", "TANGUT IDEOGRAPH-17000",
              "CJK COMPATIBILITY IDEOGRAPH-0F900", "NUSHU CHARACTER-1B2FC", "LATIN SMALL LETTER",
              "LATIN  SMALL LETTER A", " SPACE", "SPACE ", "SPACES", "SPAC"]
out = run("--names", spellings)
if out is not None:
    bad = []
    for n, got in zip(spellings, out):
        try:
            v = codecs.decode(b"\\N{" + n.encode("ascii") + b"}", "unicode_escape")
            want = "%04X" % ord(v)
        except UnicodeDecodeError:
            want = "-"
        if got != want:
            bad.append((n, got, want))
    report(f"\\N{{}} of {len(names)} names, {len(aliases)} aliases, {len(sequences)} named "
           f"sequences and other spellings", bad, len(spellings))
