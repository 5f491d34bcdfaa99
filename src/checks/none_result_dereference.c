/* DW203 none-result-dereference
 *
 * What it does: finds the result of a call to a function or method in the tree that can only
 * ever return None, dereferenced or used as if it were a value: `f().y`, `f()[0]`, `f()()`,
 * `for x in f()`, `*f()`, and `x = f(); x.y` (on every path from the assignment). A function
 * "can only return None" when every `return` in it is bare or `return None` (falling off the
 * end counts); generators, async functions, abstract methods, decorated functions and stubs
 * (a body of `...`, `pass`, a docstring or `raise NotImplementedError`) do not count, nor does a
 * body that ends by raising and never returns.
 *
 * Calls resolve by name: a module-level function of the module (not shadowed by a local name),
 * an imported function (through re-exports), `module.f()`, `Class.method()`, and `self.m()` /
 * `cls.m()` through the class's MRO — only when no subclass in the tree overrides `m` with a
 * method that can return something else.
 *
 * Why is this a bug: the dereference raises AttributeError or TypeError every time: either the
 * function was meant to return something (a missing `return`), or the caller is using the wrong
 * function.
 *
 * Example:
 *     def load_config(path):
 *         with open(path) as f:
 *             config = json.load(f)      # forgot `return config`
 *     timeout = load_config("app.json")["timeout"]
 *
 * Use instead: return the value, or stop using the result.
 *
 * Reported at the dereference, with the function's `def` as a related location.
 *
 * Not reported: calls that cannot be resolved (an object of unknown type, a name bound locally,
 * a base class outside the tree before the method), super() calls in classes with subclasses
 * (their target depends on the runtime class), dereferences inside a `try` that catches
 * AttributeError or TypeError.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/cfg.h"
#include "check/tree.h"
#include "none_result.h"
#include "rule_docs.h"

static bool only_none(const FuncSum *f) {
    return (f->flags & FN_RETURNS_NONE) &&
           !(f->flags & (FN_GENERATOR | FN_ASYNC | FN_STUB | FN_ABSTRACT | FN_DECORATED));
}

/* ---- whether a class deriving from the call's class overrides the method ----------------------
 *
 * `self.m()` in class c runs, for an instance of a class deriving from c, that class's m: the
 * call is reported only when no class deriving from c defines m as a method that can return
 * something else. Asked of many calls, in classes many derive from (a chain of n classes has
 * n(n-1)/2 pairs), this is answered from a depth-first numbering of the classes along their
 * subclasses, made once: the classes deriving from c are those numbered from c's number to the
 * last of its subtree, and the definitions of m that can return a value are kept sorted by the
 * number of their class, so one binary search answers. That holds where every class below c
 * has one base in the tree; below a class with several, its descendants are visited. */

typedef struct Definers {
    const char *name;
    int32_t *at; /* the numbers of the classes defining it as a method that can return a value */
    int32_t n, cap;
} Definers;

struct NoneBelow {
    int32_t *pre, *last; /* per class (class_id): its number, and the last of its subtree */
    Definers *names;     /* open addressing by name */
    int32_t cap;
    Arena a;
    bool made, failed;
};

static Definers *definers(NoneBelow *b, const char *name, bool add) {
    uint32_t at = name_hash(name) & (uint32_t)(b->cap - 1);
    for (; b->names[at].name; at = (at + 1) & (uint32_t)(b->cap - 1))
        if (strcmp(b->names[at].name, name) == 0) return &b->names[at];
    if (!add) return NULL;
    b->names[at].name = name;
    return &b->names[at];
}

static int by_number(const void *x, const void *y) {
    int32_t a = *(const int32_t *)x, c = *(const int32_t *)y;
    return (a > c) - (a < c);
}

