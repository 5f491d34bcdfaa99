/* bodies.c — the code of the methods the override rules compare, made on demand.
 *
 * DW301 and DW302 compare a method with the base method it overrides, statement by statement,
 * as structural hashes. Hashing every method body while each file is parsed costs about as much
 * as a second walk of every tree, for few methods: only a method that overrides a base method
 * found in the tree, and that base method, are ever compared, and only where the two rules'
 * conditions that need no hash hold (flags; statement counts and shapes, which the walk takes
 * without hashing: see summary.c). In the 3.13 stdlib that is about 300 pairs, against 51,111
 * methods. So summaries record each method's span, statement count and shape, and once the
 * index knows which method overrides which, only the methods of those pairs are read again and
 * parsed: a method's lines, from its first decorator to its last line, read alone (pread at the
 * offsets the walk recorded, when the file's bytes are its text; otherwise the file is decoded
 * again) and parsed on their own as the body of an `if 1:` (which makes any indentation legal;
 * a def at column 0 needs none), give the same tree as in the whole file. The def found there
 * must have the method's name and span; a file that changed since, or cannot be read, leaves
 * its methods without hashes: the rules skip them, and the CLI warns.
 *
 * The same reading again answers DW203's question whether a name is a local of a function
 * (index_bound_locally), asked only of the calls it would otherwise report.
 */
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/threads.h"
#include "index.h"
#include "parse/parser.h"
#include "source/source.h"

static const char PREFIX[] = "if 1:\n";
enum { PREFIX_LEN = sizeof PREFIX - 1 };
static const char NO_PREFIX[] = "#    \n"; /* (as long, and no code) */
_Static_assert(sizeof NO_PREFIX == sizeof PREFIX, "the prefixes are as long");

/* The def in the tree of one method's lines, if it is the method summarized as f. */
static const Node *the_def(const Node *module, const FuncSum *f, int32_t offset) {
    if (module->Module.body.len != 1) return NULL;
    const Node *d = module->Module.body.items[0];
    if (d->kind == AST_IF) { /* (an indented def: a method, a nested function) */
        if (d->If.body.len != 1) return NULL;
        d = d->If.body.items[0];
    }
    if (d->kind != AST_FUNCTION_DEF && d->kind != AST_ASYNC_FUNCTION_DEF) return NULL;
    Str name = d->FunctionDef.name;
    if (!name.s || strlen(f->name) != (size_t)name.len ||
        memcmp(f->name, name.s, (size_t)name.len) != 0)
        return NULL;
    if (d->lineno + offset != f->line || d->end_lineno + offset != f->end_line) return NULL;
    return d;
}

/* A method's fragment: PREFIX, then n bytes of its text (which the caller puts at the returned
 * buffer + PREFIX_LEN), then room for a newline and the three NULs the tokenizer wants. */
static char *fragment(Arena *scratch, size_t n) {
    char *text = arena_alloc(scratch, PREFIX_LEN + n + 4);
    if (text) memcpy(text, PREFIX, PREFIX_LEN);
    return text;
}

/* Parses function i's fragment holding n bytes of text: its def, with *offset set to what its
 * lines are short of the file's; NULL when it is not this function's text (*oom: or when out of
 * memory). `raw`: the bytes are the file's, not checked by decoding yet. */
