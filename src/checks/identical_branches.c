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
 * is needed in one and an error in the other); arms that say in comment lines why they are the
 * same (each has comment lines and they differ: a table of cases, a comment line for each; or
 * one holds code commented out: a placeholder, the code to come kept for later); one arm's
 * comment alone does not count, nor a comment after code on a line (`else:  # macOS`); chains
 * without an `else` (see DW103), arms that differ in anything but layout, and `if` statements
 * whose arms only look alike (a different name or constant counts); an
 * `elif` whose test repeats an earlier test of the chain: it can never run, and DW104 reports
 * that (one defect, one finding).
 *
 * Fix (sometimes available): the tests that decide nothing go and the `else` body stays, once: an
 * `if`/`else` (or a whole chain whose arms are all the same) becomes its `else` body, re-indented
 * to the statement's indentation with the file's own indentation bytes; an `elif` whose body is the
 * `else` body is deleted, arm and all. Safe when the tests dropped cannot have side effects (names,
 * constants, attributes, tuples and comparisons of those); otherwise unsafe, and the tests stay in
 * front of the body as an expression statement (`check() or retry()`). Unsafe too when a comment in
 * the code dropped (a test, the other copy of the body, the `else:` line) would be lost; a copy's
 * comments that the kept body has too, in the same order (a `# type: ignore[...]` on the same
 * statement of both), are not lost. No fix when the body's lines cannot be re-indented byte for
 * byte (a statement line indented otherwise than the block), or when a test dropped repeats an
 * earlier test of the chain (DW104's finding, which the fix would hide).
 */
#include <string.h>

#include "base/buf.h"
#include "check/check.h"
#include "if_chain.h"
#include "rule_docs.h"

extern const Check check_identical_branches;

/* The tests of arms [from, to) as one expression statement (`a or b`), for their effects. */
static const char *kept_tests(FixBuilder *fb, const IfChain *c, int32_t from, int32_t to) {
    if (to - from == 1) return fix_expr_text(fb, c->arms[from].test, FIX_AS_STATEMENT);
    Buf b;
    buf_init(&b);
    for (int32_t i = from; i < to; i++) {
        const char *t = fix_expr_text(fb, c->arms[i].test, FIX_AS_OPERAND);
        if (!t) break;
        if (i > from) buf_puts(&b, " or ");
        buf_puts(&b, t);
    }
    const char *s = b.failed ? NULL : arena_strndup(fb->a, buf_cstr(&b), b.len);
    buf_free(&b);
    if (!s) fix_fail(fb);
    return s;
}

/* The fix: the tests of arms [from, narms - 1) dropped and the else body kept. Arm `from` is the
 * chain's head (every arm alike), an `elif` (deleted up to the `else` line) or an `if` alone
 * under an `else:` (replaced by the else body, like the head). */
static const Fix *drop_tests(CheckCtx *cx, const IfChain *c, int32_t from) {
    const FixText *t = check_fix_text(cx);
    const Arm *arm = &c->arms[from], *els = &c->arms[c->narms - 1];
    /* a test that repeats an earlier one is DW104's defect, to be looked at first: no fix that
     * would make it disappear (ruff#21690: chained fixes over a repeated condition) */
    const int32_t *repeated = if_chain_repeated_tests(cx->arena, c, NULL);
    for (int32_t i = from; i < c->narms - 1; i++)
        if (!repeated || repeated[i] >= 0) return NULL;
    FixBuilder fb;
    fix_begin(&fb, cx->arena, t);
    bool pure = true;
    for (int32_t i = from; i < c->narms - 1; i++) {
        pure &= fix_pure_expr(c->arms[i].test);
        fix_block_comments_kept(&fb, c->arms[i].body, els->body); /* the same code, kept */
    }
    const char *keep = pure ? NULL : kept_tests(&fb, c, from, c->narms - 1);
    if (from == 0 || !arm_is_elif(cx, arm->node)) {
        fix_replace_with_block(&fb, arm->node, els->body, keep);
    } else {
        /* the `elif` line up to the `else` line: the else keyword is the first token after the
         * arm's body that is not a line end or an indentation */
        const NodeList *ab = arm->body;
        int32_t k = fix_token_from(t, fix_node_end(t, ab->items[ab->len - 1]));
        while (k < t->ntoks && (t->toks[k].kind == TOK_NEWLINE || t->toks[k].kind == TOK_DEDENT ||
                                t->toks[k].kind == TOK_INDENT))
            k++;
        if (k >= t->ntoks || t->toks[k].kind != TOK_KW_ELSE) return NULL;
        size_t else_line = fix_line_start(t, t->toks[k].start);
        fix_delete(&fb, fix_line_start(t, fix_node_start(t, arm->node)), else_line);
        if (keep) { /* first in the else body: on its own line, or before it on the else line */
            size_t b0 = fix_stmt_start(t, els->body->items[0]), bl = fix_line_start(t, b0);
            Buf s;
            buf_init(&s);
            buf_puts(&s, keep);
            if (bl == else_line) {
                buf_puts(&s, "; ");
            } else {
                buf_putc(&s, '\n');
                buf_put(&s, t->text + bl, b0 - bl);
            }
            const char *text = s.failed ? NULL : arena_strndup(cx->arena, buf_cstr(&s), s.len);
            buf_free(&s);
            if (text)
                fix_insert(&fb, b0, text);
            else
                fix_fail(&fb);
        }
    }
    if (!pure) fix_unsafe(&fb);
    if (from == 0 && c->narms > 2)
        return fix_end(&fb, "Remove the tests and keep one copy of the body");
    if (from == 0 || !arm_is_elif(cx, arm->node))
        return fix_end(&fb, "Remove the `if` test and keep the body");
    return fix_end(&fb, "Remove the `elif` arm: the `else` body does the same");
}

/* The comment lines of arm i, in order, each to its end with trailing blanks dropped: from its
 * header (or the end of the arm before it: a comment above `elif` or `else:` says what that arm
 * is for) to its body's last line. Comments after code on a line are left out: a marker there
 * (`# noqa`, `# TODO`) says nothing of why the arm is what it is. */
/* Whether statement s is a simple statement whose lines strictly hold line *ud (a line of a
 * string or of a bracketed expression: not a comment line, whatever it starts with). */
static bool holds_line(const Node *s, void *ud) {
    int32_t line = *(const int32_t *)ud;
    return ast_is_simple(s) && s->lineno < line && line <= s->end_lineno;
}

static void arm_comments(const CheckCtx *cx, const IfChain *c, int32_t i, Buf *b) {
    const char *text = cx->src->text, *end = text + cx->src->len;
    const NodeList *prev = i ? c->arms[i - 1].body : NULL, *body = c->arms[i].body;
    int32_t from = prev ? prev->items[prev->len - 1]->end_lineno + 1 : c->arms[0].node->lineno;
    int32_t to = body->items[body->len - 1]->end_lineno;
    for (int32_t line = from; line <= to && line <= cx->lines.count; line++) {
        const char *p = text + cx->lines.starts[line - 1];
        while (p < end && (*p == ' ' || *p == '\t' || *p == '\f')) p++;
        if (p >= end || *p != '#' || ast_stmts_any(body, holds_line, &line)) continue;
        const char *e = memchr(p, '\n', (size_t)(end - p));
        if (!e) e = end;
        while (e > p && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r')) e--;
        buf_put(b, p, (size_t)(e - p));
        buf_putc(b, '\n');
    }
}

/* Whether a comment line p..e is code commented out: `# x = f(y)`, `# run(x, y)`,
 * `# import os`, `# from a import b`; not prose that merely starts so (`# TODO(alice): …`,
 * `# Workaround (see #12)`, `# from the cache`). */
static bool commented_code(const char *p, const char *e) {
    p++; /* ('#') */
    while (p < e && *p == ' ') p++;
    static const char *const notes[] = {"TODO", "FIXME", "XXX", "NOTE", "HACK"};
    for (size_t k = 0; k < sizeof notes / sizeof *notes; k++)
        if ((size_t)(e - p) >= strlen(notes[k]) && memcmp(p, notes[k], strlen(notes[k])) == 0)
            return false;
    if ((size_t)(e - p) > 7 && memcmp(p, "import ", 7) == 0) {
        for (p += 7;
             p < e && (str_word_byte((unsigned char)*p) || *p == '.' || *p == ',' || *p == ' ');
             p++) {
        }
        return p == e;
    }
    if ((size_t)(e - p) > 5 && memcmp(p, "from ", 5) == 0) {
        for (p += 5; p < e && (str_word_byte((unsigned char)*p) || *p == '.'); p++) {
        }
        return (size_t)(e - p) > 8 && memcmp(p, " import ", 8) == 0;
    }
    if (p >= e || !str_word_byte((unsigned char)*p) || (*p >= '0' && *p <= '9')) return false;
    while (p < e && (str_word_byte((unsigned char)*p) || *p == '.')) p++;
    if (p < e && *p == '(') return e[-1] == ')'; /* a call, the whole line */
    while (p < e && *p == ' ') p++;
    if (p >= e || *p != '=' || (p + 1 < e && p[1] == '=')) return false;
    for (p++; p < e && *p == ' '; p++) {
    }
    return p < e; /* an assignment of something */
}

/* Whether arms i and j say in comment lines why they are the same code: both have comment lines,
 * and they differ (a table of cases, a comment line for each), or one has code commented out (a
 * placeholder, the code to come kept for later). One arm's comment alone says nothing: a copy
 * meant to differ may well carry it. */
static bool comments_differ(const CheckCtx *cx, const IfChain *c, int32_t i, int32_t j) {
    if (!cx->src->text) return false;
    Buf a, b;
    buf_init(&a), buf_init(&b);
    arm_comments(cx, c, i, &a);
    arm_comments(cx, c, j, &b);
    bool differ = false;
    if (!a.failed && !b.failed) {
        differ = a.len && b.len && (a.len != b.len || memcmp(a.data, b.data, a.len) != 0);
        const Buf *both[2] = {&a, &b};
        for (int k = 0; k < 2 && !differ; k++)
            for (const char *p = both[k]->data, *e;
                 p && p < both[k]->data + both[k]->len && !differ; p = e + 1) {
                e = memchr(p, '\n', (size_t)(both[k]->data + both[k]->len - p));
                differ = commented_code(p, e);
            }
    }
    buf_free(&a), buf_free(&b);
    return differ;
}

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
    for (int32_t i = 0; i < c->narms - 1 && all; i++)
        if (comments_differ(cx, c, i, c->narms - 1)) return;
    if (all && c->narms > 2) {
        check_fix(cx, drop_tests(cx, c, 0));
        check_report_range(cx, n, n->If.test,
                           "identical branches: all %d arms of this if/elif/else are the same "
                           "code, so none of its conditions decides anything",
                           c->narms);
        return;
    }
    const Arm *last = &c->arms[c->narms - 2];
    if (!all && (!arms_same(cx, last->body, els->body) ||
                 comments_differ(cx, c, c->narms - 2, c->narms - 1)))
        return;
    /* a dispatch naming its cases: `elif mode == "profile": raise NotImplementedError(...)` with
     * the same one statement as the else arm (SonarQube's S1871 exception, as DW103's) */
    if (!all && c->narms > 2 && body_is_single_simple(els->body)) return;
    /* an elif repeating an earlier test never runs: DW104 says so, and that is the defect */
    const int32_t *repeated = if_chain_repeated_tests(cx->arena, c, NULL);
    if (!repeated || repeated[c->narms - 2] >= 0) return;
    const NodeList *eb = els->body;
    Related rel = {cx->path, check_span(cx, eb->items[0], eb->items[eb->len - 1]),
                   "the `else` body, the same code"};
    check_fix(cx, drop_tests(cx, c, c->narms - 2));
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
