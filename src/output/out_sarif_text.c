/* out_sarif_text.c — the texts of a SARIF log that a viewer renders: a rule's help as Markdown,
 * and a result's message with links to its related locations.
 *
 * Rule help. A rule's documentation is its file's head comment (tools/rule_docs.sh): paragraphs
 * of prose separated by blank lines, and code examples indented by four spaces, usually right
 * after a line such as "Example:". In Markdown an indented block cannot interrupt a paragraph,
 * so GitHub ran the whole page together; here every run of indented lines becomes a fenced
 * ```python block (blank lines inside it kept), and prose is escaped outside its `code spans`,
 * so that `__init__`, `*args` or `a[0]` in the prose stay text.
 *
 * Messages. SARIF links a message to a related location with `[text](id)` (§3.11.6, "Messages
 * with embedded links"), and GitHub shows a related location only when the message links it.
 * The message names the location already ("on line 12", "(lines 12-14)", "(base.py:40)"); that
 * text becomes the link. A message that does not name it gets one appended. Related locations
 * are numbered from 1 (their `id`).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "out_internal.h"

/* ---- rule help ------------------------------------------------------------------------------ */

static bool is_code_line(const char *s, size_t n) {
    return n >= 4 && memcmp(s, "    ", 4) == 0;
}

static bool is_blank(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t') return false;
    return true;
}

/* Prose characters that Markdown would read as markup, anywhere in a line. */
static bool markup_char(char c) {
    return strchr("\\*_[]<>|~&#`", c) != NULL;
}

/* Appends one paragraph of prose, p[0..n) (lines separated by '\n'), escaped outside its code
 * spans. A backtick with no partner in the paragraph is escaped too. */
static void put_prose(Buf *b, const char *p, size_t n) {
    bool line_start = true;
    for (size_t i = 0; i < n; i++) {
        char c = p[i];
        if (c == '`') {
            const char *close = memchr(p + i + 1, '`', n - i - 1);
            if (close) {
                buf_put(b, p + i, (size_t)(close - (p + i)) + 1);
                i = (size_t)(close - p);
                line_start = false;
                continue;
            }
        }
        if (line_start && c == ' ') { /* indented up to 3 spaces, a marker still counts */
            buf_putc(b, c);
            continue;
        }
        if (line_start) {
            /* what starts a list, a heading or a quote at the beginning of a line */
            size_t d = i;
            while (d < n && p[d] >= '0' && p[d] <= '9') d++;
            if (strchr("-+=", c) || (d > i && d < n && (p[d] == '.' || p[d] == ')'))) {
                buf_put(b, p + i, d - i);
                buf_putc(b, '\\');
                buf_putc(b, p[d > i ? d : i]);
                i = d > i ? d : i;
                line_start = false;
                continue;
            }
        }
        if (markup_char(c)) buf_putc(b, '\\');
        buf_putc(b, c);
        line_start = c == '\n';
    }
}

void out_doc_markdown(Buf *b, const char *doc) {
    const char *s = doc, *end = doc + strlen(doc);
    const char *para = NULL; /* the prose paragraph being gathered */
    while (s < end) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        size_t n = (size_t)(e - s);
        if (is_code_line(s, n)) {
            if (para) put_prose(b, para, (size_t)(s - para)), para = NULL;
            /* the block: indented lines, and blank lines followed by more of them */
            buf_puts(b, "```python\n");
            while (s < end) {
                nl = memchr(s, '\n', (size_t)(end - s));
                e = nl ? nl : end;
                n = (size_t)(e - s);
                if (is_blank(s, n)) {
                    const char *t = nl ? nl + 1 : end;
                    while (t < end) { /* any indented line before the next prose? */
                        const char *tn = memchr(t, '\n', (size_t)(end - t));
                        size_t tl = (size_t)((tn ? tn : end) - t);
                        if (!is_blank(t, tl)) break;
                        t = tn ? tn + 1 : end;
                    }
                    const char *tn = memchr(t, '\n', (size_t)(end - t));
                    if (t >= end || !is_code_line(t, (size_t)((tn ? tn : end) - t))) break;
                    buf_putc(b, '\n');
                } else if (is_code_line(s, n)) {
                    buf_put(b, s + 4, n - 4);
                    buf_putc(b, '\n');
                } else {
                    break;
                }
                s = nl ? nl + 1 : end;
            }
            buf_puts(b, "```\n");
            continue;
        }
        if (is_blank(s, n)) {
            if (para) put_prose(b, para, (size_t)(s - para)), para = NULL;
            buf_putc(b, '\n');
        } else if (!para) {
            para = s;
        }
        s = nl ? nl + 1 : end;
    }
    if (para) put_prose(b, para, (size_t)(end - para));
}

/* ---- messages with links ---------------------------------------------------------------- */

/* The number written at s (digits only), or -1; *len gets its length. */
static long number_at(const char *s, size_t *len) {
    size_t i = 0;
    long v = 0;
    while (s[i] >= '0' && s[i] <= '9' && i < 10) v = v * 10 + (s[i++] - '0');
    *len = i;
    return i && !(s[i] >= '0' && s[i] <= '9') ? v : -1;
}

