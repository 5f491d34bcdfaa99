/* unicode.c — Unicode services answered from tables generated from CPython's own unicodedata
 * (tools/gen_unicode.py -> unicode_db.h; see unicode.h). No library beyond libc.
 *
 * Identifier classes, printability and display width are flags of a per-code-point record;
 * NFKC is decomposition (the tables' NFKD, Hangul computed), canonical reordering and canonical
 * composition (the tables' primary composites, Hangul computed), as UAX #15 describes it; name
 * lookup does CPython's algorithmic names itself (Hangul syllables and CJK unified ideographs,
 * case-sensitively as CPython does), the names spelt PREFIX-<hex> from their ranges, and every
 * other name or alias from the front-coded name table.
 */
#include "unicode.h"

#include <stdio.h>
#include <string.h>

#include "unicode_db.h"

const char uni_unidata_version[] = UNI_UNIDATA_VERSION;

/* ---- per-code-point records ----------------------------------------------------------------- */

static const uint8_t *record(uint32_t cp) {
    if (cp >= UNI_PROP_LIMIT) return uni_records[0];
    uint32_t i = uni_prop1[cp >> (UNI_PROP_S1 + UNI_PROP_S2)];
    i = uni_prop2[(i << UNI_PROP_S2) + ((cp >> UNI_PROP_S1) & ((1u << UNI_PROP_S2) - 1))];
    return uni_records[uni_prop3[(i << UNI_PROP_S1) + (cp & ((1u << UNI_PROP_S1) - 1))]];
}

bool uni_is_xid_start(uint32_t cp) {
    if (cp < 0x80) return (cp | 0x20) - 'a' < 26;
    return record(cp)[0] & UNI_XID_START;
}

bool uni_is_xid_continue(uint32_t cp) {
    if (cp < 0x80) return (cp | 0x20) - 'a' < 26 || cp - '0' < 10 || cp == '_';
    return record(cp)[0] & UNI_XID_CONTINUE;
}

bool uni_is_printable(uint32_t cp) {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
    return record(cp)[0] & UNI_PRINTABLE;
}

int uni_display_width(uint32_t cp) {
    if (cp < 0x300) return 1;
    uint8_t f = record(cp)[0];
    return f & UNI_WIDTH0 ? 0 : f & UNI_WIDTH2 ? 2 : 1;
}

static uint8_t combining_class(uint32_t cp) {
    return cp < 0x300 ? 0 : record(cp)[1];
}

/* ---- UTF-8 ----------------------------------------------------------------------------------- */

int uni_utf8_encode(uint32_t cp, char out[4]) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

