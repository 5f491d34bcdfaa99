/* literal.c — decoding string, bytes, f-string-middle and number tokens (see literal.h).
 *
 * The model is CPython 3.13's Parser/string_parser.c. Its str decoding first rewrites the body so
 * that it is pure ASCII — every non-ASCII character becomes a 10-byte "\UXXXXXXXX" escape, and a
 * backslash that precedes a non-ASCII character or ends the text becomes "\u005c" (6 bytes) — and
 * then runs the unicode-escape codec over that. The codec's error messages count positions in the
 * rewritten text; tpos() recomputes them from the original (only when there is an error), so the
 * decoder itself works on the UTF-8 directly and copies runs without escapes with memcpy.
 */
#include "literal.h"

#include "../ast/bigint.h"

#include <locale.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lex/unicode.h"

static bool fail(LitError *err, int32_t offset, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(LitError *err, int32_t offset, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->offset = offset;
    return false;
}

static bool oom(LitError *err) {
    return fail(err, 0, "out of memory");
}

/* Position of s[upto] in CPython's ASCII rewriting of s[0..n) (see the header comment). */
static size_t tpos(const char *s, size_t n, size_t upto) {
    size_t p = 0, i = 0;
    while (i < upto) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\') {
            if (i + 1 >= n || (s[i + 1] & 0x80)) {
                p += 6, i += 1; /* "\u005c" */
            } else {
                p += i + 2 <= upto ? 2 : 1, i += 2; /* the escaped character goes with it */
            }
        } else if (c & 0x80) {
            if ((c & 0xC0) != 0x80) p += 10; /* "\UXXXXXXXX" per code point */
            i++;
        } else {
            p++, i++;
        }
    }
    return p;
}

/* The unicodeescape codec's error: the escape starts at s[start], the codec stopped at s[end]. */
static bool escape_error(LitError *err, const char *s, size_t n, size_t start, size_t end,
                         const char *what) {
    size_t a = tpos(s, n, start), b = tpos(s, n, end);
    if (b == a + 1)
        return fail(err, 0,
                    "(unicode error) 'unicodeescape' codec can't decode byte 0x5c in position "
                    "%zu: %s",
                    a, what);
    return fail(err, 0,
                "(unicode error) 'unicodeescape' codec can't decode bytes in position %zu-%zu: %s",
                a, b - 1, what);
}

