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
 * - a copy reading a global name that is not the same object in both modules: the same text
 *   `return common_opts` in two modules each with its own `common_opts`. A name counts as the
 *   same when neither module binds it (a builtin), when both bind it once by a def, a class or
 *   an import resolving to the same thing (`import os` in both), or when one module imports it
 *   from the other; a name bound by an assignment, bound twice, or maybe by a star import is
 *   another object in each module. (Names read in decorators and default values are compared
 *   the same way; a class body assigning such a name is not seen.)
 *
 * - part of a property: a subclass that adds a setter restates the getter (it is not
 *   redundant: without it the setter has no property to extend), and a getter restated
 *   without the base's setter makes a read-only property. A property is compared as a whole.
 *
 * - `__hash__` in a class that defines `__eq__` (defining `__eq__` sets `__hash__` to None:
 *   the copy is what keeps the class hashable), and `__eq__` in a class that does not define
 *   `__hash__` (the copy makes the class unhashable; without it the base's `__hash__` is
 *   inherited).
 *
 * - a copy reading `__class__` or calling super() (zero-argument super() and `__class__`
 *   mean the class the method is written in), or naming a private name (`self.__x` is
 *   mangled with the class's name) in classes whose names mangle differently.
 *
 * - a copy decorated with anything but staticmethod, classmethod, property and its setter,
 *   getter and deleter, abstractmethod, cached_property, override, final, overload,
 *   functools' cache, lru_cache and wraps, contextmanager, Twisted's inlineCallbacks, and the
 *   test decorators of unittest, mock and pytest: an unknown decorator runs again for the copy,
 *   and may register it, or depend on the class (through the function's qualified name, or a
 *   descriptor's `__set_name__`). A classmethod/staticmethod mismatch differs as text.
 *
 * - in a class with a class decorator, the methods dataclass and attrs make when the class
 *   lacks them (`__init__`, `__repr__`, `__eq__`, `__hash__`, the order methods,
 *   `__setattr__`, `__delattr__`, ...).
 *
 * - where a lookup goes through another MRO below: a class deriving from the override's class
 *   that has several bases and gets the method from it (or through super()) would, without the
 *   copy, get another definition than the base's when one of its other bases derives from a
 *   class between the two: class J(Left, Right), Left and Right deriving from Base: deleting
 *   Left's copy of Base.f gives J Right.f.
 *
 * - a copy of a method in a class defined in a def, reading a variable of that def (a
 *   closure's), unless both classes are in that def.
 *
 * - a method identical to itself (a class whose bases lead back to it: none has an MRO).
 * Not reported either: a test in a class that restates its base's tests in full (it defines
 * every `test*` method of the base, three or more: a table of tests per user role, each
 * listing every permission with what that role gets), where the identical test is an entry of
 * the table rather than a copy left behind;
 * stubs (`pass`, `...`, a docstring, `raise NotImplementedError`) repeated
 * over a stub; a base found only past a base class outside the tree. The other methods of the
 * data model need no exclusion: `__init_subclass__`, `__class_getitem__` and `__new__` are
 * implicitly class or static methods either way, descriptors' `__get__`/`__set__`/`__delete__`,
 * `__set_name__`, `__getattr__` and `__getattribute__` are looked up on the type along the MRO,
 * where the base's copy is found as well, and `__slots__` does not depend on which class of the
 * MRO defines a method. A metaclass that inspects the class body is not modelled.
 *
 * Fix (sometimes available): the override is deleted, decorators and all (every def of a
 * property's getter, setter and deleter), with the blank lines before it (or after it, when none
 * is before) so that no double gap is left; a class left empty gets `pass`. Safe: what is
 * reported is a copy whose deletion changes nothing Python does. Unsafe when a comment inside the
 * deleted defs would be lost, and when the override's class or the base's has a class decorator
 * (it may put something else in the base method's place once the class is built: a cache
 * wrapped around it, which the copy escapes). No fix when the class body names the method elsewhere
 * (`alias = method`: deleting it would break that), or when the file cannot be read again as it
 * was analyzed.
 */
#include <stdlib.h>
#include <string.h>

#include "check/tree.h"
#include "check/tree_text.h"
#include "rule_docs.h"

/* A module read and parsed again for the fixes, once for all its findings (a module with n
 * redundant overrides costs one parse, not n): its class statements by line. */
typedef struct FixModule {
    TreeText tt;
    int32_t module;       /* whose classes are collected; -1: none yet */
    bool ok;              /* read as analyzed, parsed, its classes collected */
    const Node **classes; /* in order of their lines (in tt's arena) */
    int32_t nclasses, cap;
} FixModule;

/* What each module binds, read again when first needed. */
typedef struct Globals {
    const ProjectIndex *ix;
    const ModuleBindings **of;
    bool *tried;
    Arena a;
    ReadAgain read; /* (for closures' variables) */
    FixModule fm;
} Globals;

static const ModuleBindings *bindings(Globals *g, int32_t m) {
    if (!g->tried[m]) {
        g->tried[m] = true;
        g->of[m] = index_module_bindings(g->ix, m, &g->a);
    }
    return g->of[m];
}

static bool same_origin(Origin a, Origin b) {
    if (a.module != b.module || (a.module < 0 && strcmp(a.module_text, b.module_text) != 0))
        return false;
    return a.name && b.name ? strcmp(a.name, b.name) == 0 : a.name == b.name;
}

/* Whether global `name` read in module a and in module b is the same object: neither binds it
 * (a builtin), or both get it, through their imports, from the same statement. */
static bool same_global(Globals *g, int32_t a, int32_t b, const char *name) {
    if (a == b) return true;
    const ModuleBindings *ba = bindings(g, a), *bb = bindings(g, b);
    if (!ba || !bb) return false; /* (a file that changed, or cannot be read) */
    int ka = module_binding(ba, name), kb = module_binding(bb, name);
    if (ka == MODULE_UNBOUND || kb == MODULE_UNBOUND) return ka == kb;
    /* a module binding it otherwise than by one import is where it comes from */
    Origin oa = ka == MODULE_BOUND_ONCE ? index_origin(g->ix, a, name) : (Origin){a, "", name};
    Origin ob = kb == MODULE_BOUND_ONCE ? index_origin(g->ix, b, name) : (Origin){b, "", name};
    return same_origin(oa, ob);
}

/* The def a class defined in a def (its qualified name holds "<locals>") is in: the innermost
 * def of its module around its lines; -1 when none. */
static int32_t enclosing_def(const ModuleSummary *ms, const ClassSum *cs) {
    int32_t best = -1;
    for (int32_t i = 0; i < ms->nfunctions; i++) {
        const FuncSum *f = &ms->functions[i];
        if (f->line < cs->line && f->end_line >= cs->end_line &&
            (best < 0 || f->line > ms->functions[best].line))
            best = i;
    }
    return best;
}

/* Whether `name`, read in a method of class cs (of module m), is a local of a def around the
 * class (a closure's variable) rather than the module's. */
static bool closure_name(Globals *g, int32_t m, const ClassSum *cs, const char *name) {
    if (!strstr(cs->qualname, "<locals>")) return false;
    int32_t fn = enclosing_def(g->ix->modules[m], cs);
    return fn < 0 || index_bound_locally(g->ix, &g->read, m, fn, name);
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
    /* the globals: the same names (the same text), each the same object in both modules, and
     * none a closure's variable (in a class defined in a def), unless both classes are in one */
    const ClassSum *fcs = &ms->classes[f->cls], *bcs = &bm->classes[b->cls];
    bool one_scope =
        p->method.module == p->base.module && enclosing_def(ms, fcs) == enclosing_def(bm, bcs);
    if (fc->nglobals != bc->nglobals) return false;
    for (int32_t i = 0; i < fc->nglobals; i++) {
        const char *name = fc->globals[i];
        if (strcmp(name, bc->globals[i]) != 0 ||
            !same_global(g, p->method.module, p->base.module, name))
            return false;
        if (!one_scope && (closure_name(g, p->method.module, fcs, name) ||
                           closure_name(g, p->base.module, bcs, name)))
            return false;
    }
    return true;
}

/* Whether Python's data model gives the method a meaning in its class that the base's copy
 * does not have there. */
static bool data_model_differs(const ProjectIndex *ix, ClassRef c, const char *name) {
    /* what dataclass and attrs make for a class that lacks it */
    static const char *const generated[] = {
        "__init__",    "__repr__",     "__eq__",       "__ne__",      "__hash__",
        "__lt__",      "__le__",       "__gt__",       "__ge__",      "__setattr__",
        "__delattr__", "__getstate__", "__setstate__", "__replace__", "__match_args__",
    };
    if (strcmp(name, "__hash__") == 0 && index_class_method(ix, c, "__eq__") >= 0) return true;
    if (strcmp(name, "__eq__") == 0 && index_class_method(ix, c, "__hash__") < 0) return true;
    if (!index_class(ix, c)->decorated) return false;
    for (size_t i = 0; i < sizeof generated / sizeof *generated; i++)
        if (strcmp(name, generated[i]) == 0) return true;
    return false;
}

/* The classes after c up to the base method's class `owner`, in c's MRO (or, when c has
 * none, along its bases depth first, as the base method was found), into *out; how many, or -1
 * when owner is not found there. */
static int32_t between(const ProjectIndex *ix, ClassRef c, ClassRef owner, Arena *a,
                       ClassRef **out) {
    int32_t n = index_class_info(ix, c)->nown ? MRO_MAX : index_ancestors(ix, c, a, out);
    if (n == MRO_MAX) {
        if (!(*out = arena_alloc(a, sizeof(ClassRef) * MRO_MAX))) return -1;
        n = 0;
        ClassRef y;
        for (MroIter it = mro_begin(ix, c); mro_next(&it, &y);) (*out)[n++] = y;
    }
    for (int32_t i = 1; i < n; i++)
        if (class_same((*out)[i], owner)) {
            (*out)++; /* (c itself is first) */
            return i;
        }
    return -1;
}

/* Whether definition f of class x ends a lookup: found first, it is what runs, and a chain of
 * super() calls stops there. */
static bool stops(const ProjectIndex *ix, ClassRef x, int32_t f) {
    return f >= 0 && !(ix->modules[x.module]->functions[f].flags & FN_CALLS_SUPER);
}

/* For class d, with an MRO holding c: true when d gets the base method past c, or never gets to
 * c (a class before c defines the method and does not call super()); false when it gets another
 * definition. -1: d's MRO does not hold c (it has no MRO). */
static int same_in_mro(const ProjectIndex *ix, ClassRef d, ClassRef c, const char *name,
                       FuncRef base) {
    ClassRef x;
    int32_t at = 0;
    for (MroIter it = mro_begin(ix, d); mro_next(&it, &x); at++) {
        if (class_same(x, c)) {
            ClassRef owner;
            int32_t fn;
            bool uncertain;
            return index_lookup_method(ix, d, name, at + 1, &owner, &fn, &uncertain) &&
                   !uncertain && owner.module == base.module && fn == base.fn;
        }
        if (stops(ix, x, index_class_method(ix, x, name))) return 1; /* (shielded) */
    }
    return -1;
}

/* The same for a class d without an MRO (a base outside the tree), from its ancestors in any
 * order: it may get another definition only from a class x that is neither c's ancestor nor its
 * descendant, derives from a class after c up to the base method's (`mid`: C3 puts x after c
 * only then) and defines it; unless a class deriving from c defines it and does not call super. */
static bool same_by_ancestors(const ProjectIndex *ix, ClassRef d, ClassRef c, const char *name,
                              const ClassRef *mid, int32_t nmid, Arena *a) {
    ClassRef *up;
    int32_t k = index_ancestors(ix, d, a, &up);
    if (k < 0) return false;
    for (int32_t j = 0; j < k; j++)
        if (!class_same(up[j], c) && index_derives(ix, up[j], c) &&
            stops(ix, up[j], index_class_method(ix, up[j], name)))
            return true;
    for (int32_t j = 0; j < k; j++) {
        ClassRef x = up[j];
        if (index_class_method(ix, x, name) < 0 || index_derives(ix, c, x) ||
            index_derives(ix, x, c))
            continue;                      /* (c's MRO, or before c) */
        for (int32_t m = 0; m < nmid; m++) /* a diamond */
            if (index_derives(ix, x, mid[m])) return false;
    }
    return true;
}

/* Whether, without the override in class c, every class deriving from c still gets the base
 * method where it got c's. Only a class with several bases can find another definition after c
 * in its MRO (a diamond), and only one that gets to c's method. */
static bool same_below(const ProjectIndex *ix, ClassRef c, const char *name, FuncRef base) {
    ClassRef owner = {base.module, ix->modules[base.module]->functions[base.fn].cls};
    Arena a;
    arena_init(&a);
    ClassRef *mi, *mid = NULL;
    int32_t nmid = 0, n = index_descendants(ix, c, true, &a, &mi);
    bool same = n >= 0;
    for (int32_t i = 0; i < n && same; i++) {
        int in_mro = same_in_mro(ix, mi[i], c, name, base);
        if (in_mro >= 0) {
            same = in_mro;
            continue;
        }
        if (!mid && (nmid = between(ix, c, owner, &a, &mid)) < 0) same = false;
        if (same) same = same_by_ancestors(ix, mi[i], c, name, mid, nmid, &a);
    }
    arena_free(&a);
    return same;
}

/* ---- the fix ------------------------------------------------------------------------------ */

/* Looking for a name in a class body. */
typedef struct Seek {
    Str name;
    bool named;
} Seek;

static int collect_class(Node *n, void *ud) {
    FixModule *fm = ud;
    if (fm->cap < 0) return 1;
    if (n->kind == AST_CLASS_DEF) {
        if (fm->nclasses == fm->cap) {
            int32_t cap = fm->cap ? fm->cap * 2 : 64;
            const Node **c = arena_alloc(&fm->tt.arena, sizeof *c * (size_t)cap);
            if (!c) return fm->cap = -1, 1; /* (out of memory) */
            if (fm->nclasses) memcpy(c, fm->classes, sizeof *c * (size_t)fm->nclasses);
            fm->classes = c, fm->cap = cap;
        }
        fm->classes[fm->nclasses++] = n;
    }
    return ast_children(n, collect_class, ud);
}

/* Module m read again and parsed, its classes collected (the walk visits them in the order of
 * their lines); false when it cannot be read as analyzed. */
static bool fix_module(Globals *g, int32_t m) {
    FixModule *fm = &g->fm;
    if (fm->module == m) return fm->ok;
    fm->module = m, fm->ok = false, fm->classes = NULL, fm->nclasses = fm->cap = 0;
    if (!tree_text_load(&fm->tt, g->ix, m)) return false;
    ast_children(fm->tt.pr.module, collect_class, fm);
    return fm->ok = fm->cap >= 0;
}

/* The class statement of cs in the module fix_module parsed, or NULL. */
static const Node *find_class(const FixModule *fm, const ClassSum *cs) {
    int32_t lo = 0, hi = fm->nclasses;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (fm->classes[mid]->lineno < cs->line)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (; lo < fm->nclasses && fm->classes[lo]->lineno == cs->line; lo++)
        if (str_eq_c(fm->classes[lo]->ClassDef.name, cs->name)) return fm->classes[lo];
    return NULL;
}

/* Whether a part of a class body evaluated in the class's scope names k->name: a def's or a
 * nested class's header (decorators, defaults, annotations, bases), not their bodies. */
static int seek_name(Node *n, void *ud) {
    Seek *k = ud;
    if (k->named) return 1;
    if (n->kind == AST_NAME && str_eq(n->Name.id, k->name)) return k->named = true, 1;
    if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF) {
        for (int32_t i = 0; i < n->FunctionDef.decorator_list.len; i++)
            seek_name(n->FunctionDef.decorator_list.items[i], ud);
        seek_name(n->FunctionDef.args, ud);
        if (n->FunctionDef.returns) seek_name(n->FunctionDef.returns, ud);
        return k->named;
    }
    if (n->kind == AST_CLASS_DEF) {
        for (int32_t i = 0; i < n->ClassDef.decorator_list.len; i++)
            seek_name(n->ClassDef.decorator_list.items[i], ud);
        for (int32_t i = 0; i < n->ClassDef.bases.len; i++)
            seek_name(n->ClassDef.bases.items[i], ud);
        for (int32_t i = 0; i < n->ClassDef.keywords.len; i++)
            seek_name(n->ClassDef.keywords.items[i], ud);
        return k->named;
    }
    return ast_children(n, seek_name, ud);
}

/* The override's defs deleted from its class, decorators and all, made on the module's text read
 * again (in arena a); NULL when it cannot be read as analyzed, or when the class body names the
 * method elsewhere (`alias = method`, `@method.setter` outside the defs compared): deleting it
 * would break that. */
static const Fix *deletion(Globals *g, const OverridePair *p, Arena *a) {
    const ModuleSummary *ms = g->ix->modules[p->method.module];
    if (!fix_module(g, p->method.module)) return NULL;
    const FixModule *fm = &g->fm;
    const FuncSum *f = &ms->functions[p->method.fn];
    Seek k = {{f->name, (int32_t)strlen(f->name)}, false};
    const Node *cls = find_class(fm, &ms->classes[f->cls]);
    if (!cls) return NULL;
    const NodeList *body = &cls->ClassDef.body;
    bool *del = arena_zalloc(a, (size_t)body->len + 1);
    int32_t ndel = 0;
    for (int32_t i = 0; del && i < body->len; i++) {
        const Node *s = body->items[i];
        for (int32_t j = 0; j < p->ndefs; j++)
            if ((s->kind == AST_FUNCTION_DEF || s->kind == AST_ASYNC_FUNCTION_DEF) &&
                s->lineno == ms->functions[p->defs[j]].line && str_eq(s->FunctionDef.name, k.name))
                del[i] = true;
        ndel += del[i];
        if (!del[i]) seek_name((Node *)s, &k);
    }
    if (!del || ndel != p->ndefs || k.named) return NULL;
    FixBuilder fb;
    fix_begin(&fb, a, &fm->tt.ft);
    for (int32_t i = 0; i < body->len;) { /* each run of adjacent defs at once */
        int32_t j = i;
        while (j < body->len && del[j]) j++;
        if (j > i) fix_delete_stmts(&fb, body, i, j - 1, true);
        i = j > i ? j : i + 1;
    }
    /* a class decorator may put something else in the base's place once the class is built
     * (Cirq's value_equality wraps the base's method in a cache, which the copy escapes) */
    const ModuleSummary *bm = g->ix->modules[p->base.module];
    if (ms->classes[f->cls].decorated || bm->classes[bm->functions[p->base.fn].cls].decorated)
        fix_unsafe(&fb);
    char name[QUALNAME_MAX];
    return fix_end(&fb, "Delete the redundant override `%s`",
                   func_qualname(ms, f, name, sizeof name));
}

/* Whether test class c restates the tests of its base class b in full: it defines every `test*`
 * method b defines (3 or more): a table of tests per user role, each listing every permission
 * with what that role gets, where a test identical to the base's is an entry of the table, not
 * a copy left over. */
static bool restates(const ProjectIndex *ix, ClassRef c, ClassRef b) {
    const ModuleSummary *bm = ix->modules[b.module];
    const ClassSum *bs = &bm->classes[b.cls];
    int32_t tests = 0;
    for (int32_t i = 0; i < bs->nmethods; i++) {
        const FuncSum *bf = &bm->functions[bs->methods[i]];
        if (strncmp(bf->name, "test", 4) != 0) continue;
        tests++;
        if (index_class_method(ix, c, bf->name) < 0) return false;
    }
    return tests >= 3;
}

void redundant_override_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    Globals g = {.ix = ix,
                 .of = calloc((size_t)ix->nmodules + 1, sizeof *g.of),
                 .tried = calloc((size_t)ix->nmodules + 1, sizeof *g.tried),
                 .fm = {.module = -1}};
    arena_init(&g.a);
    tree_text_init(&g.fm.tt);
    index_read_again_init(&g.read);
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
        if (data_model_differs(ix, c, f->name) || !same_below(ix, c, f->name, p->base) ||
            (strncmp(f->name, "test", 4) == 0 &&
             restates(ix, c, (ClassRef){p->base.module, bm->functions[p->base.fn].cls})))
            continue;
        const FuncSum *first = &ms->functions[p->defs[0]], *b = &bm->functions[p->base_defs[0]];
        const char *file = strrchr(bm->path, '/');
        file = file ? file + 1 : bm->path;
        SumLoc fdef = func_def(first), bdef = func_def(b);
        char fname[QUALNAME_MAX], bname[QUALNAME_MAX];
        Arena fa;
        arena_init(&fa);
        if (tree_wants_fix(tx, p->method.module)) tree_fix(tx, deletion(&g, p, &fa));
        tree_report(tx, ms, &fdef, bm, &bdef, "the identical base method",
                    "redundant override: `%s` is identical to %s (%s:%d); delete it",
                    func_qualname(ms, first, fname, sizeof fname),
                    func_qualname(bm, b, bname, sizeof bname), file, b->line);
        arena_free(&fa);
    }
    free(g.of);
    free(g.tried);
    arena_free(&g.a);
    tree_text_free(&g.fm.tt);
    index_read_again_free(&g.read);
}

const Check check_redundant_override = {
    .info = {"DW302", "redundant-override", "An override is identical to the method it overrides.",
             DOC_DW302, true, "warning"},
};