int uni_utf8_decode(const char *s, size_t n, uint32_t *cp) {
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c = u[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int len;
    uint32_t min;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, min = 0x80, c &= 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, min = 0x800, c &= 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, min = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    if (n < (size_t)len) return 0;
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) return 0;
        c = (c << 6) | (u[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return len;
}

/* ---- NFKC ------------------------------------------------------------------------------------ */

enum {
    NFKC_STACK = 256,
    HANGUL_S = 0xAC00,
    HANGUL_L = 0x1100,
    HANGUL_V = 0x1161,
    HANGUL_T = 0x11A7,
    HANGUL_LCOUNT = 19,
    HANGUL_VCOUNT = 21,
    HANGUL_TCOUNT = 28,
    HANGUL_NCOUNT = HANGUL_VCOUNT * HANGUL_TCOUNT,
    HANGUL_SCOUNT = HANGUL_LCOUNT * HANGUL_NCOUNT,
};

/* The NFKD of cp (cp itself when it has none) into out, which has room for UNI_DECOMP_MAX code
 * points (U+FDFA's 18 in Unicode 15.1); returns the count. */
static int decompose(uint32_t cp, uint32_t *out) {
    if (cp - HANGUL_S < HANGUL_SCOUNT) {
        uint32_t s = cp - HANGUL_S, t = s % HANGUL_TCOUNT;
        out[0] = HANGUL_L + s / HANGUL_NCOUNT;
        out[1] = HANGUL_V + s % HANGUL_NCOUNT / HANGUL_TCOUNT;
        if (t) out[2] = HANGUL_T + t;
        return t ? 3 : 2;
    }
    uint32_t k = 0;
    if (cp < UNI_DECOMP_LIMIT) {
        k = uni_decomp1[cp >> (UNI_DECOMP_S1 + UNI_DECOMP_S2)];
        k = uni_decomp2[(k << UNI_DECOMP_S2) +
                        ((cp >> UNI_DECOMP_S1) & ((1u << UNI_DECOMP_S2) - 1))];
        k = uni_decomp3[(k << UNI_DECOMP_S1) + (cp & ((1u << UNI_DECOMP_S1) - 1))];
    }
    if (!k) {
        out[0] = cp;
        return 1;
    }
    const char *s = (const char *)uni_decomp_data + k + 1;
    size_t len = uni_decomp_data[k];
    int n = 0;
    for (size_t i = 0; i < len; n++) i += (size_t)uni_utf8_decode(s + i, len - i, &out[n]);
    return n;
}

/* The primary composite of a and b, or 0. */
static uint32_t compose(uint32_t a, uint32_t b) {
    if (a - HANGUL_L < HANGUL_LCOUNT && b - HANGUL_V < HANGUL_VCOUNT)
        return HANGUL_S + ((a - HANGUL_L) * HANGUL_VCOUNT + b - HANGUL_V) * HANGUL_TCOUNT;
    if (a - HANGUL_S < HANGUL_SCOUNT && (a - HANGUL_S) % HANGUL_TCOUNT == 0 && b > HANGUL_T &&
        b < HANGUL_T + HANGUL_TCOUNT)
        return a + b - HANGUL_T;
    uint64_t key = (uint64_t)a << 21 | b;
    size_t lo = 0, hi = sizeof uni_compose / sizeof *uni_compose;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        uint64_t k = uni_compose[mid] >> 21;
        if (k == key) return (uint32_t)(uni_compose[mid] & 0x1FFFFF);
        if (k < key)
            lo = mid + 1;
        else
            hi = mid;
    }
    return 0;
}

/* Canonical ordering of one run of non-starters: a stable sort by combining class. Short runs
 * (the usual ones) by insertion; long ones by counting, so a hostile identifier of a million
 * combining marks costs linear time. */
static void reorder_run(uint32_t *c, uint8_t *cc, size_t n, uint32_t *tmp) {
    if (n <= 16) {
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && cc[j - 1] > cc[j]; j--) {
                uint32_t t = c[j];
                uint8_t tc = cc[j];
                c[j] = c[j - 1], cc[j] = cc[j - 1];
                c[j - 1] = t, cc[j - 1] = tc;
            }
        return;
    }
    size_t start[257] = {0};
    for (size_t i = 0; i < n; i++) start[cc[i] + 1]++;
    for (int k = 0; k < 256; k++) start[k + 1] += start[k];
    for (size_t i = 0; i < n; i++) tmp[start[cc[i]]++] = c[i];
    for (size_t i = 0; i < n; i++) c[i] = tmp[i], cc[i] = combining_class(c[i]);
}

