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
#include <string.h>

#include "cfg/cfg.h"
#include "check/tree.h"
#include "rule_docs.h"

static bool only_none(const FuncSum *f) {
    return (f->flags & FN_RETURNS_NONE) &&
           !(f->flags & (FN_GENERATOR | FN_ASYNC | FN_STUB | FN_ABSTRACT | FN_DECORATED));
}

/* Every override of `name` in the subclasses of c (transitively) also returns only None. */
static bool subclasses_agree(const ProjectIndex *ix, ClassRef c, const char *name, int depth) {
    if (depth > 64) return false;
    const ClassInfo *ci = index_class_info(ix, c);
    for (int32_t i = 0; i < ci->nsub; i++) {
        ClassRef s = ci->subclasses[i];
        int32_t f = index_class_method(ix, s, name);
        if (f >= 0 && !only_none(&ix->modules[s.module]->functions[f])) return false;
        if (!subclasses_agree(ix, s, name, depth + 1)) return false;
    }
    return true;
}

/* The function a call resolves to, or NULL. */
static const FuncSum *resolve(const ProjectIndex *ix, int32_t m, const CallSum *c,
                              const ModuleSummary **where) {
    const ModuleSummary *ms = ix->modules[m];
    ClassRef owner;
    int32_t fn;
    bool uncertain;
    switch ((Receiver)c->kind) {
    case RECV_NAME: {
        if (c->local == LOCAL_YES) return NULL;
        Entity e = index_resolve_name(ix, m, c->callee);
        if (e.kind != ENT_FUNCTION) return NULL;
        *where = ix->modules[e.module];
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
        if (c->kind != RECV_SUPER && only_none(f) && !subclasses_agree(ix, cr, c->callee, 0))
            return NULL;
        *where = ix->modules[owner.module];
        return f;
    }
    case RECV_DOTTED: {
        Entity e = index_resolve_dotted(ix, m, c->receiver);
        if (e.kind == ENT_MODULE) {
            Entity f = index_resolve_name(ix, e.module, c->callee);
            if (f.kind != ENT_FUNCTION) return NULL;
            *where = ix->modules[f.module];
            return &ix->modules[f.module]->functions[f.item];
        }
        if (e.kind == ENT_CLASS) {
            ClassRef cr = {e.module, e.item};
            if (!index_lookup_method(ix, cr, c->callee, 0, &owner, &fn, &uncertain) || uncertain)
                return NULL;
            *where = ix->modules[owner.module];
            return &ix->modules[owner.module]->functions[fn];
        }
        return NULL;
    }
    default: (void)ms; return NULL;
    }
}

/* Whether the name the call was resolved through (f in f(), a in a.b.m()) is, where the call
 * is, a local name rather than the module's. */
static bool shadowed(const ProjectIndex *ix, int32_t m, const CallSum *c) {
    if (c->local != LOCAL_UNCHECKED) return c->local == LOCAL_YES;
    char root[256];
    const char *name = c->kind == RECV_DOTTED ? c->receiver : c->callee;
    size_t n = strcspn(name, ".");
    if (n >= sizeof root) return true;
    memcpy(root, name, n);
    root[n] = 0;
    return index_bound_locally(ix, m, c->func, root);
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
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t i = 0; i < ms->ncalls; i++) {
            const CallSum *c = &ms->calls[i];
            if (!c->deref) continue;
            const ModuleSummary *where = NULL;
            const FuncSum *f = resolve(ix, m, c, &where);
            if (!f || !only_none(f) || shadowed(ix, m, c)) continue;
            const char *file = strrchr(where->path, '/');
            file = file ? file + 1 : where->path;
            SumLoc def = func_def(f);
            char q[QUALNAME_MAX];
            tree_report(tx, ms, &c->deref_loc, where, &def, "only ever returns None",
                        "the result of `%s()` is always None (%s at %s:%d has no `return` with a "
                        "value): %s",
                        c->callee, func_qualname(where, f, q, sizeof q), file, f->line,
                        what_raises(c->deref));
        }
    }
}

const Check check_none_result_dereference = {
    .info = {"DW203", "none-result-dereference",
             "The result of a call that can only return None is dereferenced.", DOC_DW203, true,
             "error"},
};
