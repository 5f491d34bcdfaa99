/* unit_if_chain.c — the repeat search DW103 and DW104 share (src/checks/if_chain.c), on chains
 * built here: its answers against the pairwise definition, and the number of structural
 * comparisons it makes, which must stay linear in the chain (a field report had DW104 take 10 s
 * on 20,000 arms, comparing every test with every earlier one).
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/base/buf.h"
#include "../../src/checks/if_chain.h"
#include "../../src/parse/parser.h"
#include "unit.h"

/* The chain of the module's first statement, an if statement, parsed from text. */
static bool chain_of(Arena *a, const char *text, IfChain *c) {
    SourceText src;
    ParseResult pr;
    ParseError err;
    if (parse_bytes(a, text, strlen(text), &src, &pr, &err) != PARSE_OK) {
        printf("FAIL parse: line %d: %s\n", err.line, err.msg);
        return false;
    }
    const Node *head = pr.module->Module.body.items[0];
    return head->kind == AST_IF && if_chain_collect(a, head, c);
}

/* The definition, pairwise: the first earlier arm with the same test, among those after the last
 * test with effects; and the first earlier arm with the same body. */
static int32_t naive_test(const IfChain *c, int32_t j) {
    const Node *t = c->arms[j].test;
    if (!t || expr_has_effects(t)) return -1;
    int32_t from = 0;
    for (int32_t k = j - 1; k >= 0 && !from; k--)
        if (expr_has_effects(c->arms[k].test)) from = k + 1;
    for (int32_t i = from; i < j; i++)
        if (ast_equal(c->arms[i].test, t)) return i;
    return -1;
}

static int32_t naive_body(const IfChain *c, int32_t j) {
    for (int32_t i = 0; i < j; i++)
        if (ast_list_equal(c->arms[i].body, c->arms[j].body)) return i;
    return -1;
}

/* A chain of n arms (the last an else when with_else): arm i tests `x == test(i)` (a call when
 * test(i) < 0) and runs `f(body(i))`. */
static char *build(int32_t n, int (*test)(int32_t), int (*body)(int32_t), bool with_else) {
    Buf b;
    buf_init(&b);
    char line[128];
    for (int32_t i = 0; i < n; i++) {
        int t = test(i);
        if (with_else && i == n - 1)
            snprintf(line, sizeof line, "else:\n");
        else if (t < 0)
            snprintf(line, sizeof line, "%s next(it) == %d:\n", i ? "elif" : "if", -t);
        else
            snprintf(line, sizeof line, "%s x == %d:\n", i ? "elif" : "if", t);
        buf_puts(&b, line);
        snprintf(line, sizeof line, "    f(%d)\n    g()\n", body(i));
        buf_puts(&b, line);
    }
    const char *s = buf_cstr(&b);
    return b.failed ? NULL : (char *)s;
}

static int distinct(int32_t i) {
    return i;
}
static int same(int32_t i) {
    (void)i;
    return 7;
}
static int mixed(int32_t i) { /* repeats, and a test with effects every 37 arms */
    return i % 37 == 36 ? -1 : (int)((i * 7919u) % 53);
}
static int few(int32_t i) {
    return i % 5;
}

/* Runs both searches on a chain; checks them against the definition when `check` and returns the
 * comparisons made. */
static int64_t run(const char *what, int32_t n, int (*test)(int32_t), int (*body)(int32_t),
                   bool with_else, bool check) {
    Arena a;
    arena_init(&a);
    char *text = build(n, test, body, with_else);
    IfChain c;
    int64_t steps = 0;
    if (!text || !chain_of(&a, text, &c)) {
        CHECK(false, "%s: no chain", what);
        free(text);
        arena_free(&a);
        return -1;
    }
    CHECK(c.narms == n, "%s: %d arms, want %d", what, c.narms, n);
    const int32_t *tests = if_chain_repeated_tests(&a, &c, &steps);
    const int32_t *bodies = if_chain_repeated_bodies(&a, &c, &steps);
    CHECK(tests && bodies, "%s: out of memory", what);
    int bad_tests = 0, bad_bodies = 0;
    for (int32_t j = 0; check && tests && bodies && j < c.narms; j++) {
        bad_tests += tests[j] != naive_test(&c, j);
        bad_bodies += bodies[j] != naive_body(&c, j);
    }
    CHECK(bad_tests == 0, "%s: %d arms' repeated test differ from the definition", what, bad_tests);
    CHECK(bad_bodies == 0, "%s: %d arms' repeated body differ from the definition", what,
          bad_bodies);
    free(text);
    arena_free(&a);
    return steps;
}

int main(void) {
    /* answers, on chains small enough for the pairwise definition */
    run("distinct", 300, distinct, distinct, false, true);
    run("all the same", 300, same, same, true, true);
    run("mixed", 400, mixed, few, true, true);
    run("two arms", 2, same, distinct, false, true);
    run("if/else", 2, same, same, true, true);

    /* comparisons: about one per arm, however long the chain and whatever repeats */
    enum { N = 5000 };
    int64_t s = run("distinct, long", N, distinct, distinct, false, false);
    CHECK(s >= 0 && s <= N / 10, "distinct tests and bodies: %lld comparisons for %d arms",
          (long long)s, N);
    s = run("the same, long", N, same, same, false, false);
    CHECK(s >= 0 && s <= 2 * N, "equal tests and bodies: %lld comparisons for %d arms",
          (long long)s, N);
    s = run("mixed, long", N, mixed, few, true, false);
    CHECK(s >= 0 && s <= 2 * N, "mixed tests and bodies: %lld comparisons for %d arms",
          (long long)s, N);
    return unit_finish();
}
