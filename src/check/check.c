/* check.c — running the rules over one file: the walk, the code units and their graphs,
 * reporting and `# noqa`. */
#include "check.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

/* ---- rules -------------------------------------------------------------------------------- */

const Check *check_find(const char *s) {
    for (int i = 0; i < check_count; i++) {
        const Check *c = check_registry[i];
        if (strcasecmp(c->info.code, s) == 0 || strcmp(c->info.name, s) == 0) return c;
    }
    return NULL;
}

int check_index(const Check *c) {
    for (int i = 0; i < check_count; i++)
        if (check_registry[i] == c) return i;
    return -1;
}

bool check_enabled(const CheckOptions *opt, const Check *c) {
    if (!opt || !opt->enabled) return c->info.default_on;
    int i = check_index(c);
    return i >= 0 && opt->enabled[i];
}

/* ---- noqa --------------------------------------------------------------------------------- */

/* The file's noqa comments, parsed once (after a successful parse). */
static bool noqa_load(CheckCtx *cx) {
    const ParseResult *pr = cx->parse;
    cx->noqa = arena_alloc(cx->arena, sizeof *cx->noqa * (size_t)(pr->nnoqa ? pr->nnoqa : 1));
    if (!cx->noqa) return false;
    for (int32_t i = 0; i < pr->nnoqa; i++) {
        uint32_t off = pr->noqa[i];
        const char *s = cx->src->text + off;
        const char *e = memchr(s, '\n', cx->src->len - off);
        Noqa *q = &cx->noqa[cx->nnoqa];
        if (!noqa_parse(s, e ? (size_t)(e - s) : cx->src->len - off, q)) continue;
        q->line = line_index_line(&cx->lines, off);
        size_t ls = cx->lines.starts[q->line - 1];
        q->col = utf8_count_chars(cx->src->text + ls, off - ls) + 1;
        cx->nnoqa++;
    }
    return true;
}

/* Is a finding of `code` on `line` silenced? (Marks what silenced it as used.) */
static bool silenced(CheckCtx *cx, int32_t line, const char *code) {
    for (int32_t i = 0; i < cx->nnoqa; i++)
        if (noqa_use(&cx->noqa[i], line, code)) return true;
    return false;
}

/* ---- reporting ---------------------------------------------------------------------------- */

static Location location(const CheckCtx *cx, int32_t line, int32_t col, int32_t end_line,
                         int32_t end_col) {
    Location l = {0};
    const char *text = cx->src->text;
    int32_t nlines = cx->lines.count;
    if (line < 1) line = 1;
    if (line > nlines) line = nlines;
    if (end_line < line) end_line = line, end_col = col;
    if (end_line > nlines) end_line = nlines;
    const char *ls = text + cx->lines.starts[line - 1];
    const char *es = text + cx->lines.starts[end_line - 1];
    l.line = line;
    l.col = utf8_count_chars(ls, (size_t)(col > 0 ? col : 0)) + 1;
    l.end_line = end_line;
    l.end_col = utf8_count_chars(es, (size_t)(end_col > 0 ? end_col : 0)) + 1;
    return l;
}

static char *line_text(CheckCtx *cx, int32_t line) {
    if (line < 1 || line > cx->lines.count) return NULL;
    const char *s = cx->src->text + cx->lines.starts[line - 1];
    const char *e = memchr(s, '\n', cx->src->len - (size_t)(s - cx->src->text));
    size_t n = e ? (size_t)(e - s) : strlen(s);
    return arena_strndup(cx->arena, s, n);
}

/* A notebook's finding: at its cell's line and columns, citing cells' lines, with the line as
 * written in the cell. */
static void in_cells(CheckCtx *cx, Finding *f, Related *rel) {
    const Notebook *nb = cx->notebook;
    const NotebookLine *m = notebook_line(nb, f->loc.line);
    f->source = m ? arena_strndup(cx->arena, m->orig, (size_t)m->orig_len) : NULL;
    notebook_map(nb, &f->loc);
    f->noqa_line = f->loc.line;
    f->message = notebook_message(cx->arena, nb, f->loc.cell, f->message);
    for (int32_t i = 0; i < f->nrelated; i++) {
        rel[i] = f->related[i];
        notebook_map(nb, &rel[i].loc);
        rel[i].message = notebook_message(cx->arena, nb, rel[i].loc.cell, rel[i].message);
    }
    f->related = rel;
}

static void add(CheckCtx *cx, const Check *rule, Location loc, const Related *rel, int nrel,
                const char *msg) {
    if (silenced(cx, loc.line, rule->info.code)) return;
    Finding f = {0};
    f.code = rule->info.code;
    f.name = rule->info.name;
    f.path = cx->path;
    f.loc = loc;
    f.message = msg;
    f.noqa_line = loc.line;
    f.related = (Related *)rel;
    f.nrelated = nrel;
    Related mapped[8];
    if (cx->notebook && nrel <= 8)
        in_cells(cx, &f, mapped);
    else
        f.source = line_text(cx, loc.line);
    findings_add(cx->out, &f);
    cx->reported++;
}

