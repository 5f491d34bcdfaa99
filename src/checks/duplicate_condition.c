/* DW104 duplicate-condition
 *
 * What it does: finds an `elif` whose test is the same code as an earlier test of the same
 * if/elif chain (an `else:` holding only an `if` continues the chain).
 *
 * Why is this a bug: when the earlier test is true its arm runs, and when it is false the
 * repeated test is false too — the repeated arm can never run. Usually the second test was meant
 * to test something else.
 *
 * Example:
 *     if op == "+":
 *         return a + b
 *     elif op == "-":
 *         return a - b
 *     elif op == "+":      # meant "*"
 *         return a * b
 *
 * Use instead: correct the repeated condition, or delete the dead arm.
 *
 * Reported at the repeated test, naming the line of the earlier one.
 *
 * Not reported: a test containing a call, `await`, `yield` or `:=` — evaluating it twice may
 * give different answers (`elif next(it):`); a repeat that comes after a test with such effects
 * (`if self.state == A: ... elif self.advance(): ... elif self.state == A:` — advance() may
 * change the state, or a `:=` rebind the name, so the arm can run); tests that merely overlap
 * (`x > 1` after `x > 0`).
 */
#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    if (if_is_continuation(n, parent)) return;
    IfChain chain, *c = &chain;
    if (!if_chain_collect(cx->arena, n, c)) return;
    for (int32_t j = 1; j < c->narms; j++) {
        const Node *t = c->arms[j].test;
        if (!t || expr_has_effects(t)) continue;
        /* the last test before j with effects: an earlier equal test before it may have changed
         * its mind since (`elif self.advance():` between two `self.state == A`) */
        int32_t from = 0;
        for (int32_t k = j - 1; k > 0 && !from; k--)
            if (expr_has_effects(c->arms[k].test)) from = k + 1;
        for (int32_t i = from; i < j; i++) {
            if (!ast_equal(c->arms[i].test, t)) continue;
            char text[120];
            check_report(cx, t, NULL, 0,
                         "duplicate condition: `%s` was already tested on line %d, so this "
                         "branch can never run",
                         check_node_text(cx, t, text, sizeof text), c->arms[i].test->lineno);
            break;
        }
    }
}

const Check check_duplicate_condition = {
    .info = {"DW104", "duplicate-condition", "An elif repeats an earlier condition of its chain.",
             DOC_DW104, true, "warning"},
    .kinds = {KIND_BIT(AST_IF)},
    .visit = visit,
};
