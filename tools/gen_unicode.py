#!/usr/bin/env python3
"""Writes src/lex/unicode_db.h: the Unicode tables src/lex/unicode.c answers from, taken from
this interpreter's own unicodedata, so that deadwood agrees with the CPython whose parser it
follows by construction (no ICU, no data files).

Run with the CPython whose Unicode version deadwood follows (3.13: Unicode 15.1): `make regen`.
`--check` exits 1 when the file would change.

What the tables hold (see unicode.c for how they are read):
  - per code point, a small record: XID_Start (chr(c).isidentifier()), XID_Continue
    (("a" + chr(c)).isidentifier()), str.isprintable(), the display width class (0 for Mn, Me,
    Cf and the Hangul medial/final jamo 1160..11FF; 2 for East Asian Wide and Fullwidth) and
    the canonical combining class; a two-level trie maps the code point to its record;
  - NFKD of each code point that has one (Hangul syllables excepted: computed), UTF-8, through
    a second trie; and the primary composites as sorted (first, second, composite) triples;
  - the names "\\N{...}" resolves (unicodedata.lookup, less the named sequences, which CPython's
    string literals refuse), aliases included: each name is a sequence of word numbers, the
    names sorted by it and front-coded in blocks; the words are a lexicon (the 127 most frequent
    take one byte). Names spelt "PREFIX-<hex of the code point>" (CJK compatibility ideographs,
    Khitan, Nushu) are kept as prefix and ranges instead; the names CPython computes (Hangul
    syllables, CJK unified ideographs) are computed in unicode.c.
"""
import collections
import os
import re
import sys
import unicodedata

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEST = os.path.join(ROOT, "src", "lex", "unicode_db.h")
NCP = 0x110000

F_XID_START, F_XID_CONTINUE, F_PRINTABLE, F_WIDTH0, F_WIDTH2 = 1, 2, 4, 8, 16


def is_hangul_syllable(c):
    return 0xAC00 <= c <= 0xD7A3


def trie2(values):
    """The smallest two-level table for values: (shift, index1, index2) such that
    values[c] == index2[(index1[c >> shift] << shift) + (c & mask)]."""
    best = None
    for shift in range(2, 12):
        index1, index2 = trie2_leaves(values, shift)
        total = len(index1) * elem_bytes(index1) + len(index2) * elem_bytes(index2)
        if best is None or total < best[0]:
            best = (total, shift, index1, index2)
    return best[1:]


def trie3(values):
    """The smallest three-level table: (leaf shift, middle shift, level 1, 2, 3) such that
    values[c] == t3[(t2[(t1[c >> (s1 + s2)] << s2) + (c >> s1 & m2)] << s1) + (c & m1)]."""
    best = None
    for s1 in range(2, 10):
        leaf, t3 = trie2_leaves(values, s1)
        s2, t1, t2 = trie2(leaf)
        total = len(t1) * elem_bytes(t1) + len(t2) * elem_bytes(t2) + len(t3) * elem_bytes(t3)
        if best is None or total < best[0]:
            best = (total, s1, s2, t1, t2, t3)
    return best[1:]


def trie2_leaves(values, shift):
    size = 1 << shift
    blocks, index, leaves = {}, [], []
    for i in range(0, len(values), size):
        block = tuple(values[i:i + size])
        block += (0,) * (size - len(block))
        if block not in blocks:
            blocks[block] = len(blocks)
            leaves.extend(block)
        index.append(blocks[block])
    return index, leaves


def elem_bytes(values):
    m = max(values)
    return 1 if m < 256 else 2 if m < 65536 else 4


def utf8(s):
    return s.encode("utf-8", "surrogatepass")


# ---- properties -------------------------------------------------------------------------------