void check_vreport(CheckCtx *cx, const Check *rule, const Node *at, const CheckRelated *related,
                   int nrelated, const char *fmt, va_list ap) {
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    Related rel[8];
    if (nrelated > 8) nrelated = 8;
    for (int i = 0; i < nrelated; i++) {
        const Node *r = related[i].at;
        rel[i].path = cx->path;
        rel[i].loc = location(cx, r->lineno, r->col_offset, r->end_lineno, r->end_col_offset);
        rel[i].message = related[i].message;
    }
    add(cx, rule, location(cx, at->lineno, at->col_offset, at->end_lineno, at->end_col_offset), rel,
        nrelated, msg);
}

void check_report(CheckCtx *cx, const Node *at, const CheckRelated *related, int nrelated,
                  const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    check_vreport(cx, cx->current, at, related, nrelated, fmt, ap);
    va_end(ap);
}

void check_report_at(CheckCtx *cx, const Check *rule, int32_t line, int32_t col, int32_t end_line,
                     int32_t end_col, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    add(cx, rule, location(cx, line, col, end_line, end_col), NULL, 0, msg);
}

void check_report_range(CheckCtx *cx, const Node *from, const Node *to, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    add(cx, cx->current,
        location(cx, from->lineno, from->col_offset, to->end_lineno, to->end_col_offset), NULL, 0,
        msg);
}

const char *check_lines(const NodeList *body, char *buf, size_t cap) {
    int32_t a = body->items[0]->lineno, b = body->items[body->len - 1]->end_lineno;
    if (a == b)
        snprintf(buf, cap, "line %d", a);
    else
        snprintf(buf, cap, "lines %d-%d", a, b);
    return buf;
}

const char *check_node_text(const CheckCtx *cx, const Node *n, char *buf, size_t cap) {
    if (cap == 0) return buf;
    buf[0] = 0;
    if (n->lineno < 1 || n->lineno > cx->lines.count) return buf;
    const char *text = cx->src->text;
    size_t start = cx->lines.starts[n->lineno - 1] + (size_t)n->col_offset;
    size_t end = n->end_lineno == n->lineno
                     ? cx->lines.starts[n->lineno - 1] + (size_t)n->end_col_offset
                     : start;
    bool more = n->end_lineno != n->lineno;
    if (more) {
        const char *nl = memchr(text + start, '\n', cx->src->len - start);
        end = nl ? (size_t)(nl - text) : cx->src->len;
    }
    size_t len = end > start ? end - start : 0;
    if (len + 4 >= cap) {
        len = cap > 8 ? cap - 8 : 0;
        while (len && ((unsigned char)text[start + len] & 0xc0) == 0x80) len--;
        more = true;
    }
    snprintf(buf, cap, "%.*s%s", (int)len, text + start, more ? "..." : "");
    return buf;
}

/* ---- the walk ----------------------------------------------------------------------------- */

enum { MAX_UNITS = 512 };

typedef struct Walk {
    CheckCtx *cx;
    SumBuilder *sb;
    /* the code units enclosing the current node, and whether each needs its graph: the flow
     * rules only learn something where None is compared or assigned, so most functions never
     * get one built */
    const Node *units[MAX_UNITS];
    bool needs[MAX_UNITS];
    int nunits;
    const Check *visitors[AST_KIND_COUNT][16];
    int nvisitors[AST_KIND_COUNT];
    const Check *flows[16];
    int nflows;
    const Node *parent;
    uint8_t todo[AST_KIND_COUNT]; /* per kind, what the walk does at a node of it (DO_*): most
                                     nodes need nothing, which one load tells */
} Walk;

enum { DO_VISIT = 1, DO_FLOW = 2, DO_ENTER = 4, DO_LEAVE = 8, DO_UNIT = 16 };

static void run_unit(Walk *W, const Node *unit) {
    Cfg *g = cfg_build(W->cx->arena, unit);
    if (!g) return;
    W->cx->unit = unit;
    for (int i = 0; i < W->nflows; i++) {
        W->cx->current = W->flows[i];
        W->flows[i]->flow(W->cx, g);
    }
    if (W->sb) summary_unit(W->sb, unit, g);
}

static bool is_none(const Node *e) {
    return e && e->kind == AST_CONSTANT && e->Constant.value.kind == CONST_NONE;
}

/* The kinds flow_trigger may say yes to. */
static bool flow_kind(int k) {
    return k == AST_COMPARE || k == AST_ASSIGN || k == AST_ANN_ASSIGN || k == AST_NAMED_EXPR ||
           k == AST_MATCH_SINGLETON;
}

