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
 * Reported from the repeated test's `elif` to the end of the test, naming the line of the earlier
 * one (a related location). When the repeated arm's body is also the same code as the earlier
 * arm's, this is the one finding (DW103 leaves the pair to DW104: the arm can never run, which
 * says more than "duplicated"); so is an `elif` whose body equals the `else` body (DW101).
 * Linear in the length of the chain: tests are hashed, and only tests with equal hashes compared.
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
    if (!if_chain_collect(cx->arena, n, c) || c->narms < 2) return;
    const int32_t *first = if_chain_repeated_tests(cx->arena, c, NULL);
    if (!first) return;
    for (int32_t j = 1; j < c->narms; j++) {
        if (first[j] < 0) continue;
        Location at, before;
        arm_location(cx, c, j, &at);
        arm_location(cx, c, first[j], &before);
        Related rel = {cx->path, before, "the same test, first"};
        char text[120];
        check_report_loc(cx, at, &rel, 1,
                         "duplicate condition: `%s` was already tested on line %d, so this "
                         "branch can never run",
                         check_node_text(cx, c->arms[j].test, text, sizeof text), before.line);
    }
}

const Check check_duplicate_condition = {
    .info = {"DW104", "duplicate-condition", "An elif repeats an earlier condition of its chain.",
             DOC_DW104, true, "warning"},
    .kinds = {KIND_BIT(AST_IF)},
    .visit = visit,
};
