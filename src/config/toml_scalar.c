/* toml_scalar.c — the lexical level of the TOML reader: positions and the error exit, UTF-8
 * validation, whitespace, newlines and comments, and the scalar values (basic and literal strings,
 * single- and multi-line; integers in four bases; floats with inf/nan; booleans; the four date/time
 * types). The document structure is in toml.c; what both share is in toml_internal.h.
 */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "toml_internal.h"

/* ---- positions, errors, allocation ---------------------------------------------------------- */

void toml_pos(TomlParser *P, const char *at, int *line, int *col) {
    if (at < P->start) at = P->start;
    if (at > P->end) at = P->end;
    if (!P->at || at < P->at) {
        P->at = P->start;
        P->at_line = P->at_col = 1;
    }
    int ln = P->at_line, c = P->at_col;
    for (const char *s = P->at; s < at; s++) {
        unsigned char b = (unsigned char)*s;
        if (b == '\n') {
            ln++;
            c = 1;
        } else if ((b & 0xC0) != 0x80) {
            c++;
        }
    }
    P->at = at;
    P->at_line = *line = ln;
    P->at_col = *col = c;
}

_Noreturn void toml_fail(TomlParser *P, const char *at, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(P->err->msg, sizeof P->err->msg, fmt, ap);
    va_end(ap);
    toml_pos(P, at, &P->err->line, &P->err->col);
    longjmp(P->jump, 1);
}

void *toml_alloc(TomlParser *P, size_t n) {
    void *m = arena_alloc(P->arena, n);
    if (!m) toml_fail(P, P->p, "out of memory");
    return m;
}

TomlValue *toml_new(TomlParser *P, TomlType type, const char *at) {
    TomlValue *v = toml_alloc(P, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = type;
    toml_pos(P, at, &v->line, &v->col);
    return v;
}

void toml_quote(char *dst, size_t cap, const char *s, size_t n) {
    size_t lim = cap < 52 ? cap - 4 : 48, k = 0;
    bool cut = n > lim;
    if (cut) {
        n = lim;
        while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80) n--; /* keep whole characters */
    }
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        dst[k++] = (char)(c < 0x20 || c == 0x7F ? '?' : c);
    }
    if (cut) k += (size_t)snprintf(dst + k, cap - k, "...");
    dst[k] = 0;
}

/* A short description of the character at `at`, for "expected X, found Y". */
static const char *found(TomlParser *P, const char *at, char *buf, size_t cap) {
    if (at >= P->end) return "end of input";
    unsigned char c = (unsigned char)*at;
    if (c == '\n' || c == '\r') return "end of line";
    if (c < 0x20 || c == 0x7F) {
        snprintf(buf, cap, "U+%04X", c);
    } else {
        size_t n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
        if (n > (size_t)(P->end - at)) n = 1;
        snprintf(buf, cap, "'%.*s'", (int)n, at);
    }
    return buf;
}

_Noreturn void toml_expected(TomlParser *P, const char *at, const char *what) {
    char buf[16];
    toml_fail(P, at, "expected %s, found %s", what, found(P, at, buf, sizeof buf));
}

/* ---- UTF-8, whitespace, comments, newlines -------------------------------------------------- */