bool uni_nfkc(Arena *a, Str in, Str *out) {
    int32_t i = 0;
    while (i < in.len && (unsigned char)in.s[i] < 0x80) i++;
    *out = in;
    if (i == in.len) return true;

    /* the decomposed length first */
    size_t n = 0;
    uint32_t d[UNI_DECOMP_MAX];
    for (int32_t k = 0, len; k < in.len; k += len) {
        uint32_t cp;
        if (!(len = uni_utf8_decode(in.s + k, (size_t)(in.len - k), &cp))) return false;
        n += (size_t)decompose(cp, d);
    }
    uint32_t stack_c[NFKC_STACK], stack_t[NFKC_STACK];
    uint8_t stack_cc[NFKC_STACK];
    uint32_t *c = stack_c, *tmp = stack_t;
    uint8_t *cc = stack_cc;
    if (n > NFKC_STACK) {
        c = arena_alloc(a, n * sizeof *c);
        tmp = arena_alloc(a, n * sizeof *tmp);
        cc = arena_alloc(a, n);
        if (!c || !tmp || !cc) return false;
    }
    n = 0;
    for (int32_t k = 0, len; k < in.len; k += len) {
        uint32_t cp;
        len = uni_utf8_decode(in.s + k, (size_t)(in.len - k), &cp);
        n += (size_t)decompose(cp, c + n);
    }
    for (size_t k = 0; k < n; k++) cc[k] = combining_class(c[k]);
    for (size_t k = 0; k < n;) {
        if (!cc[k]) {
            k++;
            continue;
        }
        size_t e = k;
        while (e < n && cc[e]) e++;
        reorder_run(c + k, cc + k, e - k, tmp);
        k = e;
    }

    /* canonical composition: a character joins the last starter unless something between
     * them blocks it (a starter, or a character of the same or a higher class; what lies
     * between is in canonical order, so the last one kept has the highest class) */
    size_t w = 0, starter = SIZE_MAX;
    uint8_t last = 0;
    for (size_t k = 0; k < n; k++) {
        uint32_t x = c[k], comp;
        if (starter != SIZE_MAX && (w == starter + 1 || last < cc[k]) &&
            (comp = compose(c[starter], x))) {
            c[starter] = comp;
            continue;
        }
        if (!cc[k]) starter = w;
        last = cc[k];
        c[w++] = x;
    }

    size_t bytes = 0;
    char enc[4];
    for (size_t k = 0; k < w; k++) bytes += (size_t)uni_utf8_encode(c[k], enc);
    if (bytes == (size_t)in.len) {
        size_t at = 0;
        bool same = true;
        for (size_t k = 0; k < w && same; k++) {
            int l = uni_utf8_encode(c[k], enc);
            same = memcmp(enc, in.s + at, (size_t)l) == 0;
            at += (size_t)l;
        }
        if (same) return true;
    }
    char *buf = bytes <= INT32_MAX ? arena_alloc(a, bytes + 1) : NULL;
    if (!buf) return false;
    size_t at = 0;
    for (size_t k = 0; k < w; k++) at += (size_t)uni_utf8_encode(c[k], buf + at);
    *out = str_make(buf, (int32_t)bytes);
    return true;
}

/* ---- character names ------------------------------------------------------------------------- */

/* The Hangul syllable name parts, in CPython's (Modules/unicodedata.c) order: leading consonant,
 * vowel, trailing consonant. */
static const char *const hangul_l[19] = {"G",  "GG", "N", "D",  "DD", "R", "M", "B", "BB", "S",
                                         "SS", "",   "J", "JJ", "C",  "K", "T", "P", "H"};
static const char *const hangul_v[21] = {"A",   "AE", "YA", "YAE", "EO", "E",  "YEO",
                                         "YE",  "O",  "WA", "WAE", "OE", "YO", "U",
                                         "WEO", "WE", "WI", "YU",  "EU", "YI", "I"};
static const char *const hangul_t[28] = {"",   "G",  "GG", "GS", "N",  "NJ", "NH", "D", "L",  "LG",
                                         "LM", "LB", "LS", "LT", "LP", "LH", "M",  "B", "BS", "S",
                                         "SS", "NG", "J",  "C",  "K",  "T",  "P",  "H"};

/* CPython's find_syllable: the longest part (first of equal length) that s[0..n) starts with;
 * returns its index or -1, and its length in *len (0 when none). */
