/* noqa_add.c — --add-noqa: `# noqa: CODE` on every line with a finding (fix_noqa_edit in
 * session.h), as ruff's --add-noqa writes them: `  # noqa: DW101, DW103` at the end of the line
 * (its trailing blanks replaced), or the codes appended to the `# noqa: ...` list the line has. */
#include <stdlib.h>
#include <string.h>

#include "check/noqa.h"
#include "fix/edits.h"
#include "fix/session.h"
#include "parse/parser.h"

typedef struct LineCode {
    int32_t line;
    const char *code;
} LineCode;

static int by_line_code(const void *p, const void *q) {
    const LineCode *a = p, *b = q;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    return strcmp(a->code, b->code);
}

/* The line's own `# noqa: CODES` comment, parsed into q: its offset; -1 when the line has none;
 * -2 when the line's noqa comment cannot take more codes: it is the file's `# deadwood: noqa`
 * (a `# noqa` after it in the same comment would not be read, and one before it would hide it),
 * or its list is as long as noqa.h reads. */
static int64_t line_noqa(const FixText *t, const ParseResult *pr, int32_t line, Noqa *q) {
    for (int32_t i = 0; i < pr->nnoqa; i++) {
        size_t off = pr->noqa[i];
        if (line_index_line(&t->lines, off) != line) continue;
        if (!noqa_parse(t->text + off, fix_line_end(t, off) - off, q)) continue;
        if (q->file || q->ncodes == NOQA_MAX_CODES) return -2;
        if (q->ncodes) return (int64_t)off;
    }
    return -1;
}

const Fix *fix_noqa_edit(Arena *a, const char *bytes, size_t len, const Finding *const *fs,
                         int32_t n, int32_t *lines, int32_t *skipped) {
    *lines = *skipped = 0;
    SourceText st;
    ParseResult pr;
    ParseError err;
    LineCode *lc = dw_malloc(sizeof *lc * (size_t)(n ? n : 1));
    if (!lc || parse_bytes(a, bytes, len, &st, &pr, &err) != PARSE_OK) {
        dw_free(lc);
        return NULL;
    }
    for (int32_t i = 0; i < n; i++) lc[i] = (LineCode){fs[i]->noqa_line, fs[i]->code};
    qsort(lc, (size_t)n, sizeof *lc, by_line_code);
    FixText t = {st.text, st.len, pr.lines, pr.toks, pr.ntoks};
    FixBuilder fb;
    fix_begin(&fb, a, &t);
    Buf codes;
    buf_init(&codes);
    for (int32_t i = 0; i < n;) {
        int32_t j = i, line = lc[i].line;
        codes.len = 0;
        for (; j < n && lc[j].line == line; j++)
            if (j == i || strcmp(lc[j].code, lc[j - 1].code) != 0)
                buf_printf(&codes, "%s%s", codes.len ? ", " : "", lc[j].code);
        if (line < 1 || line > t.lines.count) {
            *skipped += j - i;
            i = j;
            continue;
        }
        size_t ls = t.lines.starts[line - 1], le = fix_line_end(&t, ls);
        Noqa q;
        int64_t at = line_noqa(&t, &pr, line, &q);
        if (at >= 0) { /* after the last code of the list */
            size_t end = (size_t)at + q.codes[q.ncodes - 1].off + q.codes[q.ncodes - 1].len;
            char *add = arena_alloc(a, codes.len + 3);
            if (add) {
                add[0] = ',', add[1] = ' ';
                memcpy(add + 2, buf_cstr(&codes), codes.len + 1);
                fix_insert(&fb, end, add);
            } else {
                fix_fail(&fb);
            }
            ++*lines;
        } else if (at == -2 || fix_in_string(&t, le) ||
                   (le > ls && t.text[le - 1] == '\\' && !fix_has_comment(&t, ls, le))) {
            *skipped += j - i; /* in a string, continued on the next line, or the file's noqa */
        } else {
            size_t end = le;
            while (end > ls && (t.text[end - 1] == ' ' || t.text[end - 1] == '\t')) end--;
            Buf c;
            buf_init(&c);
            buf_printf(&c, "%s# noqa: %s", end > ls ? "  " : "", buf_cstr(&codes));
            if (c.failed)
                fix_fail(&fb);
            else
                fix_replace(&fb, end, le, buf_cstr(&c));
            buf_free(&c);
            ++*lines;
        }
        i = j;
    }
    if (codes.failed) fix_fail(&fb);
    buf_free(&codes);
    dw_free(lc);
    return fix_end(&fb, "Add noqa comments");
}
