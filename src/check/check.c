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

Location check_location(const CheckCtx *cx, int32_t line, int32_t col, int32_t end_line,
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

void check_fix(CheckCtx *cx, const Fix *fix) {
    cx->fix = fix;
}

/* Whether edits of the text can be applied to the file's bytes: the text is the bytes read as
 * UTF-8 (line ends aside, which fix/apply.c maps), not a transcoding of another encoding. */
static bool fixable_text(const SourceText *src) {
    return src->text && src->valid_utf8 && strcmp(src->encoding, "utf-8") == 0;
}

static void add(CheckCtx *cx, const Check *rule, Location loc, const Related *rel, int nrel,
                const char *msg) {
    const Fix *fix = cx->fix;
    cx->fix = NULL;
    if ((cx->generated && !rule->trouble) || silenced(cx, loc.line, rule->info.code)) return;
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
    f.fix = fixable_text(cx->src) && !cx->notebook ? fix : NULL;
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
        rel[i].path = cx->path;
        rel[i].loc = check_span(cx, related[i].at, related[i].at);
        rel[i].message = related[i].message;
    }
    add(cx, rule, check_span(cx, at, at), rel, nrelated, msg);
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
    add(cx, rule, check_location(cx, line, col, end_line, end_col), NULL, 0, msg);
}

Location check_span(const CheckCtx *cx, const Node *from, const Node *to) {
    return check_location(cx, from->lineno, from->col_offset, to->end_lineno, to->end_col_offset);
}

void check_report_loc(CheckCtx *cx, Location loc, const Related *related, int nrelated,
                      const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    add(cx, cx->current, loc, related, nrelated, msg);
}

void check_report_range(CheckCtx *cx, const Node *from, const Node *to, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    add(cx, cx->current, check_span(cx, from, to), NULL, 0, msg);
}

const char *check_lines(const NodeList *body, char *buf, size_t cap) {
    int32_t a = body->items[0]->lineno, b = body->items[body->len - 1]->end_lineno;
    if (a == b)
        snprintf(buf, cap, "line %d", a);
    else
        snprintf(buf, cap, "lines %d-%d", a, b);
    return buf;
}

/* ---- a node's text in a message ----------------------------------------------------------- */

/* A piece of a node's source as check_node_text sees it: a name or number, a string, a run of
 * operator characters, one bracket or comma. White space, comments and line continuations
 * between pieces are not pieces: they become one space where Python's own layout would put one. */
typedef struct Piece {
    uint32_t start, end;
    char kind; /* 'w' word, 's' string, 'o' operator, or the bracket or comma itself */
} Piece;

static bool word_byte(unsigned char c) {
    return c == '_' || c >= 0x80 || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z');
}

/* The end of the string literal whose quote is at q (its prefix already read). */
static size_t string_end(const char *t, size_t q, size_t end) {
    char quote = t[q];
    bool triple = q + 2 < end && t[q + 1] == quote && t[q + 2] == quote;
    size_t i = q + (triple ? 3 : 1);
    while (i < end) {
        if (t[i] == '\\') {
            i += 2;
        } else if (t[i] == quote &&
                   (!triple || (i + 2 < end && t[i + 1] == quote && t[i + 2] == quote))) {
            return i + (triple ? 3 : 1);
        } else {
            i++;
        }
    }
    return end;
}

/* Splits t[start, end) into pieces (at most max); returns how many. gap[k] says whether white
 * space, a comment or a line break came before piece k. */
