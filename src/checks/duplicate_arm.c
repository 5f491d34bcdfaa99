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
 *
 * Fix (sometimes available): the later arm's test is joined to the earlier arm's with `or`
 * (parenthesized where `or` would bind it otherwise) and the later arm, an `elif`, is deleted;
 * for a chain whose arms are all the same code, every test is joined into the first. Safe when
 * the two arms are adjacent (the tests run in the same order as before), or when every arm
 * between them tests the same subject against other literals (`mode == "b"` between
 * `mode == "a"` and `mode == "c"`: it cannot match when the later arm does). Unsafe when an arm
 * between them could also match: its test no longer runs first, and what it did for a value
 * both match may change. Unsafe too when a comment in the deleted arm would be lost (one the kept
 * arm has too, in the same order, is not). No fix for an `else` arm, for an arm written as an `if`
 * under an `else:`, or when a test joined repeats an earlier test of the chain (DW104's finding,
 * which the fix would hide).
 */
#include <stdio.h>

#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

/* Joins the tests of arms `join` (each an `elif` after arm i) into arm i's test with `or`, and
 * deletes those arms: the `elif` line to the end of the arm's body, `first` to `last`.
 * repeated: if_chain_repeated_tests of the chain (NULL: out of memory). */
static void join_arms(FixBuilder *fb, CheckCtx *cx, const IfChain *c, const int32_t *repeated,
                      int32_t i, const int32_t *join, int32_t njoin) {
    const FixText *t = check_fix_text(cx);
    const Node *ti = c->arms[i].test;
    /* an arm whose test repeats an earlier one is DW104's: no fix that would hide it */
    bool repeats = !repeated || repeated[i] >= 0;
    for (int32_t k = 0; k < njoin && !repeats; k++) repeats = repeated[join[k]] >= 0;
    if (!ti || repeats) return fix_fail(fb);
    Buf add;
    buf_init(&add);
    if (fix_needs_parens(t, ti, FIX_AS_OPERAND)) {
        fix_insert(fb, fix_node_start(t, ti), "(");
        buf_putc(&add, ')');
    }
    for (int32_t k = 0; k < njoin; k++) {
        const Arm *arm = &c->arms[join[k]];
        const char *tj = arm->test ? fix_expr_text(fb, arm->test, FIX_AS_OPERAND) : NULL;
        if (!tj || !arm_is_elif(cx, arm->node)) {
            buf_free(&add);
            return fix_fail(fb);
        }
        buf_puts(&add, " or ");
        buf_puts(&add, tj);
        fix_block_comments_kept(fb, arm->body, c->arms[i].body); /* the same code, kept */
        /* the arm's lines, and the blank lines above it (those below stay, as its separation
         * from what follows) */
        const NodeList *body = arm->body, *before = c->arms[join[k] - 1].body;
        size_t floor = fix_next_line(t, fix_node_end(t, before->items[before->len - 1]));
        fix_delete(
            fb, fix_blank_lines_before(t, fix_line_start(t, fix_node_start(t, arm->node)), floor),
            fix_next_line(t, fix_node_end(t, body->items[body->len - 1])));
    }
    if (add.failed)
        fix_fail(fb);
    else
        fix_insert(fb, fix_node_end(t, ti), buf_cstr(&add));
    buf_free(&add);
}

/* The constants test t compares a subject with, when it is `S == C` or `S in (C, ...)` (a tuple,
 * list or set), S free of side effects, every C a string, bytes or integer literal of one kind:
 * the constants, and S in *subject; NULL when it is not such a test. */
static const NodeList *equality(const Node *t, const Node **subject) {
    if (!t || t->kind != AST_COMPARE || t->Compare.ops.len != 1 || !fix_pure_expr(t->Compare.left))
        return NULL;
    const Node *right = t->Compare.comparators.items[0];
    const NodeList *list = &t->Compare.comparators;
    if (t->Compare.ops.items[0] == AST_IN &&
        (right->kind == AST_TUPLE || right->kind == AST_LIST || right->kind == AST_SET))
        list = right->kind == AST_SET    ? &right->Set.elts
               : right->kind == AST_LIST ? &right->List.elts
                                         : &right->Tuple.elts;
    else if (t->Compare.ops.items[0] != AST_EQ)
        return NULL;
    if (list->len < 1) return NULL;
    for (int32_t i = 0; i < list->len; i++) {
        const Node *c = list->items[i];
        if (c->kind != AST_CONSTANT ||
            (c->Constant.value.kind != CONST_STR && c->Constant.value.kind != CONST_BYTES &&
             c->Constant.value.kind != CONST_INT) ||
            c->Constant.value.kind != list->items[0]->Constant.value.kind)
            return NULL;
    }
    *subject = t->Compare.left;
    return list;
}