/* Does this node give a flow rule something to track (a None comparison or assignment)? */
static bool flow_trigger(const Node *n) {
    switch (n->kind) {
    case AST_COMPARE:
        if (is_none(n->Compare.left)) return true;
        for (int32_t i = 0; i < n->Compare.comparators.len; i++)
            if (is_none(n->Compare.comparators.items[i])) return true;
        return false;
    case AST_ASSIGN: return is_none(n->Assign.value);
    case AST_ANN_ASSIGN: return is_none(n->AnnAssign.value);
    case AST_NAMED_EXPR: return is_none(n->NamedExpr.value);
    case AST_MATCH_SINGLETON: return n->MatchSingleton.value.kind == CONST_NONE;
    default: return false;
    }
}

static int walk(Node *n, void *ud) {
    Walk *W = ud;
    uint8_t todo = W->todo[n->kind];
    if (todo & DO_VISIT)
        for (int i = 0; i < W->nvisitors[n->kind]; i++) {
            W->cx->current = W->visitors[n->kind][i];
            W->visitors[n->kind][i]->visit(W->cx, n, W->parent);
        }
    bool need = ((todo & DO_ENTER) && summary_enter(W->sb, n, W->parent)) ||
                ((todo & DO_FLOW) && flow_trigger(n));
    if (need) W->needs[W->nunits - 1] = true;
    const Node *saved = W->parent;
    W->parent = n;
    /* (a unit nested too deeply is left to the outer unit) */
    if (!(todo & DO_UNIT) || W->nunits >= MAX_UNITS) {
        ast_children(n, walk, W);
    } else {
        /* decorators, defaults, bases run in the enclosing unit; the body is the unit's own */
        const NodeList *body = n->kind == AST_CLASS_DEF ? &n->ClassDef.body : &n->FunctionDef.body;
        for (const FieldDesc *fd = ast_kinds[n->kind].fields; fd->name; fd++) {
            const char *p = (const char *)n + fd->offset;
            if (fd->type == FT_NODE || fd->type == FT_OPT) {
                Node *c = *(Node *const *)p;
                if (c) walk(c, W);
            } else if (fd->type == FT_LIST && (const NodeList *)p != body) {
                const NodeList *l = (const NodeList *)p;
                for (int32_t i = 0; i < l->len; i++)
                    if (l->items[i]) walk(l->items[i], W);
            }
        }
        W->units[W->nunits] = n;
        W->needs[W->nunits++] = false;
        for (int32_t i = 0; i < body->len; i++) walk(body->items[i], W);
        if (W->needs[--W->nunits]) run_unit(W, n);
    }
    W->parent = saved;
    if (todo & DO_LEAVE) summary_leave(W->sb, n);
    return 0;
}

bool unreadable_file_report_utf8(CheckCtx *cx);

/* A notebook that cannot be read: DW001 where the file goes wrong, or DW000 in the cell whose
 * code CPython refuses before parsing (a NUL character). False when out of memory. */
static bool notebook_unreadable(CheckCtx *cx, const NotebookError *ne) {
    const Check *rule = check_find(ne->cell ? "DW000" : "DW001");
    if (!rule || !check_enabled(cx->opt, rule)) return true;
    Finding f = {0};
    f.code = rule->info.code;
    f.name = rule->info.name;
    f.path = cx->path;
    f.loc = (Location){ne->line, ne->col, ne->line, ne->col, ne->cell, 0, 0};
    if (!ne->cell) f.loc.file_line = f.loc.file_end_line = ne->line;
    f.message = ne->msg;
    f.noqa_line = ne->line;
    return findings_add(cx->out, &f);
}

static const Check *lookup(const char *code) {
    for (int i = 0; i < check_count; i++)
        if (strcmp(check_registry[i]->info.code, code) == 0) return check_registry[i];
    return NULL;
}

/* A file's memory is freed at once: its own arena, or the caller's, reset for the next file. */
static void release(Arena *a, const Arena *scratch) {
    if (scratch)
        arena_reset(a, KEEP_BETWEEN_FILES);
    else
        arena_free(a);
}

