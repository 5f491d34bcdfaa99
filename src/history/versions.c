/* versions.c — a file's functions through its versions; see versions.h. */
#include "versions.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "index/index.h"
#include "normalize.h"
#include "parse/parser.h"
#include "units.h"

/* ---- weak statements --------------------------------------------------------------------------
 * Their hashes are the index's own, taken from a method made of them, so they stay right if the
 * index hashes differently one day (the count check below then fails loudly in the unit test). */

static const char weak_src[] = "def f():\n"
                               "    try:\n"
                               "        pass\n"
                               "    except:\n"
                               "        pass\n"
                               "    finally:\n"
                               "        pass\n"
                               "    if x:\n"
                               "        pass\n"
                               "    else:\n"
                               "        pass\n"
                               "    while x:\n"
                               "        break\n"
                               "    else:\n"
                               "        continue\n"
                               "    return\n"
                               "    return None\n"
                               "    ...\n";
/* its units: try, pass, except:, pass, pass, `if x`, pass, else, pass, `while x`, break, else,
 * continue, return, return None, ... — all weak but the two tests */
enum { WEAK_UNITS = 16 };
static uint64_t weak_hash[WEAK_UNITS];
static int nweak;
static pthread_once_t weak_once = PTHREAD_ONCE_INIT;

static void weak_init(void) {
    Arena a;
    arena_init(&a);
    SourceText src;
    ParseResult pr;
    ParseError err;
    if (parse_bytes(&a, weak_src, sizeof weak_src - 1, &src, &pr, &err) == PARSE_OK &&
        pr.module->Module.body.len == 1) {
        const MethodCode *c = summary_method_hashes(&a, &a, pr.module->Module.body.items[0], 0);
        if (c && c->nunits == WEAK_UNITS)
            for (int i = 0; i < WEAK_UNITS; i++)
                if (i != 5 && i != 9) weak_hash[nweak++] = c->units[i].hash;
    }
    arena_free(&a);
}

static bool is_weak(uint64_t h) {
    for (int i = 0; i < nweak; i++)
        if (weak_hash[i] == h) return true;
    return false;
}

/* ---- the builder's table of functions -------------------------------------------------------- */

static uint32_t qual_hash(const char *s) {
    return (uint32_t)hash_bytes(s, strlen(s), HASH_SEED);
}

static bool rehash(FileBuilder *b, uint32_t want) {
    int32_t *s = dw_malloc(sizeof *s * want);
    if (!s) return false;
    memset(s, 0, sizeof *s * want);
    for (int32_t i = 0; i < b->fh->nfns; i++) {
        uint32_t k = qual_hash(b->fh->fns[i].qualname) & (want - 1);
        while (s[k]) k = (k + 1) & (want - 1);
        s[k] = i + 1;
    }
    dw_free(b->slots);
    b->slots = s;
    b->nslots = want;
    return true;
}

/* The index of function qualname, or -1 (and *at: its slot). */
static int32_t find_fn(const FileBuilder *b, const char *q, uint32_t *at) {
    uint32_t k = qual_hash(q) & (b->nslots - 1);
    for (; b->slots[k]; k = (k + 1) & (b->nslots - 1))
        if (strcmp(b->fh->fns[b->slots[k] - 1].qualname, q) == 0) break;
    *at = k;
    return b->slots[k] - 1;
}

bool fb_init(FileBuilder *b, Arena *out, FileHistory *fh) {
    pthread_once(&weak_once, weak_init);
    memset(b, 0, sizeof *b);
    b->out = out;
    b->fh = fh;
    b->capfns = fh->nfns;
    b->capcommits = fh->ncommits;
    b->max_units = 1000;
    uint32_t n = 64;
    while (n < (uint32_t)fh->nfns * 2 + 2) n *= 2;
    return rehash(b, n);
}

void fb_finish(FileBuilder *b) {
    dw_free(b->prev);
    b->prev = NULL;
    FileHistory *fh = b->fh;
    /* insertion order to qualname order (a simple sort: the table is dropped now) */
    for (int32_t i = 1; i < fh->nfns; i++) {
        FnHistory t = fh->fns[i];
        int32_t j = i;
        for (; j > 0 && strcmp(fh->fns[j - 1].qualname, t.qualname) > 0; j--)
            fh->fns[j] = fh->fns[j - 1];
        fh->fns[j] = t;
    }
    dw_free(b->slots);
    b->slots = NULL;
}