static int32_t pieces(const char *t, size_t start, size_t end, Piece *out, bool *gap, int32_t max) {
    int32_t n = 0;
    bool space = false;
    for (size_t i = start; i < end && n < max;) {
        unsigned char c = (unsigned char)t[i];
        if (c == ' ' || c == '\t' || c == '\f' || c == '\r' || c == '\n' || c == '\\') {
            space = true;
            i++;
            continue;
        }
        if (c == '#') {
            while (i < end && t[i] != '\n') i++;
            space = true;
            continue;
        }
        Piece p = {(uint32_t)i, 0, 'o'};
        if (c == '"' || c == '\'') {
            p.kind = 's';
            i = string_end(t, i, end);
        } else if (word_byte(c)) {
            p.kind = 'w';
            while (i < end && word_byte((unsigned char)t[i])) i++;
            if (i < end && (t[i] == '"' || t[i] == '\'') && i - p.start <= 3) { /* f"...", rb'' */
                p.kind = 's';
                i = string_end(t, i, end);
            }
        } else if (strchr("()[]{},", c)) {
            p.kind = (char)c;
            i++;
        } else {
            while (i < end && !strchr("()[]{},\"'# \t\f\r\n\\", t[i]) &&
                   !word_byte((unsigned char)t[i]))
                i++;
        }
        p.end = (uint32_t)i;
        gap[n] = space;
        out[n++] = p;
        space = false;
    }
    return n;
}

/* Whether one space goes between pieces a and b, given whether the source had layout there. */
static bool spaced(char a, char b, bool gap) {
    if (!gap) return false;
    if (a == '(' || a == '[' || a == '{') return false;
    return !(b == ')' || b == ']' || b == '}' || b == ',');
}

/* Appends piece p (a string's line breaks written as \n, to keep the text on one line). */
static void put_piece(Buf *b, const char *t, const Piece *p) {
    for (uint32_t i = p->start; i < p->end; i++) {
        if (t[i] == '\n')
            buf_puts(b, "\\n");
        else if (t[i] != '\r')
            buf_putc(b, t[i]);
    }
}

/* The length of piece p as put_piece writes it. */
static size_t piece_len(const char *t, const Piece *p) {
    size_t n = 0;
    for (uint32_t i = p->start; i < p->end; i++) n += t[i] == '\n' ? 2 : t[i] != '\r';
    return n;
}

#define ELLIPSIS "\xe2\x80\xa6" /* U+2026 */

