/* out_text.c — the formats for people at a terminal.
 *
 *   text   path:line:col: CODE message               one line per finding (ruff's concise format;
 *          path:cell N:line:col: in a notebook, lines counted in the cell, as ruff writes them)
 *   full   the same line, then the source line under a gutter with a caret underline and the
 *          code after the carets, then the related locations and the fix's message (ruff's full
 *          format):
 *
 *              a.py:3:5: DW201 `x` is always None here
 *                |
 *              3 |     x.view()
 *                |     ^^^^^^ DW201
 *                |
 *                = note: a.py:1:5: `x` is set to None here
 *                = help: Remove the `if` test and keep the body     (a finding with a fix)
 *
 * A finding whose fix --fix would apply shows `[*]` after its code when OutputOptions.fix_status
 * asks for it (ruff's marker: `a.py:3:5: DW101 [*] identical branches: ...`).
 *
 * Colour (only when OutputOptions.color): the path bold, ':' cyan, the code red bold; in the full
 * format the gutter blue bold and the carets red bold, as ruff colours them.
 *
 * What reaches the terminal is made harmless and aligned: control characters in paths, messages
 * and source lines are shown as Unicode control pictures (a message can never break the one-line
 * format or send an escape sequence), tabs in source lines are expanded to tab stops, and the
 * caret line is measured in display columns (wide characters take two, combining marks none), so
 * the carets stand under the characters of the span whatever the line holds.
 */
#include <string.h>

#include "lex/unicode.h"
#include "out_internal.h"

#define BOLD      "\x1b[1m"
#define CYAN      "\x1b[36m"
#define RED_BOLD  "\x1b[1;31m"
#define BLUE_BOLD "\x1b[1;94m"
#define RESET     "\x1b[0m"

int out_char_width(uint32_t cp) {
    return uni_display_width(cp);
}

void out_put_visible_char(Buf *b, const char *s, int len, uint32_t cp) {
    if (cp < 0x20)
        out_utf8_put(b, 0x2400 + cp);
    else if (cp == 0x7f)
        out_utf8_put(b, 0x2421);
    else if (cp < 0x80)
        buf_putc(b, (char)cp);
    else if (len == 1 || cp < 0xa0)
        out_utf8_put(b, 0xFFFD);
    else
        buf_put(b, s, (size_t)len);
}

void out_put_visible(Buf *b, const char *s) {
    const char *run = s; /* start of the pending run of printable ASCII */
    size_t n = strlen(s);
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        if (c >= 0x20 && c < 0x7f) {
            i++;
            continue;
        }
        buf_put(b, run, (size_t)(s + i - run));
        uint32_t cp;
        int len = out_utf8_next(s + i, n - i, &cp);
        if (cp == '\t')
            buf_putc(b, '\t');
        else
            out_put_visible_char(b, s + i, len, cp);
        i += (size_t)len;
        run = s + i;
    }
    buf_put(b, run, (size_t)(s + n - run));
}

void out_echo_line(Buf *b, const char *line, int32_t col, int32_t end_col, int32_t *caret_at,
                   int32_t *caret_len) {
    size_t n = strcspn(line, "\r\n");
    int32_t width = 0, ch = 1, at = -1, end_at = -1;
    for (size_t i = 0; i < n; ch++) {
        if (ch == col) at = width;
        if (ch == end_col) end_at = width;
        uint32_t cp;
        int len = out_utf8_next(line + i, n - i, &cp);
        if (cp == '\t') {
            int w = OUT_TAB_WIDTH - width % OUT_TAB_WIDTH;
            for (int k = 0; k < w; k++) buf_putc(b, ' ');
            width += w;
        } else {
            out_put_visible_char(b, line + i, len, cp);
            width += len == 1 ? 1 : out_char_width(cp);
        }
        i += (size_t)len;
    }
    if (at < 0) at = col < 1 ? 0 : width; /* a column past the end: just after the last character */
    if (end_col <= 0 || end_at < 0) end_at = width;
    *caret_at = at;
    *caret_len = end_at > at ? end_at - at : 1;
}

/* ---- the formats ----------------------------------------------------------------------------- */

static void put_colored(Buf *b, bool color, const char *esc, const char *s) {
    if (color) buf_puts(b, esc);
    out_put_visible(b, s);
    if (color) buf_puts(b, RESET);
}

static void put_sep(Buf *b, bool color) {
    buf_puts(b, color ? CYAN ":" RESET : ":");
}