static int by_qualname(const void *k, const void *e) {
    return strcmp(k, ((const FnHistory *)e)->qualname);
}

const FnHistory *history_function(const FileHistory *fh, const char *qualname) {
    if (!fh || !fh->nfns) return NULL;
    return bsearch(qualname, fh->fns, (size_t)fh->nfns, sizeof *fh->fns, by_qualname);
}

/* ---- one version ------------------------------------------------------------------------------
 */

/* A function of the version being added. */
typedef struct Def {
    char *qualname;
    Node *node;
    const MethodCode *code; /* its exact units */
    int32_t fn;             /* its FnHistory, or -1 for a function new in the file */
    HistUnit *units;        /* its new version's units, when it changed (or is new) */
    UnitNode *nodes;        /* (then) the statements they stand for, or NULL */
    uint8_t *attrs;         /* (then) per unit: it uses an attribute of self that the previous
                               version of the file never mentions */
    int32_t *names;         /* (then) per unit i, the hashes of the names it uses: unit_names
                               from names[i] to names[i + 1] */
    uint64_t *unit_names;   /* (then) */
    uint64_t *all_names;    /* (then) those of the whole def, a sorted set */
    int32_t nall_names;
    bool changed; /* it gets a new version (units to make) */
} Def;

typedef struct Version {
    FileBuilder *b;
    Arena *scratch;
    const SourceText *src;
    const LineIndex *lines;
    VEC(Def) defs;
    int32_t *slots; /* the defs by qualname: open addressing, index + 1, 0 empty */
    uint32_t nslots;
    bool failed;
} Version;

static void add_def(Version *v, const char *prefix, Node *d) {
    Str name = d->FunctionDef.name;
    size_t pl = strlen(prefix);
    char *q = arena_alloc(v->scratch, pl + (size_t)name.len + 1);
    if (!q) {
        v->failed = true;
        return;
    }
    memcpy(q, prefix, pl), memcpy(q + pl, name.s, (size_t)name.len), q[pl + (size_t)name.len] = 0;
    if ((uint32_t)(v->defs.len + 1) * 2 > v->nslots) { /* (grown: a power of two, half empty) */
        uint32_t n = v->nslots ? v->nslots * 2 : 256;
        int32_t *t = arena_zalloc(v->scratch, sizeof *t * n);
        if (!t) {
            v->failed = true;
            return;
        }
        for (int32_t i = 0; i < v->defs.len; i++) {
            uint32_t k = qual_hash(v->defs.items[i].qualname) & (n - 1);
            while (t[k]) k = (k + 1) & (n - 1);
            t[k] = i + 1;
        }
        v->slots = t, v->nslots = n;
    }
    uint32_t k = qual_hash(q) & (v->nslots - 1);
    for (; v->slots[k]; k = (k + 1) & (v->nslots - 1))
        if (strcmp(v->defs.items[v->slots[k] - 1].qualname, q) == 0) {
            v->defs.items[v->slots[k] - 1].node = d; /* a later def of the same name wins */
            return;
        }
    if (VEC_PUSH(v->scratch, v->defs, ((Def){.qualname = q, .node = d, .fn = -1})))
        v->failed = true;
    v->slots[k] = v->defs.len;
}

/* The functions of a module or class body, and of the compound statements in it (a def under
 * `if TYPE_CHECKING:` is the module's); not those inside functions (part of their function). */
