/* text.c — see text.h. */
#include "text.h"

#include <string.h>

#include "base/arena.h"
#include "base/utf8.h"
#include "source/source.h"

const char *pos_encoding_name(PosEncoding e) {
    return e == POS_UTF8 ? "utf-8" : e == POS_UTF32 ? "utf-32" : "utf-16";
}

void text_init(Text *t) {
    memset(t, 0, sizeof *t);
}

void text_free(Text *t) {
    buf_free(&t->buf);
    dw_free(t->lines);
    text_init(t);
}

/* The length of the character at s[0..n) (n >= 1): a well-formed UTF-8 sequence, or one byte. */
static size_t char_len(const char *s, size_t n) {
    if ((unsigned char)s[0] < 0x80) return 1;
    const char *why;
    size_t k = utf8_sequence((const unsigned char *)s, n, &why);
    return k ? k : 1;
}

/* Its width in the encoding's units. */
static int32_t units(size_t len, PosEncoding e) {
    return e == POS_UTF8 ? (int32_t)len : e == POS_UTF16 && len == 4 ? 2 : 1;
}

static bool index_lines(Text *t) {
    const char *s = t->buf.data ? t->buf.data : "";
    size_t n = t->buf.len;
    int32_t count = 1;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= n || s[i + 1] != '\n'))) count++;
    if (count + 1 > t->cap) {
        uint32_t *l = dw_realloc(t->lines, sizeof *l * (size_t)(count + 1));
        if (!l) return false;
        t->lines = l;
        t->cap = count + 1;
    }
    int32_t k = 0;
    t->lines[k++] = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '\n' || (s[i] == '\r' && (i + 1 >= n || s[i + 1] != '\n')))
            t->lines[k++] = (uint32_t)(i + 1);
    t->lines[k] = (uint32_t)n + 1;
    t->nlines = count;
    return true;
}

bool text_set(Text *t, const char *s, size_t n) {
    t->buf.len = 0;
    t->buf.failed = false;
    buf_put(&t->buf, s, n);
    buf_cstr(&t->buf);
    if (t->buf.failed || n > UINT32_MAX - 2 || !index_lines(t)) {
        text_free(t);
        return index_lines(t), false;
    }
    return true;
}

bool text_line(const Text *t, int32_t line, const char **s, size_t *n) {
    if (line < 0 || line >= t->nlines) return false;
    const char *base = t->buf.data ? t->buf.data : "";
    size_t from = t->lines[line], to = t->buf.len;
    if (line + 1 < t->nlines) { /* before its "\n", "\r" or "\r\n" */
        to = t->lines[line + 1] - 1;
        if (to > from && base[to] == '\n' && base[to - 1] == '\r') to--;
    }
    *s = base + from;
    *n = to - from;
    return true;
}

size_t text_offset(const Text *t, TextPos p, PosEncoding e) {
    const char *s;
    size_t n;
    if (p.line < 0) return 0;
    if (!text_line(t, p.line, &s, &n)) return t->buf.len;
    size_t i = 0;
    for (int32_t col = 0; i < n && col < p.col;) {
        size_t k = char_len(s + i, n - i);
        col += units(k, e);
        if (col > p.col) break; /* inside a character: its start */
        i += k;
    }
    return (size_t)(s - (t->buf.data ? t->buf.data : "")) + i;
}

TextPos text_pos(const Text *t, size_t offset, PosEncoding e) {
    if (offset > t->buf.len) offset = t->buf.len;
    LineIndex li = {t->lines, t->nlines};
    int32_t lo = line_index_line(&li, offset) - 1;
    const char *s;
    size_t n;
    text_line(t, lo, &s, &n);
    size_t want = offset - t->lines[lo];
    TextPos p = {lo, 0};
    for (size_t i = 0; i < n && i < want;) {
        size_t k = char_len(s + i, n - i);
        if (i + k > want) break;
        p.col += units(k, e);
        i += k;
    }
    return p;
}

bool text_replace(Text *t, TextPos from, TextPos to, PosEncoding e, const char *s, size_t n) {
    size_t a = text_offset(t, from, e), b = text_offset(t, to, e);
    if (b < a) {
        size_t x = a;
        a = b, b = x;
    }
    size_t len = t->buf.len - (b - a) + n;
    if (len > UINT32_MAX - 2) return false;
    if (!buf_reserve(&t->buf, n > b - a ? n - (b - a) : 0)) {
        t->buf.failed = false;
        return false;
    }
    char *d = t->buf.data;
    memmove(d + a + n, d + b, t->buf.len - b);
    memcpy(d + a, s, n);
    t->buf.len = len;
    d[len] = 0;
    if (!index_lines(t)) return text_set(t, "", 0), false;
    return true;
}

static size_t bom(const char *s, size_t n, bool skip_bom) {
    return skip_bom && n >= 3 && memcmp(s, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
}

int32_t text_char_col(const char *s, size_t n, int32_t col, PosEncoding e, bool skip_bom) {
    size_t i = bom(s, n, skip_bom);
    int32_t out = i ? units(3, e) : 0;
    for (int32_t c = 1; c < col && i < n; c++) {
        size_t k = char_len(s + i, n - i);
        out += units(k, e);
        i += k;
    }
    return out;
}

int32_t text_byte_to_char_col(const char *s, size_t n, size_t byte, bool skip_bom) {
    size_t i = bom(s, n, skip_bom);
    int32_t col = 1;
    while (i < n && i < byte) {
        i += char_len(s + i, n - i);
        col++;
    }
    return col;
}
