/* out_json.c — JSON text: string escaping, a small pretty-printing writer (shared with the SARIF
 * format), and the json format.
 *
 * The json format is ruff's: an array of objects with ruff's field names and key order
 * (alphabetical, as serde_json writes them), pretty-printed with 2-space indentation, `[]` when
 * there are no findings:
 *
 *   [
 *     {
 *       "cell": null,                                  (a notebook's cell, 1-based; rows are then
 *                                                       the cell's, as ruff writes them)
 *       "code": "DW201",
 *       "end_location": {"column": 11, "row": 3},      (written over several lines)
 *       "filename": "a.py",
 *       "fix": null,                                   (or ruff's fix object:)
 *       "fix": {"applicability": "safe" | "unsafe",
 *               "edits": [{"content", "end_location", "location"}, ...], "message": "..."},
 *       "location": {"column": 5, "row": 3},
 *       "message": "...",
 *       "noqa_row": 3,                                 (null when unknown)
 *       "related": [{"end_location", "filename", "location", "message"}, ...],
 *                                                      ("cell" first in a notebook's)
 *       "url": "https://github.com/deadwood-lint/deadwood/blob/main/README.md#dw201"
 *     }
 *   ]
 *
 * Rows and columns are 1-based; columns count characters; end_location is exclusive (ruff's).
 * Strings are escaped as JSON requires (every control character); other characters, non-ASCII
 * included, are written as UTF-8, and ill-formed UTF-8 (a path that is not UTF-8) as U+FFFD.
 */
#include <string.h>

#include "out_internal.h"

void out_json_string(Buf *b, const char *s) {
    if (!s) {
        buf_puts(b, "null");
        return;
    }
    static const char hex[] = "0123456789abcdef";
    size_t n = strlen(s);
    buf_putc(b, '"');
    const char *run = s; /* the pending run of bytes that need no escape */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c != '"' && c != '\\' && c < 0x7f) {
            i++;
            continue;
        }
        uint32_t cp = c;
        int len = c < 0x80 ? 1 : out_utf8_next(s + i, n - i, &cp);
        if (len > 1 && cp >= 0xa0) { /* well-formed, not a C1 control: part of the run */
            i += (size_t)len;
            continue;
        }
        buf_put(b, run, (size_t)(s + i - run));
        switch (cp) {
        case '"': buf_puts(b, "\\\""); break;
        case '\\': buf_puts(b, "\\\\"); break;
        case '\n': buf_puts(b, "\\n"); break;
        case '\r': buf_puts(b, "\\r"); break;
        case '\t': buf_puts(b, "\\t"); break;
        case '\b': buf_puts(b, "\\b"); break;
        case '\f': buf_puts(b, "\\f"); break;
        case 0xFFFD: out_utf8_put(b, 0xFFFD); break; /* a byte that starts no UTF-8 character */
        default: {                                   /* the other controls: C0, DEL, C1 */
            char esc[6] = {'\\', 'u', '0', '0', hex[cp >> 4], hex[cp & 15]};
            buf_put(b, esc, sizeof esc);
        }
        }
        i += (size_t)len;
        run = s + i;
    }
    buf_put(b, run, (size_t)(s + n - run));
    buf_putc(b, '"');
}

/* ---- the writer ------------------------------------------------------------------------------ */

void jw_init(JsonWriter *w, Buf *b) {
    memset(w, 0, sizeof *w);
    w->b = b;
}

static void newline_indent(JsonWriter *w) {
    if (w->compact) return;
    buf_putc(w->b, '\n');
    for (int i = 0; i < w->depth; i++) buf_put(w->b, "  ", 2);
}

/* The member count of the innermost container (nesting past OUT_JSON_MAXDEPTH, which no format
 * reaches, shares the last counter rather than overrun). */
static int32_t *members(JsonWriter *w) {
    return &w->count[(w->depth < OUT_JSON_MAXDEPTH ? w->depth : OUT_JSON_MAXDEPTH) - 1];
}

/* Before a value: after a key nothing; in an array a comma if needed and a new indented line. */
static void before_value(JsonWriter *w) {
    if (w->after_key) {
        w->after_key = false;
        return;
    }
    if (w->depth == 0) return;
    if ((*members(w))++) buf_putc(w->b, ',');
    newline_indent(w);
}

void jw_open(JsonWriter *w, char bracket) {
    before_value(w);
    buf_putc(w->b, bracket);
    w->depth++;
    *members(w) = 0;
}

void jw_close(JsonWriter *w, char bracket) {
    bool empty = *members(w) == 0;
    w->depth--;
    if (!empty) newline_indent(w);
    buf_putc(w->b, bracket);
    if (w->depth == 0 && !w->compact) buf_putc(w->b, '\n');
}