bool check_file_bytes_in(Arena *scratch, const char *display, const char *bytes, size_t len,
                         const CheckOptions *opt, FindingList *out, const SummaryOptions *sopt,
                         Arena *sum_arena, ModuleSummary **summary) {
    if (summary) *summary = NULL;
    Arena local;
    Arena *ap = scratch ? scratch : &local;
    if (!scratch) arena_init(&local);
    SourceText src = {0};
    ParseResult pr = {0};
    ParseError err;
    CheckCtx cx = {0};
    cx.arena = ap;
    cx.path = display;
    cx.src = &src;
    cx.opt = opt;
    cx.out = out;
    Notebook nb;
    ParseStatus st;
    if (notebook_path(display)) {
        NotebookError ne;
        if (!notebook_read(ap, bytes, len, &nb, &ne)) {
            bool ok = !ne.oom && notebook_unreadable(&cx, &ne);
            release(ap, scratch);
            return ok;
        }
        if (!nb.python) { /* another language's notebook: nothing to analyze (ruff's choice) */
            release(ap, scratch);
            return true;
        }
        src = nb.text;
        cx.notebook = &nb;
        st = parse_module(ap, &src, &pr, &err);
    } else {
        st = parse_bytes(ap, bytes, len, &src, &pr, &err);
    }
    if (st == PARSE_NO_MEMORY) {
        release(ap, scratch);
        return false;
    }
    if (st == PARSE_OK)
        cx.lines = pr.lines;
    else if (src.text)
        line_index_build(ap, src.text, src.len, &cx.lines);
    if (st == PARSE_SYNTAX_ERROR) {
        const Check *dw001 = lookup("DW001");
        if (src.text && cx.lines.count && dw001 && check_enabled(opt, dw001)) {
            /* undecodable bytes anywhere: that, not the syntax, is why Python refuses the file */
            cx.current = dw001;
            if (unreadable_file_report_utf8(&cx)) {
                release(ap, scratch);
                return true;
            }
        }
        const Check *rule = lookup(err.decode ? "DW001" : "DW000");
        if (rule && check_enabled(opt, rule)) {
            if (!src.text || !cx.lines.count) {
                /* nothing decoded: report at 1:1 with no source line */
                Finding f = {0};
                f.code = rule->info.code;
                f.name = rule->info.name;
                f.path = display;
                int32_t line = err.line > 0 ? err.line : 1;
                f.loc = (Location){.line = line, .col = 1, .end_line = line, .end_col = 1};
                f.message = err.msg;
                f.noqa_line = f.loc.line;
                findings_add(out, &f);
            } else {
                int32_t end_col =
                    err.end_line == err.line && err.end_col > err.col ? err.end_col : err.col;
                check_report_at(&cx, rule, err.line, err.col, err.line, end_col, "%s", err.msg);
            }
        }
        release(ap, scratch);
        return true;
    }
    cx.parse = &pr;
    Walk *W = arena_zalloc(ap, sizeof *W);
    if (!W || !noqa_load(&cx)) {
        release(ap, scratch);
        return false;
    }
    W->cx = &cx;
    if (sum_arena) {
        static const SummaryOptions none = {0};
        W->sb = summary_begin(sum_arena, ap, display, pr.module, &src, &pr, sopt ? sopt : &none);
        if (!W->sb) {
            release(ap, scratch);
            return false;
        }
    }
    for (int i = 0; i < check_count; i++) {
        const Check *c = check_registry[i];
        if (!check_enabled(opt, c)) continue;
        if (c->visit)
            for (int k = 0; k < AST_KIND_COUNT; k++)
                if ((c->kinds[k / 64] >> (k % 64) & 1) && W->nvisitors[k] < 16)
                    W->visitors[k][W->nvisitors[k]++] = c;
        if (c->flow && W->nflows < 16) W->flows[W->nflows++] = c;
    }
    for (int k = 0; k < AST_KIND_COUNT; k++) {
        uint8_t sv = W->sb ? summary_visits[k] : 0;
        bool unit = k == AST_FUNCTION_DEF || k == AST_ASYNC_FUNCTION_DEF || k == AST_CLASS_DEF;
        W->todo[k] =
            (uint8_t)((W->nvisitors[k] ? DO_VISIT : 0) | (W->nflows && flow_kind(k) ? DO_FLOW : 0) |
                      (sv & SUMMARY_ENTER ? DO_ENTER : 0) | (sv & SUMMARY_LEAVE ? DO_LEAVE : 0) |
                      (unit ? DO_UNIT : 0));
    }
    W->units[0] = pr.module;
    W->needs[0] = false;
    W->nunits = 1;
    walk(pr.module, W);
    if (W->needs[0]) run_unit(W, pr.module);
    for (int last = 0; last < 2; last++) /* the rules that read every finding go last */
        for (int i = 0; i < check_count; i++) {
            const Check *c = check_registry[i];
            if (c->end && c->end_last == last && check_enabled(opt, c)) {
                cx.current = c;
                c->end(&cx);
            }
        }
    bool ok = true;
    if (W->sb) {
        *summary = summary_finish(W->sb);
        ok = *summary != NULL;
    }
    release(ap, scratch);
    return ok;
}

bool check_file_bytes(const char *display, const char *bytes, size_t len, const CheckOptions *opt,
                      FindingList *out, const SummaryOptions *sopt, Arena *sum_arena,
                      ModuleSummary **summary) {
    return check_file_bytes_in(NULL, display, bytes, len, opt, out, sopt, sum_arena, summary);
}
