/* DW202 dereference-before-none-check
 *
 * What it does: finds a local name, or an attribute chain rooted at one (`self.writer`), that is
 * tested against None (`is None`, `is not None`) after it was dereferenced (attribute,
 * subscript, call, iteration) on every path since its last assignment — for a chain, with no
 * call, assignment or `del` in between that could have changed it.
 *
 * Why is this a bug: if the value can be None, the earlier dereference raises before the test is
 * reached; if it cannot, the test is dead. Either way the author's idea of the value and the
 * code disagree.
 *
 * Example (from the review that motivated deadwood):
 *     if self._w.pure_dp:
 *         x = cfg[K] and self._w is not None
 *
 * Use instead: test first, then dereference; or drop the dead test.
 *
 * Reported at the test, with the dereference as a related location.
 *
 * `x == None` and `x != None` are not None tests: they call x's `__eq__`, which a class may
 * override (NumPy compares element-wise: `(t == None).any()` after `t.size` is meaningful), and
 * which class x has is not known to a per-file analysis.
 *
 * Not reported: a dereference inside a `try` whose handlers catch AttributeError or TypeError
 * (or everything), or inside `with self.assertRaises(AttributeError):` and the like, since such
 * code expects the failure; reading an attribute None itself has (`x.__class__`); a test after
 * a path on which the value was not dereferenced (a loop that may not run, an exception that
 * skipped the dereference into a handler, a `finally` block or a `with suppress(...)`), or was
 * reassigned, deleted, or — for a chain or a shared name — possibly changed by a call (item
 * stores, `await`, `yield` and `with` count as calls); code inside nested functions, lambdas
 * and comprehension bodies; `assert x is not None` (alone or `and`-ed with other tests): the
 * author's idea of the value and the code agree there, and the assert, dead or not, only says
 * what the dereference showed (the narrowing a type checker needs, repeated before each use).
 * `assert x is None` after a dereference is reported.
 */
#include <stdio.h>

#include "check/check.h"
#include "flow/flow.h"
#include "rule_docs.h"

typedef struct Ctx {
    CheckCtx *cx;
    bool reporting;
} Ctx;

static void event(PathFacts *pf, void *s, const CfgEvent *ev, void *ud) {
    Ctx *c = ud;
    switch ((CfgEventKind)ev->kind) {
    case EV_DEREF:
        if (!(ev->flags & EVF_PROTECTED) && !facts_get(pf, s, ev->path))
            facts_set(pf, s, ev->path, ev->node);
        return;
    case EV_TEST_NONE:
        if (c->reporting) facts_note(pf, ev, facts_get(pf, s, ev->path));
        return;
    default: facts_apply_kills(pf, s, ev); return;
    }
}

/* Whether e is `X is not None` (or `None is not X`). */
static bool not_none_test(const Node *e) {
    if (e->kind != AST_COMPARE || e->Compare.ops.len != 1 || e->Compare.ops.items[0] != AST_IS_NOT)
        return false;
    const Node *l = e->Compare.left, *r = e->Compare.comparators.items[0];
    return (r->kind == AST_CONSTANT && r->Constant.value.kind == CONST_NONE) ||
           (l->kind == AST_CONSTANT && l->Constant.value.kind == CONST_NONE);
}

/* Whether statement s asserts `test` (ud, an `x is not None`): `assert x is not None`, or one with
 * it among its `and`-ed tests. */
static bool asserts(const Node *s, void *ud) {
    const Node *test = ud;
    if (s->kind != AST_ASSERT) return false;
    const Node *t = s->Assert.test;
    if (t == test) return true;
    if (t->kind != AST_BOOL_OP || t->BoolOp.op != AST_AND) return false;
    for (int32_t i = 0; i < t->BoolOp.values.len; i++)
        if (t->BoolOp.values.items[i] == test) return true;
    return false;
}

static const NodeList *unit_body(const Node *u) {
    switch (u->kind) {
    case AST_FUNCTION_DEF: return &u->FunctionDef.body;
    case AST_ASYNC_FUNCTION_DEF: return &u->AsyncFunctionDef.body;
    case AST_CLASS_DEF: return &u->ClassDef.body;
    case AST_MODULE: return &u->Module.body;
    default: return NULL;
    }
}

static void flow(CheckCtx *cx, Cfg *g) {
    bool *track = arena_zalloc(cx->arena, sizeof(bool) * (size_t)(g->npaths + 1));
    if (!track) return;
    bool any = false;
    for (int32_t b = 0; b < g->nblocks; b++) {
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t i = 0; i < blk->nevents; i++)
            if (blk->events[i].kind == EV_TEST_NONE) any = track[blk->events[i].path] = true;
    }
    if (!any) return;
    Ctx c = {cx, false};
    PathFacts pf = {.event = event, .edge = NULL, .ud = &c};
    if (!facts_solve_and_replay(&pf, cx->arena, g, track, &c.reporting)) return;
    const NodeList *body = unit_body(g->unit);
    for (int32_t i = 0; i < pf.notes.len; i++) {
        const FactsNote *n = &pf.notes.items[i];
        if (!n->witness) continue;
        /* `x.f(); assert x is not None`: the author says what the dereference showed */
        if (body && not_none_test(n->ev->node) && ast_stmts_any(body, asserts, (void *)n->ev->node))
            continue;
        char path[200], test[120];
        cfg_path_text(pf.g, n->ev->path, path, sizeof path);
        CheckRelated rel = {n->witness, "dereferenced here"};
        check_report(cx, n->ev->node, &rel, 1,
                     "`%s` is tested against None after it was dereferenced on line %d: either "
                     "`%s` is dead or the dereference can raise",
                     path, n->witness->lineno, check_node_text(cx, n->ev->node, test, sizeof test));
    }
}

const Check check_deref_before_none_check = {
    .info = {"DW202", "dereference-before-none-check",
             "A value is tested against None after it was already dereferenced.", DOC_DW202, true,
             "warning"},
    .flow = flow,
};
