/* DW101 identical-branches
 *
 * What it does: finds an `if` or `elif` whose body is the same code as its `else` arm, and an
 * if/elif/else statement all of whose arms are the same code. "The same code" means the same
 * syntax tree: comments, blank lines, parentheses, line breaks and quote styles do not count;
 * names, values, operators and statement order do.
 *
 * Why is this a bug: whichever way the test goes, the same thing happens, so the test is dead;
 * usually one arm was meant to differ. The seed of this project was such a branch, copied into
 * a subclass after the base class had fixed it:
 *
 * Example:
 *     if grad_accum is None:
 *         src = grad_accum.view(-1)
 *     else:
 *         src = grad_accum.view(-1)
 *
 * Use instead: keep one copy of the code without the test, or make the arm that was meant to
 * differ do its own thing (here: `assert grad_accum is not None`).
 *
 * Reported at the `if` or `elif` keyword whose body equals the `else` body (an `elif` whose body
 * equals the final `else` counts), with the `else` body as a related location; when every arm of a
 * chain ending in `else` is the same code, once, at the first `if`. An `else:` that holds only an
 * `if` continues the chain like `elif`.
 *
 * Not reported: in a chain with an `elif`, an arm that is one simple statement (`return x`,
 * `raise NotImplementedError(...)`, a call) equal to the `else` arm's: a dispatch that names its
 * cases, often a placeholder for a case to come, is clearest that way (SonarQube's S1871 makes
 * the same exception; a plain `if`/`else` is always reported, and so is a chain all of whose
 * arms are the same); arms that differ in a type checker's directive (`# type: ignore[...]`,
 * `# pyright: ignore`: a checker that decides the test checks one arm only, where the directive
 * is needed in one and an error in the other); chains without an `else` (see DW103), arms that
 * differ in anything but layout,
 * and `if` statements whose arms only look alike (a different name or constant counts); an
 * `elif` whose test repeats an earlier test of the chain: it can never run, and DW104 reports
 * that (one defect, one finding).
 */
#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

extern const Check check_identical_branches;

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    if (if_is_continuation(n, parent)) return;
    IfChain chain, *c = &chain;
    if (!if_chain_collect(cx->arena, n, c)) return;
    if (!c->has_else) return;
    const Arm *els = &c->arms[c->narms - 1];
    bool all = true;
    for (int32_t i = 0; i < c->narms - 1 && all; i++)
        all = arms_same(cx, c->arms[i].body, els->body);
    char test[120], l1[40], l2[40];
    if (all && c->narms > 2) {
        check_report_range(cx, n, n->If.test,
                           "identical branches: all %d arms of this if/elif/else are the same "
                           "code, so none of its conditions decides anything",
                           c->narms);
        return;
    }
    const Arm *last = &c->arms[c->narms - 2];
    if (!all && !arms_same(cx, last->body, els->body)) return;
    /* a dispatch naming its cases: `elif mode == "profile": raise NotImplementedError(...)` with
     * the same one statement as the else arm (SonarQube's S1871 exception, as DW103's) */
    if (!all && c->narms > 2 && body_is_single_simple(els->body)) return;
    /* an elif repeating an earlier test never runs: DW104 says so, and that is the defect */
    const int32_t *repeated = if_chain_repeated_tests(cx->arena, c, NULL);
    if (!repeated || repeated[c->narms - 2] >= 0) return;
    const NodeList *eb = els->body;
    Related rel = {cx->path, check_span(cx, eb->items[0], eb->items[eb->len - 1]),
                   "the `else` body, the same code"};
    check_report_loc(cx, check_span(cx, last->node, last->test), &rel, 1,
                     "identical branches: the `%s` body (%s) and the `else` body (%s) are the "
                     "same code, so `%s` decides nothing",
                     arm_is_elif(cx, last->node) ? "elif" : "if",
                     check_lines(last->body, l1, sizeof l1), check_lines(eb, l2, sizeof l2),
                     check_node_text(cx, last->test, test, sizeof test));
}

const Check check_identical_branches = {
    .info = {"DW101", "identical-branches", "An if/elif arm is the same code as its else arm.",
             DOC_DW101, true, "warning"},
    .kinds = {KIND_BIT(AST_IF)},
    .visit = visit,
};