static const Node *parse_def(const ModuleSummary *m, int32_t i, char *text, size_t n, bool raw,
                             Arena *scratch, int32_t *offset, bool *oom) {
    const FuncSum *f = &m->functions[i];
    const char *s = text + PREFIX_LEN, *why;
    *oom = false;
    if (n && s[0] != ' ' && s[0] != '\t') /* a def at column 0 needs no `if 1:` around it */
        memcpy(text, NO_PREFIX, PREFIX_LEN);
    if (raw && (memchr(s, 0, n) || memchr(s, '\r', n) || utf8_find_invalid(s, n, &why) >= 0))
        return NULL; /* the file changed: it no longer holds the method's text as parsed */
    size_t len = PREFIX_LEN + n;
    if (text[len - 1] != '\n') text[len++] = '\n';
    memset(text + len, 0, 3);
    SourceText frag = {0};
    frag.text = text;
    frag.len = len;
    frag.valid_utf8 = true;
    ParseResult pr;
    ParseError err;
    ParseStatus ps = parse_module(scratch, &frag, &pr, &err);
    *oom = ps == PARSE_NO_MEMORY;
    *offset = f->first_line - 2; /* line 2 of the fragment is first_line */
    return ps == PARSE_OK ? the_def(pr.module, f, *offset) : NULL;
}

/* Makes function i's code from its fragment holding n bytes of text: 1: made, 0: not this
 * method's text, -1: out of memory. */
static int fill_one(ModuleSummary *m, int32_t i, char *text, size_t n, bool raw, Arena *out,
                    Arena *scratch) {
    int32_t offset;
    bool oom;
    const Node *d = parse_def(m, i, text, n, raw, scratch, &offset, &oom);
    if (!d) return oom ? -1 : 0;
    const MethodCode *c = summary_method_hashes(out, scratch, d, offset);
    return c && summary_set_code(out, m, i, c) ? 1 : -1;
}

static bool readable_span(const ModuleSummary *m, int32_t i, uint8_t need) {
    const FuncSum *f = &m->functions[i];
    return need && !func_code(m, i) && f->text_to > f->text_from && f->first_line >= 1;
}

/* Makes the code of the methods wanted from `text`, which holds bytes [from, from + have) of
 * the text as parsed. Returns how many stay unmade, or -1 when out of memory. */
static int32_t fill_from_text(ModuleSummary *m, const uint8_t *need, int32_t wanted,
                              const char *text, size_t from, size_t have, bool raw, Arena *out,
                              Arena *scratch) {
    int32_t missed = wanted;
    for (int32_t i = 0; i < m->nfunctions && missed >= 0; i++) {
        const FuncSum *f = &m->functions[i];
        if (!readable_span(m, i, need[i]) || f->text_from < from) continue;
        size_t at = f->text_from - from, n = f->text_to - f->text_from;
        size_t got = have <= at ? 0 : have - at < n ? have - at : n;
        /* (the last line of a file without a final newline is one byte short) */
        if (!got || got + 1 < n) continue;
        char *frag = fragment(scratch, got);
        if (!frag) return -1;
        memcpy(frag + PREFIX_LEN, text + at, got);
        int r = fill_one(m, i, frag, got, raw, out, scratch);
        missed = r < 0 ? -1 : missed - r;
    }
    return missed;
}

/* Bytes [from, to) of the text as parsed, read from the file (whose bytes are its text, from
 * m->text_skip on) into `into`: how many could be read. */
