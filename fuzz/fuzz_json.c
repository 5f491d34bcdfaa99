/* fuzz_json.c — libFuzzer target for the JSON reader (src/base/json.c) and the notebook reader
 * built on it (src/source/notebook.c).
 *
 * Each input is read three ways:
 *   1. as JSON, with the default options and again with a byte order mark allowed and a depth
 *      bound of 8;
 *   2. as a notebook (.ipynb bytes), then its joined code parsed;
 *   3. as the source of a code cell: the input (ill-formed UTF-8 replaced by '?') is put in a
 *      one-cell notebook, so that mutations reach the IPython transforms directly.
 * Invariants, for every input:
 *   - json_parse returns a tree or an error, never both; an error lies inside the input (offset
 *     <= size, line in [1, lines + 1], column >= 1) and has a message;
 *   - every value's offset, line and column agree with the input (counted here independently),
 *     nesting never exceeds the bound, a string is valid UTF-8 and NUL-terminated at its length,
 *     a number is the RFC 8259 literal at its offset;
 *   - the tree written back as JSON parses again to a tree that writes the same bytes;
 *   - a notebook read has one map entry per line of its text, each in a cell of the notebook,
 *     its text "\n"-terminated with no NUL inside, and every location maps into a cell's line;
 *     a notebook not read has a message (a cell-level error names a cell);
 *   - a one-line-per-cell-line promise: a code cell of n lines gives n lines of text;
 *   - a message citing lines (the input's first line) is rewritten in cells' lines without
 *     reading past its end. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/json.h"
#include "fuzz_util.h"
#include "parse/parser.h"
#include "source/notebook.h"

/* Positions counted here, a byte at a time, as values are met in document order. */
typedef struct Cursor {
    const uint8_t *data;
    size_t off;
    int32_t line, col;
} Cursor;

static void advance(Cursor *c, size_t to) {
    for (; c->off < to; c->off++) {
        if (c->data[c->off] == '\n')
            c->line++, c->col = 1;
        else if ((c->data[c->off] & 0xc0) != 0x80)
            c->col++;
    }
}

static bool number_literal(const char *s, size_t n) {
    size_t i = 0;
    if (i < n && s[i] == '-') i++;
    if (i >= n) return false;
    if (s[i] == '0')
        i++;
    else if (s[i] >= '1' && s[i] <= '9')
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    else
        return false;
    if (i < n && s[i] == '.') {
        size_t d = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == d) return false;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t d = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == d) return false;
    }
    return i == n;
}

static void check_str(Str s) {
    FUZZ_CHECK(s.s && s.len >= 0 && s.s[s.len] == 0, "a string not NUL-terminated at its length");
    const char *why;
    FUZZ_CHECK(utf8_find_invalid(s.s, (size_t)s.len, &why) < 0, "a string not UTF-8: %s", why);
}

static void walk(const JsonValue *v, int depth, int max_depth, Cursor *c, size_t size) {
    FUZZ_CHECK(v->offset < size, "value at offset %zu of %zu", v->offset, size);
    advance(c, v->offset);
    FUZZ_CHECK(v->line == c->line && v->col == c->col, "value at %d:%d, counted %d:%d", v->line,
               v->col, c->line, c->col);
    switch (v->type) {
    case JSON_STRING: check_str(v->u.str); break;
    case JSON_NUMBER:
        FUZZ_CHECK(number_literal(v->u.number.s, (size_t)v->u.number.len) &&
                       v->offset + (size_t)v->u.number.len <= size &&
                       memcmp(c->data + v->offset, v->u.number.s, (size_t)v->u.number.len) == 0,
                   "number '%s' is not the literal at its offset", v->u.number.s);
        break;
    case JSON_ARRAY:
    case JSON_OBJECT:
        FUZZ_CHECK(depth + 1 <= max_depth, "nesting %d over the bound %d", depth + 1, max_depth);
        for (int32_t i = 0; i < json_len(v); i++) {
            if (v->type == JSON_OBJECT) {
                const JsonMember *m = json_member_at(v, i);
                check_str(m->key);
                FUZZ_CHECK(m->line >= c->line, "member name before its predecessor");
                walk(&m->value, depth + 1, max_depth, c, size);
            } else {
                walk(json_at(v, i), depth + 1, max_depth, c, size);
            }
        }
        break;
    default: break;
    }
}

