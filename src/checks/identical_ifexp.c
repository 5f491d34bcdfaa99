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
 *
 * Fix (always available): `A if C else A` becomes `A` (the parentheses written around A stay). Safe
 * when C cannot have side effects (names, constants, attributes, tuples and comparisons of those);
 * unsafe otherwise, since C is no longer evaluated, and when a comment in `if C else A` would be
 * lost.
 */
#include "check/check.h"
#include "rule_docs.h"

/* The fix: everything after A (and the parentheses closing around it) deleted. */
static const Fix *keep_result(CheckCtx *cx, const Node *n, const char *text) {
    const FixText *t = check_fix_text(cx);
    size_t body_end = fix_node_end(t, n->IfExp.body);
    int32_t j = fix_token_from(t, body_end), k = j;
    while (k < t->ntoks && t->toks[k].kind == TOK_RPAR) k++;
    if (k >= t->ntoks || t->toks[k].kind != TOK_KW_IF) return NULL;
    FixBuilder fb;
    fix_begin(&fb, cx->arena, t);
    fix_delete(&fb, k > j ? t->toks[k - 1].end : body_end, fix_node_end(t, n));
    if (!fix_pure_expr(n->IfExp.test)) fix_unsafe(&fb);
    return fix_end(&fb, "Replace the conditional expression with `%s`", text);
}

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    (void)parent;
    if (!ast_equal(n->IfExp.body, n->IfExp.orelse)) return;
    char text[120], test[120];
    check_fix(cx, keep_result(cx, n, check_node_text(cx, n->IfExp.body, text, sizeof text)));
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
