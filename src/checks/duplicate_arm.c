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
 * Reported from the later arm's `elif` to the end of its test (or at its `else` keyword), with
 * the earlier arm as a related location. A chain without `else` whose arms are all the same code
 * is one finding, at its `if` (with an `else`, DW101 reports it).
 *
 * Off by default (select it with `select = ["DW103"]` or `--select DW103`): on sixteen large
 * real projects 215 of 219 findings were deliberate dispatch — separate conditions that happen
 * to share a body, kept apart for readability — not code a maintainer would change. The case
 * that is a defect in every project, all arms alike with an `else`, is DW101's, on by default.
 *
 * Not reported: arms whose body is a single simple statement (`return None`, `pass`, `x = 1`:
 * such repetition is often the clearest way to write a dispatch), unless every arm of the chain
 * is the same code; a pair that DW101 reports; an arm whose test repeats an earlier test of the
 * chain: it can never run, and DW104 reports that (one defect, one finding, and the more telling
 * one).
 */
#include <stdio.h>

#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

/* Every arm the same code, no else: one finding for the chain, at its `if`. */
static void report_chain(CheckCtx *cx, const IfChain *c) {
    Location at, last;
    arm_location(cx, c, 0, &at);
    arm_location(cx, c, c->narms - 1, &last);
    Related rel = {cx->path, last, "the last arm"};
    char arms[64];
    if (c->narms == 2)
        snprintf(arms, sizeof arms, "both arms of this if/elif chain, the other on line %d,",
                 last.line);
    else
        snprintf(arms, sizeof arms, "all %d arms of this if/elif chain, the last on line %d,",
                 c->narms, last.line);
    check_report_loc(cx, at, &rel, 1,
                     "duplicate arms: %s are the same code: one test joining the conditions "
                     "with `or` would do",
                     arms);
}

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    if (if_is_continuation(n, parent)) return;
    IfChain chain, *c = &chain;
    if (!if_chain_collect(cx->arena, n, c)) return;
    if (c->narms < 2) return;
    bool all = true;
    for (int32_t i = 1; i < c->narms && all; i++)
        all = arms_same(cx, c->arms[0].body, c->arms[i].body);
    if (all) {
        if (!c->has_else) report_chain(cx, c);
        return; /* with an else, DW101 reports the whole statement */
    }
    /* the pair DW101 reports: the last conditional arm and the else arm */
    bool dw101 =
        c->has_else && arms_same(cx, c->arms[c->narms - 2].body, c->arms[c->narms - 1].body);
    const int32_t *same = if_chain_repeated_bodies(cx->arena, c, NULL);
    const int32_t *repeated_test = if_chain_repeated_tests(cx->arena, c, NULL);
    if (!same || !repeated_test) return;
    for (int32_t j = 1; j < c->narms; j++) {
        if (same[j] < 0 || repeated_test[j] >= 0) continue; /* DW104's: the arm never runs */
        if (dw101 && (j == c->narms - 1 || j == c->narms - 2)) continue;
        if (body_is_single_simple(c->arms[j].body)) continue;
        if (!arms_same(cx, c->arms[j].body, c->arms[same[j]].body)) continue; /* directives */
        Location at, earlier;
        if (!arm_location(cx, c, j, &at)) continue;
        arm_location(cx, c, same[j], &earlier);
        Related rel = {cx->path, earlier, "the same code"};
        check_report_loc(cx, at, &rel, 1,
                         "duplicate arm: %s is the same code as the branch of the condition on "
                         "line %d",
                         c->arms[j].test ? "this branch" : "the `else` branch", earlier.line);
    }
}

const Check check_duplicate_arm = {
    .info = {"DW103", "duplicate-arm", "Two arms of one if/elif chain are the same code.",
             DOC_DW103, false, "warning"},
    .kinds = {KIND_BIT(AST_IF)},
    .visit = visit,
};