def properties():
    records, index = {(0, 0): 0}, []
    for c in range(NCP):
        ch = chr(c)
        flags = 0
        if ch.isidentifier() and ch != "_":
            flags |= F_XID_START
        if ("a" + ch).isidentifier():
            flags |= F_XID_CONTINUE
        if ch.isprintable():
            flags |= F_PRINTABLE
        if unicodedata.category(ch) in ("Mn", "Me", "Cf") or 0x1160 <= c <= 0x11FF:
            flags |= F_WIDTH0
        elif unicodedata.east_asian_width(ch) in ("W", "F"):
            flags |= F_WIDTH2
        key = (flags, unicodedata.combining(ch))
        index.append(records.setdefault(key, len(records)))
    last = max(c for c in range(NCP) if index[c] != 0) + 1
    return sorted(records, key=records.get), index[:last]


# ---- normalization ----------------------------------------------------------------------------

def decompositions():
    data, index = bytearray(b"\0"), [0] * NCP  # offset 0: none
    for c in range(NCP):
        if is_hangul_syllable(c) or 0xD800 <= c <= 0xDFFF:
            continue
        d = unicodedata.normalize("NFKD", chr(c))
        if d != chr(c):
            b = utf8(d)
            assert len(b) < 256
            index[c] = len(data)
            data += bytes([len(b)]) + b
    assert len(data) < 65536
    last = max(c for c in range(NCP) if index[c]) + 1
    return bytes(data), index[:last]


def compositions():
    """(first, second, composite) for every primary composite: a canonical decomposition into
    two code points that NFC puts back together (not a composition exclusion)."""
    triples = []
    for c in range(NCP):
        d = unicodedata.decomposition(chr(c))
        if not d or d.startswith("<"):
            continue
        parts = [int(x, 16) for x in d.split()]
        if len(parts) == 2 and unicodedata.normalize("NFC", chr(c)) == chr(c):
            triples.append((parts[0], parts[1], c))
    return sorted(triples)


# ---- names ------------------------------------------------------------------------------------

def names():
    """The names unicode.c must find in its tables: {NAME: code point}; the patterned ones as
    [(prefix, first, last)] runs; the CJK unified ideographs (named by CPython's code) as
    [(None, first, last)] runs."""
    plain, patterned, unified = {}, [], []
    for c in range(NCP):
        n = unicodedata.name(chr(c), None)
        if n and n.startswith("CJK UNIFIED IDEOGRAPH-"):
            add_run(unified, c)
        if not n or is_hangul_syllable(c) or n.startswith("CJK UNIFIED IDEOGRAPH-"):
            continue
        m = re.fullmatch(r"(.*)-%04X" % c, n)
        if m:
            add_run(patterned, c, m.group(1))
            continue
        plain[n] = c
    # The aliases (NameAliases.txt): CPython keeps them in the private-use plane 15 from F0000,
    # where the "namereplace" error handler names them; named sequences (which "\N{}" refuses)
    # follow them from F0200 and are told apart by being more than one character.
    for i in range(0x10000):
        s = chr(0xF0000 + i).encode("ascii", "namereplace").decode("ascii")
        if not s.startswith("\\N{"):
            continue
        alias = s[3:-1]
        value = unicodedata.lookup(alias)
        if len(value) == 1:
            assert plain.get(alias, ord(value)) == ord(value)
            plain[alias] = ord(value)
    return plain, patterned, unified


def add_run(runs, c, prefix=None):
    if runs and runs[-1][0] == prefix and runs[-1][2] == c - 1:
        runs[-1][2] = c
    else:
        runs.append([prefix, c, c])


