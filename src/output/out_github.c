/* out_github.c — the github format: one GitHub Actions workflow command per finding, which the
 * runner turns into an annotation on the file and line (like ruff's github format):
 *
 *   ::error file=a.py,line=3,col=5,endLine=3,endColumn=11,title=DW201::DW201 `x` is None here
 *
 * The command is the rule's level (error, warning, or notice for "note"). Columns are sent only
 * when the span is on one line: GitHub rejects a column range across lines. A finding in a
 * notebook is annotated on the lines of the .ipynb file that hold its cell lines (the file GitHub
 * shows in a diff; ruff gives no position there), without columns, and its message starts with
 * the cell, line and column. Property values and
 * the message are escaped as @actions/core escapes them (escapeProperty / escapeData), so a path
 * holding ',' or ':' or a message holding a newline cannot break the command; other control
 * characters, which have no escape, are shown as control pictures (no raw escape sequence reaches
 * the log).
 */
#include <string.h>

#include "out_internal.h"

void out_gh_escape(Buf *b, const char *s, bool property) {
    size_t n = strlen(s);
    const char *run = s; /* the pending run of bytes written as they are */
    for (size_t i = 0; i < n;) {
        unsigned char c = (unsigned char)s[i];
        const char *esc = c == '%'               ? "%25"
                          : c == '\r'            ? "%0D"
                          : c == '\n'            ? "%0A"
                          : property && c == ':' ? "%3A"
                          : property && c == ',' ? "%2C"
                                                 : NULL;
        uint32_t cp = c;
        int len = c < 0x80 ? 1 : out_utf8_next(s + i, n - i, &cp);
        bool printable = c < 0x80 ? c >= 0x20 && c != 0x7f : len > 1 && cp >= 0xa0;
        if (!esc && (printable || c == '\t')) {
            i += (size_t)len;
            continue;
        }
        buf_put(b, run, (size_t)(s + i - run));
        if (esc)
            buf_puts(b, esc);
        else
            out_put_visible_char(b, s + i, len, cp);
        i += (size_t)len;
        run = s + i;
    }
    buf_put(b, run, (size_t)(s + n - run));
}

static const char *command(const RuleTable *rules, const char *code) {
    int32_t i = out_rules_find(rules, code);
    const char *level = out_rule_level(i >= 0 ? &rules->rules[i] : NULL);
    return strcmp(level, "error") == 0     ? "error"
           : strcmp(level, "warning") == 0 ? "warning"
                                           : "notice";
}

static void put_int_property(Buf *b, const char *name, int32_t v) {
    buf_putc(b, ',');
    buf_puts(b, name);
    buf_putc(b, '=');
    out_put_int(b, v);
}

bool out_write_github(Buf *b, const FindingList *fl, const OutputOptions *opt) {
    Arena a;
    arena_init(&a);
    RuleTable rules;
    bool ok = out_rules_init(&rules, &a, opt, fl);
    for (int32_t i = 0; ok && i < fl->len && !b->failed; i++) {
        const Finding *f = &fl->items[i];
        const Location *l = &f->loc;
        buf_puts(b, "::");
        buf_puts(b, command(&rules, f->code));
        buf_puts(b, " file=");
        out_gh_escape(b, OUT_STR(f->path), true);
        if (l->cell > 0) { /* a notebook: the .ipynb lines holding the cell lines */
            if (l->file_line >= 1) put_int_property(b, "line", l->file_line);
            if (l->file_line >= 1 && l->file_end_line >= l->file_line)
                put_int_property(b, "endLine", l->file_end_line);
        } else if (l->line >= 1) {
            bool one_line = l->end_line == l->line;
            put_int_property(b, "line", l->line);
            if (one_line && l->col >= 1) put_int_property(b, "col", l->col);
            if (l->end_line >= l->line) put_int_property(b, "endLine", l->end_line);
            if (one_line && l->col >= 1 && l->end_col >= 1)
                put_int_property(b, "endColumn", l->end_col);
        }
        buf_puts(b, ",title=");
        out_gh_escape(b, OUT_STR(f->code), true);
        buf_puts(b, "::");
        out_gh_escape(b, OUT_STR(f->code), false);
        buf_putc(b, ' ');
        out_cell_where(b, l); /* digits and words: nothing to escape */
        out_gh_escape(b, OUT_STR(f->message), false);
        buf_putc(b, '\n');
    }
    arena_free(&a);
    if (!ok) b->failed = true;
    return ok && !b->failed;
}