/* path:line:col, in a notebook path:cell N:line:col as ruff writes it (path bold and ':' cyan
 * when coloured). */
static void put_position(Buf *b, bool color, const char *path, const Location *l) {
    int32_t line = l->line, col = l->col;
    put_colored(b, color, BOLD, OUT_STR(path));
    put_sep(b, color);
    if (l->cell > 0) {
        buf_puts(b, "cell ");
        out_put_int(b, l->cell);
        put_sep(b, color);
    }
    out_put_int(b, line);
    put_sep(b, color);
    out_put_int(b, col);
    put_sep(b, color);
}

static void put_spaces(Buf *b, int64_t n) {
    for (int64_t i = 0; i < n; i++) buf_putc(b, ' ');
}

/* The gutter "  |" (w spaces for the line number, one more, the bar), in blue bold if coloured. */
static void put_gutter(Buf *b, bool color, int w, const char *bar) {
    put_spaces(b, w + 1);
    if (color) buf_puts(b, BLUE_BOLD);
    buf_puts(b, bar);
    if (color) buf_puts(b, RESET);
}

static int digits(int32_t v) {
    int d = 1;
    while (v >= 10) v /= 10, d++;
    return d;
}

/* The source line of f with its caret underline, between empty gutter lines. */
static void put_snippet(Buf *b, bool color, const Finding *f, int w) {
    const Location *l = &f->loc;
    int32_t end_col = l->end_line == l->line ? l->end_col : l->end_line > l->line ? -1 : 0;
    put_gutter(b, color, w, "|");
    buf_putc(b, '\n');
    if (color) buf_puts(b, BLUE_BOLD);
    out_put_int(b, l->line);
    buf_puts(b, " |");
    if (color) buf_puts(b, RESET);
    size_t mark = b->len;
    buf_putc(b, ' ');
    int32_t at, len;
    out_echo_line(b, f->source, l->col, end_col, &at, &len);
    if (b->len == mark + 1) b->len = mark; /* an empty line: no trailing space */
    buf_putc(b, '\n');
    put_gutter(b, color, w, "| ");
    put_spaces(b, at);
    if (color) buf_puts(b, RED_BOLD);
    for (int32_t i = 0; i < len; i++) buf_putc(b, '^');
    buf_putc(b, ' ');
    out_put_visible(b, OUT_STR(f->code));
    if (color) buf_puts(b, RESET);
    buf_putc(b, '\n');
    put_gutter(b, color, w, "|");
    buf_putc(b, '\n');
}

/* "  = note: " or "  = help: " under a gutter of width w. */
static void put_label(Buf *b, bool color, int w, const char *label) {
    put_gutter(b, color, w, "=");
    buf_putc(b, ' ');
    if (color) buf_puts(b, BOLD);
    buf_puts(b, label);
    if (color) buf_puts(b, RESET);
    buf_puts(b, ": ");
}

static void put_full_details(Buf *b, bool color, const Finding *f) {
    bool snippet = f->source && f->loc.line >= 1;
    int w = snippet ? digits(f->loc.line) : 1;
    if (snippet) put_snippet(b, color, f, w);
    for (int32_t i = 0; i < f->nrelated; i++) {
        const Related *r = &f->related[i];
        put_label(b, color, w, "note");
        put_position(b, color, r->path, &r->loc);
        buf_putc(b, ' ');
        out_put_visible(b, OUT_STR(r->message));
        buf_putc(b, '\n');
    }
    if (f->fix) {
        put_label(b, color, w, "help");
        out_put_visible(b, OUT_STR(f->fix->message));
        buf_putc(b, '\n');
    }
    buf_putc(b, '\n');
}

bool out_write_text(Buf *b, const FindingList *fl, const OutputOptions *opt, bool full) {
    bool color = opt->color;
    for (int32_t i = 0; i < fl->len && !b->failed; i++) {
        const Finding *f = &fl->items[i];
        put_position(b, color, f->path, &f->loc);
        buf_putc(b, ' ');
        put_colored(b, color, RED_BOLD, OUT_STR(f->code));
        buf_putc(b, ' ');
        if (opt->fix_status && output_fix_applies(f, opt->unsafe_fixes))
            buf_puts(b, color ? "[" CYAN "*" RESET "] " : "[*] ");
        out_put_visible(b, OUT_STR(f->message));
        buf_putc(b, '\n');
        if (full) put_full_details(b, color, f);
    }
    return !b->failed;
}
