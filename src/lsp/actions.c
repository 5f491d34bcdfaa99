/* actions.c — code actions: "Ignore DW201 for this line" for each finding in the range asked
 * about, as ruff's --add-noqa writes it: the code appended to the line's `# noqa: ...` list
 * (other tools' codes kept), or `  # noqa: DW201` added at the end of the line. A line whose
 * `# noqa` has no codes already silences everything, and a line that continues on the next (a
 * backslash) gets no comment, so no action is offered there.
 *
 * (Fixes as quickfixes, and source.fixAll.deadwood, wait for the fixes of issue 18: findings carry
 * no fix on this branch.) */
#include <stdio.h>
#include <string.h>

#include "check/noqa.h"
#include "internal.h"
#include "parse/parser.h"

/* Where `# noqa` comments are on each line of the document: the parser's list of comments that
 * mention noqa (not a '#' inside a string), as offsets in the document's own text. */
typedef struct NoqaAt {
    const uint32_t *off; /* in the decoded text, which differs from the buffer only in line ends
                            and a byte order mark */
    int32_t n;
    LineIndex lines;
    const char *text;
} NoqaAt;

/* The `# noqa` comment on 1-based line `line` of the document: its column in the line (bytes),
 * parsed into q; -1 when the line has none. */
static int32_t line_noqa(const NoqaAt *at, int32_t line, Noqa *q) {
    for (int32_t i = 0; i < at->n; i++) {
        uint32_t off = at->off[i];
        if (line_index_line(&at->lines, off) != line) continue;
        uint32_t start = at->lines.starts[line - 1];
        const char *s = at->text + off, *e = strchr(s, '\n');
        if (noqa_parse(s, e ? (size_t)(e - s) : strlen(s), q) && !q->file)
            return (int32_t)(off - start);
    }
    return -1;
}

static void put_action(LspServer *s, Doc *d, const char *code, int32_t line, size_t from, size_t to,
                       const char *insert) {
    JsonWriter *w = &s->w;
    char title[64];
    snprintf(title, sizeof title, "Ignore %s for this line", code);
    jw_open(w, '{');
    jw_key(w, "title");
    jw_str(w, title);
    jw_key(w, "kind");
    jw_str(w, "quickfix");
    jw_key(w, "edit");
    jw_open(w, '{');
    jw_key(w, "changes");
    jw_open(w, '{');
    jw_key(w, d->uri);
    jw_open(w, '[');
    jw_open(w, '{');
    jw_key(w, "range");
    const char *ls;
    size_t n;
    text_line(&d->text, line - 1, &ls, &n);
    size_t base = (size_t)(ls - d->text.buf.data);
    TextPos a = text_pos(&d->text, base + from, s->enc), b = text_pos(&d->text, base + to, s->enc);
    put_text_range(s, a, b);
    jw_key(w, "newText");
    jw_str(w, insert);
    jw_close(w, '}');
    jw_close(w, ']');
    jw_close(w, '}');
    jw_close(w, '}');
    jw_close(w, '}');
}

/* The action for a finding of `code` whose `# noqa` goes on `line`; false when there is none. */
static bool ignore_action(LspServer *s, Doc *d, const NoqaAt *at, const char *code, int32_t line) {
    const char *ls;
    size_t n;
    if (!text_line(&d->text, line - 1, &ls, &n)) return false;
    size_t bom = line == 1 && n >= 3 && memcmp(ls, "\xef\xbb\xbf", 3) == 0 ? 3 : 0;
    Noqa q;
    int32_t col = at ? line_noqa(at, line, &q) : -1;
    char insert[64];
    if (col >= 0) {
        if (!q.ncodes) return false; /* a bare `# noqa` silences every rule already */
        size_t end = bom + (size_t)col + q.codes[q.ncodes - 1].off + q.codes[q.ncodes - 1].len;
        snprintf(insert, sizeof insert, ", %s", code);
        put_action(s, d, code, line, end, end, insert);
        return true;
    }
    if (n && ls[n - 1] == '\\') return false; /* the line goes on: a comment would end it */
    size_t end = n;
    while (end > 0 && (ls[end - 1] == ' ' || ls[end - 1] == '\t')) end--;
    snprintf(insert, sizeof insert, "%s# noqa: %s", end > 0 ? "  " : "", code);
    put_action(s, d, code, line, end, n, insert);
    return true;
}

void code_action(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Doc *d = param_doc(s, id, params);
    if (!d) return;
    TextPos from, to;
    if (!json_range(json_get(params, "range"), &from, &to)) {
        reply_error(s, id, RPC_INVALID_PARAMS, "range is missing");
        return;
    }
    const JsonValue *only = json_get(json_get(params, "context"), "only");
    bool quickfix = !only;
    for (int32_t i = 0; i < json_len(only); i++) {
        const char *k = json_string(json_at(only, i));
        quickfix |= k && strncmp(k, "quickfix", 8) == 0;
    }
    int32_t n = 0;
    const Finding *const *fs = d->path && quickfix ? ws_findings(s->ws, d->path, &n) : NULL;
    Arena a;
    arena_init(&a);
    SourceText st;
    ParseResult pr;
    ParseError err;
    NoqaAt at = {0};
    bool parsed = n && parse_bytes(&a, d->text.buf.data ? d->text.buf.data : "", d->text.buf.len,
                                   &st, &pr, &err) == PARSE_OK;
    if (parsed) at = (NoqaAt){pr.noqa, pr.nnoqa, pr.lines, st.text};
    result_begin(s, id);
    jw_open(&s->w, '[');
    const char *done[64];
    int32_t ndone = 0, done_line[64];
    for (int32_t i = 0; i < n && ndone < 64; i++) {
        const Finding *f = fs[i];
        /* the findings whose lines meet the range (0-based lines there) */
        if (f->loc.end_line - 1 < from.line || f->loc.line - 1 > to.line) continue;
        int32_t line = f->noqa_line > 0 ? f->noqa_line : f->loc.line;
        bool seen = false;
        for (int32_t k = 0; k < ndone && !seen; k++)
            seen = done_line[k] == line && strcmp(done[k], f->code) == 0;
        if (seen || !ignore_action(s, d, parsed ? &at : NULL, f->code, line)) continue;
        done[ndone] = f->code;
        done_line[ndone++] = line;
    }
    jw_close(&s->w, ']');
    result_end(s);
    arena_free(&a);
}
