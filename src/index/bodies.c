/* bodies.c — the code of the methods the override rules compare, made on demand.
 *
 * DW301 and DW302 compare a method with the base method it overrides, statement by statement,
 * as structural hashes. Hashing every method body while each file is parsed costs about as much
 * as a second walk of every tree, for few methods: only a method that overrides a base method
 * found in the tree, and that base method, are ever compared, and only where the two rules'
 * conditions that need no hash hold (flags; statement counts and shapes, which the walk takes
 * without hashing: see summary.c). In the 3.13 stdlib that is about 300 pairs, against 51,111
 * methods. So summaries record each method's span, statement count and shape, and once the
 * index knows which method overrides which, only the files of those pairs are read again, and
 * only those methods parsed: a method's lines, from its first decorator to its last line, parsed
 * on their own as the body of an `if 1:` (which makes any indentation legal; a def at column 0
 * needs none), give the same tree as in the whole file.
 *
 * A file read again must hold the text that was analyzed: its length and hash (taken when it
 * was parsed, ModuleSummary.text_len and text_hash) must be the same, or nothing is made from
 * it: its methods stay without hashes, the rules skip them, and the CLI warns that files
 * changed during the run. Findings never mix two versions of a file (a file rewritten between
 * the walk and the re-read is not analyzed again: the run reports what it read first).
 *
 * The same reading again answers DW203's question whether a name is a local of a function
 * (index_bound_locally), asked only of the calls it would otherwise report, and DW302's which
 * names a module binds (index_module_bindings), asked only of the modules of identical methods
 * that read global names.
 */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/threads.h"
#include "index.h"
#include "parse/parser.h"
#include "source/source.h"

static const char PREFIX[] = "if 1:\n";
enum { PREFIX_LEN = sizeof PREFIX - 1 };
static const char NO_PREFIX[] = "#    \n"; /* (as long, and no code) */
_Static_assert(sizeof NO_PREFIX == sizeof PREFIX, "the prefixes are as long");

static uint64_t word(const char *p) {
    uint64_t w;
    memcpy(&w, p, 8);
    return w;
}

uint64_t index_text_hash(const char *text, size_t len) {
    /* four lanes over 32 bytes a step (independent, so they run side by side), each step a
     * bijection of the lane ((h ^ w) * odd): a text differing in one place leaves its lane, and
     * so the hash, different; then the rest byte by byte. Every file is hashed while parsed. */
    const uint64_t k = 0xff51afd7ed558ccdull;
    uint64_t a = HASH_SEED, b = len * 0x9e3779b97f4a7c15ull, c = ~HASH_SEED, d = len;
    size_t i = 0;
    for (; i + 32 <= len; i += 32) {
        a = (a ^ word(text + i)) * k;
        b = (b ^ word(text + i + 8)) * k;
        c = (c ^ word(text + i + 16)) * k;
        d = (d ^ word(text + i + 24)) * k;
    }
    uint64_t all = a ^ (b ^ b >> 31) * 3 ^ (c ^ c >> 29) * 5 ^ (d ^ d >> 27) * 7;
    return hash_bytes(text + i, len - i, all * k);
}

/* The module's text as it was parsed, read and decoded again into `a` (*owned: the bytes read,
 * for dw_free), or NULL when it cannot be read or is no longer that text. A file whose bytes
 * were its text (ModuleSummary.text_skip) needs no decoding: its text is its bytes, with the
 * final newline the tokenizer adds, and the hash tells whether they are the same. */
