/* apply.c — see apply.h. */
#include "apply.h"

#include <stdlib.h>
#include <string.h>

const char *fix_line_ending(const char *bytes, size_t len) {
    for (size_t i = 0; i < len; i++) {
        if (bytes[i] == '\n') return "\n";
        if (bytes[i] == '\r') return i + 1 < len && bytes[i + 1] == '\n' ? "\r\n" : "\r";
    }
    return "\n";
}

/* The bytes' lines as the decoder sees them: where each starts and where its text ends (before
 * its line end). Line 1 starts after a UTF-8 BOM. */
typedef struct Lines {
    size_t *start, *end;
    int32_t n;
} Lines;

static bool lines_of(const char *b, size_t len, Lines *l) {
    size_t cap = 2;
    for (size_t i = 0; i < len; i++) cap += b[i] == '\n' || b[i] == '\r';
    l->start = dw_malloc(sizeof(size_t) * cap);
    l->end = dw_malloc(sizeof(size_t) * cap);
    if (!l->start || !l->end) return false;
    size_t s = len >= 3 && memcmp(b, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    l->n = 0;
    for (size_t i = s; i < len; i++) {
        if (b[i] != '\n' && b[i] != '\r') continue;
        l->start[l->n] = s, l->end[l->n++] = i;
        if (b[i] == '\r' && i + 1 < len && b[i + 1] == '\n') i++;
        s = i + 1;
    }
    l->start[l->n] = s, l->end[l->n++] = len; /* the last line, maybe empty */
    return true;
}

/* The byte offset of a text position (line, byte column), or SIZE_MAX when it is not in the
 * bytes. The text ends with a newline the bytes may lack: the empty line after it is the end. */
static size_t offset_of(const Lines *l, size_t len, int32_t line, int32_t col) {
    if (line < 1 || col < 0) return SIZE_MAX;
    if (line > l->n) return line == l->n + 1 && col == 0 ? len : SIZE_MAX;
    size_t at = l->start[line - 1] + (size_t)col;
    return at <= l->end[line - 1] ? at : SIZE_MAX;
}

typedef struct Planned {
    size_t from, to;
    const char *content;
} Planned;

typedef struct Order {
    const Fix *fix;
    int32_t index;
} Order;

static int by_first_edit(const void *p, const void *q) {
    const Order *a = p, *b = q;
    const Edit *x = &a->fix->edits[0], *y = &b->fix->edits[0];
    if (x->loc.line != y->loc.line) return x->loc.line < y->loc.line ? -1 : 1;
    if (x->col != y->col) return x->col < y->col ? -1 : 1;
    return (a->index > b->index) - (a->index < b->index);
}

static bool same_edits(const Fix *a, const Fix *b) {
    if (a->nedits != b->nedits) return false;
    for (int32_t i = 0; i < a->nedits; i++) {
        const Edit *x = &a->edits[i], *y = &b->edits[i];
        if (x->loc.line != y->loc.line || x->col != y->col || x->loc.end_line != y->loc.end_line ||
            x->end_col != y->end_col || strcmp(x->content, y->content) != 0)
            return false;
    }
    return true;
}

/* Appends content with its "\n" written as nl. */
static void put_content(Buf *out, const char *content, const char *nl) {
    for (const char *p = content; *p;) {
        const char *e = strchr(p, '\n');
        if (!e) {
            buf_puts(out, p);
            break;
        }
        buf_put(out, p, (size_t)(e - p));
        buf_puts(out, nl);
        p = e + 1;
    }
}

bool fix_edit_bytes(const char *bytes, size_t len, const Edit *e, size_t *from, size_t *to,
                    Buf *content) {
    Lines l = {0};
    bool ok = lines_of(bytes, len, &l);
    if (ok) {
        *from = offset_of(&l, len, e->loc.line, e->col);
        *to = offset_of(&l, len, e->loc.end_line, e->end_col);
        ok = *from != SIZE_MAX && *to != SIZE_MAX && *from <= *to;
    }
    if (ok) put_content(content, e->content, fix_line_ending(bytes, len));
    dw_free(l.start), dw_free(l.end);
    return ok && !content->failed;
}

bool fix_apply(const char *bytes, size_t len, const Fix *const *fixes, int32_t n, bool *applied,
               Buf *out) {
    Lines l = {0};
    Order *order = dw_malloc(sizeof *order * (size_t)(n ? n : 1));
    int32_t total = 0, np = 0;
    for (int32_t i = 0; i < n; i++) total += fixes[i] ? fixes[i]->nedits : 0;
    Planned *plan = dw_malloc(sizeof *plan * (size_t)(total ? total : 1));
    bool ok = order && plan && lines_of(bytes, len, &l);
    int32_t m = 0;
    for (int32_t i = 0; ok && i < n; i++) {
        applied[i] = false;
        if (fixes[i] && fixes[i]->nedits) order[m++] = (Order){fixes[i], i};
    }
    if (ok) qsort(order, (size_t)m, sizeof *order, by_first_edit);
    const Fix *last = NULL;
    size_t last_end = 0;
    bool any = false;
    for (int32_t k = 0; ok && k < m; k++) {
        const Fix *f = order[k].fix;
        if (last && same_edits(f, last)) {
            applied[order[k].index] = true;
            continue;
        }
        int32_t mark = np;
        bool fits = true;
        for (int32_t e = 0; fits && e < f->nedits; e++) {
            const Edit *ed = &f->edits[e];
            size_t from = offset_of(&l, len, ed->loc.line, ed->col);
            size_t to = offset_of(&l, len, ed->loc.end_line, ed->end_col);
            fits = from != SIZE_MAX && to != SIZE_MAX && from <= to &&
                   (np == mark ? !any || from > last_end : from >= plan[np - 1].to);
            if (fits) plan[np++] = (Planned){from, to, ed->content};
        }
        if (!fits) {
            np = mark;
            continue;
        }
        any = true;
        last = f;
        last_end = plan[np - 1].to;
        applied[order[k].index] = true;
    }
    if (ok) {
        const char *nl = fix_line_ending(bytes, len);
        size_t at = 0;
        for (int32_t i = 0; i < np; i++) {
            buf_put(out, bytes + at, plan[i].from - at);
            put_content(out, plan[i].content, nl);
            at = plan[i].to;
        }
        buf_put(out, bytes + at, len - at);
        ok = !out->failed;
    }
    dw_free(l.start), dw_free(l.end), dw_free(order), dw_free(plan);
    return ok;
}
