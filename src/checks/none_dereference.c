/* DW201 none-dereference
 *
 * What it does: finds an attribute access, subscript, call, iteration (`for`, a comprehension's
 * first iterable, `*x` / `**x` unpacking, tuple unpacking, `yield from`) or augmented assignment
 * on a value that is certainly None at that point. Certainly None means: on every path reaching
 * that point, through narrowing — `x is None`, the else arm of `x is not None`, the right side
 * of `x is None and ...` (and of `x is not None or ...`), the body of `while x is None:`,
 * `case None:`, `assert x is None`, a `:=` inside the test — or through `x = None` with no later
 * assignment. A value that passed `if x:`, `isinstance(x, T)` (unless T may be NoneType:
 * `type(None)`, `NoneType`, a tuple holding one), `callable(x)` or `hasattr(x, "name")` is not
 * None. It tracks local names and attribute chains rooted at them (`self.writer`); a chain's
 * fact is forgotten at any call, assignment or `del` that could change it, in evaluation order
 * (in `self._init() + self._c.run()` the call runs first, so `self._c` is no longer known to be
 * None). Item stores (`obj.__dict__[k] = v`), `await`, `yield`, `import`, `with` and augmented
 * assignments count as calls. Names the function does not bind itself, and names declared
 * `global` or `nonlocal` (here or in a nested function), are treated like chains: another
 * function may rebind them. Exceptions are followed: in
 * `x = None; try: x = connect() except OSError: x.close()` the handler runs only when
 * connect() raised, so x is None there.
 *
 * Storing None into an attribute (`obj.items = None`) makes it None only where reading it back
 * runs no code: a property's setter may store a default instead, its getter compute one, and so
 * may a descriptor, `__setattr__` or `__getattribute__`. What the file shows decides: the store
 * counts only for `self.name` in a method (not a static or class method, `self` never rebound)
 * of a class whose MRO is all in this file, all plain (bases `object` or classes bound once at
 * module level; no metaclass, no decorator but `dataclass` (not frozen), `total_ordering`,
 * `final`; no `__setattr__`, `__getattribute__` or `__init_subclass__`; the name bound in no
 * class body but to a constant, a display, a lambda or an undecorated function), with no
 * subclass in the file binding the name otherwise, and nothing storing the name on a class
 * (`C.name = ...`, `cls.name`, `type(self).name`, `setattr(C, ...)`). A subclass in another file
 * that makes the name a property is the one thing this cannot see. A test (`self.items is None`) is
 * a reading, and counts for any chain.
 *
 * Why is this a bug: the operation raises AttributeError or TypeError every time it runs; the
 * branch that was meant to handle the missing value crashes instead.
 *
 * Example:
 *     grad_accum = self.get_param_gradient_attribute(param)
 *     if grad_accum is None:
 *         src = grad_accum.view(-1)     # AttributeError: 'NoneType' object has no attribute
 *
 * Use instead: handle the None case (`assert grad_accum is not None`, `return`, a default), or
 * test the value you meant to test.
 *
 * The message names the test (or assignment) that proved the value None, and its line. Only
 * the first dereference on a path is reported: it raises, so nothing after it runs.
 *
 * `x == None` and `x != None` are not None tests: they call the value's `__eq__`, which a class
 * may override (a NumPy array compares element-wise, so `(t == None).size` is fine). They would
 * count where x's class is known not to override `__eq__`, but a per-file analysis knows that
 * only for values it already knows (None itself, literals), where the test adds nothing; so
 * only `is` and `is not` decide None-ness.
 *
 * Not reported: uses that are not dereferences (`log(x)`, `x is None`, `isinstance(x, T)`,
 * `str(x)`, `x == y`, attributes None itself has such as `x.__class__`); code inside a nested
 * function, lambda, class body or comprehension body (they run later, or in their own scope);
 * a value reassigned, deleted or (for a chain or a shared name) possibly changed by a call
 * first; `obj.name = None` where the file cannot show that the attribute stays None (above); a
 * value None on some paths only (a `finally` block or a statement after
 * `with suppress(...)`, which may be reached from the middle of the code before it); a
 * dereference inside a `try` whose handlers catch AttributeError or TypeError (or everything)
 * or inside `with self.assertRaises(TypeError):` and the like, which reads as deliberate; code
 * no path reaches.
 */