static void collect_defs(Version *v, const NodeList *body, const char *prefix, int depth) {
    if (depth > 100) return;
    for (int32_t i = 0; i < body->len && !v->failed; i++) {
        Node *s = body->items[i];
        switch (s->kind) {
        case AST_FUNCTION_DEF:
        case AST_ASYNC_FUNCTION_DEF: add_def(v, prefix, s); break;
        case AST_CLASS_DEF: {
            Str name = s->ClassDef.name;
            size_t pl = strlen(prefix);
            char *p = arena_alloc(v->scratch, pl + (size_t)name.len + 2);
            if (!p) {
                v->failed = true;
                return;
            }
            memcpy(p, prefix, pl), memcpy(p + pl, name.s, (size_t)name.len);
            p[pl + (size_t)name.len] = '.', p[pl + (size_t)name.len + 1] = 0;
            collect_defs(v, &s->ClassDef.body, p, depth + 1);
            break;
        }
        case AST_IF:
        case AST_WHILE:
            collect_defs(v, &s->If.body, prefix, depth + 1);
            collect_defs(v, &s->If.orelse, prefix, depth + 1);
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            collect_defs(v, &s->For.body, prefix, depth + 1);
            collect_defs(v, &s->For.orelse, prefix, depth + 1);
            break;
        case AST_WITH:
        case AST_ASYNC_WITH: collect_defs(v, &s->With.body, prefix, depth + 1); break;
        case AST_TRY:
        case AST_TRY_STAR:
            collect_defs(v, &s->Try.body, prefix, depth + 1);
            for (int32_t k = 0; k < s->Try.handlers.len; k++)
                collect_defs(v, &s->Try.handlers.items[k]->ExceptHandler.body, prefix, depth + 1);
            collect_defs(v, &s->Try.orelse, prefix, depth + 1);
            collect_defs(v, &s->Try.finalbody, prefix, depth + 1);
            break;
        default: break;
        }
    }
}

static bool same_units(const FnVersion *last, const MethodCode *c) {
    if (last->nunits != c->nunits) return false;
    for (int32_t i = 0; i < c->nunits; i++)
        if (last->units[i].hash != c->units[i].hash) return false;
    return true;
}

/* Unit j's text (for a NEW unit: what a message says the base became), in the history. */
static const char *text_of(Version *v, const UnitNode *nodes, int32_t j) {
    if (!nodes) return NULL;
    char buf[160];
    unit_text(&nodes[j], v->src, v->lines, buf, sizeof buf);
    char *t = arena_strndup(v->b->out, buf, strlen(buf));
    if (!t) v->failed = true;
    return t;
}

/* The new version's units of def d: exact, loose and blind hashes (normalizing d's tree). */
static HistUnit *make_units(Version *v, Def *d) {
    const MethodCode *c = d->code;
    HistUnit *u = arena_zalloc(v->b->out, sizeof *u * (size_t)(c->nunits + 1));
    if (!u) return v->failed = true, NULL;
    for (int32_t i = 0; i < c->nunits; i++) {
        u[i].hash = u[i].loose = u[i].blind = c->units[i].hash;
        u[i].line = c->units[i].line;
        u[i].flags = is_weak(c->units[i].hash) ? HUNIT_WEAK : 0;
    }
    const MethodCode *l = NULL, *bl = NULL;
    if (normalize_function(v->scratch, d->node, NORM_LOOSE))
        l = summary_method_hashes(v->scratch, v->scratch, d->node, 0);
    if (l && l->nunits == c->nunits && normalize_function(v->scratch, d->node, NORM_BLIND))
        bl = summary_method_hashes(v->scratch, v->scratch, d->node, 0);
    for (int32_t i = 0; l && l->nunits == c->nunits && i < c->nunits; i++)
        u[i].loose = l->units[i].hash;
    for (int32_t i = 0; bl && bl->nunits == c->nunits && i < c->nunits; i++)
        u[i].blind = bl->units[i].hash;
    return u;
}

static bool in_pool(const uint64_t *pool, int32_t n, uint64_t h) {
    for (int32_t i = 0; i < n; i++)
        if (pool[i] == h) return true;
    return false;
}

/* ---- defaults written out -----------------------------------------------------------------------
 * `self.parenthesize(x, prec, strict=False)`, where every method parenthesize of the file has
 * `strict=False`, is `self.parenthesize(x, prec)` written out: a keyword argument equal to its
 * parameter's default changes nothing, so it is dropped before the loose hashes are taken (the
 * exact ones keep it). The callee is found by name in the same version of the file: for
 * `self.NAME(...)` and `cls.NAME(...)` every method NAME of its classes, for `NAME(...)` its
 * module-level function NAME; a name it does not define, or defines with another default, keeps
 * the argument. */

typedef struct Defaults {
    const Version *v;
    int depth;
} Defaults;