static const SourceText *text_again(const ModuleSummary *m, const SourceOverlay *ov,
                                    const char *bytes, size_t len, Arena *a, char **owned) {
    *owned = NULL;
    if (!bytes && !source_overlay_find(ov, m->path, &bytes, &len)) {
        SourceError se;
        if (!source_read_file(m->path, owned, &len, &se)) return NULL;
        bytes = *owned;
    }
    SourceText *st = arena_zalloc(a, sizeof *st);
    if (!st) return NULL;
    size_t skip = m->text_skip >= 0 ? (size_t)m->text_skip : 0;
    if (m->text_skip >= 0 && skip <= len && len - skip + 1 >= m->text_len &&
        len - skip <= m->text_len) {
        size_t n = len - skip;
        char *t = arena_alloc(a, n + 4);
        if (!t) return NULL;
        memcpy(t, bytes + skip, n);
        if (n == 0 || t[n - 1] != '\n') t[n++] = '\n';
        t[n] = t[n + 1] = t[n + 2] = 0;
        st->text = t, st->len = n, st->valid_utf8 = true;
        strcpy(st->encoding, "utf-8");
    } else {
        SourceError se;
        if (!source_decode(a, bytes, len, st, &se)) return NULL;
    }
    return st->len == m->text_len && index_text_hash(st->text, st->len) == m->text_hash ? st : NULL;
}

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

/* Parses function i's lines, from the text as parsed: its def, with *offset set to what its
 * lines are short of the file's; NULL when it cannot (*oom: out of memory). */