#include <stdio.h>

#include "check/check.h"
#include "class_attrs.h"
#include "flow/flow.h"
#include "rule_docs.h"

/* What `path = None` does to a path (none_stores). */
enum StoreKind { NOT_PLAIN, PLAIN, NONE_STORE };

typedef struct Ctx {
    CheckCtx *cx;
    bool reporting;
    const uint8_t *none_store; /* by path: what `path = None` does (StoreKind, none_stores) */
} Ctx;

static const char *what_raises(uint8_t flags) {
    if (flags & EVF_ATTRIBUTE) return "accessing an attribute of it raises AttributeError";
    if (flags & EVF_SUBSCRIPT) return "subscripting it raises TypeError";
    if (flags & EVF_CALLEE) return "calling it raises TypeError";
    if (flags & EVF_ITER) return "iterating over it raises TypeError";
    if (flags & EVF_AUGMENTED) return "the augmented assignment raises TypeError";
    return "this raises";
}

static void report(PathFacts *pf, Ctx *c, const CfgEvent *ev, const Node *proof) {
    char path[200], why[160];
    cfg_path_text(pf->g, ev->path, path, sizeof path);
    CheckRelated rel = {proof, "proven None here"};
    if (proof->kind == AST_COMPARE || proof->kind == AST_NAMED_EXPR) {
        char test[120];
        check_node_text(c->cx, proof, test, sizeof test);
        snprintf(why, sizeof why, "`%s` on line %d", test, proof->lineno);
    } else if (proof->kind == AST_MATCH_SINGLETON) {
        snprintf(why, sizeof why, "`case None` on line %d", proof->lineno);
    } else {
        snprintf(why, sizeof why, "assigned None on line %d", proof->lineno);
    }
    check_report(c->cx, ev->node, &rel, 1, "`%s` is always None here (%s): %s", path, why,
                 what_raises(ev->flags));
}

static void event(PathFacts *pf, void *s, const CfgEvent *ev, void *ud) {
    Ctx *c = ud;
    switch ((CfgEventKind)ev->kind) {
    case EV_DEREF: {
        const Node *proof = facts_get(pf, s, ev->path);
        if (c->reporting && !(ev->flags & EVF_PROTECTED) && ev->path >= 0 &&
            pf->slot[ev->path] >= 0)
            facts_note(pf, ev, proof);
        if (proof)
            facts_set_dead(pf, s); /* it raises: this path goes no further (but to
                                      the handlers) */
        return;
    }
    case EV_ASSIGN_NONE:
        facts_kill_prefix(pf, s, ev->path);
        if (ev->path >= 0 && c->none_store[ev->path] == NONE_STORE)
            facts_set(pf, s, ev->path, ev->node);
        return;
    case EV_ATTR_STORE: /* a plain attribute of a plain class runs no code when stored */
        if (ev->path >= 0 && c->none_store[ev->path] != NOT_PLAIN)
            facts_kill_attribute(pf, s, ev->node->Attribute.attr);
        else
            facts_apply_kills(pf, s, ev);
        return;
    default: facts_apply_kills(pf, s, ev); return;
    }
}

static void edge(PathFacts *pf, void *s, const CfgEdge *e, void *ud) {
    (void)ud;
    if (e->refine == REFINE_IS_NONE) {
        facts_kill_prefix(pf, s, e->refine_path);
        facts_set(pf, s, e->refine_path, e->refine_proof);
    } else if (e->refine == REFINE_NOT_NONE) {
        facts_clear(pf, s, e->refine_path);
    }
}

/* The name of a method's instance parameter (`self`), or an empty Str when the unit is no
 * method of the class enclosing it. */
static Str instance_parameter(const CheckCtx *cx) {
    const Node *u = cx->unit;
    Str none = {NULL, 0};
    if (!cx->outer || cx->outer->kind != AST_CLASS_DEF ||
        (u->kind != AST_FUNCTION_DEF && u->kind != AST_ASYNC_FUNCTION_DEF))
        return none;
    for (int32_t i = 0; i < u->FunctionDef.decorator_list.len; i++) {
        const Node *d = u->FunctionDef.decorator_list.items[i];
        if (d->kind == AST_NAME &&
            (str_eq_c(d->Name.id, "staticmethod") || str_eq_c(d->Name.id, "classmethod")))
            return none;
    }
    const Node *args = u->FunctionDef.args;
    const NodeList *pos =
        args->arguments.posonlyargs.len ? &args->arguments.posonlyargs : &args->arguments.args;
    return pos->len ? pos->items[0]->arg.arg : none;
}