static size_t read_span(const ModuleSummary *m, size_t from, size_t to, char *into) {
    int fd = open(m->path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    size_t got = 0;
    while (got < to - from) {
        ssize_t r = pread(fd, into + got, to - from - got, m->text_skip + (off_t)(from + got));
        if (r <= 0) break;
        got += (size_t)r;
    }
    close(fd);
    return got;
}

/* The methods' texts read from the file where they lie (the file's bytes are its text): the
 * span from the first to the last, in one read; the rest of the file is not read. */
static int32_t fill_from_file(ModuleSummary *m, const uint8_t *need, int32_t wanted, Arena *out,
                              Arena *scratch) {
    size_t from = SIZE_MAX, to = 0;
    for (int32_t i = 0; i < m->nfunctions; i++) {
        const FuncSum *f = &m->functions[i];
        if (!readable_span(m, i, need[i])) continue;
        if (f->text_from < from) from = f->text_from;
        if (f->text_to > to) to = f->text_to;
    }
    if (from >= to) return wanted;
    char *span = arena_alloc(scratch, to - from);
    if (!span) return -1;
    size_t got = read_span(m, from, to, span);
    return fill_from_text(m, need, wanted, span, from, got, true, out, scratch);
}

int32_t index_fill_module_bodies(ModuleSummary *m, const uint8_t *need, const char *bytes,
                                 size_t len, Arena *out, Arena *scratch) {
    int32_t wanted = 0;
    for (int32_t i = 0; i < m->nfunctions; i++) wanted += need[i] && !func_code(m, i);
    if (!wanted) return 0;
    if (!bytes && m->text_skip >= 0) return fill_from_file(m, need, wanted, out, scratch);
    char *data = NULL;
    if (!bytes) {
        SourceError se;
        if (!source_read_file(m->path, &data, &len, &se)) return wanted;
        bytes = data;
    }
    /* the text as parsed: the bytes themselves (after a BOM), which then need only the checks
     * decoding makes, on the methods' lines; or decoded again */
    const char *text = bytes;
    size_t tlen = len;
    bool raw = m->text_skip >= 0 && (size_t)m->text_skip <= len;
    if (raw) {
        text += m->text_skip;
        tlen -= (size_t)m->text_skip;
    } else {
        SourceText st;
        SourceError se;
        if (!source_decode(scratch, bytes, len, &st, &se)) {
            dw_free(data);
            return wanted;
        }
        text = st.text, tlen = st.len;
    }
    int32_t missed = fill_from_text(m, need, wanted, text, 0, tlen, raw, out, scratch);
    dw_free(data);
    return missed;
}

/* ---- which methods, and the threads that make them ------------------------------------------- */

typedef struct Filler {
    ProjectIndex *ix;
    uint8_t **need; /* per module, per function */
    const int32_t *todo;
    int32_t ntodo;
    atomic_int next;
    atomic_int unread;
    atomic_bool failed;
} Filler;

typedef struct FillWorker {
    Filler *fl;
    Arena out, scratch;
} FillWorker;

static void *fill_work(void *arg) {
    FillWorker *w = arg;
    Filler *fl = w->fl;
    for (;;) {
        int i = atomic_fetch_add(&fl->next, 1);
        if (i >= fl->ntodo) break;
        int32_t m = fl->todo[i];
        int32_t missed = index_fill_module_bodies(fl->ix->modules[m], fl->need[m], NULL, 0, &w->out,
                                                  &w->scratch);
        if (missed < 0)
            fl->failed = true;
        else
            fl->unread += missed;
        arena_reset(&w->scratch, KEEP_BETWEEN_FILES);
    }
    return NULL;
}

/* The base-class method that method f of module m overrides: the first definition of its name
 * along its class's MRO after the class, with no unresolved base before it (where it might be
 * defined instead). False when there is none, or it is not certain. */
static bool overridden(const ProjectIndex *ix, int32_t m, int32_t f, FuncRef *base) {
    const FuncSum *fs = &ix->modules[m]->functions[f];
    ClassRef owner;
    bool uncertain;
    if (fs->cls < 0 ||
        !index_lookup_method(ix, (ClassRef){m, fs->cls}, fs->name, 1, &owner, &base->fn,
                             &uncertain) ||
        uncertain)
        return false;
    base->module = owner.module;
    return true;
}

/* How many statements two methods can have alike at most, from their shapes (summary.c): per
 * key, the fewer of their counts (a count of 15 is "15 or more"), and no more than the shorter
 * body. Identical bodies have equal shapes. */
static int32_t alike_at_most(const FuncSum *f, const FuncSum *b) {
    int32_t few = f->size < b->size ? f->size : b->size, alike = 0;
    for (int k = 0; k < 64 && alike < few; k += 4) {
        int32_t x = (int32_t)(f->shape >> k & 15), y = (int32_t)(b->shape >> k & 15);
        alike += x == 15 && y == 15 ? few : x == 15 ? y : y == 15 ? x : x < y ? x : y;
    }
    return alike < few ? alike : few;
}

/* Resolves every method's base method, and keeps (in ix->pairs) and marks the pairs DW301,
 * DW302 and DW303 could report, by their conditions that need no hash: flags, statement counts
 * and shapes (DW302 wants as many statements on both sides and equal shapes, DW301 enough
 * statements that can be alike, in a share, DW303 enough statements that can be alike). */
static bool mark(ProjectIndex *ix, const SummaryOptions *opt, uint8_t **need, Arena *a) {
    for (int32_t m = 0; m < ix->nmodules; m++)
        if (!(need[m] = arena_zalloc(a, (size_t)ix->modules[m]->nfunctions + 1))) return false;
    VEC(OverridePair) pairs = {0};
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t c = 0; c < ms->nclasses; c++) {
            const ClassSum *cs = &ms->classes[c];
            if (!index_has_base(ix, (ClassRef){m, c})) continue; /* (its methods override none) */
            for (int32_t k = 0; k < cs->nmethods; k++) {
                int32_t i = cs->methods[k];
                const FuncSum *f = &ms->functions[i];
                /* what the method alone rules out, before its base is looked up */
                bool may_same = opt->identical && !(f->flags & FN_STUB);
                bool may_near = (opt->similar > 0 || opt->stale) && f->size >= DRIFT_MIN_COMMON &&
                                f->size <= DRIFT_MAX_UNITS;
                FuncRef r;
                if ((f->flags & FN_CALLS_SUPER) || !(may_same || may_near) ||
                    !overridden(ix, m, i, &r))
                    continue;
                const FuncSum *b = &ix->modules[r.module]->functions[r.fn];
                int32_t nf = f->size, nb = b->size, few = alike_at_most(f, b);
                bool same = opt->identical && nf == nb && f->shape == b->shape &&
                            !(f->flags & FN_STUB) &&
                            (f->flags & FN_ASYNC) == (b->flags & FN_ASYNC); /* DW302 */
                bool near = opt->similar > 0 && !(b->flags & (FN_STUB | FN_ABSTRACT)) &&
                            few >= DRIFT_MIN_COMMON && nf <= DRIFT_MAX_UNITS &&
                            nb <= DRIFT_MAX_UNITS && 2.0 * few / (nf + nb) >= opt->similar;
                bool stale = opt->stale && !(b->flags & (FN_STUB | FN_ABSTRACT)) &&
                             few >= DRIFT_MIN_COMMON && nf <= DRIFT_MAX_UNITS &&
                             nb <= DRIFT_MAX_UNITS;     /* DW303: no share asked */
                if (!same && !near && !stale) continue; /* (near: DW301) */
                need[m][i] = 1;
                need[r.module][r.fn] = 1;
                if (VEC_PUSH(&ix->arena, pairs, ((OverridePair){{m, i}, r}))) return false;
            }
        }
    }
    ix->pairs = pairs.items;
    ix->npairs = pairs.len;
    return true;
}