static bool is_default(const Version *v, Str callee, bool method, const Node *kw) {
    int32_t found = 0;
    for (int32_t i = 0; i < v->defs.len; i++) {
        const char *q = v->defs.items[i].qualname, *dot = strrchr(q, '.');
        const char *last = dot ? dot + 1 : q;
        if (method != (dot != NULL) || strlen(last) != (size_t)callee.len ||
            memcmp(last, callee.s, (size_t)callee.len) != 0)
            continue;
        const Node *d;
        if (!units_param(v->defs.items[i].node, kw->keyword.arg, &d) || !d ||
            !ast_equal(d, kw->keyword.value))
            return false;
        found++;
    }
    return found > 0;
}

static int drop_default(Node *x, void *ud) {
    Defaults *s = ud;
    if (s->depth > 200) return 0;
    if (x->kind == AST_CALL && x->Call.keywords.len) {
        const Node *f = x->Call.func;
        Str name = {0};
        bool method = false;
        if (f->kind == AST_ATTRIBUTE && f->Attribute.value->kind == AST_NAME &&
            (str_eq_c(f->Attribute.value->Name.id, "self") ||
             str_eq_c(f->Attribute.value->Name.id, "cls")))
            name = f->Attribute.attr, method = true;
        else if (f->kind == AST_NAME)
            name = f->Name.id;
        NodeList *k = &x->Call.keywords;
        int32_t n = 0;
        for (int32_t i = 0; i < k->len; i++)
            if (!name.s || !k->items[i]->keyword.arg.s ||
                !is_default(s->v, name, method, k->items[i]))
                k->items[n++] = k->items[i];
        k->len = n;
    }
    s->depth++;
    ast_children(x, drop_default, ud);
    s->depth--;
    return 0;
}

/* Drops the defaults written out in the calls of def fn (a tree of the version's own). */
static void drop_defaults(const Version *v, Node *fn) {
    Defaults s = {v, 0};
    drop_default(fn, &s);
}

/* ---- names ------------------------------------------------------------------------------------
 * A statement whose only change is a local it now reads or writes under a new name (one the
 * function never used before: `g = sympify(g)` become `gs = sympify(g)`) was reworded, not
 * deleted, though the old name lives on elsewhere in the function (so the renaming is not
 * consistent, and NORM_LOOSE does not equate them). A change to another local the function
 * already had (`if grad is None` become `if grad_accum is None`) is not a rewording. */

/* The names a tree uses, as 64-bit hashes (exact but for a collision of 64-bit hashes: no filter
 * that fills up on a long method and then "has" every name). */
typedef struct NameScan {
    Arena *a;
    uint64_t *h;
    int32_t n, cap;
    int depth;
    bool oom;
} NameScan;

static uint64_t name_key(Str s) {
    return hash_bytes(s.s, (size_t)s.len, HASH_SEED);
}

static void name_add(NameScan *s, Str name) {
    if (s->n == s->cap) {
        int32_t cap = s->cap ? s->cap * 2 : 16;
        uint64_t *h = s->cap < INT32_MAX / 2 ? arena_alloc(s->a, sizeof *h * (size_t)cap) : NULL;
        if (!h) {
            s->oom = true;
            return;
        }
        if (s->n) memcpy(h, s->h, sizeof *h * (size_t)s->n);
        s->h = h, s->cap = cap;
    }
    s->h[s->n++] = name_key(name);
}

static int scan_names(Node *x, void *ud) {
    NameScan *s = ud;
    if (s->depth > 200 || s->oom) return 0;
    if (x->kind == AST_NAME) name_add(s, x->Name.id);
    if (x->kind == AST_ARG) name_add(s, x->arg.arg);
    s->depth++;
    ast_children(x, scan_names, ud);
    s->depth--;
    return 0;
}

