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
 * None. It tracks local names and attribute chains rooted at
 * them (`self.writer`); a chain's fact is forgotten at any call, assignment or `del` that could
 * change it, in evaluation order (in `self._init() + self._c.run()` the call runs first, so
 * `self._c` is no longer known to be None). Item stores (`obj.__dict__[k] = v`), `await`,
 * `yield`, `import`, `with` and augmented assignments count as calls. Names the function does
 * not bind itself, and names declared `global` or `nonlocal` (here or in a nested function),
 * are treated like chains: another function may rebind them. Exceptions are followed: in
 * `x = None; try: x = connect() except OSError: x.close()` the handler runs only when
 * connect() raised, so x is None there.
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
 * first; a value None on some paths only (a `finally` block or a statement after
 * `with suppress(...)`, which may be reached from the middle of the code before it); a
 * dereference inside a `try` whose handlers catch AttributeError or TypeError (or everything)
 * or inside `with self.assertRaises(TypeError):` and the like, which reads as deliberate; code
 * no path reaches.
 */
#include <stdio.h>

#include "check/check.h"
#include "flow/flow.h"
#include "rule_docs.h"

typedef struct Ctx {
    CheckCtx *cx;
    bool reporting;
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
        facts_set(pf, s, ev->path, ev->node);
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

static void flow(CheckCtx *cx, Cfg *g) {
    bool *track = arena_zalloc(cx->arena, sizeof(bool) * (size_t)(g->npaths + 1));
    if (!track) return;
    bool any = false;
    for (int32_t b = 0; b < g->nblocks; b++) {
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t i = 0; i < blk->nevents; i++)
            if (blk->events[i].kind == EV_ASSIGN_NONE && blk->events[i].path >= 0)
                any = track[blk->events[i].path] = true;
        for (int32_t i = 0; i < blk->nsucc; i++)
            if (blk->succ[i].refine == REFINE_IS_NONE) any = track[blk->succ[i].refine_path] = true;
    }
    if (!any) return;
    Ctx c = {cx, false};
    PathFacts pf = {.event = event, .edge = edge, .ud = &c};
    if (!facts_solve_and_replay(&pf, cx->arena, g, track, &c.reporting)) return;
    for (int32_t i = 0; i < pf.notes.len; i++)
        if (pf.notes.items[i].witness)
            report(&pf, &c, pf.notes.items[i].ev, pf.notes.items[i].witness);
}

const Check check_none_dereference = {
    {"DW201", "none-dereference", "A value that is certainly None is dereferenced.", DOC_DW201,
     true, "error"},
    {0, 0},
    NULL,
    flow,
};
