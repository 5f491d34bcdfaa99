/* DW103 duplicate-arm
 *
 * What it does: finds two arms of one if/elif chain with the same body (the same code, as for
 * DW101), when DW101 does not already report them. An `else:` holding only an `if` continues the
 * chain, as `elif` does.
 *
 * Why is this a bug: at best the code is duplicated and the conditions could be joined with
 * `or`; at worst one of the arms was meant to do something else and a copy-paste left it behind.
 *
 * Example:
 *     if mode == "train":
 *         loader = make_loader(train_set, shuffle=True)
 *         steps = len(loader)
 *     elif mode == "eval":
 *         loader = make_loader(eval_set, shuffle=False)
 *         steps = len(loader)
 *     elif mode == "test":
 *         loader = make_loader(train_set, shuffle=True)   # same as the "train" arm
 *         steps = len(loader)
 *
 * Use instead: join the conditions (`if mode in ("train", "test"):`), or fix the arm that was
 * meant to differ.
 *
 * Reported at the later arm's test (or its `else` keyword), naming the earlier arm's line.
 *
 * Not reported: arms whose body is a single simple statement (`return None`, `pass`, `x = 1`:
 * such repetition is often the clearest way to write a dispatch), unless every arm of the chain
 * is the same code; a pair that DW101 reports.
 */
#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    if (if_is_continuation(n, parent)) return;
    IfChain chain, *c = &chain;
    if (!if_chain_collect(cx->arena, n, c)) return;
    if (c->narms < 2) return;
    bool all = true;
    for (int32_t i = 1; i < c->narms && all; i++)
        all = ast_list_equal(c->arms[0].body, c->arms[i].body);
    if (all && c->has_else) return; /* DW101 reports the whole statement */
    /* the pair DW101 reports: the last conditional arm and the else arm */
    bool dw101 =
        c->has_else && ast_list_equal(c->arms[c->narms - 2].body, c->arms[c->narms - 1].body);
    for (int32_t j = 1; j < c->narms; j++) {
        const Arm *later = &c->arms[j];
        if (dw101 && (j == c->narms - 1 || j == c->narms - 2)) continue;
        if (!all && body_is_single_simple(later->body)) continue;
        for (int32_t i = 0; i < j; i++) {
            if (!ast_list_equal(c->arms[i].body, later->body)) continue;
            int32_t earlier = c->arms[i].node->lineno;
            if (later->test) {
                check_report(cx, later->test, NULL, 0,
                             "duplicate arm: this branch is the same code as the branch of the "
                             "condition on line %d",
                             earlier);
            } else {
                int32_t line, col;
                if (else_keyword_position(cx, c, &line, &col))
                    check_report_at(cx, cx->current, line, col, line, col + 4,
                                    "duplicate arm: the `else` branch is the same code as the "
                                    "branch of the condition on line %d",
                                    earlier);
            }
            break;
        }
    }
}

const Check check_duplicate_arm = {
    .info = {"DW103", "duplicate-arm", "Two arms of one if/elif chain are the same code.",
             DOC_DW103, true, "warning"},
    .kinds = {KIND_BIT(AST_IF)},
    .visit = visit,
};