static const Node *parse_def(const ModuleSummary *m, int32_t i, const SourceText *st,
                             Arena *scratch, int32_t *offset, bool *oom) {
    const FuncSum *f = &m->functions[i];
    *oom = false;
    if (f->text_to <= f->text_from || f->first_line < 1 || f->text_to > st->len) return NULL;
    size_t n = f->text_to - f->text_from;
    /* PREFIX, the text, room for a newline and the three NULs the tokenizer wants */
    char *text = arena_alloc(scratch, PREFIX_LEN + n + 4);
    if (!text) {
        *oom = true;
        return NULL;
    }
    const char *s = st->text + f->text_from;
    memcpy(text, n && s[0] != ' ' && s[0] != '\t' ? NO_PREFIX : PREFIX, PREFIX_LEN);
    memcpy(text + PREFIX_LEN, s, n);
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

int32_t index_fill_module_bodies(ModuleSummary *m, const SourceOverlay *ov, const uint8_t *need,
                                 const char *bytes, size_t len, Arena *out, Arena *scratch) {
    int32_t wanted = 0;
    for (int32_t i = 0; i < m->nfunctions; i++) wanted += need[i] && !func_code(m, i);
    if (!wanted) return 0;
    char *owned;
    const SourceText *st = text_again(m, ov, bytes, len, scratch, &owned);
    int32_t missed = wanted;
    for (int32_t i = 0; st && i < m->nfunctions && missed >= 0; i++) {
        if (!need[i] || func_code(m, i)) continue;
        int32_t offset;
        bool oom;
        const Node *d = parse_def(m, i, st, scratch, &offset, &oom);
        const MethodCode *c = d ? summary_method_hashes(out, scratch, d, offset) : NULL;
        if (oom || (d && (!c || !summary_set_code(out, m, i, c))))
            missed = -1;
        else if (c)
            missed--;
    }
    dw_free(owned);
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
        int32_t missed = index_fill_module_bodies(fl->ix->modules[m], fl->ix->overlay, fl->need[m],
                                                  NULL, 0, &w->out, &w->scratch);
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

/* A class's defs by name: its methods sorted by name (then place), made when first asked. */
typedef struct NamedDef {
    const char *name;
    int32_t fn;
} NamedDef;

typedef struct Defs {
    const ProjectIndex *ix;
    Arena *a;
    NamedDef **sorted; /* per class_id */
    uint8_t *dups;     /* per class_id: 0 not known yet, 1 each def its own name, 2 not */
} Defs;

static int by_def_name(const void *x, const void *y) {
    const NamedDef *a = x, *b = y;
    int c = strcmp(a->name, b->name);
    return c ? c : (a->fn > b->fn) - (a->fn < b->fn);
}

/* The defs of `name` in class r, in source order, into out (DEFS_MAX at most); how many there
 * are (0 when out of memory). */
static int32_t defs_of(Defs *d, ClassRef r, const char *name, int32_t *out) {
    const ModuleSummary *ms = d->ix->modules[r.module];
    const ClassSum *cs = &ms->classes[r.cls];
    NamedDef **sorted = &d->sorted[class_id(d->ix, r)];
    if (!*sorted && !d->dups[class_id(d->ix, r)]) { /* (a name defined twice in it?) */
        int32_t distinct = 0;
        for (int32_t i = 0; i < cs->nbyname; i++) distinct += cs->byname[i].what != 0;
        d->dups[class_id(d->ix, r)] = distinct < cs->nmethods ? 2 : 1;
    }
    if (d->dups[class_id(d->ix, r)] == 1) { /* (most classes: each def its own name) */
        int32_t f = index_class_method(d->ix, r, name);
        if (f >= 0) out[0] = f;
        return f >= 0;
    }
    if (!*sorted) {
        if (!(*sorted = arena_alloc(d->a, sizeof(NamedDef) * (size_t)(cs->nmethods + 1)))) return 0;
        for (int32_t k = 0; k < cs->nmethods; k++)
            (*sorted)[k] = (NamedDef){ms->functions[cs->methods[k]].name, cs->methods[k]};
        qsort(*sorted, (size_t)cs->nmethods, sizeof(NamedDef), by_def_name);
    }
    const NamedDef *s = *sorted;
    int32_t lo = 0, hi = cs->nmethods; /* the first def of `name` */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (strcmp(s[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    int32_t n = 0;
    for (; lo < cs->nmethods && strcmp(s[lo].name, name) == 0; lo++, n++)
        if (n < DEFS_MAX) out[n] = s[lo].fn;
    return n;
}

/* What the rules could report of a pair of defs, by their conditions that need no hash: DW302
 * wants as many statements on both sides and equal shapes, DW301 enough statements that can be
 * alike. */
static bool may_be_same(const FuncSum *f, const FuncSum *b) {
    return f->size == b->size && f->shape == b->shape &&
           (f->flags & FN_ASYNC) == (b->flags & FN_ASYNC);
}

/* What DW301 and DW303 ask of a pair alike: no super(), a base with a body, enough statements
 * that can be alike, neither too long. */
static bool may_be_copy(const FuncSum *f, const FuncSum *b) {
    return !(f->flags & FN_CALLS_SUPER) && !(b->flags & (FN_STUB | FN_ABSTRACT)) &&
           alike_at_most(f, b) >= DRIFT_MIN_COMMON && f->size <= DRIFT_MAX_UNITS &&
           b->size <= DRIFT_MAX_UNITS;
}

/* DW301 asks a share of the statements besides; DW303 (stale) none. */
static bool may_be_near(const SummaryOptions *opt, const FuncSum *f, const FuncSum *b) {
    return opt->similar > 0 && may_be_copy(f, b) &&
           2.0 * alike_at_most(f, b) / (f->size + b->size) >= opt->similar;
}

/* Resolves every method's base method, and keeps (in ix->pairs) and marks the pairs DW301,
 * DW302 and DW303 could report, by their conditions that need no hash. A name defined more than
 * once in a class (a property's getter and setter) is compared as a whole: its defs one by one
 * with the base's, in order (DW303 leaves such names alone: the history finds a method by its
 * name). */
static bool mark(ProjectIndex *ix, const SummaryOptions *opt, uint8_t **need, Arena *a) {
    for (int32_t m = 0; m < ix->nmodules; m++)
        if (!(need[m] = arena_zalloc(a, (size_t)ix->modules[m]->nfunctions + 1))) return false;
    Defs defs = {ix, a, arena_zalloc(a, sizeof(NamedDef *) * (size_t)(ix->nclasses + 1)),
                 arena_zalloc(a, (size_t)ix->nclasses + 1)};
    if (!defs.sorted || !defs.dups) return false;
    VEC(OverridePair) pairs = {0};
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t c = 0; c < ms->nclasses; c++) {
            ClassRef cr = {m, c};
            const ClassSum *cs = &ms->classes[c];
            if (!index_has_base(ix, cr)) continue; /* (its methods override none) */
            for (int32_t k = 0; k < cs->nmethods; k++) {
                int32_t i = cs->methods[k];
                const FuncSum *f = &ms->functions[i];
                /* what the method alone rules out, before its base is looked up */
                bool may_same = opt->identical && !(f->flags & FN_CALLS_SUPER);
                bool may_near = opt->similar > 0 || opt->stale;
                FuncRef r;
                if (!(may_same || may_near) || index_class_method(ix, cr, f->name) != i ||
                    !overridden(ix, m, i, &r))
                    continue; /* (a name defined twice: its last def stands for all) */
                const ModuleSummary *bm = ix->modules[r.module];
                int32_t mine[DEFS_MAX], theirs[DEFS_MAX];
                int32_t n = defs_of(&defs, cr, f->name, mine);
                int32_t nb =
                    defs_of(&defs, (ClassRef){r.module, bm->functions[r.fn].cls}, f->name, theirs);
                if (!n || !nb || n > DEFS_MAX || nb > DEFS_MAX) continue;
                bool same = may_same && n == nb, stubs = true, near = false;
                bool stale = opt->stale && n == 1 && nb == 1 &&
                             may_be_copy(&ms->functions[mine[0]], &bm->functions[theirs[0]]);
                for (int32_t j = 0; j < n; j++) {
                    const FuncSum *x = &ms->functions[mine[j]];
                    stubs &= (x->flags & FN_STUB) != 0;
                    if (j >= nb) continue;
                    const FuncSum *y = &bm->functions[theirs[j]];
                    same &= may_be_same(x, y) && !(x->flags & FN_CALLS_SUPER);
                    near |= may_be_near(opt, x, y);
                }
                same &= !stubs; /* (`pass` over `pass` says "nothing", twice) */
                if (!same && !near && !stale) continue;
                for (int32_t j = 0; j < n; j++) need[m][mine[j]] = 1;
                for (int32_t j = 0; j < nb; j++) need[r.module][theirs[j]] = 1;
                OverridePair p = {{m, i},
                                  r,
                                  arena_memdup(&ix->arena, mine, sizeof(int32_t) * (size_t)n),
                                  arena_memdup(&ix->arena, theirs, sizeof(int32_t) * (size_t)nb),
                                  n,
                                  nb};
                if (!p.defs || !p.base_defs || VEC_PUSH(&ix->arena, pairs, p)) return false;
            }
        }
    }
    ix->pairs = pairs.items;
    ix->npairs = pairs.len;
    /* DW303's clones: any function or method that could be a copy (index_clone_candidate) */
    for (int32_t m = 0; opt->stale_clones && m < ix->nmodules; m++)
        for (int32_t i = 0; i < ix->modules[m]->nfunctions; i++)
            if (index_clone_candidate(ix->modules[m], i)) need[m][i] = 1;
    return true;
}

bool index_clone_candidate(const ModuleSummary *m, int32_t i) {
    const FuncSum *f = &m->functions[i];
    return f->outer < 0 && !(f->flags & (FN_STUB | FN_ABSTRACT)) && f->size >= DRIFT_MIN_COMMON &&
           f->size <= DRIFT_MAX_UNITS;
}

/* Makes the hashes need[][] asks for that the summaries do not hold yet, on up to `jobs`
 * threads. */
static bool fill_needed(ProjectIndex *ix, uint8_t **need, int jobs, int32_t *unread, Arena *a) {
    int32_t *todo = arena_alloc(a, sizeof *todo * (size_t)(ix->nmodules + 1));
    if (!todo) return false;
    int32_t ntodo = 0;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t i = 0; need[m] && i < ms->nfunctions; i++)
            if (need[m][i] && !func_code(ms, i)) {
                todo[ntodo++] = m;
                break;
            }
    }
    if (!ntodo) return true;
    int n = jobs < 1 ? 1 : jobs;
    if (n > ntodo) n = ntodo;
    Filler fl = {ix, need, todo, ntodo, 0, 0, false};
    FillWorker *ws = calloc((size_t)n, sizeof *ws);
    if (!ws) return false;
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
    *unread = fl.unread;
    return !fl.failed;
}

bool index_fill_bodies(ProjectIndex *ix, const SummaryOptions *opt, int jobs, int32_t *unread) {
    *unread = 0;
    Arena a;
    arena_init(&a);
    uint8_t **need = arena_zalloc(&a, sizeof *need * (size_t)(ix->nmodules + 1));
    bool ok = need && mark(ix, opt, need, &a) && fill_needed(ix, need, jobs, unread, &a);
    arena_free(&a);
    return ok;
}

bool index_fill_pairs(ProjectIndex *ix, int jobs, int32_t *unread) {
    *unread = 0;
    Arena a;
    arena_init(&a);
    uint8_t **need = arena_zalloc(&a, sizeof *need * (size_t)(ix->nmodules + 1));
    bool ok = need != NULL;
    for (int32_t k = 0; ok && k < ix->npairs; k++) {
        const OverridePair *p = &ix->pairs[k];
        int32_t mods[2] = {p->method.module, p->base.module}, nd[2] = {p->ndefs, p->nbase_defs};
        const int32_t *defs[2] = {p->defs, p->base_defs};
        for (int side = 0; ok && side < 2; side++) {
            int32_t m = mods[side];
            if (!need[m] && !(need[m] = arena_zalloc(&a, (size_t)ix->modules[m]->nfunctions + 1)))
                ok = false;
            for (int32_t j = 0; ok && j < nd[side]; j++) need[m][defs[side][j]] = 1;
        }
    }
    ok = ok && fill_needed(ix, need, jobs, unread, &a);
    arena_free(&a);
    return ok;
}

bool index_same_marks(const ModuleSummary *a, const ModuleSummary *b) {
    if (a->nfunctions != b->nfunctions) return false;
    for (int32_t i = 0; i < a->nfunctions; i++) {
        const FuncSum *x = &a->functions[i], *y = &b->functions[i];
        if (x->flags != y->flags || x->size != y->size || x->shape != y->shape) return false;
    }
    return true;
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

void index_read_again_init(ReadAgain *ra) {
    memset(ra, 0, sizeof *ra);
    ra->module = -1;
    arena_init(&ra->arena);
}

void index_read_again_free(ReadAgain *ra) {
    dw_free(ra->owned);
    arena_free(&ra->arena);
    index_read_again_init(ra);
}

const SourceText *index_module_text(const ProjectIndex *ix, ReadAgain *ra, int32_t m) {
    if (ra->module != m) {
        dw_free(ra->owned);
        ra->owned = NULL;
        arena_reset(&ra->arena, KEEP_BETWEEN_FILES);
        ra->module = m;
        ra->text = text_again(ix->modules[m], ix->overlay, NULL, 0, &ra->arena, &ra->owned);
    }
    return ra->text;
}

bool index_bound_locally(const ProjectIndex *ix, ReadAgain *ra, int32_t m, int32_t fn,
                         const char *name) {
    const ModuleSummary *ms = ix->modules[m];
    if (fn < 0 || fn >= ms->nfunctions) return false; /* module or class level */
    int32_t top = fn;
    for (int depth = 0; ms->functions[top].outer >= 0; depth++) {
        if (depth > 64 || ms->functions[top].outer >= ms->nfunctions) return true;
        top = ms->functions[top].outer;
    }
    const SourceText *st = index_module_text(ix, ra, m);
    Arena scratch;
    arena_init(&scratch);
    bool bound = true; /* unless shown otherwise: such a call is not reported */
    int32_t offset;
    bool oom;
    const Node *def = st ? parse_def(ms, top, st, &scratch, &offset, &oom) : NULL;
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
    arena_free(&scratch);
    return bound;
}

/* ---- what a method's code names, for DW302 ------------------------------------------------- */

/* A set of names (open addressing), each with flags. */
typedef struct NameSet {
    Arena *a;
    Str *names;
    uint8_t *flags;
    int32_t cap, len;
    bool failed;
} NameSet;

static uint32_t set_slot(const NameSet *t, Str name) {
    uint32_t h = (uint32_t)hash_bytes(name.s, (size_t)name.len, HASH_SEED) & (uint32_t)(t->cap - 1);
    while (t->names[h].s && !str_eq(t->names[h], name)) h = (h + 1) & (uint32_t)(t->cap - 1);
    return h;
}

/* Adds `name`; returns its flags' slot (NULL when out of memory), *fresh when it is new. */
static uint8_t *set_add(NameSet *t, Str name, bool *fresh) {
    if (t->len * 2 >= t->cap) {
        NameSet n = {t->a, NULL, NULL, t->cap ? t->cap * 2 : 32, 0, false};
        n.names = arena_zalloc(t->a, sizeof(Str) * (size_t)n.cap);
        n.flags = arena_zalloc(t->a, (size_t)n.cap);
        if (!n.names || !n.flags) {
            t->failed = true;
            return NULL;
        }
        for (int32_t i = 0; i < t->cap; i++)
            if (t->names[i].s) {
                uint32_t h = set_slot(&n, t->names[i]);
                n.names[h] = t->names[i], n.flags[h] = t->flags[i], n.len++;
            }
        *t = n;
    }
    uint32_t h = set_slot(t, name);
    *fresh = !t->names[h].s;
    if (*fresh) t->names[h] = name, t->len++;
    return &t->flags[h];
}

static const uint8_t *set_find(const NameSet *t, Str name) {
    if (!t->cap) return NULL;
    uint32_t h = set_slot(t, name);
    return t->names[h].s ? &t->flags[h] : NULL;
}

/* A private name, which Python mangles with the name of the class it is written in. */
static bool private_name(Str s) {
    return s.s && s.len > 2 && s.s[0] == '_' && s.s[1] == '_' &&
           !(s.len > 4 && s.s[s.len - 1] == '_' && s.s[s.len - 2] == '_');
}

typedef struct Facts {
    NameSet loads;
    uint8_t facts;
} Facts;

static int facts_walk(Node *n, void *ud) {
    Facts *fx = ud;
    if (n->kind == AST_NAME) {
        if (private_name(n->Name.id)) fx->facts |= CODE_PRIVATE;
        bool fresh;
        if (n->Name.ctx == AST_LOAD) {
            if (str_eq_c(n->Name.id, "__class__")) fx->facts |= CODE_DUNDER_CLASS;
            set_add(&fx->loads, n->Name.id, &fresh);
        }
        return 0;
    }
    if (n->kind == AST_ATTRIBUTE && private_name(n->Attribute.attr)) fx->facts |= CODE_PRIVATE;
    return ast_children(n, facts_walk, ud);
}

/* Decorators that neither act on the class being made nor keep the function anywhere else (a
 * registry): deleting an override decorated with them changes nothing its copy would not. (The
 * test decorators: mock.patch, patch.object, patch.dict, patch.multiple; pytest.fixture, and
 * pytest.mark's, which only mark the function.) */
static bool harmless_decorator(const Node *d) {
    static const char *const known[] = {
        "staticmethod",
        "classmethod",
        "property",
        "abstractmethod",
        "abstractproperty",
        "abstractclassmethod",
        "abstractstaticmethod",
        "cached_property",
        "override",
        "final",
        "overload",
        "cache",
        "lru_cache",
        "wraps",
        "no_type_check",
        "contextmanager",
        "asynccontextmanager",
        "inlineCallbacks",
        "skip",
        "skipIf",
        "skipUnless",
        "expectedFailure",
        "patch",
        "fixture",
        "parametrize",
    };
    if (d->kind == AST_CALL) d = d->Call.func; /* lru_cache(maxsize=8) */
    Str last;
    if (d->kind == AST_NAME) {
        last = d->Name.id;
    } else if (d->kind == AST_ATTRIBUTE) {
        last = d->Attribute.attr;
        if (str_eq_c(last, "setter") || str_eq_c(last, "getter") || str_eq_c(last, "deleter"))
            return true; /* @x.setter: the property the class defines just above */
        const Node *v = d->Attribute.value; /* @pytest.mark.slow, @mock.patch.object(...) */
        Str of = v->kind == AST_ATTRIBUTE ? v->Attribute.attr
                 : v->kind == AST_NAME    ? v->Name.id
                                          : (Str){0};
        if (str_eq_c(of, "mark")) return true;
        if (str_eq_c(of, "patch") &&
            (str_eq_c(last, "object") || str_eq_c(last, "dict") || str_eq_c(last, "multiple")))
            return true;
    } else {
        return false;
    }
    for (size_t i = 0; i < sizeof known / sizeof *known; i++)
        if (str_eq_c(last, known[i])) return true;
    return false;
}

static int by_name(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

bool index_code_facts(Arena *out, Arena *scratch, const Node *fn, MethodCode *c) {
    /* decorators, defaults and annotations run where the def does (the class body): every name
     * they read counts; the body's, unless a local of the method */
    Facts outside = {{scratch, NULL, NULL, 0, 0, false}, 0};
    Facts body = {{scratch, NULL, NULL, 0, 0, false}, 0};
    const NodeList *decos = &fn->FunctionDef.decorator_list;
    for (int32_t i = 0; i < decos->len; i++) {
        if (!harmless_decorator(decos->items[i])) outside.facts |= CODE_DECORATOR;
        facts_walk(decos->items[i], &outside);
    }
    const Node *a = fn->FunctionDef.args;
    const NodeList *lists[] = {&a->arguments.posonlyargs, &a->arguments.args,
                               &a->arguments.kwonlyargs, &a->arguments.defaults,
                               &a->arguments.kw_defaults};
    for (int l = 0; l < 5; l++)
        for (int32_t i = 0; i < lists[l]->len; i++) {
            Node *x = lists[l]->items[i];
            if (!x) continue; /* (a keyword-only argument without a default) */
            if (x->kind == AST_ARG) {
                if (x->arg.annotation) facts_walk(x->arg.annotation, &outside);
            } else {
                facts_walk(x, &outside);
            }
        }
    const Node *star[] = {a->arguments.vararg, a->arguments.kwarg};
    for (int k = 0; k < 2; k++)
        if (star[k] && star[k]->arg.annotation) facts_walk(star[k]->arg.annotation, &outside);
    if (fn->FunctionDef.returns) facts_walk(fn->FunctionDef.returns, &outside);
    const NodeList *stmts = &fn->FunctionDef.body;
    for (int32_t i = 0; i < stmts->len; i++) facts_walk(stmts->items[i], &body);
    const Bindings *locals = body.loads.len ? summary_bindings(scratch, fn) : NULL;
    if (outside.loads.failed || body.loads.failed || (body.loads.len && !locals)) return false;
    int32_t n = 0;
    const char **g = arena_alloc(out, sizeof *g * (size_t)(outside.loads.len + body.loads.len + 1));
    if (!g) return false;
    const NameSet *sets[] = {&outside.loads, &body.loads};
    NameSet all = {scratch, NULL, NULL, 0, 0, false};
    for (int k = 0; k < 2; k++)
        for (int32_t i = 0; i < sets[k]->cap; i++) {
            Str name = sets[k]->names[i];
            bool fresh;
            if (!name.s || (k == 1 && summary_binding_in(locals, name) == BINDING_LOCAL) ||
                !set_add(&all, name, &fresh) || !fresh)
                continue;
            if (!(g[n++] = arena_strndup(out, name.s, (size_t)name.len))) return false;
        }
    if (all.failed) return false;
    qsort(g, (size_t)n, sizeof *g, by_name);
    c->globals = g;
    c->nglobals = n;
    c->facts = outside.facts | body.facts;
    return true;
}

/* ---- what a module binds, for DW302 ------------------------------------------------------- */

enum { BOUND_PLAIN = 1, BOUND_OTHER = 2 }; /* (a def, class or import; anything else) */

struct ModuleBindings {
    NameSet names;
    bool star; /* a star import: any name may be bound */
};

typedef struct BindWalk {
    ModuleBindings *b;
    int depth; /* 0: module level */
} BindWalk;

static void bind_name(ModuleBindings *b, Str name, uint8_t how) {
    bool fresh;
    uint8_t *f = name.s ? set_add(&b->names, name, &fresh) : NULL;
    if (f) *f = fresh ? how : BOUND_OTHER; /* (twice: the index cannot say which) */
}

static int bind_walk(Node *n, void *ud) {
    BindWalk *w = ud;
    bool top = w->depth == 0;
    switch (n->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
    case AST_CLASS_DEF:
    case AST_LAMBDA: {
        if (top && n->kind != AST_LAMBDA)
            bind_name(w->b, n->kind == AST_CLASS_DEF ? n->ClassDef.name : n->FunctionDef.name,
                      BOUND_PLAIN);
        w->depth++;
        ast_children(n, bind_walk, ud);
        w->depth--;
        return 0;
    }
    case AST_NAME:
        if (top && n->Name.ctx != AST_LOAD) bind_name(w->b, n->Name.id, BOUND_OTHER);
        return 0;
    case AST_ALIAS:
        if (top) {
            Str bound = n->alias.asname.s ? n->alias.asname : n->alias.name;
            if (str_eq_c(bound, "*")) {
                w->b->star = true;
            } else {
                const char *dot =
                    n->alias.asname.s ? NULL : memchr(bound.s, '.', (size_t)bound.len);
                if (dot) bound.len = (int32_t)(dot - bound.s);
                bind_name(w->b, bound, BOUND_PLAIN);
            }
        }
        return 0;
    case AST_GLOBAL: /* (assigned in a def: a module-level binding) */
        for (int32_t i = 0; i < n->Global.names.len; i++)
            bind_name(w->b, n->Global.names.items[i], BOUND_OTHER);
        return 0;
    case AST_EXCEPT_HANDLER:
        if (top) bind_name(w->b, n->ExceptHandler.name, BOUND_OTHER);
        break;
    case AST_MATCH_AS:
        if (top) bind_name(w->b, n->MatchAs.name, BOUND_OTHER);
        break;
    case AST_MATCH_STAR:
        if (top) bind_name(w->b, n->MatchStar.name, BOUND_OTHER);
        break;
    case AST_MATCH_MAPPING:
        if (top) bind_name(w->b, n->MatchMapping.rest, BOUND_OTHER);
        break;
    default: break;
    }
    return ast_children(n, bind_walk, ud);
}

const ModuleBindings *index_module_bindings(const ProjectIndex *ix, int32_t m, Arena *a) {
    const ModuleSummary *ms = ix->modules[m];
    ModuleBindings *b = arena_zalloc(a, sizeof *b);
    if (!b) return NULL;
    b->names.a = a;
    Arena scratch;
    arena_init(&scratch);
    char *data;
    const SourceText *st = text_again(ms, ix->overlay, NULL, 0, &scratch, &data);
    ParseResult pr;
    ParseError err;
    bool ok = st && parse_module(&scratch, st, &pr, &err) == PARSE_OK;
    if (ok) {
        BindWalk w = {b, 0};
        bind_walk(pr.module, &w);
        /* the names point into the text: copied */
        for (int32_t i = 0; i < b->names.cap && !b->names.failed; i++) {
            Str *s = &b->names.names[i];
            if (s->s && !(s->s = arena_strndup(a, s->s, (size_t)s->len))) b->names.failed = true;
        }
        ok = !b->names.failed;
    }
    dw_free(data);
    arena_free(&scratch);
    return ok ? b : NULL;
}

int module_binding(const ModuleBindings *b, const char *name) {
    const uint8_t *f = set_find(&b->names, (Str){name, (int32_t)strlen(name)});
    if (!f) return b->star ? MODULE_BOUND_OTHER : MODULE_UNBOUND;
    return *f == BOUND_PLAIN ? MODULE_BOUND_ONCE : MODULE_BOUND_OTHER;
}