static int hex_value(unsigned char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* The one-character escapes common to str and bytes; -1 for others. */
static int simple_escape(unsigned char c) {
    switch (c) {
    case '\\': return '\\';
    case '\'': return '\'';
    case '"': return '"';
    case 'a': return '\a';
    case 'b': return '\b';
    case 'f': return '\f';
    case 'n': return '\n';
    case 'r': return '\r';
    case 't': return '\t';
    case 'v': return '\v';
    default: return -1;
    }
}

/* An octal escape whose first digit s[*i - 1] was read: up to two more digits. */
static uint32_t octal_escape(const char *s, size_t n, size_t *i) {
    uint32_t v = (uint32_t)(s[*i - 1] - '0');
    for (int k = 0; k < 2 && *i < n && s[*i] >= '0' && s[*i] <= '7'; k++)
        v = v * 8 + (uint32_t)(s[(*i)++] - '0');
    return v;
}

/* Decodes the str body s[0..n) (newlines already \n), appending WTF-8 to *o: never more bytes than
 * it reads. Positions in errors are relative to s. */
static bool unescape_str(const char *s, size_t n, char **o, LitError *err) {
    char *w = *o;
    size_t i = 0;
    while (i < n) {
        const char *bs = memchr(s + i, '\\', n - i);
        size_t run = bs ? (size_t)(bs - (s + i)) : n - i;
        memcpy(w, s + i, run);
        w += run, i += run;
        if (!bs) break;
        size_t start = i++;
        if (i >= n) { /* a backslash ending the text (f-string middles only) stays */
            *w++ = '\\';
            break;
        }
        unsigned char c = (unsigned char)s[i++];
        uint32_t cp;
        int count, simple = simple_escape(c);
        const char *what;
        if (simple >= 0) {
            *w++ = (char)simple;
            continue;
        }
        if (c >= '0' && c <= '7') { /* above 0o377: only a DeprecationWarning in CPython 3.13 */
            w += uni_utf8_encode(octal_escape(s, n, &i), w);
            continue;
        }
        switch (c) {
        case '\n': continue;
        case 'x': count = 2, what = "truncated \\xXX escape"; goto hex;
        case 'u': count = 4, what = "truncated \\uXXXX escape"; goto hex;
        case 'U':
            count = 8, what = "truncated \\UXXXXXXXX escape";
        hex:
            for (cp = 0; count; count--, i++) {
                int d = i < n ? hex_value((unsigned char)s[i]) : -1;
                if (d < 0) return escape_error(err, s, n, start, i, what);
                cp = cp << 4 | (uint32_t)d;
            }
            if (cp > 0x10FFFF)
                return escape_error(err, s, n, start, i, "illegal Unicode character");
            w += uni_utf8_encode(cp, w);
            continue;
        case 'N': {
            what = "malformed \\N character escape";
            if (i >= n || s[i] != '{') return escape_error(err, s, n, start, i, what);
            const char *name = s + i + 1;
            const char *close = memchr(name, '}', n - (i + 1));
            if (!close) return escape_error(err, s, n, start, n, what);
            if (close == name) return escape_error(err, s, n, start, (size_t)(close - s), what);
            i = (size_t)(close - s) + 1;
            if (!uni_lookup_name(name, (size_t)(close - name), &cp))
                return escape_error(err, s, n, start, i, "unknown Unicode character name");
            w += uni_utf8_encode(cp, w);
            continue;
        }
        default:
            /* an unknown escape stays as written (a SyntaxWarning in CPython) */
            *w++ = '\\';
            if (c < 0x80)
                *w++ = (char)c;
            else
                i--; /* the non-ASCII character is copied with the next run */
            continue;
        }
    }
    *o = w;
    return true;
}

/* Decodes the bytes body s[0..n) (ASCII, newlines already \n) into *o. */
static bool unescape_bytes(const char *s, size_t n, char **o, LitError *err) {
    char *w = *o;
    size_t i = 0;
    while (i < n) {
        const char *bs = memchr(s + i, '\\', n - i);
        size_t run = bs ? (size_t)(bs - (s + i)) : n - i;
        memcpy(w, s + i, run);
        w += run, i += run;
        if (!bs) break;
        size_t start = i++;
        if (i >= n) return fail(err, 0, "(value error) Trailing \\ in string");
        unsigned char c = (unsigned char)s[i++];
        int simple = simple_escape(c);
        if (simple >= 0) {
            *w++ = (char)simple;
            continue;
        }
        if (c >= '0' && c <= '7') { /* above 0o377: a DeprecationWarning, the value wraps */
            *w++ = (char)(octal_escape(s, n, &i) & 0xFF);
            continue;
        }
        switch (c) {
        case '\n': continue;
        case 'x':
            if (i + 1 < n && hex_value((unsigned char)s[i]) >= 0 &&
                hex_value((unsigned char)s[i + 1]) >= 0) {
                *w++ = (char)(hex_value((unsigned char)s[i]) << 4 |
                              hex_value((unsigned char)s[i + 1]));
                i += 2;
                continue;
            }
            return fail(err, 0, "(value error) invalid \\x escape at position %zu", start);
        default: /* unknown escapes (\u \U \N included) stay as written */
            *w++ = '\\';
            i--;
            continue;
        }
    }
    *o = w;
    return true;
}

/* A copy of s[0..n) with \r\n and \r turned into \n, as CPython's tokenizer reads source. */
static char *translate_newlines(Arena *a, const char *s, size_t *n) {
    char *buf = arena_alloc(a, *n + 1), *w = buf;
    if (!buf) return NULL;
    for (size_t i = 0; i < *n; i++) {
        if (s[i] != '\r') {
            *w++ = s[i];
        } else {
            *w++ = '\n';
            if (i + 1 < *n && s[i + 1] == '\n') i++;
        }
    }
    *n = (size_t)(w - buf);
    return buf;
}

static bool has_non_ascii(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if ((unsigned char)s[i] >= 0x80) return true;
    return false;
}

bool lit_string(Arena *a, const char *text, size_t len, Const *out, bool *u_prefix, LitError *err) {
    bool bytes = false, raw = false;
    size_t i = 0;
    *u_prefix = false;
    for (; i < len && text[i] != '\'' && text[i] != '"'; i++) {
        switch (text[i]) {
        case 'b':
        case 'B': bytes = true; break;
        case 'r':
        case 'R': raw = true; break;
        case 'u':
        case 'U': *u_prefix = true; break;
        default: return fail(err, 0, "invalid string prefix");
        }
    }
    size_t q = len - i; /* quotes and body */
    if (q < 2 || text[len - 1] != text[i]) return fail(err, 0, "unterminated string literal");
    size_t open = q >= 6 && text[i + 1] == text[i] && text[i + 2] == text[i] ? 3 : 1;
    if (open == 3 && (text[len - 2] != text[i] || text[len - 3] != text[i]))
        return fail(err, 0, "unterminated triple-quoted string literal");
    const char *s = text + i + open;
    size_t n = q - 2 * open;

    out->kind = bytes ? CONST_BYTES : CONST_STR;
    if (bytes && has_non_ascii(s, n))
        return fail(err, 0, "bytes can only contain ASCII literal characters");
    if (memchr(s, '\r', n) && !(s = translate_newlines(a, s, &n))) return oom(err);
    if (raw || !memchr(s, '\\', n)) { /* nothing to decode: the value is the text itself */
        out->s = str_make(s, (int32_t)n);
        return true;
    }
    char *buf = arena_alloc(a, n + 1), *w = buf;
    if (!buf) return oom(err);
    if (!(bytes ? unescape_bytes(s, n, &w, err) : unescape_str(s, n, &w, err))) return false;
    out->s = str_make(buf, (int32_t)(w - buf));
    return true;
}

/* The end of the next piece of an f-string middle that CPython's tokenizer makes a separate
 * FSTRING_MIDDLE token of (positions in errors count from the piece's start): the text up to and
 * including the first brace of a doubled brace (*skip = 1 for the second), or up to and including
 * the '}' closing a \N{ (the tokenizer's unicode_escape; a '{' still means a brace there), or the
 * whole rest. A backslash takes the next character with it unless that is a brace; \N{ is an
 * escape only in a non-raw f-string. */
static size_t fstring_piece(const char *s, size_t n, bool raw, size_t *skip) {
    bool in_name = false; /* inside \N{ */
    *skip = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\\') {
            if (i + 1 >= n || s[i + 1] == '{' || s[i + 1] == '}') continue;
            if (!raw && s[i + 1] == 'N' && i + 2 < n && s[i + 2] == '{') in_name = true, i++;
            i++;
        } else if (c == '}' && in_name) {
            return i + 1;
        } else if ((c == '{' || c == '}') && i + 1 < n && s[i + 1] == c) {
            *skip = 1;
            return i + 1;
        }
    }
    return n;
}

