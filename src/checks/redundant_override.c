/* DW302 redundant-override
 *
 * What it does: finds a method identical to the base-class method it overrides (found in the
 * tree): the same parameters, decorators, return annotation and body, as syntax trees, naming
 * the same objects, in a class where deleting it changes nothing Python does.
 *
 * Why is this a bug: the override does nothing but hide the base method. When the base is fixed
 * or changed, the subclass silently keeps the old copy — the first step of the drift DW301
 * reports.
 *
 * Example:
 *     class Base:
 *         def close(self):
 *             self._file.close()
 *     class Child(Base):
 *         def close(self):
 *             self._file.close()
 *
 * Use instead: delete the override.
 *
 * Reported at the override's `def`, with the base method as a related location. A name defined
 * more than once in a class (a property's getter, setter and deleter) is compared as a whole,
 * def by def, and reported at its first def.
 *
 * Not reported, because deleting the copy would change what the program does:
 *   - a copy reading a global name that is not the same object in both modules: the same text
 *     `return common_opts` in two modules each with its own `common_opts`. A name counts as the
 *     same when neither module binds it (a builtin), when both bind it once by a def, a class or
 *     an import resolving to the same thing (`import os` in both), or when one module imports it
 *     from the other; a name bound by an assignment, bound twice, or maybe by a star import is
 *     another object in each module. (Names read in decorators and default values are compared
 *     the same way; a class body assigning such a name is not seen.)
 *   - part of a property: a subclass that adds a setter restates the getter (it is not
 *     redundant: without it the setter has no property to extend), and a getter restated
 *     without the base's setter makes a read-only property. A property is compared as a whole.
 *   - `__hash__` in a class that defines `__eq__` (defining `__eq__` sets `__hash__` to None:
 *     the copy is what keeps the class hashable), and `__eq__` in a class that does not define
 *     `__hash__` (the copy makes the class unhashable; without it the base's `__hash__` is
 *     inherited).
 *   - a copy reading `__class__` or calling super() (zero-argument super() and `__class__`
 *     mean the class the method is written in), or naming a private name (`self.__x` is
 *     mangled with the class's name) in classes whose names mangle differently.
 *   - a copy decorated with anything but staticmethod, classmethod, property and its setter,
 *     getter and deleter, abstractmethod, cached_property, override, final, overload,
 *     functools' cache, lru_cache and wraps: a decorator runs again for the copy, and may
 *     register it or act on the class (a classmethod/staticmethod mismatch differs as text).
 *   - a dunder method in a class with a class decorator: dataclass and attrs generate
 *     `__eq__`, `__init__`, `__repr__`, `__hash__`, order methods when the class lacks them.
 *   - where `super()` or a method lookup goes through another MRO below: when a class deriving
 *     from the override's class with several bases would, without the copy, get another
 *     definition than the base's (class J(Left, Right): deleting Left's copy of Base.f gives J
 *     Right.f).
 *   - a method identical to itself (a class whose bases lead back to it: none has an MRO).
 * Not reported either: stubs (`pass`, `...`, a docstring, `raise NotImplementedError`) repeated
 * over a stub; a base found only past a base class outside the tree. The other methods of the
 * data model need no exclusion: `__init_subclass__`, `__class_getitem__` and `__new__` are
 * implicitly class or static methods either way, descriptors' `__get__`/`__set__`/`__delete__`,
 * `__set_name__`, `__getattr__` and `__getattribute__` are looked up on the type along the MRO,
 * where the base's copy is found as well, and `__slots__` does not depend on which class of the
 * MRO defines a method. A metaclass that inspects the class body is not modelled.
 */
#include <stdlib.h>
#include <string.h>

#include "check/tree.h"
#include "rule_docs.h"

/* What each module binds, read again when first needed. */
typedef struct Globals {
    const ProjectIndex *ix;
    const ModuleBindings **of;
    bool *tried;
    Arena a;
} Globals;

static const ModuleBindings *bindings(Globals *g, int32_t m) {
    if (!g->tried[m]) {
        g->tried[m] = true;
        g->of[m] = index_module_bindings(g->ix, m, &g->a);
    }
    return g->of[m];
}

/* Module m binds `name` by `from other import name`. */
static bool imported_from(const ProjectIndex *ix, int32_t m, const char *name, int32_t other) {
    const ImportSum *im = index_import_of(ix, m, name);
    return im && im->name && strcmp(im->name, name) == 0 &&
           index_find_module_from(ix, m, im->module) == other;
}

/* Whether global `name` read in module a and in module b is the same object. */
static bool same_global(Globals *g, int32_t a, int32_t b, const char *name) {
    const ProjectIndex *ix = g->ix;
    if (a == b) return true;
    const ModuleBindings *ba = bindings(g, a), *bb = bindings(g, b);
    if (!ba || !bb) return false; /* (a file that changed, or cannot be read) */
    int ka = module_binding(ba, name), kb = module_binding(bb, name);
    if (ka == MODULE_UNBOUND && kb == MODULE_UNBOUND) return true; /* a builtin in both */
    if ((kb != MODULE_UNBOUND && imported_from(ix, a, name, b)) ||
        (ka != MODULE_UNBOUND && imported_from(ix, b, name, a)))
        return true;
    if (ka != MODULE_BOUND_ONCE || kb != MODULE_BOUND_ONCE) return false;
    Entity ea = index_resolve_name(ix, a, name), eb = index_resolve_name(ix, b, name);
    if (ea.kind != ENT_NONE)
        return ea.kind == eb.kind && ea.module == eb.module && ea.item == eb.item;
    /* an import of the same thing from outside the tree (`import os` in both) */
    const ImportSum *ia = index_import_of(ix, a, name), *ib = index_import_of(ix, b, name);
    return eb.kind == ENT_NONE && ia && ib && strcmp(ia->module, ib->module) == 0 &&
           (ia->name && ib->name ? strcmp(ia->name, ib->name) == 0 : ia->name == ib->name);
}