const char *check_node_text(const CheckCtx *cx, const Node *n, char *buf, size_t cap) {
    enum { MAX_PIECES = 512 };
    if (cap == 0) return buf;
    buf[0] = 0;
    if (n->lineno < 1 || n->lineno > cx->lines.count || n->end_lineno < n->lineno ||
        n->end_lineno > cx->lines.count || cap < 16)
        return buf;
    const char *t = cx->src->text;
    size_t start = cx->lines.starts[n->lineno - 1] + (size_t)n->col_offset;
    size_t end = cx->lines.starts[n->end_lineno - 1] + (size_t)n->end_col_offset;
    if (end > cx->src->len) end = cx->src->len;
    Piece p[MAX_PIECES];
    bool gap[MAX_PIECES];
    int32_t np = pieces(t, start, end, p, gap, MAX_PIECES);
    bool cut = np == MAX_PIECES && p[np - 1].end < end;
    /* each piece's length with the space before it */
    size_t len[MAX_PIECES], total = 0;
    for (int32_t k = 0; k < np; k++) {
        len[k] = piece_len(t, &p[k]) + (k && spaced(p[k - 1].kind, p[k].kind, gap[k]));
        total += len[k];
    }
    size_t budget = cap - 1;
    /* the whole text, or a head and a tail of whole pieces around an ellipsis */
    int32_t head = np, tail = np;
    if (total > budget || cut) {
        size_t room = budget - (sizeof ELLIPSIS - 1) - 2, used = 0;
        for (head = 0; head < np && used + len[head] <= room * 3 / 5; head++) used += len[head];
        if (head && head < np && p[head].kind == ',') used += len[head++]; /* `a, …` */
        for (tail = np; !cut && tail > head + 1 && used + len[tail - 1] <= room; tail--)
            used += len[tail - 1];
    }
    Buf b;
    buf_init(&b);
    for (int32_t k = 0; k < head; k++) {
        if (k && spaced(p[k - 1].kind, p[k].kind, gap[k])) buf_putc(&b, ' ');
        put_piece(&b, t, &p[k]);
    }
    if (head < np) {
        if (head == 0) { /* one piece longer than the room: its first bytes */
            put_piece(&b, t, &p[0]);
            b.len = budget * 3 / 5 < b.len ? budget * 3 / 5 : b.len;
            while (b.len && ((unsigned char)b.data[b.len] & 0xc0) == 0x80) b.len--;
        } else if (p[head - 1].kind != '(' && p[head - 1].kind != '[' && p[head - 1].kind != '{') {
            buf_putc(&b, ' ');
        }
        buf_puts(&b, ELLIPSIS);
        for (int32_t k = tail; k < np; k++) {
            if (k > tail ? spaced(p[k - 1].kind, p[k].kind, gap[k]) : !strchr(")]},", p[k].kind))
                buf_putc(&b, ' ');
            put_piece(&b, t, &p[k]);
        }
    }
    size_t m = b.failed ? 0 : b.len < budget ? b.len : budget;
    while (m < b.len && m && ((unsigned char)b.data[m] & 0xc0) == 0x80) m--;
    if (m) memcpy(buf, b.data, m);
    buf[m] = 0;
    buf_free(&b);
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
    W->cx->outer = W->nunits && W->units[W->nunits - 1] != unit ? W->units[W->nunits - 1] : NULL;
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

/* Recursive: its depth is bounded by the tree's height, at most AST_MAX_HEIGHT (the parser's). */
static int walk(Node *n, void *ud) {
    Walk *W = ud;
    uint8_t todo = W->todo[n->kind];
    W->cx->want_graph = false;
    if (todo & DO_VISIT)
        for (int i = 0; i < W->nvisitors[n->kind]; i++) {
            W->cx->current = W->visitors[n->kind][i];
            W->visitors[n->kind][i]->visit(W->cx, n, W->parent);
        }
    bool want = W->cx->want_graph;
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
        W->needs[W->nunits++] = want;
        for (int32_t i = 0; i < body->len; i++) walk(body->items[i], W);
        if (W->needs[--W->nunits]) run_unit(W, n);
    }
    W->parent = saved;
    if (todo & DO_LEAVE) summary_leave(W->sb, n);
    return 0;
}

/* Offers the troubles of a file, most telling first, to the enabled rules with a trouble hook:
 * the first trouble some rule reports is the file's finding. */
static void report_trouble(CheckCtx *cx, const Trouble *ts, int n) {
    for (int k = 0; k < n; k++)
        for (int i = 0; i < check_count; i++) {
            const Check *c = check_registry[i];
            if (!c->trouble || !check_enabled(cx->opt, c)) continue;
            cx->current = c;
            if (c->trouble(cx, &ts[k])) return;
        }
}

void check_report_trouble(CheckCtx *cx, const Trouble *t) {
    int32_t line = t->line > 0 ? t->line : 1;
    if (!cx->src->text || !cx->lines.count) { /* nothing decoded: no source line */
        Finding f = {0};
        f.code = cx->current->info.code;
        f.name = cx->current->info.name;
        f.path = cx->path;
        f.loc = t->at ? *t->at : (Location){.line = line, .col = 1, .end_line = line, .end_col = 1};
        f.message = t->msg;
        f.noqa_line = f.loc.line;
        findings_add(cx->out, &f);
        cx->reported++;
        return;
    }
    int32_t end_col = t->end_line == t->line && t->end_col > t->col ? t->end_col : t->col;
    check_report_at(cx, cx->current, line, t->col, line, end_col, "%s", t->msg);
}

/* Offers a file's one trouble (the file has no text) to the rules. False when the finding that a
 * rule reported could not be added (out of memory). */
static bool offer(CheckCtx *cx, const Trouble *t) {
    int32_t before = cx->out->len;
    report_trouble(cx, t, 1);
    return cx->reported == 0 || cx->out->len > before;
}

bool check_unreadable(const char *display, const char *why, const CheckOptions *opt,
                      FindingList *out) {
    SourceText none = {0};
    CheckCtx cx = {.path = display, .src = &none, .opt = opt, .out = out};
    Trouble t = {TROUBLE_UNREADABLE, why, 0, 0, 0, 0, NULL};
    return offer(&cx, &t);
}