static void put_string(Buf *b, Str s) {
    buf_putc(b, '"');
    for (int32_t i = 0; i < s.len; i++) {
        unsigned char ch = (unsigned char)s.s[i];
        if (ch == '"' || ch == '\\')
            buf_putc(b, '\\'), buf_putc(b, (char)ch);
        else if (ch < 0x20)
            buf_printf(b, "\\u%04x", ch);
        else
            buf_putc(b, (char)ch);
    }
    buf_putc(b, '"');
}

/* Writes v back as JSON (recursion bounded by the tree's depth bound). */
static void write_json(Buf *b, const JsonValue *v) {
    switch (v->type) {
    case JSON_NULL: buf_puts(b, "null"); break;
    case JSON_BOOL: buf_puts(b, v->u.boolean ? "true" : "false"); break;
    case JSON_NUMBER: buf_put(b, v->u.number.s, (size_t)v->u.number.len); break;
    case JSON_STRING: put_string(b, v->u.str); break;
    case JSON_ARRAY:
        buf_putc(b, '[');
        for (int32_t i = 0; i < json_len(v); i++) {
            if (i) buf_putc(b, ',');
            write_json(b, json_at(v, i));
        }
        buf_putc(b, ']');
        break;
    case JSON_OBJECT:
        buf_putc(b, '{');
        for (int32_t i = 0; i < json_len(v); i++) {
            const JsonMember *m = json_member_at(v, i);
            if (i) buf_putc(b, ',');
            put_string(b, m->key);
            buf_putc(b, ':');
            write_json(b, &m->value);
        }
        buf_putc(b, '}');
        break;
    }
}

static void read_json(const uint8_t *data, size_t size, const JsonOptions *opt) {
    Arena a;
    arena_init(&a);
    JsonError err;
    const JsonValue *v = json_parse(&a, (const char *)data, size, opt, &err);
    int32_t max_depth = opt && opt->max_depth ? opt->max_depth : JSON_MAX_DEPTH;
    if (!v) {
        FUZZ_CHECK(err.msg[0], "an error without a message");
        FUZZ_CHECK(err.offset <= size && err.line >= 1 && err.col >= 1 &&
                       err.line <= fuzz_raw_lines(data, size) + 1,
                   "error at %zu (%d:%d) of %zu bytes: %s", err.offset, err.line, err.col, size,
                   err.msg);
    } else {
        bool bom = size >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0;
        Cursor c = {data, bom ? 3 : 0, 1, 1};
        walk(v, 0, max_depth, &c, size);
        Buf once, twice;
        buf_init(&once), buf_init(&twice);
        write_json(&once, v);
        Arena b;
        arena_init(&b);
        const JsonValue *again = json_parse(&b, once.data, once.len, NULL, &err);
        FUZZ_CHECK(again, "written back, it does not parse: %s", err.msg);
        write_json(&twice, again);
        FUZZ_CHECK(once.len == twice.len && memcmp(once.data, twice.data, once.len) == 0,
                   "written back twice, the texts differ");
        arena_free(&b);
        buf_free(&once), buf_free(&twice);
    }
    arena_free(&a);
}