static int hangul_part(const char *s, size_t n, const char *const *parts, int count, size_t *len) {
    int best = -1;
    *len = 0;
    for (int i = 0; i < count; i++) {
        size_t l = strlen(parts[i]);
        if ((best >= 0 && l <= *len) || l > n || memcmp(s, parts[i], l) != 0) continue;
        best = i;
        *len = l;
    }
    return best;
}

static bool lookup_hangul(const char *s, size_t n, uint32_t *cp) {
    size_t len;
    int l = hangul_part(s, n, hangul_l, 19, &len);
    s += len, n -= len;
    int v = hangul_part(s, n, hangul_v, 21, &len);
    s += len, n -= len;
    int t = hangul_part(s, n, hangul_t, 28, &len);
    if (l < 0 || v < 0 || t < 0 || len != n) return false;
    *cp = 0xAC00 + (uint32_t)((l * 21 + v) * 28 + t);
    return true;
}

/* CPython's is_unified_ideograph, from the generated ranges. */
static bool is_unified_ideograph(uint32_t c) {
    for (size_t i = 0; i < sizeof uni_cjk_unified / sizeof *uni_cjk_unified; i++)
        if (c >= uni_cjk_unified[i][0] && c <= uni_cjk_unified[i][1]) return true;
    return false;
}

static bool lookup_cjk(const char *s, size_t n, uint32_t *cp) {
    if (n != 4 && n != 5) return false;
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9')
            v = v * 16 + (uint32_t)(c - '0');
        else if (c >= 'A' && c <= 'F')
            v = v * 16 + (uint32_t)(c - 'A' + 10);
        else
            return false;
    }
    if (!is_unified_ideograph(v)) return false;
    *cp = v;
    return true;
}

/* "PREFIX-XXXX" names of the code point in hex, 4 digits at least, upper case (name is upper). */
static bool lookup_hex_name(const char *upper, size_t len, uint32_t *cp) {
    for (size_t i = 0; i < sizeof uni_hex_names / sizeof *uni_hex_names; i++) {
        size_t p = strlen(uni_hex_names[i].prefix);
        if (len <= p || memcmp(upper, uni_hex_names[i].prefix, p) != 0 || len - p > 6) continue;
        uint32_t v = 0;
        for (size_t k = p; k < len; k++) {
            char ch = upper[k];
            if (!((ch >= '0' && ch <= '9') || (ch >= 'A' && ch <= 'F'))) return false;
            v = v * 16 + (uint32_t)(ch <= '9' ? ch - '0' : ch - 'A' + 10);
        }
        char canon[8];
        if (v < uni_hex_names[i].first || v > uni_hex_names[i].last ||
            (size_t)snprintf(canon, sizeof canon, "%04X", (unsigned)v) != len - p ||
            memcmp(canon, upper + p, len - p) != 0)
            continue;
        *cp = v;
        return true;
    }
    return false;
}

/* The number of a word of the name table (see unicode_db.h), or -1. */
static int word_number(const char *w, size_t n) {
    const char *t = uni_top_words;
    for (int i = 0; i < UNI_TOP_WORDS; i++, t += strlen(t) + 1)
        if (strlen(t) == n && memcmp(t, w, n) == 0) return i;
    /* the block whose first word is the last <= w, then its words in order */
    size_t nblocks = sizeof uni_lexicon_blocks / sizeof *uni_lexicon_blocks, lo = 0, hi = nblocks;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        const char *head = uni_lexicon + uni_lexicon_blocks[mid];
        size_t hl = strlen(head);
        int c = memcmp(head, w, hl < n ? hl : n);
        if (c < 0 || (c == 0 && hl <= n))
            lo = mid;
        else
            hi = mid;
    }
    char word[UNI_LONGEST_NAME + 1];
    const char *p = uni_lexicon + uni_lexicon_blocks[lo];
    size_t wl = 0;
    for (int k = 0; k < UNI_LEX_BLOCK && p < uni_lexicon + sizeof uni_lexicon - 1; k++) {
        wl = k ? (unsigned char)*p++ : 0; /* the bytes shared with the previous word */
        size_t rest = strlen(p);
        memcpy(word + wl, p, rest);
        wl += rest;
        p += rest + 1;
        if (wl == n && memcmp(word, w, n) == 0) return 128 + (int)(lo * UNI_LEX_BLOCK) + k;
    }
    return -1;
}