void toml_check_utf8(TomlParser *P) {
    const unsigned char *s = (const unsigned char *)P->start, *e = (const unsigned char *)P->end;
    while (s < e) {
        unsigned c = *s;
        if (c < 0x80) {
            s++;
            continue;
        }
        int n = 0;
        unsigned cp = 0, min = 0;
        if (c >= 0xC2 && c <= 0xDF)
            n = 1, cp = c & 0x1F, min = 0x80;
        else if ((c & 0xF0) == 0xE0)
            n = 2, cp = c & 0x0F, min = 0x800;
        else if (c >= 0xF0 && c <= 0xF4)
            n = 3, cp = c & 0x07, min = 0x10000;
        bool ok = n > 0 && e - s > n;
        for (int i = 1; ok && i <= n; i++) {
            ok = (s[i] & 0xC0) == 0x80;
            cp = cp << 6 | (s[i] & 0x3F);
        }
        if (!ok || cp < min || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            toml_fail(P, (const char *)s, "invalid UTF-8 byte 0x%02x (TOML files must be UTF-8)",
                      c);
        s += n + 1;
    }
}

void toml_skip_ws(TomlParser *P) {
    while (P->p < P->end && (*P->p == ' ' || *P->p == '\t')) P->p++;
}

bool toml_eat_newline(TomlParser *P) {
    int c = toml_peek(P, 0);
    if (c == '\n') {
        P->p++;
        return true;
    }
    if (c == '\r') {
        if (toml_peek(P, 1) != '\n') toml_fail(P, P->p, "carriage return not followed by newline");
        P->p += 2;
        return true;
    }
    return false;
}

void toml_skip_comment(TomlParser *P) {
    for (P->p++; P->p < P->end; P->p++) {
        unsigned char c = (unsigned char)*P->p;
        if (c == '\n' || (c == '\r' && toml_peek(P, 1) == '\n')) return;
        if ((c < 0x20 && c != '\t') || c == 0x7F)
            toml_fail(P, P->p, "control character U+%04X in comment", c);
    }
}

void toml_skip_ws_nl(TomlParser *P) {
    for (;;) {
        toml_skip_ws(P);
        if (toml_peek(P, 0) == '#') toml_skip_comment(P);
        if (!toml_eat_newline(P)) return;
    }
}

void toml_expect_eol(TomlParser *P, const char *what) {
    toml_skip_ws(P);
    if (toml_peek(P, 0) == '#') toml_skip_comment(P);
    if (P->p < P->end && !toml_eat_newline(P)) {
        char buf[64];
        snprintf(buf, sizeof buf, "a newline after %s", what);
        toml_expected(P, P->p, buf);
    }
}

/* ---- strings -------------------------------------------------------------------------------- */

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static char *put_utf8(char *o, unsigned long cp) {
    if (cp < 0x80) {
        *o++ = (char)cp;
    } else if (cp < 0x800) {
        *o++ = (char)(0xC0 | cp >> 6);
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else if (cp < 0x10000) {
        *o++ = (char)(0xE0 | cp >> 12);
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    } else {
        *o++ = (char)(0xF0 | cp >> 18);
        *o++ = (char)(0x80 | ((cp >> 12) & 0x3F));
        *o++ = (char)(0x80 | ((cp >> 6) & 0x3F));
        *o++ = (char)(0x80 | (cp & 0x3F));
    }
    return o;
}

/* At the backslash of an escape in a basic string ending at `e`: writes the decoded text to *o and
 * returns the byte after the escape. */
static const char *escape(TomlParser *P, const char *s, const char *e, bool ml, char **o) {
    int c = s + 1 < e ? (unsigned char)s[1] : -1;
    char simple = 0;
    switch (c) {
    case 'b': simple = '\b'; break;
    case 't': simple = '\t'; break;
    case 'n': simple = '\n'; break;
    case 'f': simple = '\f'; break;
    case 'r': simple = '\r'; break;
    case '"': simple = '"'; break;
    case '\\': simple = '\\'; break;
    }
    if (simple) {
        *(*o)++ = simple;
        return s + 2;
    }
    if (c == 'u' || c == 'U') {
        int n = c == 'u' ? 4 : 8;
        unsigned long cp = 0;
        for (int i = 0; i < n; i++) {
            int h = s + 2 + i < e ? hexval((unsigned char)s[2 + i]) : -1;
            if (h < 0) toml_fail(P, s, "invalid escape \\%c: expected %d hex digits", c, n);
            cp = cp << 4 | (unsigned long)h;
        }
        if ((cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF)
            toml_fail(P, s, "invalid escape \\%c%.*s: not a Unicode scalar value", c, n, s + 2);
        *o = put_utf8(*o, cp);
        return s + 2 + n;
    }
    if (ml && (c == ' ' || c == '\t' || c == '\n' || c == '\r')) {
        /* line-ending backslash: trims the newline and all whitespace up to the next text */
        const char *q = s + 1;
        while (q < e && (*q == ' ' || *q == '\t')) q++;
        if (q < e && *q == '\r' && q + 1 < e && q[1] == '\n') q++;
        if (q >= e || *q != '\n')
            toml_fail(P, s, "invalid escape: a '\\' followed by whitespace must end the line");
        while (q < e &&
               (*q == ' ' || *q == '\t' || *q == '\n' || (*q == '\r' && q + 1 < e && q[1] == '\n')))
            q++;
        return q;
    }
    if (c > 0x20 && c < 0x7F) toml_fail(P, s, "invalid escape \\%c", c);
    toml_fail(P, s, "invalid escape: '\\' followed by %s", c < 0 ? "end of string" : "a space");
}

/* Decodes the body [s, e) of a string into the arena. */
static Str decode(TomlParser *P, const char *s, const char *e, bool basic, bool ml) {
    char *out = toml_alloc(P, (size_t)(e - s) + 1), *o = out;
    while (s < e) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\' && basic) {
            s = escape(P, s, e, ml, &o);
            continue;
        }
        if (c == '\r' && ml && s + 1 < e && s[1] == '\n') { /* CR LF is stored as LF */
            s++;
            continue;
        }
        if ((c < 0x20 && c != '\t' && !(c == '\n' && ml)) || c == 0x7F) {
            if (c == '\r') toml_fail(P, s, "carriage return not followed by newline in string");
            if (c == '\n') toml_fail(P, s, "newline in single-line string");
            toml_fail(P, s, "control character U+%04X in string (write it as an escape)", c);
        }
        *o++ = (char)c;
        s++;
    }
    *o = 0;
    return str_make(out, (int32_t)(o - out));
}

/* At the opening quote of any string: returns its decoded text; *ml tells a multi-line one. */
static Str scan_string(TomlParser *P, bool *ml) {
    const char *open = P->p;
    char q = *open;
    *ml = toml_peek(P, 1) == q && toml_peek(P, 2) == q;
    if (!*ml) {
        const char *s = open + 1;
        while (s < P->end && *s != q && *s != '\n' && *s != '\r') {
            if (*s == '\\' && q == '"' && s + 1 < P->end && s[1] != '\n' && s[1] != '\r') s++;
            s++;
        }
        if (s >= P->end || *s != q)
            toml_fail(P, open, "unterminated string (a %s string must end on its line)",
                      q == '"' ? "basic" : "literal");
        Str r = decode(P, open + 1, s, q == '"', false);
        P->p = s + 1;
        return r;
    }
    const char *b = open + 3, *s;
    if (b < P->end && *b == '\n')
        b++;
    else if (b + 1 < P->end && b[0] == '\r' && b[1] == '\n')
        b += 2;
    for (s = b;; s++) {
        if (s >= P->end) toml_fail(P, open, "unterminated multi-line string");
        if (*s == '\\' && q == '"') {
            s++;
            if (s >= P->end) toml_fail(P, open, "unterminated multi-line string");
            continue;
        }
        if (*s == q && s + 2 < P->end && s[1] == q && s[2] == q) break;
    }
    int run = 3; /* up to two quotes may sit right before the closing delimiter */
    while (s + run < P->end && s[run] == q) run++;
    if (run > 5) toml_fail(P, s + 5, "too many quotes at the end of a multi-line string");
    Str r = decode(P, b, s + run - 3, q == '"', true);
    P->p = s + run;
    return r;
}

Str toml_key_string(TomlParser *P) {
    bool ml;
    const char *at = P->p;
    Str s = scan_string(P, &ml);
    if (ml) toml_fail(P, at, "a key cannot be a multi-line string");
    return s;
}

/* ---- numbers -------------------------------------------------------------------------------- */

static bool digit_in(int c, int base) {
    if (base == 16) return hexval(c) >= 0;
    return c >= '0' && c < '0' + base;
}

/* A run of digits of `base` with single underscores between digits; returns its end. */
static const char *digits(TomlParser *P, const char *s, const char *e, int base, int *count) {
    *count = 0;
    for (; s < e; s++) {
        if (digit_in((unsigned char)*s, base)) {
            ++*count;
        } else if (*s == '_') {
            if (!*count || s + 1 >= e || !digit_in((unsigned char)s[1], base))
                toml_fail(P, s, "'_' must be between digits");
        } else {
            break;
        }
    }
    return s;
}

/* Value of the digits in [s, e) (underscores skipped); fails beyond `max`. */
static uint64_t accumulate(TomlParser *P, const char *at, const char *s, const char *e, int base,
                           uint64_t max) {
    uint64_t v = 0;
    for (; s < e; s++) {
        if (*s == '_') continue;
        uint64_t d = (uint64_t)hexval((unsigned char)*s);
        if (v > (max - d) / (uint64_t)base) toml_fail(P, at, "integer out of range (64 bits)");
        v = v * (uint64_t)base + d;
    }
    return v;
}

static TomlValue *number(TomlParser *P) {
    const char *s = P->p, *e = s;
    while (e < P->end && (toml_is_bare((unsigned char)*e) || *e == '.' || *e == '+')) e++;
    const char *q = s;
    bool neg = false;
    if (*q == '+' || *q == '-') neg = *q++ == '-';
    TomlValue *v = toml_new(P, TOML_FLOAT, s);
    P->p = e;
    if (e - q == 3 && (!memcmp(q, "inf", 3) || !memcmp(q, "nan", 3))) {
        double x = *q == 'i' ? (double)INFINITY : (double)NAN;
        v->u.number = neg ? -x : x;
        return v;
    }
    if (e - q >= 2 && q[0] == '0' && strchr("xobXOB", q[1])) {
        if (q[1] < 'a')
            toml_fail(P, q + 1, "the prefix of a non-decimal integer must be lowercase");
        if (q != s) toml_fail(P, s, "a sign is not allowed on a non-decimal integer");
        int base = q[1] == 'x' ? 16 : q[1] == 'o' ? 8 : 2, n;
        const char *d = digits(P, q + 2, e, base, &n);
        if (!n || d != e) toml_expected(P, d, base == 16 ? "a hex digit" : "a digit of the base");
        v->type = TOML_INTEGER;
        v->u.integer = (int64_t)accumulate(P, s, q + 2, e, base, INT64_MAX);
        return v;
    }
    int n;
    const char *d = digits(P, q, e, 10, &n);
    if (!n) toml_expected(P, q, "a value");
    if (*q == '0' && n > 1) toml_fail(P, q, "leading zeros are not allowed in numbers");
    bool is_float = false;
    if (d < e && *d == '.') {
        d = digits(P, d + 1, e, 10, &n);
        if (!n) toml_expected(P, d, "a digit after '.'");
        is_float = true;
    }
    if (d < e && (*d == 'e' || *d == 'E')) {
        d++;
        if (d < e && (*d == '+' || *d == '-')) d++;
        d = digits(P, d, e, 10, &n);
        if (!n) toml_expected(P, d, "a digit in the exponent");
        is_float = true;
    }
    if (d != e) toml_fail(P, s, "invalid number '%.*s'", (int)(e - s > 40 ? 40 : e - s), s);
    if (!is_float) {
        v->type = TOML_INTEGER;
        uint64_t m = accumulate(P, s, q, e, 10, neg ? (uint64_t)INT64_MAX + 1 : INT64_MAX);
        v->u.integer = neg ? (int64_t)(0 - m) : (int64_t)m;
        return v;
    }
    char small[64], *buf = e - s < (long)sizeof small ? small : toml_alloc(P, (size_t)(e - s) + 1);
    size_t k = 0;
    for (const char *c = s; c < e; c++)
        if (*c != '_') buf[k++] = *c;
    buf[k] = 0;
    v->u.number = strtod(buf, NULL);
    return v;
}

/* ---- dates and times ------------------------------------------------------------------------ */

static bool all_digits(const char *s, int n, const char *e) {
    if (e - s < n) return false;
    for (int i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

static int num(const char *s, int n) {
    int v = 0;
    for (int i = 0; i < n; i++) v = v * 10 + (s[i] - '0');
    return v;
}

/* `n` digits at *s making a number in [lo, hi]; advances *s. */
static int field(TomlParser *P, const char **s, int n, int lo, int hi, const char *what) {
    if (!all_digits(*s, n, P->end)) toml_expected(P, *s, what);
    int v = num(*s, n);
    if (v < lo || v > hi) toml_fail(P, *s, "%s out of range: %.*s", what, n, *s);
    *s += n;
    return v;
}

static void sep(TomlParser *P, const char **s, char c, const char *what) {
    if (*s >= P->end || **s != c) toml_expected(P, *s, what);
    ++*s;
}

static void time_part(TomlParser *P, const char **s) {
    field(P, s, 2, 0, 23, "hour");
    sep(P, s, ':', "':' after the hour");
    field(P, s, 2, 0, 59, "minute");
    sep(P, s, ':', "':' and seconds after the minute");
    field(P, s, 2, 0, 60, "second");
    if (*s < P->end && **s == '.') {
        ++*s;
        if (!all_digits(*s, 1, P->end)) toml_expected(P, *s, "digits after '.'");
        while (all_digits(*s, 1, P->end)) ++*s;
    }
}

static TomlValue *datetime(TomlParser *P) {
    const char *s = P->p, *q = s;
    TomlType type = TOML_TIME_LOCAL;
    if (q[2] == ':') {
        time_part(P, &q);
    } else {
        int y = field(P, &q, 4, 0, 9999, "year");
        sep(P, &q, '-', "'-' after the year");
        int m = field(P, &q, 2, 1, 12, "month");
        sep(P, &q, '-', "'-' after the month");
        static const int mdays[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
        const char *day = q;
        int d = field(P, &q, 2, 1, mdays[m - 1], "day");
        if (m == 2 && d == 29 && (y % 4 != 0 || (y % 100 == 0 && y % 400 != 0)))
            toml_fail(P, day, "day out of range: %d-02-29 (not a leap year)", y);
        type = TOML_DATE_LOCAL;
        bool t = q < P->end && (*q == 'T' || *q == 't');
        if (t || (q < P->end && *q == ' ' && all_digits(q + 1, 2, P->end) && q + 3 < P->end &&
                  q[3] == ':')) {
            q++;
            time_part(P, &q);
            type = TOML_DATETIME_LOCAL;
            if (q < P->end && (*q == 'Z' || *q == 'z')) {
                q++;
                type = TOML_DATETIME;
            } else if (q < P->end && (*q == '+' || *q == '-')) {
                q++;
                field(P, &q, 2, 0, 23, "offset hour");
                sep(P, &q, ':', "':' in the offset");
                field(P, &q, 2, 0, 59, "offset minute");
                type = TOML_DATETIME;
            }
        }
    }
    TomlValue *v = toml_new(P, type, s);
    char *text = toml_alloc(P, (size_t)(q - s) + 1);
    for (int i = 0; i < q - s; i++)
        text[i] = s[i] == 't' || s[i] == ' ' ? 'T' : s[i] == 'z' ? 'Z' : s[i];
    text[q - s] = 0;
    v->u.str = str_make(text, (int32_t)(q - s));
    P->p = q;
    return v;
}

/* ---- dispatch ------------------------------------------------------------------------------- */

TomlValue *toml_scalar(TomlParser *P) {
    int c = toml_peek(P, 0);
    if (c == '"' || c == '\'') {
        TomlValue *v = toml_new(P, TOML_STRING, P->p);
        bool ml;
        v->u.str = scan_string(P, &ml);
        return v;
    }
    if (c == 't' || c == 'f') {
        const char *w = c == 't' ? "true" : "false";
        size_t n = strlen(w);
        if ((size_t)(P->end - P->p) < n || memcmp(P->p, w, n) != 0 ||
            toml_is_bare(toml_peek(P, (int)n)))
            toml_expected(P, P->p, "a value (true and false are lowercase)");
        TomlValue *v = toml_new(P, TOML_BOOL, P->p);
        v->u.boolean = c == 't';
        P->p += n;
        return v;
    }
    if (all_digits(P->p, 2, P->end) &&
        ((toml_peek(P, 2) == ':') || (all_digits(P->p, 4, P->end) && toml_peek(P, 4) == '-')))
        return datetime(P);
    if ((c >= '0' && c <= '9') || c == '+' || c == '-' || c == 'i' || c == 'n') return number(P);
    toml_expected(P, P->p, "a value");
}
