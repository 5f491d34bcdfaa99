/* DW003 unused-noqa
 *
 * What it does: reports a deadwood code in a `# noqa` comment that silences nothing: no finding
 * of that rule starts on the comment's line (or, for a file-level `# deadwood: noqa: DW201`,
 * anywhere in the file), and a code that names no deadwood rule at all (`# noqa: DW999`).
 *
 * Why is this a bug: a `noqa` that silences nothing is a stale exemption. The code it was
 * written for was fixed or moved, and the comment now waits to hide the next, unrelated finding
 * on its line. An unknown code is a typo that silences nothing while looking as if it did. This
 * is ruff's RUF100 for deadwood's own codes.
 *
 * Example:
 *     buf = make_buffer()  # noqa: DW201
 *
 * Use instead:
 *     buf = make_buffer()
 *
 * Not reported: other tools' codes in the same comment (`# noqa: E501, DW201` is judged on
 * DW201 alone); a bare `# noqa` (other tools read it too); a code of a rule that did not run on
 * the file (not selected, or ignored for it), since nothing can say whether it would have
 * found something. Off by default: turn it on with `--extend-select DW003`.
 */
#include <stdio.h>
#include <string.h>

#include "check/check.h"
#include "check/tree.h"
#include "rule_docs.h"

extern const Check check_unused_noqa;

/* What is wrong with the code at q->codes[i], judged by the rules of this stage (tree: the
 * whole-tree rules, else the per-file ones): false when nothing is, else the message in msg. */
static bool judge(const Noqa *q, int32_t i, const CheckOptions *opt, bool tree, char *msg,
                  size_t cap) {
    if ((q->used >> i & 1) || !noqa_is_deadwood_code(q, i)) return false;
    char code[6];
    memcpy(code, q->text + q->codes[i].off, 5);
    code[5] = '\0';
    const Check *rule = check_find(code);
    if (!rule) {
        if (tree) return false;
        snprintf(msg, cap, "`%s` in a `noqa` comment is not a deadwood rule code", code);
    } else if (tree_rule(rule) != tree || !check_enabled(opt, rule)) {
        return false;
    } else if (q->file) {
        snprintf(msg, cap, "unused `noqa` code: no %s finding in this file to silence", code);
    } else {
        snprintf(msg, cap, "unused `noqa` code: no %s finding on this line to silence", code);
    }
    return true;
}

static void end(CheckCtx *cx) {
    for (int32_t k = 0; k < cx->nnoqa; k++) {
        const Noqa *q = &cx->noqa[k];
        size_t line_start = cx->lines.starts[q->line - 1];
        int32_t hash = (int32_t)(q->text - (cx->src->text + line_start));
        for (int32_t i = 0; i < q->ncodes; i++) {
            char msg[128];
            if (!judge(q, i, cx->opt, false, msg, sizeof msg)) continue;
            int32_t col = hash + q->codes[i].off;
            check_report_at(cx, &check_unused_noqa, q->line, col, q->line, col + q->codes[i].len,
                            "%s", msg);
        }
    }
}

void unused_noqa_tree_run(TreeCtx *tx) {
    for (int32_t m = 0; m < tx->ix->nmodules; m++) {
        int32_t n;
        Noqa *qs = tree_noqa(tx, m, &n);
        for (int32_t k = 0; k < n; k++) {
            const Noqa *q = &qs[k];
            for (int32_t i = 0; i < q->ncodes; i++) {
                char msg[128];
                if (!judge(q, i, tx->opt, true, msg, sizeof msg)) continue;
                int32_t col = q->col + utf8_count_chars(q->text, q->codes[i].off);
                SumLoc loc = {q->line, col, q->line, col + q->codes[i].len};
                tree_report(tx, tx->ix->modules[m], &loc, NULL, NULL, NULL, "%s", msg);
            }
        }
    }
}

const Check check_unused_noqa = {
    .info = {"DW003", "unused-noqa", "A `# noqa` code silences nothing.", DOC_DW003, false,
             "warning"},
    .end = end,
    .end_last = true,
};