/* The numbering, and the definitions by name. */
static bool below_make(const ProjectIndex *ix, NoneBelow *b) {
    int32_t n = ix->nclasses, methods = 0;
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++)
            methods += ix->modules[m]->classes[c].nmethods;
    b->cap = 16;
    while (b->cap < methods * 2) b->cap *= 2;
    b->pre = arena_alloc(&b->a, sizeof(int32_t) * (size_t)(n + 1));
    b->last = arena_alloc(&b->a, sizeof(int32_t) * (size_t)(n + 1));
    b->names = arena_zalloc(&b->a, sizeof(Definers) * (size_t)b->cap);
    struct Frame {
        ClassRef c;
        int32_t next;
    } *stack = arena_alloc(&b->a, sizeof(struct Frame) * (size_t)(n + 1));
    if (!b->pre || !b->last || !b->names || !stack) return false;
    memset(b->pre, 0xff, sizeof(int32_t) * (size_t)n);
    int32_t number = 0;
    for (int32_t k = 0; k < n; k++) { /* (bases first: a class is numbered below its first) */
        if (b->pre[class_id(ix, ix->order[k])] >= 0) continue;
        int32_t sp = 0;
        stack[sp++] = (struct Frame){ix->order[k], 0};
        b->pre[class_id(ix, ix->order[k])] = number++;
        while (sp) {
            struct Frame *f = &stack[sp - 1];
            const ClassInfo *ci = index_class_info(ix, f->c);
            if (f->next < ci->nsub) {
                ClassRef s = ci->subclasses[f->next++];
                if (b->pre[class_id(ix, s)] < 0) {
                    b->pre[class_id(ix, s)] = number++;
                    stack[sp++] = (struct Frame){s, 0};
                }
                continue;
            }
            b->last[class_id(ix, f->c)] = number - 1;
            sp--;
        }
    }
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t c = 0; c < ms->nclasses; c++) {
            ClassRef r = {m, c};
            const ClassSum *cs = &ms->classes[c];
            for (int32_t k = 0; k < cs->nmethods; k++) {
                const FuncSum *f = &ms->functions[cs->methods[k]];
                if (only_none(f) || index_class_method(ix, r, f->name) != cs->methods[k]) continue;
                Definers *d = definers(b, f->name, true);
                if (d->n == d->cap &&
                    vec_grow_(&b->a, (void **)&d->at, &d->cap, sizeof(int32_t), d->n + 1))
                    return false;
                d->at[d->n++] = b->pre[class_id(ix, r)];
            }
        }
    }
    for (int32_t i = 0; i < b->cap; i++)
        if (b->names[i].n > 1)
            qsort(b->names[i].at, (size_t)b->names[i].n, sizeof(int32_t), by_number);
    return true;
}

/* Whether some class deriving from c (not c) defines `name` as a method that can return a value. */
static bool overridden_below(const ProjectIndex *ix, NoneBelow *b, ClassRef c, const char *name) {
    const ClassInfo *ci = index_class_info(ix, c);
    if (!ci->nsub) return false;
    if (!b->made) {
        b->made = true;
        b->failed = !below_make(ix, b);
    }
    if (b->failed) return true; /* (out of memory: no finding) */
    if (ci->mi_below) {         /* several bases below: the numbering leaves some out */
        Arena a;
        arena_init(&a);
        ClassRef *d;
        int32_t n = index_descendants(ix, c, false, &a, &d);
        bool found = n < 0;
        for (int32_t i = 0; i < n && !found; i++) {
            int32_t f = index_class_method(ix, d[i], name);
            found = f >= 0 && !only_none(&ix->modules[d[i].module]->functions[f]);
        }
        arena_free(&a);
        return found;
    }
    const Definers *d = definers(b, name, false);
    if (!d) return false;
    int32_t from = b->pre[class_id(ix, c)], to = b->last[class_id(ix, c)];
    int32_t lo = 0, hi = d->n; /* the first number past c's */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (d->at[mid] <= from)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo < d->n && d->at[lo] <= to;
}