/* The cell that " of cell K" at s names (a notebook's message citing another cell's line), or 0
 * when s does not start so; *len gets its length. */
static long cell_at(const char *s, size_t *len) {
    size_t n;
    long k = strncmp(s, " of cell ", 9) == 0 ? number_at(s + 9, &n) : -1;
    *len = k > 0 ? 9 + n : 0;
    return k > 0 ? k : 0;
}

/* Where the message names line `line`: "line N", "lines N-M" or "path:N" (path as written,
 * from the last space, parenthesis or backtick before it); in a notebook, "line N of cell K"
 * when `cell` (the line's cell, when it is not the finding's) is K, and "line N" alone when it is
 * 0. Sets [*from, *to); false when it does not. Positions set in taken[] (one byte per message
 * byte: code spans, and the links already made) are not used. */
static bool find_line(const char *m, const char *taken, int32_t line, int32_t cell, size_t *from,
                      size_t *to) {
    size_t n = strlen(m), len, cl;
    for (size_t i = 0; i < n; i++) {
        if (taken[i]) continue;
        bool word = i == 0 || m[i - 1] == ' ' || m[i - 1] == '(';
        if (word && strncmp(m + i, "lines ", 6) == 0 && number_at(m + i + 6, &len) == line) {
            size_t e = i + 6 + len, l2;
            if (m[e] == '-' && number_at(m + e + 1, &l2) >= 0) e += 1 + l2;
            if (cell_at(m + e, &cl) != cell) continue;
            *from = i, *to = e + cl;
            return true;
        }
        if (word && strncmp(m + i, "line ", 5) == 0 && number_at(m + i + 5, &len) == line) {
            size_t e = i + 5 + len;
            if (cell_at(m + e, &cl) != cell) continue;
            *from = i, *to = e + cl;
            return true;
        }
        if (m[i] == ':' && i > 0 && number_at(m + i + 1, &len) == line) {
            size_t b = i;
            while (b > 0 && !strchr(" (`", m[b - 1]) && !taken[b - 1]) b--;
            if (b == i) continue;
            *from = b, *to = i + 1 + len;
            return true;
        }
    }
    return false;
}

/* Appends link text, its brackets and backslashes escaped (§3.11.6). */
static void put_link_text(Buf *b, const char *s, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '[' || s[i] == ']' || s[i] == '\\') buf_putc(b, '\\');
        buf_putc(b, s[i]);
    }
}

static void put_link_end(Buf *b, int32_t id) {
    buf_puts(b, "](");
    out_put_int(b, id);
    buf_putc(b, ')');
}

void out_linked_message(Buf *b, const Finding *f) {
    enum { MAX_LINKS = 16 };
    const char *m = OUT_STR(f->message);
    size_t n = strlen(m);
    int32_t nrel = f->nrelated < MAX_LINKS ? f->nrelated : MAX_LINKS;
    size_t from[MAX_LINKS], to[MAX_LINKS];
    bool found[MAX_LINKS] = {false};
    char small[256], *taken = n < sizeof small ? small : malloc(n + 1);
    if (!taken) {
        buf_puts(b, m);
        return;
    }
    bool code = false; /* code spans are not links */
    for (size_t i = 0; i <= n; i++) {
        code ^= m[i] == '`';
        taken[i] = code || m[i] == '`';
    }
    for (int32_t k = 0; k < nrel; k++) {
        const Location *l = &f->related[k].loc;
        int32_t cell = l->cell != f->loc.cell ? l->cell : 0;
        found[k] = find_line(m, taken, l->line, cell, &from[k], &to[k]);
        if (found[k]) memset(taken + from[k], 1, to[k] - from[k]);
    }
    for (size_t i = 0; i < n;) {
        int32_t k = 0;
        while (k < nrel && !(found[k] && from[k] == i)) k++;
        if (k == nrel) {
            buf_putc(b, m[i++]);
            continue;
        }
        buf_putc(b, '[');
        put_link_text(b, m + from[k], to[k] - from[k]);
        put_link_end(b, k + 1);
        i = to[k];
    }
    /* the related locations the message does not name */
    for (int32_t k = 0; k < nrel; k++) {
        if (found[k]) continue;
        const Related *r = &f->related[k];
        char text[64];
        bool here = r->path && f->path && strcmp(r->path, f->path) == 0;
        if (r->loc.cell > 0 && r->loc.cell != f->loc.cell)
            snprintf(text, sizeof text, "line %d of cell %d", r->loc.line, r->loc.cell);
        else
            snprintf(text, sizeof text, "line %d", r->loc.line);
        buf_puts(b, " (see [");
        if (!here) {
            put_link_text(b, OUT_STR(r->path), strlen(OUT_STR(r->path)));
            buf_putc(b, ' ');
        }
        buf_puts(b, text);
        put_link_end(b, k + 1);
        buf_putc(b, ')');
    }
    if (taken != small) free(taken);
}