/* A notebook that cannot be read: a decoding trouble where the file goes wrong (a line and column
 * of the .ipynb), or a syntax trouble in the cell whose code CPython refuses before parsing (a NUL
 * character). False when out of memory. */
static bool notebook_unreadable(CheckCtx *cx, const NotebookError *ne) {
    Location at = {ne->line, ne->col, ne->line, ne->col, ne->cell, 0, 0};
    if (!ne->cell) at.file_line = at.file_end_line = ne->line;
    Trouble t = {
        ne->cell ? TROUBLE_SYNTAX : TROUBLE_DECODE, ne->msg, ne->line, 0, ne->line, 0, &at};
    return offer(cx, &t);
}

/* A file's memory is freed at once: its own arena, or the caller's, reset for the next file. */
static void release(Arena *a, const Arena *scratch) {
    if (scratch)
        arena_reset(a, KEEP_BETWEEN_FILES);
    else
        arena_free(a);
}

/* A syntax error of the newest grammar that an older CPython's accepts (a newline in the format
 * spec of a one-quote f-string is 3.13's, refused from 3.14 on) is still an error wherever the
 * newest runs, but the message says which versions accept it: the newest such, tried down to
 * PARSE_PY_OLDEST (3.13, the oldest grammar deadwood knows), only once the file has failed, each in
 * an arena of its own. An unknown `__future__` feature is no such error: 3.13 refuses it when
 * compiling. */
static void older_grammar_note(const SourceText *src, const ParseError *err, char *msg,
                               size_t cap) {
    snprintf(msg, cap, "%s", err->msg);
    if (err->decode || err->future || !src->text) return;
    for (int minor = LEX_PY_NEWEST - 1; minor >= PARSE_PY_OLDEST; minor--) {
        Arena a;
        arena_init(&a);
        ParseResult pr;
        ParseError e;
        ParseStatus st = parse_module_as(&a, src, minor, &pr, &e);
        arena_free(&a);
        if (st == PARSE_NO_MEMORY) return; /* (what an older version says is then unknown) */
        if (st == PARSE_OK) {
            snprintf(msg, cap, "%s (Python 3.%d and later; 3.%d accepts it)", err->msg, minor + 1,
                     minor);
            return;
        }
    }
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
        /* undecodable bytes anywhere, not the syntax, are why Python refuses such a file */
        Trouble ts[2];
        int n = 0;
        char msg[sizeof err.msg + 64];
        older_grammar_note(&src, &err, msg, sizeof msg);
        if (src.text && cx.lines.count && !src.valid_utf8)
            ts[n++] = (Trouble){TROUBLE_UNDECODABLE, NULL, 0, 0, 0, 0, NULL};
        ts[n++] = (Trouble){err.decode ? TROUBLE_DECODE : TROUBLE_SYNTAX,
                            msg,
                            err.line,
                            err.col,
                            err.end_line,
                            err.end_col,
                            NULL};
        report_trouble(&cx, ts, n);
        release(ap, scratch);
        return true;
    }
    cx.parse = &pr;
    cx.fix_text = (FixText){src.text, src.len, pr.lines, pr.toks, pr.ntoks};
    cx.generated = source_is_generated(src.text, src.len);
    Walk *W = arena_zalloc(ap, sizeof *W);
    if (!W || !noqa_load(&cx)) {
        release(ap, scratch);
        return false;
    }
    W->cx = &cx;
    if (sum_arena) {
        static const SummaryOptions none = {0};
        W->sb = summary_begin(sum_arena, ap, display, pr.module, &src, &pr, sopt ? sopt : &none,
                              cx.generated);
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
    const uint8_t *visits = W->sb ? summary_visits(W->sb) : NULL;
    for (int k = 0; k < AST_KIND_COUNT; k++) {
        uint8_t sv = visits ? visits[k] : 0;
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