def name_tables(plain):
    words = collections.Counter(w for n in plain for w in n.split(" "))
    assert all(words) and all(re.fullmatch(r"[A-Z0-9 -]+", n) for n in plain)
    top = sorted(w for w, _ in words.most_common(127))
    topset = set(top)
    rest = sorted(w for w in words if w not in topset)
    number = {w: i for i, w in enumerate(top)}
    number.update({w: 128 + i for i, w in enumerate(rest)})
    assert len(number) < 128 + (1 << 15)

    def encode(name):
        out = bytearray()
        for w in name.split(" "):
            k = number[w]
            out += bytes([k]) if k < 128 else bytes([0x80 | (k - 128) >> 8, (k - 128) & 0xFF])
        return bytes(out)

    # the lexicon of the other words, sorted and front-coded in blocks of LEX_BLOCK: a block's
    # first word whole, then (bytes shared with the previous word, the rest); each ends in NUL
    lex, lex_blocks = bytearray(), []
    for i, w in enumerate(rest):
        if i % LEX_BLOCK == 0:
            lex_blocks.append(len(lex))
            lex += w.encode() + b"\0"
        else:
            p = common(w, rest[i - 1])
            lex += bytes([p]) + w[p:].encode() + b"\0"
    # the names, sorted by their encoding, front-coded in blocks of NAME_BLOCK: a block's first
    # entry is (length, bytes, code point in 3 bytes); the others are (bytes shared with the
    # previous << 4 | length of the rest, or 0xF0 and those two in a byte each when they do not
    # fit a nibble; the rest; code point - previous as a zigzag varint)
    entries = sorted((encode(n), c) for n, c in plain.items())
    tab, tab_blocks = bytearray(), []
    for i, (e, c) in enumerate(entries):
        if i % NAME_BLOCK == 0:
            tab_blocks.append(len(tab))
            tab += bytes([len(e)]) + e + c.to_bytes(3, "big")
        else:
            prev, pc = entries[i - 1]
            p = common(e, prev)
            d = c - pc
            n = len(e) - p
            head = bytes([p << 4 | n]) if p < 15 and n < 16 else bytes([0xF0, p, n])
            tab += head + e[p:] + varint(d * 2 if d >= 0 else -d * 2 - 1)
    return top, bytes(lex), lex_blocks, bytes(tab), tab_blocks, len(entries)


LEX_BLOCK, NAME_BLOCK = 16, 32


def common(a, b):
    n = 0
    while n < min(len(a), len(b), 255) and a[n] == b[n]:
        n += 1
    return n


def varint(v):
    out = bytearray()
    while v >= 0x80:
        out.append(0x80 | (v & 0x7F))
        v >>= 7
    out.append(v)
    return bytes(out)


# ---- output -----------------------------------------------------------------------------------

def c_array(ctype, name, values, per_line=None):
    values = list(values)
    width = 100
    lines, line = [], "   "
    for v in values:
        item = " %d," % v
        if len(line) + len(item) > width:
            lines.append(line)
            line = "   "
        line += item
    if line.strip():
        lines.append(line)
    return "static const %s %s[%d] = {\n%s\n};\n" % (ctype, name, len(values), "\n".join(lines))


def c_string(name, data):
    """A byte string as a C string literal, printable ASCII kept readable."""
    lines, line = [], ""
    for b in data:
        ch = chr(b)
        if 0x20 <= b < 0x7F and ch not in '"\\?':
            piece = ch
        else:
            piece = "\\%03o" % b
        line += piece
        if len(line) >= 90:
            lines.append(line)
            line = ""
    if line:
        lines.append(line)
    body = "\n".join('    "%s"' % s for s in lines)
    return "static const char %s[%d] =\n%s;\n" % (name, len(data) + 1, body)


def c_trie(macro, name, values):
    """A three-level trie as uint arrays name1, name2, name3 and the enum MACRO_S1 (leaf bits),
    MACRO_S2 (middle bits), MACRO_LIMIT (the values from there on are 0)."""
    s1, s2, t1, t2, t3 = trie3(values)
    return ("enum { %s_S1 = %d, %s_S2 = %d, %s_LIMIT = %d };\n" % (macro, s1, macro, s2, macro,
                                                               len(values))
            + c_array(int_type(t1), name + "1", t1) + c_array(int_type(t2), name + "2", t2)
            + c_array(int_type(t3), name + "3", t3))


def int_type(values):
    m = max(values)
    return "uint8_t" if m < 256 else "uint16_t" if m < 65536 else "uint32_t"