static int cmp_key(const uint8_t *a, size_t an, const uint8_t *b, size_t bn) {
    int c = memcmp(a, b, an < bn ? an : bn);
    return c ? c : (an > bn) - (an < bn);
}

/* The code point of a name or alias (upper case, words separated by single spaces) in the name
 * table: its words' numbers, then a binary search over the blocks' first entries and a scan of
 * the block. */
static bool lookup_table(const char *upper, size_t len, uint32_t *cp) {
    uint8_t key[2 * UNI_LONGEST_NAME];
    size_t kn = 0;
    for (size_t s = 0; s <= len;) {
        size_t e = s;
        while (e < len && upper[e] != ' ') e++;
        int w = e > s ? word_number(upper + s, e - s) : -1;
        if (w < 0) return false;
        if (w < 128) {
            key[kn++] = (uint8_t)w;
        } else {
            key[kn++] = (uint8_t)(0x80 | (w - 128) >> 8);
            key[kn++] = (uint8_t)((w - 128) & 0xFF);
        }
        s = e + 1;
    }
    size_t nblocks = sizeof uni_names_blocks / sizeof *uni_names_blocks, lo = 0, hi = nblocks;
    while (hi - lo > 1) {
        size_t mid = (lo + hi) / 2;
        const uint8_t *head = uni_names + uni_names_blocks[mid];
        if (cmp_key(head + 1, head[0], key, kn) <= 0)
            lo = mid;
        else
            hi = mid;
    }
    const uint8_t *p = uni_names + uni_names_blocks[lo];
    const uint8_t *end =
        lo + 1 < nblocks ? uni_names + uni_names_blocks[lo + 1] : uni_names + sizeof uni_names;
    uint8_t e[2 * UNI_LONGEST_NAME];
    size_t en = *p++;
    memcpy(e, p, en);
    p += en;
    uint32_t c = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
    p += 3;
    for (;;) {
        int r = cmp_key(e, en, key, kn);
        if (r == 0) {
            *cp = c;
            return true;
        }
        if (r > 0 || p >= end) return false;
        size_t shared = *p >> 4, rest = *p & 15;
        if (*p++ >= 0xF0) shared = p[0], rest = p[1], p += 2;
        memcpy(e + shared, p, rest);
        en = shared + rest;
        p += rest;
        uint32_t z = 0;
        for (int sh = 0;; sh += 7) {
            z |= (uint32_t)(*p & 0x7F) << sh;
            if (!(*p++ & 0x80)) break;
        }
        c = z & 1 ? c - (z >> 1) - 1 : c + (z >> 1);
    }
}

bool uni_lookup_name(const char *name, size_t len, uint32_t *cp) {
    /* CPython tries the two algorithmic prefixes first, case-sensitively, and a name with
     * either prefix is nothing else. */
    if (len >= 16 && memcmp(name, "HANGUL SYLLABLE ", 16) == 0)
        return lookup_hangul(name + 16, len - 16, cp);
    if (len >= 22 && memcmp(name, "CJK UNIFIED IDEOGRAPH-", 22) == 0)
        return lookup_cjk(name + 22, len - 22, cp);

    /* Every other name is compared after ASCII upper-casing; names hold only A-Z 0-9 space -. */
    if (len == 0 || len > UNI_LONGEST_NAME) return false;
    char upper[UNI_LONGEST_NAME];
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'))
            return false;
        upper[i] = c;
    }
    return lookup_hex_name(upper, len, cp) || lookup_table(upper, len, cp);
}