const FuncSum *none_result_resolve(const ProjectIndex *ix, NoneBelow *below, int32_t m,
                                   const CallRef *c, int32_t *where) {
    ClassRef owner;
    int32_t fn;
    bool uncertain;
    switch ((Receiver)c->kind) {
    case RECV_NAME: {
        if (c->local == LOCAL_YES) return NULL;
        Entity e = index_resolve_name(ix, m, c->callee);
        if (e.kind != ENT_FUNCTION) return NULL;
        *where = e.module;
        return &ix->modules[e.module]->functions[e.item];
    }
    case RECV_SELF:
    case RECV_CLS:
    case RECV_SUPER: {
        if (c->cls < 0) return NULL;
        ClassRef cr = {m, c->cls};
        const ClassInfo *ci = index_class_info(ix, cr);
        if (c->kind == RECV_SUPER && ci->nsub) return NULL;
        int from = c->kind == RECV_SUPER ? 1 : 0;
        if (!index_lookup_method(ix, cr, c->callee, from, &owner, &fn, &uncertain) || uncertain)
            return NULL;
        const FuncSum *f = &ix->modules[owner.module]->functions[fn];
        /* (the subclasses, of a class many derive from, only for a method that returns None) */
        if (below && c->kind != RECV_SUPER && only_none(f) &&
            overridden_below(ix, below, cr, c->callee))
            return NULL;
        *where = owner.module;
        return f;
    }
    case RECV_DOTTED: {
        Entity e = index_resolve_dotted(ix, m, c->receiver);
        if (e.kind == ENT_MODULE) {
            Entity f = index_resolve_name(ix, e.module, c->callee);
            if (f.kind != ENT_FUNCTION) return NULL;
            *where = f.module;
            return &ix->modules[f.module]->functions[f.item];
        }
        if (e.kind == ENT_CLASS) {
            ClassRef cr = {e.module, e.item};
            if (!index_lookup_method(ix, cr, c->callee, 0, &owner, &fn, &uncertain) || uncertain)
                return NULL;
            *where = owner.module;
            return &ix->modules[owner.module]->functions[fn];
        }
        return NULL;
    }
    default: return NULL;
    }
}

bool none_result_shadowed(const ProjectIndex *ix, ReadAgain *ra, int32_t m, const CallRef *c) {
    if (c->local != LOCAL_UNCHECKED) return c->local == LOCAL_YES;
    char root[256];
    const char *name = c->kind == RECV_DOTTED ? c->receiver : c->callee;
    size_t n = strcspn(name, ".");
    if (n >= sizeof root) return true;
    memcpy(root, name, n);
    root[n] = 0;
    return index_bound_locally(ix, ra, m, c->func, root);
}

static const char *what_raises(uint8_t flags) {
    if (flags & EVF_ATTRIBUTE) return "accessing an attribute of it raises AttributeError";
    if (flags & EVF_SUBSCRIPT) return "subscripting it raises TypeError";
    if (flags & EVF_CALLEE) return "calling it raises TypeError";
    if (flags & EVF_ITER) return "iterating over it raises TypeError";
    return "using it raises";
}

void none_result_dereference_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    NoneBelow below = {0};
    arena_init(&below.a);
    ReadAgain ra;
    index_read_again_init(&ra);
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        const DerefFacts *df = summary_facts(ms, &none_result_collector);
        for (int32_t i = 0; df && i < df->n; i++) {
            const CallRef *c = &df->calls[i].call;
            int32_t w = -1;
            if (!site_derefs(df->calls[i].use)) continue;
            const FuncSum *f = none_result_resolve(ix, &below, m, c, &w);
            if (!f || !only_none(f) || none_result_shadowed(ix, &ra, m, c)) continue;
            const ModuleSummary *where = ix->modules[w];
            const char *file = strrchr(where->path, '/');
            file = file ? file + 1 : where->path;
            SumLoc def = func_def(f);
            char q[QUALNAME_MAX];
            tree_report(tx, ms, &df->calls[i].at, where, &def, "only ever returns None",
                        "the result of `%s()` is always None (%s at %s:%d has no `return` with a "
                        "value): %s",
                        c->callee, func_qualname(where, f, q, sizeof q), file, f->line,
                        what_raises(df->calls[i].how));
        }
    }
    if (below.failed) tx->failed = true;
    arena_free(&below.a);
    index_read_again_free(&ra);
}

const Check check_none_result_dereference = {
    .info = {"DW203", "none-result-dereference",
             "The result of a call that can only return None is dereferenced.", DOC_DW203, true,
             "error"},
};