/* A class's name as Python mangles private names with it: its leading underscores dropped. */
static const char *mangled(const char *name) {
    while (*name == '_') name++;
    return name;
}

/* Whether two defs are the same code, in their classes and modules. */
static bool same_def(Globals *g, const OverridePair *p, int32_t mine, int32_t theirs) {
    const ProjectIndex *ix = g->ix;
    const ModuleSummary *ms = ix->modules[p->method.module], *bm = ix->modules[p->base.module];
    const FuncSum *f = &ms->functions[mine], *b = &bm->functions[theirs];
    const MethodCode *fc = func_code(ms, mine), *bc = func_code(bm, theirs);
    if (!fc || !bc) return false; /* the code could not be read */
    if (fc->body_hash != bc->body_hash || fc->sig_hash != bc->sig_hash ||
        (f->flags & FN_ASYNC) != (b->flags & FN_ASYNC) || (f->flags & FN_CALLS_SUPER) ||
        ((fc->facts | bc->facts) & (CODE_DUNDER_CLASS | CODE_DECORATOR)))
        return false;
    if ((fc->facts | bc->facts) & CODE_PRIVATE &&
        strcmp(mangled(ms->classes[f->cls].name), mangled(bm->classes[b->cls].name)) != 0)
        return false;
    /* the globals: the same names (the same text), each the same object in both modules */
    bool closure = strstr(ms->classes[f->cls].qualname, "<locals>") ||
                   strstr(bm->classes[b->cls].qualname, "<locals>");
    if (fc->nglobals != bc->nglobals || (closure && fc->nglobals)) return false;
    for (int32_t i = 0; i < fc->nglobals; i++)
        if (strcmp(fc->globals[i], bc->globals[i]) != 0 ||
            !same_global(g, p->method.module, p->base.module, fc->globals[i]))
            return false;
    return true;
}

/* Whether Python's data model gives the method a meaning in its class that the base's copy
 * does not have there. */
static bool data_model_differs(const ProjectIndex *ix, ClassRef c, const char *name) {
    const ClassSum *cs = index_class(ix, c);
    if (strcmp(name, "__hash__") == 0) return index_class_method(ix, c, "__eq__") >= 0;
    if (strcmp(name, "__eq__") == 0) return index_class_method(ix, c, "__hash__") < 0;
    size_t n = strlen(name);
    return cs->decorated && n > 4 && strncmp(name, "__", 2) == 0 && strcmp(name + n - 2, "__") == 0;
}

/* Whether, without the override, every class deriving from its class c still gets the base
 * method: only a class with several bases can find another definition after c in its MRO. */
static bool same_below(const ProjectIndex *ix, ClassRef c, const char *name, FuncRef base) {
    Arena a;
    arena_init(&a);
    ClassRef *mi;
    int32_t n = index_descendants(ix, c, true, &a, &mi);
    bool same = n >= 0;
    for (int32_t i = 0; i < n && same; i++) {
        int32_t at = index_mro_position(ix, mi[i], c);
        ClassRef owner;
        int32_t fn;
        bool uncertain;
        same = at >= 0 && index_lookup_method(ix, mi[i], name, at + 1, &owner, &fn, &uncertain) &&
               !uncertain && owner.module == base.module && fn == base.fn;
    }
    arena_free(&a);
    return same;
}

void redundant_override_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    Globals g = {ix,
                 calloc((size_t)ix->nmodules + 1, sizeof *g.of),
                 calloc((size_t)ix->nmodules + 1, sizeof *g.tried),
                 {0}};
    arena_init(&g.a);
    if (!g.of || !g.tried) tx->failed = true;
    for (int32_t i = 0; i < ix->npairs && !tx->failed; i++) {
        const OverridePair *p = &ix->pairs[i];
        const ModuleSummary *ms = ix->modules[p->method.module];
        const ModuleSummary *bm = ix->modules[p->base.module];
        const FuncSum *f = &ms->functions[p->method.fn];
        ClassRef c = {p->method.module, f->cls};
        if ((p->method.module == p->base.module && p->method.fn == p->base.fn) ||
            p->ndefs != p->nbase_defs)
            continue;
        bool same = true, stubs = true;
        for (int32_t k = 0; k < p->ndefs && same; k++) {
            same = same_def(&g, p, p->defs[k], p->base_defs[k]);
            stubs &= (ms->functions[p->defs[k]].flags & FN_STUB) != 0;
        }
        if (!same || stubs) continue; /* (`pass` over `pass`: says "nothing", twice) */
        if (data_model_differs(ix, c, f->name) || !same_below(ix, c, f->name, p->base)) continue;
        const FuncSum *first = &ms->functions[p->defs[0]], *b = &bm->functions[p->base_defs[0]];
        const char *file = strrchr(bm->path, '/');
        file = file ? file + 1 : bm->path;
        SumLoc fdef = func_def(first), bdef = func_def(b);
        char fname[QUALNAME_MAX], bname[QUALNAME_MAX];
        tree_report(tx, ms, &fdef, bm, &bdef, "the identical base method",
                    "redundant override: `%s` is identical to %s (%s:%d); delete it",
                    func_qualname(ms, first, fname, sizeof fname),
                    func_qualname(bm, b, bname, sizeof bname), file, b->line);
    }
    free(g.of);
    free(g.tried);
    arena_free(&g.a);
}

const Check check_redundant_override = {
    {"DW302", "redundant-override", "An override is identical to the method it overrides.",
     DOC_DW302, true, "warning"},
    {0, 0},
    NULL,
    NULL,
};
