/* DW102 identical-conditional-expression
 *
 * What it does: finds a conditional expression whose two results are the same code:
 * `A if C else A`.
 *
 * Why is this a bug: the value is A whatever C is, so C is dead; usually one side was meant to
 * be something else (a copy-paste slip, or a half-finished edit).
 *
 * Example:
 *     timeout = self.timeout if self.timeout is not None else self.timeout
 *
 * Use instead:
 *     timeout = self.timeout if self.timeout is not None else DEFAULT_TIMEOUT
 *
 * Not reported: results that differ in any name, value or operator; C is not looked at (a call
 * in C still runs, but the choice it makes is pointless either way).
 */
#include "check/check.h"
#include "rule_docs.h"

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    (void)parent;
    if (!ast_equal(n->IfExp.body, n->IfExp.orelse)) return;
    char text[120], test[120];
    check_report(cx, n, NULL, 0,
                 "identical conditional expression: both results are `%s`, so `%s` decides "
                 "nothing",
                 check_node_text(cx, n->IfExp.body, text, sizeof text),
                 check_node_text(cx, n->IfExp.test, test, sizeof test));
}

const Check check_identical_ifexp = {
    .info = {"DW102", "identical-conditional-expression",
             "Both results of a conditional expression are the same code.", DOC_DW102, true,
             "warning"},
    .kinds = {KIND_BIT(AST_IF_EXP)},
    .visit = visit,
};