bool lit_fstring_middle(Arena *a, const char *text, size_t len, bool raw, Str *out, LitError *err) {
    bool plain = true;
    for (size_t i = 0; i < len && plain; i++) {
        char c = text[i];
        plain = c != '{' && c != '}' && c != '\r' && (raw || c != '\\');
    }
    if (plain) {
        *out = str_make(text, (int32_t)len);
        return true;
    }
    const char *s = text;
    size_t n = len;
    if (memchr(s, '\r', n) && !(s = translate_newlines(a, s, &n))) return oom(err);
    char *buf = arena_alloc(a, n + 1), *w = buf;
    if (!buf) return oom(err);
    while (n > 0) {
        size_t skip, piece = fstring_piece(s, n, raw, &skip);
        if (raw) {
            memcpy(w, s, piece);
            w += piece;
        } else if (!unescape_str(s, piece, &w, err)) {
            return false;
        }
        s += piece + skip, n -= piece + skip;
    }
    *out = str_make(buf, (int32_t)(w - buf));
    return true;
}

/* ---- numbers --------------------------------------------------------------------------------- */

/* strtod in the "C" locale whatever setlocale() the program did. */
static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;
static void make_c_locale(void) {
    c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
}

static double parse_double(const char *s) {
    pthread_once(&c_locale_once, make_c_locale);
    return c_locale ? strtod_l(s, NULL, c_locale) : strtod(s, NULL);
}

bool lit_number(Arena *a, const char *text, size_t len, Const *out, LitError *err) {
    /* Underscores go first, as in CPython's parsenumber(); short tokens use the stack. */
    char stack[64], *s = stack;
    if (len + 1 > sizeof stack && !(s = arena_alloc(a, len + 1))) return oom(err);
    size_t n = 0;
    for (size_t i = 0; i < len; i++)
        if (text[i] != '_') s[n++] = text[i];
    s[n] = 0;
    if (n == 0) return fail(err, 0, "invalid number literal");

    if (s[n - 1] == 'j' || s[n - 1] == 'J') {
        s[n - 1] = 0;
        out->kind = CONST_COMPLEX;
        out->f = parse_double(s);
        return true;
    }
    int bits = 0;
    if (n > 2 && s[0] == '0') {
        char p = (char)(s[1] | 0x20);
        bits = p == 'x' ? 4 : p == 'o' ? 3 : p == 'b' ? 1 : 0;
    }
    if (!bits && strpbrk(s, ".eE")) {
        out->kind = CONST_FLOAT;
        out->f = parse_double(s);
        return true;
    }
    const char *d = bits ? s + 2 : s; /* the digits */
    size_t nd = n - (size_t)(d - s);
    while (nd > 1 && d[0] == '0') d++, nd--;
    uint64_t v = 0, base = bits ? 1u << bits : 10;
    bool fits = true;
    for (size_t i = 0; i < nd; i++) {
        int dv = hex_value((unsigned char)d[i]);
        if (dv < 0 || (uint64_t)dv >= base) return fail(err, 0, "invalid number literal");
        if (v > (INT64_MAX - (uint64_t)dv) / base) fits = false;
        v = v * base + (uint64_t)dv; /* meaningless once !fits, and unsigned: no overflow UB */
    }
    if (fits) {
        out->kind = CONST_INT;
        out->i = (int64_t)v;
        return true;
    }
    out->kind = CONST_BIGINT;
    if (bits) return bigint_to_hex(a, d, nd, bits, &out->s) || oom(err);
    if (nd > LIT_MAX_STR_DIGITS)
        return fail(err, -1,
                    "Exceeds the limit (%d digits) for integer string conversion: value has %zu "
                    "digits; use sys.set_int_max_str_digits() to increase the limit - Consider "
                    "hexadecimal for huge integer literals to avoid decimal conversion limits.",
                    LIT_MAX_STR_DIGITS, nd);
    return bigint_decimal_to_hex(a, d, nd, &out->s) || oom(err);
}