def generate():
    out = []
    w = out.append
    w("/* clang-format off */\n")
    w("/* unicode_db.h — generated by tools/gen_unicode.py from CPython %s's unicodedata\n"
      " * (Unicode %s); do not edit: `make regen`. Read by unicode.c only. */\n"
      % (".".join(map(str, sys.version_info[:2])), unicodedata.unidata_version))
    w('#define UNI_UNIDATA_VERSION "%s"\n\n' % unicodedata.unidata_version)
    w("enum { UNI_XID_START = %d, UNI_XID_CONTINUE = %d, UNI_PRINTABLE = %d, UNI_WIDTH0 = %d, "
      "UNI_WIDTH2 = %d };\n\n" % (F_XID_START, F_XID_CONTINUE, F_PRINTABLE, F_WIDTH0, F_WIDTH2))

    records, index = properties()
    w("/* Properties: a record {flags, canonical combining class} per code point, through the\n"
      " * three-level trie uni_prop (record 0 from UNI_PROP_LIMIT on). */\n")
    w("static const uint8_t uni_records[%d][2] = {%s};\n"
      % (len(records), ", ".join("{%d, %d}" % r for r in records)))
    w(c_trie("UNI_PROP", "uni_prop", index))

    data, dindex = decompositions()
    w("\n/* NFKD: k from the trie uni_decomp (0 from UNI_DECOMP_LIMIT on); when k > 0,\n"
      " * uni_decomp_data[k] is the length of the UTF-8 that follows. */\n")
    longest = max(len(data[k + 1:k + 1 + data[k]].decode()) for k in set(dindex) if k)
    w("enum { UNI_DECOMP_MAX = %d }; /* the most code points in one NFKD */\n" % max(longest, 3))
    w(c_trie("UNI_DECOMP", "uni_decomp", dindex))
    w(c_array("uint8_t", "uni_decomp_data", data))

    comp = compositions()
    w("\n/* Primary composites, (first << 42 | second << 21 | composite), sorted. */\n")
    w("static const uint64_t uni_compose[%d] = {\n" % len(comp))
    for k in range(0, len(comp), 4):
        w("   " + "".join(" 0x%015xu," % (a << 42 | b << 21 | c) for a, b, c in comp[k:k + 4])
          + "\n")
    w("};\n")

    plain, patterned, unified = names()
    top, lex, lex_blocks, tab, tab_blocks, count = name_tables(plain)
    w("\n/* Names: %d names and aliases. Words 0..%d are uni_top_words (NUL-separated, sorted);\n"
      " * the others, 128 + their rank in sorting, are in uni_lexicon, front-coded in blocks of\n"
      " * %d words starting at uni_lexicon_blocks[]. The names' encodings are front-coded in\n"
      " * blocks of %d starting at uni_names_blocks[] (see tools/gen_unicode.py). */\n"
      % (count, len(top) - 1, LEX_BLOCK, NAME_BLOCK))
    w("enum { UNI_TOP_WORDS = %d, UNI_LEX_BLOCK = %d, UNI_NAME_BLOCK = %d, UNI_NAMES = %d, "
      "UNI_LONGEST_NAME = %d };\n" % (len(top), LEX_BLOCK, NAME_BLOCK, count,
                                      max(len(n) for n in plain)))
    w(c_string("uni_top_words", b"\0".join(t.encode() for t in top) + b"\0"))
    w(c_string("uni_lexicon", lex))
    w(c_array(int_type(lex_blocks), "uni_lexicon_blocks", lex_blocks))
    w(c_array("uint8_t", "uni_names", tab))
    w(c_array(int_type(tab_blocks), "uni_names_blocks", tab_blocks))
    w("\n/* Names spelt PREFIX-XXXX (4 or 5 upper-case hex digits: the code point). */\n")
    w("static const struct {\n    const char *prefix;\n    uint32_t first, last;\n} "
      "uni_hex_names[%d] = {\n" % len(patterned))
    for p, a, b in patterned:
        w('    {"%s-", 0x%04X, 0x%04X},\n' % (p, a, b))
    w("};\n")
    w("\n/* The CJK unified ideographs (\"CJK UNIFIED IDEOGRAPH-XXXX\", named by CPython's code). */\n")
    w("static const uint32_t uni_cjk_unified[%d][2] = {\n" % len(unified))
    for _, a, b in unified:
        w("    {0x%04X, 0x%04X},\n" % (a, b))
    w("};\n")
    return "".join(out)


def main():
    text = generate()
    if "--check" in sys.argv:
        with open(DEST) as f:
            sys.exit(0 if f.read() == text else 1)
    with open(DEST, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