bool index_fill_bodies(ProjectIndex *ix, const SummaryOptions *opt, int jobs, int32_t *unread) {
    *unread = 0;
    Arena a;
    arena_init(&a);
    uint8_t **need = arena_zalloc(&a, sizeof *need * (size_t)(ix->nmodules + 1));
    int32_t *todo = arena_alloc(&a, sizeof *todo * (size_t)(ix->nmodules + 1));
    if (!need || !todo || !mark(ix, opt, need, &a)) {
        arena_free(&a);
        return false;
    }
    int32_t ntodo = 0;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t i = 0; i < ms->nfunctions; i++)
            if (need[m][i] && !func_code(ms, i)) {
                todo[ntodo++] = m;
                break;
            }
    }
    int n = jobs < 1 ? 1 : jobs;
    if (n > ntodo) n = ntodo > 0 ? ntodo : 1;
    Filler fl = {ix, need, todo, ntodo, 0, 0, false};
    FillWorker *ws = calloc((size_t)n, sizeof *ws);
    if (!ws) {
        arena_free(&a);
        return false;
    }
    for (int i = 0; i < n; i++) {
        ws[i].fl = &fl;
        arena_init(&ws[i].out);
        arena_init(&ws[i].scratch);
    }
    threads_run(n, fill_work, ws, sizeof *ws);
    for (int i = 0; i < n; i++) {
        arena_adopt(&ix->arena, &ws[i].out);
        arena_free(&ws[i].scratch);
    }
    free(ws);
    arena_free(&a);
    *unread = fl.unread;
    return !fl.failed;
}