/* What `path = None` does to a path. A name: makes it None. An attribute chain: only
 * `self.name` in a method whose `self` is never rebound, where the file shows that storing and
 * reading the attribute back run no code (class_attrs.h), is plain: a property's setter may
 * store a default instead, a getter compute one, and either change the object's other
 * attributes. Plain ones the unit also dereferences become None. */
static uint8_t *none_stores(CheckCtx *cx, const Cfg *g) {
    uint8_t *ok = arena_zalloc(cx->arena, (size_t)(g->npaths + 1));
    uint8_t *seen = arena_zalloc(cx->arena, (size_t)(g->npaths + 1)); /* 1 stored, 2 read */
    if (!ok || !seen) return NULL;
    for (int32_t b = 0; b < g->nblocks; b++)
        for (int32_t i = 0; i < g->blocks[b].nevents; i++) {
            const CfgEvent *ev = &g->blocks[b].events[i];
            if (ev->path < 0) continue;
            if (ev->kind == EV_ASSIGN_NONE) seen[ev->path] |= 1;
            if (ev->kind == EV_DEREF) seen[ev->path] |= 2;
            if (ev->kind == EV_ASSIGN || ev->kind == EV_ASSIGN_NONE || ev->kind == EV_DEL)
                seen[ev->path] |= 4; /* a name bound in the unit */
        }
    Str self = instance_parameter(cx);
    for (int32_t p = 0; p < g->npaths; p++) {
        const CfgPath *path = &g->paths[p];
        if (path->parent < 0) {
            ok[p] = NONE_STORE;
            continue;
        }
        const CfgPath *root = &g->paths[path->parent];
        bool plain = self.s && root->parent < 0 && str_eq(root->name, self) &&
                     !(seen[path->parent] & 4) && class_attr_is_plain(cx, cx->outer, path->name);
        ok[p] = !plain ? NOT_PLAIN : (seen[p] & 3) == 3 ? NONE_STORE : PLAIN;
    }
    return ok;
}

static void flow(CheckCtx *cx, Cfg *g) {
    bool *track = arena_zalloc(cx->arena, sizeof(bool) * (size_t)(g->npaths + 1));
    if (!track) return;
    bool any = false, stores = false;
    for (int32_t b = 0; b < g->nblocks && !stores; b++)
        for (int32_t i = 0; i < g->blocks[b].nevents; i++)
            stores |= g->blocks[b].events[i].kind == EV_ASSIGN_NONE;
    /* without a store of None, every attribute is taken as not plain (NOT_PLAIN is 0) */
    const uint8_t *none_store =
        stores ? none_stores(cx, g) : arena_zalloc(cx->arena, (size_t)(g->npaths + 1));
    if (!none_store) return;
    for (int32_t b = 0; b < g->nblocks; b++) {
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t i = 0; i < blk->nevents; i++)
            if (blk->events[i].kind == EV_ASSIGN_NONE && blk->events[i].path >= 0 &&
                none_store[blk->events[i].path] == NONE_STORE)
                any = track[blk->events[i].path] = true;
        for (int32_t i = 0; i < blk->nsucc; i++)
            if (blk->succ[i].refine == REFINE_IS_NONE) any = track[blk->succ[i].refine_path] = true;
    }
    if (!any) return;
    Ctx c = {cx, false, none_store};
    PathFacts pf = {.event = event, .edge = edge, .ud = &c};
    if (!facts_solve_and_replay(&pf, cx->arena, g, track, &c.reporting)) return;
    for (int32_t i = 0; i < pf.notes.len; i++)
        if (pf.notes.items[i].witness)
            report(&pf, &c, pf.notes.items[i].ev, pf.notes.items[i].witness);
}

const Check check_none_dereference = {
    .info = {"DW201", "none-dereference", "A value that is certainly None is dereferenced.",
             DOC_DW201, true, "error"},
    .flow = flow,
};