static void read_notebook(const char *data, size_t size, int32_t code_lines) {
    Arena a;
    arena_init(&a);
    Notebook nb;
    NotebookError err;
    if (!notebook_read(&a, data, size, &nb, &err)) {
        FUZZ_CHECK(err.msg[0] && err.line >= 1 && err.col >= 1, "a notebook error at %d:%d: '%s'",
                   err.line, err.col, err.msg);
        arena_free(&a);
        return;
    }
    if (!nb.python) {
        arena_free(&a);
        return;
    }
    const char *t = nb.text.text;
    FUZZ_CHECK(t && nb.text.len > 0 && t[nb.text.len - 1] == '\n' && !t[nb.text.len] &&
                   !memchr(t, 0, nb.text.len),
               "the text is not \\n-terminated, or holds a NUL");
    int32_t newlines = 0;
    for (size_t i = 0; i < nb.text.len; i++) newlines += t[i] == '\n';
    FUZZ_CHECK(nb.nlines == newlines || (nb.nlines == 0 && nb.text.len == 1),
               "%d map entries for %d lines", nb.nlines, newlines);
    if (code_lines >= 0)
        FUZZ_CHECK(nb.nlines == code_lines, "a cell of %d lines gave %d", code_lines, nb.nlines);
    for (int32_t i = 0; i < nb.nlines; i++) {
        const NotebookLine *m = &nb.lines[i];
        FUZZ_CHECK(m->cell >= 1 && m->cell <= nb.ncells && m->line >= 1 && m->orig_len >= 0 &&
                       m->shift >= 0 && m->shift <= m->orig_len,
                   "line %d: cell %d line %d", i + 1, m->cell, m->line);
        Location loc = {.line = i + 1, .col = 1 + i % 7, .end_line = i + 1 + i % 3, .end_col = 3};
        notebook_map(&nb, &loc);
        FUZZ_CHECK(loc.cell == m->cell && loc.line == m->line && loc.col >= 1 &&
                       loc.end_line >= loc.line && loc.end_col >= 1,
                   "line %d maps to cell %d %d:%d-%d:%d", i + 1, loc.cell, loc.line, loc.col,
                   loc.end_line, loc.end_col);
    }
    /* the input's first line as a message citing lines, in a buffer of its exact size */
    const char *nl = memchr(data, '\n', size);
    size_t mlen = nl ? (size_t)(nl - data) : size;
    char *msg = malloc(mlen + 1);
    if (msg) {
        memcpy(msg, data, mlen);
        msg[mlen] = 0;
        FUZZ_CHECK(notebook_message(&a, &nb, 1, msg), "no message");
        free(msg);
    }
    ParseResult pr;
    ParseError pe;
    SourceText src = nb.text;
    ParseStatus st = parse_module(&a, &src, &pr, &pe);
    FUZZ_CHECK(st != PARSE_NO_MEMORY, "the parser ran out of memory");
    arena_free(&a);
}

/* The input as the source string of a one-cell notebook: ill-formed UTF-8 and NUL become '?'. */
static void as_cell(const uint8_t *data, size_t size) {
    Buf b;
    buf_init(&b);
    buf_puts(&b, "{\"nbformat\": 4, \"cells\": [{\"cell_type\": \"code\", \"source\": \"");
    int32_t lines = 0; /* \n, \r\n and a lone \r end a line, as the notebook reader counts */
    bool any = false;
    unsigned char prev = 0;
    for (size_t i = 0; i < size;) {
        unsigned char ch = data[i];
        const char *why;
        size_t len = 1;
        if (ch >= 0x80) {
            size_t k = 1;
            while (k < 4 && i + k < size && (data[i + k] & 0xc0) == 0x80) k++;
            len = utf8_find_invalid((const char *)data + i, k, &why) < 0 ? k : 1;
            if (len == 1) ch = '?';
        }
        if (ch == 0) ch = '?';
        lines += ch == '\r' || (ch == '\n' && prev != '\r');
        any = ch != '\n' && ch != '\r';
        prev = ch;
        if (len > 1)
            buf_put(&b, data + i, len);
        else if (ch == '"' || ch == '\\')
            buf_putc(&b, '\\'), buf_putc(&b, (char)ch);
        else if (ch < 0x20)
            buf_printf(&b, "\\u%04x", ch);
        else
            buf_putc(&b, (char)ch);
        i += len;
    }
    buf_puts(&b, "\"}]}");
    if (!b.failed) read_notebook(b.data, b.len, lines + any);
    buf_free(&b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    read_json(data, size, NULL);
    JsonOptions shallow = {.max_depth = 8, .allow_bom = true};
    read_json(data, size, &shallow);
    read_notebook((const char *)data, size, -1);
    if (size <= 4096) as_cell(data, size);
    return 0;
}