/* ---- a function's bindings, for DW203 ---------------------------------------------------------
 */

/* Looking for the def of function `want` in a def read again, whose lines are `offset` short
 * of the file's. */
typedef struct DefFind {
    const FuncSum *want;
    int32_t offset;
    const Node *found;
} DefFind;

static int find_def(Node *n, void *ud) {
    DefFind *df = ud;
    if (df->found) return 0;
    if ((n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF) &&
        n->lineno + df->offset == df->want->line &&
        n->end_lineno + df->offset == df->want->end_line &&
        strlen(df->want->name) == (size_t)n->FunctionDef.name.len &&
        memcmp(df->want->name, n->FunctionDef.name.s, (size_t)n->FunctionDef.name.len) == 0) {
        df->found = n;
        return 0;
    }
    return ast_children(n, find_def, ud);
}

bool index_bound_locally(const ProjectIndex *ix, int32_t m, int32_t fn, const char *name) {
    const ModuleSummary *ms = ix->modules[m];
    if (fn < 0 || fn >= ms->nfunctions) return false; /* module or class level */
    int32_t top = fn;
    for (int depth = 0; ms->functions[top].outer >= 0; depth++) {
        if (depth > 64 || ms->functions[top].outer >= ms->nfunctions) return true;
        top = ms->functions[top].outer;
    }
    const FuncSum *t = &ms->functions[top];
    if (t->text_to <= t->text_from || t->first_line < 1) return true;
    Arena scratch;
    arena_init(&scratch);
    size_t n = t->text_to - t->text_from;
    char *frag = fragment(&scratch, n);
    char *data = NULL;
    size_t got = 0;
    bool raw = ms->text_skip >= 0;
    if (frag && raw) {
        got = read_span(ms, t->text_from, t->text_to, frag + PREFIX_LEN);
    } else if (frag) { /* the text had to be decoded: decode it again */
        size_t len;
        SourceError se;
        SourceText st;
        if (source_read_file(ms->path, &data, &len, &se) &&
            source_decode(&scratch, data, len, &st, &se) && st.len >= t->text_from) {
            got = st.len - t->text_from < n ? st.len - t->text_from : n;
            memcpy(frag + PREFIX_LEN, st.text + t->text_from, got);
        }
    }
    /* (the last line of a file without a final newline is one byte short) */
    bool bound = true; /* unless shown otherwise: such a call is not reported */
    int32_t offset;
    bool oom;
    const Node *def =
        got && got + 1 >= n ? parse_def(ms, top, frag, got, raw, &scratch, &offset, &oom) : NULL;
    for (int32_t f = fn, depth = 0; def && f >= 0 && depth < 64; depth++) {
        DefFind df = {&ms->functions[f], offset, NULL};
        find_def((Node *)def, &df);
        int b = df.found ? summary_binding_of(&scratch, df.found, name) : -1;
        if (b < 0) break;
        if (b != BINDING_NONE || ms->functions[f].outer < 0) {
            bound = b == BINDING_LOCAL;
            break;
        }
        f = ms->functions[f].outer;
    }
    dw_free(data);
    arena_free(&scratch);
    return bound;
}