/* What says, for each arm k of a chain, whether the arms before it could match when it does:
 * run[k], the first arm of the run of arms ending at k that all compare k's subject with
 * literals of k's kind (k + 1 when k is no such test), and shared[k], the last arm of that run
 * before k with a literal of k's (-1: none). Then the arms strictly between s and k cannot match
 * when k does (`mode == "b"` between `mode == "a"` and `mode == "c"`) when run[k] <= s + 1 and
 * shared[k] <= s. Linear in the chain: the literals are hashed. An `__eq__` that makes different
 * literals equal is not modelled. */
typedef struct Literals {
    int32_t *run, *shared;
} Literals;

typedef struct Seen {
    const Node *literal;
    int32_t last; /* the last arm that tested it */
} Seen;

static bool literal_runs(Arena *a, const IfChain *c, Literals *out) {
    int32_t n = c->narms;
    const NodeList **lits = arena_zalloc(a, sizeof *lits * (size_t)n);
    const Node **subj = arena_zalloc(a, sizeof *subj * (size_t)n);
    out->run = arena_alloc(a, sizeof *out->run * (size_t)n);
    out->shared = arena_alloc(a, sizeof *out->shared * (size_t)n);
    if (!lits || !subj || !out->run || !out->shared) return false;
    size_t total = 0;
    for (int32_t k = 0; k < n; k++) {
        lits[k] = equality(c->arms[k].test, &subj[k]);
        total += lits[k] ? (size_t)lits[k]->len : 0;
    }
    size_t cap = 16;
    while (cap < 2 * total) cap *= 2;
    Seen *seen = arena_zalloc(a, sizeof *seen * cap);
    if (!seen) return false;
    for (int32_t k = 0; k < n; k++) {
        out->shared[k] = -1;
        if (!lits[k]) {
            out->run[k] = k + 1;
            continue;
        }
        bool joins =
            k > 0 && lits[k - 1] &&
            lits[k - 1]->items[0]->Constant.value.kind == lits[k]->items[0]->Constant.value.kind &&
            ast_equal(subj[k - 1], subj[k]);
        out->run[k] = joins ? out->run[k - 1] : k;
        for (int32_t i = 0; i < lits[k]->len; i++) {
            const Node *lit = lits[k]->items[i];
            size_t h = (size_t)ast_hash(lit) & (cap - 1);
            while (seen[h].literal && !ast_equal(seen[h].literal, lit)) h = (h + 1) & (cap - 1);
            if (seen[h].literal && seen[h].last >= out->run[k] && seen[h].last < k &&
                seen[h].last > out->shared[k])
                out->shared[k] = seen[h].last;
            seen[h] = (Seen){lit, k};
        }
    }
    return true;
}

/* Every arm the same code, no else: one finding for the chain, at its `if`. */
static void report_chain(CheckCtx *cx, const IfChain *c) {
    Location at, last;
    arm_location(cx, c, 0, &at);
    arm_location(cx, c, c->narms - 1, &last);
    Related rel = {cx->path, last, "the last arm"};
    FixBuilder fb;
    fix_begin(&fb, cx->arena, check_fix_text(cx));
    int32_t *join = arena_alloc(cx->arena, sizeof *join * (size_t)c->narms);
    for (int32_t j = 1; join && j < c->narms; j++) join[j - 1] = j;
    if (join)
        join_arms(&fb, cx, c, if_chain_repeated_tests(cx->arena, c, NULL), 0, join, c->narms - 1);
    else
        fix_fail(&fb);
    check_fix(cx, fix_end(&fb, "Join the conditions with `or`"));
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
    Literals lit = {NULL, NULL}; /* made for the first finding with an arm between */
    for (int32_t j = 1; j < c->narms; j++) {
        if (same[j] < 0 || repeated_test[j] >= 0) continue; /* DW104's: the arm never runs */
        if (dw101 && (j == c->narms - 1 || j == c->narms - 2)) continue;
        if (body_is_single_simple(c->arms[j].body)) continue;
        if (!arms_same(cx, c->arms[j].body, c->arms[same[j]].body)) continue; /* directives */
        Location at, earlier;
        if (!arm_location(cx, c, j, &at)) continue;
        arm_location(cx, c, same[j], &earlier);
        Related rel = {cx->path, earlier, "the same code"};
        FixBuilder fb;
        fix_begin(&fb, cx->arena, check_fix_text(cx));
        join_arms(&fb, cx, c, repeated_test, same[j], &j, 1);
        if (j > same[j] + 1 && !lit.run && !literal_runs(cx->arena, c, &lit)) fix_fail(&fb);
        if (j > same[j] + 1 && lit.run && (lit.run[j] > same[j] + 1 || lit.shared[j] > same[j]))
            fix_unsafe(&fb); /* an arm between could match */
        check_fix(cx, fix_end(&fb, "Join this arm's test to the test on line %d with `or`",
                              earlier.line));
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