static int by_hash(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Sorts s's hashes and drops the repeats: a set that has_hash can search. */
static void name_set(NameScan *s) {
    if (s->n < 2) return;
    qsort(s->h, (size_t)s->n, sizeof *s->h, by_hash);
    int32_t k = 1;
    for (int32_t i = 1; i < s->n; i++)
        if (s->h[i] != s->h[k - 1]) s->h[k++] = s->h[i];
    s->n = k;
}

static bool has_hash(const uint64_t *h, int32_t n, uint64_t x) {
    for (int32_t lo = 0, hi = n; lo < hi;) {
        int32_t mid = lo + (hi - lo) / 2;
        if (h[mid] == x) return true;
        if (h[mid] < x)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool history_has_name(const FnVersion *v, Str name) {
    return has_hash(v->names, v->nnames, name_key(name));
}

/* The names unit u uses: a header's own expressions, not the statements below it. */
static void unit_names(NameScan *s, const UnitNode *u) {
    const Node *x = u->node;
    if (u->part == UNIT_WHOLE) {
        scan_names((Node *)x, s);
    } else if (u->part == UNIT_HEADER) {
        switch (x->kind) {
        case AST_IF:
        case AST_WHILE: scan_names(x->If.test, s); break;
        case AST_FOR:
        case AST_ASYNC_FOR: scan_names(x->For.target, s), scan_names(x->For.iter, s); break;
        case AST_WITH:
        case AST_ASYNC_WITH:
            for (int32_t i = 0; i < x->With.items.len; i++) scan_names(x->With.items.items[i], s);
            break;
        default: break;
        }
    } else if (u->part == UNIT_HANDLER && x->ExceptHandler.type) {
        scan_names(x->ExceptHandler.type, s);
        if (x->ExceptHandler.name.s) name_add(s, x->ExceptHandler.name);
    }
}

/* Whether t, deleted from prev, became a statement of next (inserted: mb[j] < 0) that is the same
 * but for its locals, one of them a name prev never used. */
static bool renamed(const FnVersion *prev, const HistUnit *t, const HistUnit *next, const Def *d,
                    const int32_t *mb) {
    for (int32_t j = 0; d->names && j < d->code->nunits; j++) {
        if (mb[j] >= 0 || next[j].blind != t->blind) continue;
        for (int32_t k = d->names[j]; k < d->names[j + 1]; k++)
            if (!has_hash(prev->names, prev->nnames, d->unit_names[k])) return true;
    }
    return false;
}

/* Def d's names, per unit and in all (before make_units renames its locals). */
static bool scan_def_names(Version *v, Def *d) {
    NameScan all = {v->scratch, NULL, 0, 0, 0, false};
    scan_names(d->node, &all);
    if (all.oom) return false;
    name_set(&all); /* kept with the history: copied out of the scratch it grew in */
    if (!(d->all_names = arena_alloc(v->b->out, sizeof *d->all_names * (size_t)(all.n + 1))))
        return false;
    if (all.n) memcpy(d->all_names, all.h, sizeof *all.h * (size_t)all.n);
    d->nall_names = all.n;
    if (!d->nodes) return true;
    if (!(d->names = arena_alloc(v->scratch, sizeof *d->names * (size_t)(d->code->nunits + 1))))
        return false;
    NameScan s = {v->scratch, NULL, 0, 0, 0, false};
    for (int32_t i = 0; i < d->code->nunits; i++) {
        d->names[i] = s.n;
        unit_names(&s, &d->nodes[i]);
    }
    d->names[d->code->nunits] = s.n;
    d->unit_names = s.h;
    return !s.oom;
}

/* Marks the units the change from `prev` to `next` added (NEW, with their text), or (gone) the
 * units of `prev` it deleted (GONE): not those it kept or reworded (the normalized statement is
 * still there), nor those found in the pools, which hold what the commit put into the file's
 * other functions. */
static bool transition(Version *v, FnVersion *prev, HistUnit *next, const Def *d, bool gone,
                       const uint64_t *exact_pool, const uint64_t *blind_pool, int32_t npool) {
    const UnitNode *nodes = d->nodes;
    int32_t nn = d->code->nunits;
    int32_t np = prev->nunits;
    if (np > v->b->max_units || nn > v->b->max_units) return true;
    int32_t *ma = arena_alloc(v->scratch, sizeof *ma * (size_t)(np + 1) * 2);
    int32_t *mb = arena_alloc(v->scratch, sizeof *mb * (size_t)(nn + 1) * 2);
    uint64_t *x = arena_alloc(v->scratch, sizeof *x * (size_t)(np + 1));
    uint64_t *y = arena_alloc(v->scratch, sizeof *y * (size_t)(nn + 1));
    if (!ma || !mb || !x || !y) return false;
    int32_t *la = ma + np + 1, *lb = mb + nn + 1;
    for (int32_t i = 0; i < np; i++) x[i] = prev->units[i].hash;
    for (int32_t j = 0; j < nn; j++) y[j] = next[j].hash;
    if (history_lcs(x, np, y, nn, ma, mb) < 0) return false;
    if (!gone) {
        for (int32_t j = 0; j < nn; j++)
            if (mb[j] < 0) {
                next[j].flags |= HUNIT_NEW;
                next[j].text = text_of(v, nodes, j);
            }
        return !v->failed;
    }
    for (int32_t i = 0; i < np; i++) x[i] = prev->units[i].loose;
    for (int32_t j = 0; j < nn; j++) y[j] = next[j].loose;
    if (history_lcs(x, np, y, nn, la, lb) < 0) return false;
    for (int32_t i = 0; i < np; i++) {
        HistUnit *t = &prev->units[i];
        t->flags &= (uint8_t)~HUNIT_GONE;
        if (ma[i] >= 0 || la[i] >= 0) continue; /* kept, or reworded */
        if (in_pool(exact_pool, npool, t->hash) || in_pool(blind_pool, npool, t->blind)) continue;
        if (renamed(prev, t, next, d, mb)) continue;
        t->flags |= HUNIT_GONE;
    }
    return true;
}

/* ---- new attributes ------------------------------------------------------------------------ */

typedef struct AttrScan {
    const char *text;
    size_t len;
    bool found;
    int depth;
} AttrScan;

/* Whether `.name` occurs in text as an attribute (not the prefix of a longer name). */
static bool mentions(const char *text, size_t len, Str name) {
    for (const char *p = text, *end = text + len; p < end;) {
        const char *q = memchr(p, '.', (size_t)(end - p));
        if (!q) return false;
        const char *e = q + 1 + name.len;
        if (e <= end && memcmp(q + 1, name.s, (size_t)name.len) == 0 &&
            (e == end ||
             !(*e == '_' || (*e >= '0' && *e <= '9') || ((*e | 32) >= 'a' && (*e | 32) <= 'z'))))
            return true;
        p = q + 1;
    }
    return false;
}

static bool is_new_attribute(const AttrScan *s, const Node *x) {
    return x->kind == AST_ATTRIBUTE && x->Attribute.value->kind == AST_NAME &&
           str_eq_c(x->Attribute.value->Name.id, "self") &&
           !mentions(s->text, s->len, x->Attribute.attr);
}

/* A test that is a switch on an attribute of self the previous version never mentions
 * (`self.local`, `not self.local`): a new option or feature; an amended condition
 * (`a and not self.system`) is not one. */
static void scan_test(AttrScan *s, const Node *test) {
    while (test->kind == AST_UNARY_OP && test->UnaryOp.op == AST_NOT) test = test->UnaryOp.operand;
    if (is_new_attribute(s, test)) s->found = true;
}

/* Looks for such a switch in the tests of the ifs, whiles and conditional expressions in x. */
static int scan_attr(Node *x, void *ud) {
    AttrScan *s = ud;
    if (s->found || s->depth > 200) return 1;
    if (x->kind == AST_IF || x->kind == AST_WHILE) scan_test(s, x->If.test);
    if (x->kind == AST_IF_EXP) scan_test(s, x->IfExp.test);
    s->depth++;
    ast_children(x, scan_attr, ud);
    s->depth--;
    return s->found;
}

/* Per unit of def d, whether it uses an attribute of self that the previous version of the file
 * never mentions (before make_units renames self). */
static bool scan_attributes(const FileBuilder *b, Version *v, Def *d) {
    if (!b->prev || !d->nodes) return true;
    int32_t n = d->code->nunits;
    if (!(d->attrs = arena_zalloc(v->scratch, (size_t)n + 1))) return false;
    for (int32_t i = 0; i < n; i++) {
        AttrScan s = {b->prev, b->prev_len, false, 0};
        const Node *x = d->nodes[i].node;
        if (d->nodes[i].part == UNIT_HEADER && (x->kind == AST_IF || x->kind == AST_WHILE))
            scan_test(&s, x->If.test); /* (a header: its test, not the body below it) */
        else if (d->nodes[i].part == UNIT_WHOLE)
            scan_attr((Node *)x, &s);
        d->attrs[i] = s.found;
    }
    return true;
}

/* Whether the statements the change added to def d (its NEW units) use such an attribute. */
static bool new_attribute(const Def *d) {
    for (int32_t i = 0; d->attrs && i < d->code->nunits; i++)
        if ((d->units[i].flags & (HUNIT_NEW | HUNIT_WEAK)) == HUNIT_NEW && d->attrs[i]) return true;
    return false;
}

static bool push_version(FileBuilder *b, FnHistory *f, int32_t commit, HistUnit *u, int32_t n,
                         uint8_t flags, const uint64_t *names, int32_t nnames) {
    FnVersion *nv = arena_alloc(b->out, sizeof *nv * (size_t)(f->nversions + 1));
    if (!nv) return false;
    if (f->nversions) memcpy(nv, f->versions, sizeof *nv * (size_t)f->nversions);
    nv[f->nversions++] = (FnVersion){commit, u, n, flags, names, nnames};
    f->versions = nv;
    return true;
}

static bool add_commit(FileBuilder *b, const char *id, int64_t time, const char *subject,
                       const char *fixes) {
    FileHistory *fh = b->fh;
    if (fh->ncommits == b->capcommits) {
        int32_t cap = b->capcommits ? b->capcommits * 2 : 16;
        FileCommit *c = arena_alloc(b->out, sizeof *c * (size_t)cap);
        if (!c) return false;
        if (fh->ncommits) memcpy(c, fh->commits, sizeof *c * (size_t)fh->ncommits);
        fh->commits = c, b->capcommits = cap;
    }
    FileCommit *c = &fh->commits[fh->ncommits];
    c->id = arena_strndup(b->out, id, strlen(id));
    c->subject = arena_strndup(b->out, subject ? subject : "", subject ? strlen(subject) : 0);
    c->fixes = arena_strndup(b->out, fixes ? fixes : "", fixes ? strlen(fixes) : 0);
    c->time = time;
    if (!c->id || !c->subject || !c->fixes) return false;
    fh->ncommits++;
    return true;
}

static int32_t new_fn(FileBuilder *b, const char *qualname) {
    FileHistory *fh = b->fh;
    if ((uint32_t)(fh->nfns + 1) * 2 > b->nslots && !rehash(b, b->nslots * 2)) return -1;
    if (fh->nfns == b->capfns) {
        int32_t cap = b->capfns ? b->capfns * 2 : 32;
        FnHistory *f = arena_alloc(b->out, sizeof *f * (size_t)cap);
        if (!f) return -1;
        if (fh->nfns) memcpy(f, fh->fns, sizeof *f * (size_t)fh->nfns);
        fh->fns = f, b->capfns = cap;
    }
    FnHistory *f = &fh->fns[fh->nfns];
    memset(f, 0, sizeof *f);
    if (!(f->qualname = arena_strndup(b->out, qualname, strlen(qualname)))) return -1;
    uint32_t at;
    find_fn(b, qualname, &at);
    b->slots[at] = fh->nfns + 1;
    return fh->nfns++;
}

/* Keeps this version's bytes as the previous version's, for the next call. */
static bool keep_previous(FileBuilder *b, const char *bytes, size_t len) {
    char *p = dw_realloc(b->prev, len + 1);
    if (!p) return false;
    memcpy(p, bytes, len);
    b->prev = p, b->prev_len = len;
    return true;
}

bool fb_add(FileBuilder *b, const char *id, int64_t time, const char *subject, const char *fixes,
            const char *bytes, size_t len, Arena *scratch) {
    FileHistory *fh = b->fh;
    if (!add_commit(b, id, time, subject, fixes)) return false;
    int32_t commit = fh->ncommits - 1;
    for (int32_t i = 0; i < fh->nfns; i++) fh->fns[i].present = false;
    if (!bytes) return true;
    SourceText src;
    ParseResult pr;
    ParseError err;
    ParseStatus ps = parse_bytes(scratch, bytes, len, &src, &pr, &err);
    if (ps == PARSE_NO_MEMORY) return false;
    if (ps != PARSE_OK) return keep_previous(b, bytes, len); /* a gap */
    Version v = {b, scratch, &src, &pr.lines, {0}, NULL, 0, false};
    collect_defs(&v, &pr.module->Module.body, "", 0);
    /* each function: unchanged, changed (a new version) or new in the file */
    int32_t npool = 0;
    for (int32_t i = 0; i < v.defs.len && !v.failed; i++) {
        Def *d = &v.defs.items[i];
        uint32_t at;
        d->fn = find_fn(b, d->qualname, &at);
        if (!(d->code = summary_method_hashes(scratch, scratch, d->node, 0))) return false;
        if (d->fn >= 0) {
            FnHistory *f = &fh->fns[d->fn];
            f->present = true;
            if (f->nversions && same_units(&f->versions[f->nversions - 1], d->code)) continue;
        }
        /* the statements behind the units, before make_units normalizes the tree */
        d->nodes = arena_alloc(scratch, sizeof *d->nodes * (size_t)(d->code->nunits + 1));
        if (!d->nodes) return false;
        if (units_of(d->node, d->nodes, d->code->nunits) != d->code->nunits) d->nodes = NULL;
        if (!scan_attributes(b, &v, d) || !scan_def_names(&v, d)) return false;
        d->changed = true;
        npool += d->code->nunits;
    }
    /* the defaults written out, while every def still has its own names (make_units renames) */
    for (int32_t i = 0; i < v.defs.len && !v.failed; i++)
        if (v.defs.items[i].changed) drop_defaults(&v, v.defs.items[i].node);
    for (int32_t i = 0; i < v.defs.len && !v.failed; i++)
        if (v.defs.items[i].changed && !(v.defs.items[i].units = make_units(&v, &v.defs.items[i])))
            return false;
    if (v.failed) return false;
    /* what the commit put into functions: their new statements (all of a new function's) */
    uint64_t *exact_pool = arena_alloc(scratch, sizeof *exact_pool * (size_t)(npool + 1));
    uint64_t *blind_pool = arena_alloc(scratch, sizeof *blind_pool * (size_t)(npool + 1));
    int32_t *owner = arena_alloc(scratch, sizeof *owner * (size_t)(npool + 1));
    if (!exact_pool || !blind_pool || !owner) return false;
    /* first the NEW marks (each changed function against its last version), then the pools */
    for (int32_t i = 0; i < v.defs.len; i++) {
        Def *d = &v.defs.items[i];
        if (!d->units || d->fn < 0 || !fh->fns[d->fn].nversions) continue;
        FnHistory *f = &fh->fns[d->fn];
        if (!transition(&v, &f->versions[f->nversions - 1], d->units, d, false, NULL, NULL, 0))
            return false;
    }
    npool = 0;
    for (int32_t i = 0; i < v.defs.len; i++) {
        Def *d = &v.defs.items[i];
        bool fresh = d->fn < 0 || !fh->fns[d->fn].nversions;
        for (int32_t k = 0; d->units && k < d->code->nunits; k++)
            if (fresh || (d->units[k].flags & HUNIT_NEW)) {
                exact_pool[npool] = d->units[k].hash;
                blind_pool[npool] = d->units[k].blind;
                owner[npool++] = i;
            }
    }
    /* then the GONE marks, each function's against what went into the others */
    for (int32_t i = 0; i < v.defs.len; i++) {
        Def *d = &v.defs.items[i];
        if (!d->units) continue;
        if (d->fn >= 0 && fh->fns[d->fn].nversions) {
            FnHistory *f = &fh->fns[d->fn];
            int32_t n = 0; /* the pool without this function's own statements */
            uint64_t *ep = arena_alloc(scratch, sizeof *ep * (size_t)(npool + 1) * 2);
            if (!ep) return false;
            uint64_t *bp = ep + npool + 1;
            for (int32_t k = 0; k < npool; k++)
                if (owner[k] != i) ep[n] = exact_pool[k], bp[n++] = blind_pool[k];
            if (!transition(&v, &f->versions[f->nversions - 1], d->units, d, true, ep, bp, n))
                return false;
        }
        if (d->fn < 0 && (d->fn = new_fn(b, d->qualname)) < 0) return false;
        FnHistory *f = &fh->fns[d->fn];
        f->present = true;
        uint8_t flags = f->nversions && new_attribute(d) ? FNV_NEW_ATTRIBUTE : 0;
        if (!push_version(b, f, commit, d->units, d->code->nunits, flags, d->all_names,
                          d->nall_names))
            return false;
    }
    return keep_previous(b, bytes, len);
}