void jw_key(JsonWriter *w, const char *key) {
    before_value(w);
    out_json_string(w->b, key);
    buf_put(w->b, ": ", w->compact ? 1 : 2);
    w->after_key = true;
}

void jw_str(JsonWriter *w, const char *s) {
    before_value(w);
    out_json_string(w->b, s);
}

void jw_int(JsonWriter *w, int64_t v) {
    before_value(w);
    out_put_int(w->b, v);
}

void jw_bool(JsonWriter *w, bool v) {
    before_value(w);
    buf_puts(w->b, v ? "true" : "false");
}

void jw_null(JsonWriter *w) {
    before_value(w);
    buf_puts(w->b, "null");
}

void jw_raw(JsonWriter *w) {
    before_value(w);
}

void jw_location(JsonWriter *w, const char *key, int32_t line, int32_t col) {
    jw_key(w, key);
    jw_open(w, '{');
    jw_key(w, "column");
    jw_int(w, col);
    jw_key(w, "row");
    jw_int(w, line);
    jw_close(w, '}');
}

/* ---- the json format ------------------------------------------------------------------------- */

/* "url": the rule's documentation, built in scratch (reused across findings) then escaped. */
static void put_url(JsonWriter *w, Buf *scratch, const OutputOptions *opt, const char *code) {
    scratch->len = 0;
    output_rule_url(scratch, opt->homepage, code);
    jw_key(w, "url");
    jw_str(w, buf_cstr(scratch));
    if (scratch->failed) w->b->failed = true;
}

/* "fix": ruff's fix object, or null. */
static void put_fix(JsonWriter *w, const Fix *fix) {
    jw_key(w, "fix");
    if (!fix) {
        jw_null(w);
        return;
    }
    jw_open(w, '{');
    jw_key(w, "applicability");
    jw_str(w, fix->applicability == FIX_SAFE ? "safe" : "unsafe");
    jw_key(w, "edits");
    jw_open(w, '[');
    for (int32_t i = 0; i < fix->nedits; i++) {
        const Edit *e = &fix->edits[i];
        jw_open(w, '{');
        jw_key(w, "content");
        jw_str(w, OUT_STR(e->content));
        jw_location(w, "end_location", e->loc.end_line, e->loc.end_col);
        jw_location(w, "location", e->loc.line, e->loc.col);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_key(w, "message");
    jw_str(w, OUT_STR(fix->message));
    jw_close(w, '}');
}

bool out_write_json(Buf *b, const FindingList *fl, const OutputOptions *opt) {
    JsonWriter w;
    jw_init(&w, b);
    Buf scratch;
    buf_init(&scratch);
    jw_open(&w, '[');
    for (int32_t i = 0; i < fl->len && !b->failed; i++) {
        const Finding *f = &fl->items[i];
        jw_open(&w, '{');
        jw_key(&w, "cell");
        if (f->loc.cell > 0)
            jw_int(&w, f->loc.cell);
        else
            jw_null(&w);
        jw_key(&w, "code");
        jw_str(&w, OUT_STR(f->code));
        jw_location(&w, "end_location", f->loc.end_line, f->loc.end_col);
        jw_key(&w, "filename");
        jw_str(&w, OUT_STR(f->path));
        put_fix(&w, f->fix);
        jw_location(&w, "location", f->loc.line, f->loc.col);
        jw_key(&w, "message");
        jw_str(&w, OUT_STR(f->message));
        jw_key(&w, "noqa_row");
        if (f->noqa_line > 0)
            jw_int(&w, f->noqa_line);
        else
            jw_null(&w);
        jw_key(&w, "related");
        jw_open(&w, '[');
        for (int32_t k = 0; k < f->nrelated; k++) {
            const Related *r = &f->related[k];
            jw_open(&w, '{');
            if (r->loc.cell > 0) { /* in a notebook: the cell its rows count in */
                jw_key(&w, "cell");
                jw_int(&w, r->loc.cell);
            }
            jw_location(&w, "end_location", r->loc.end_line, r->loc.end_col);
            jw_key(&w, "filename");
            jw_str(&w, OUT_STR(r->path));
            jw_location(&w, "location", r->loc.line, r->loc.col);
            jw_key(&w, "message");
            jw_str(&w, OUT_STR(r->message));
            jw_close(&w, '}');
        }
        jw_close(&w, ']');
        put_url(&w, &scratch, opt, f->code);
        jw_close(&w, '}');
    }
    jw_close(&w, ']');
    buf_free(&scratch);
    return !b->failed;
}
