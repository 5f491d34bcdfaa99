/* if_chain.h — an if/elif/else statement seen as the chain of arms the branch rules compare.
 * An `else:` whose only statement is an `if` continues the chain, as `elif` does. */
#ifndef DW_IF_CHAIN_H
#define DW_IF_CHAIN_H

#include "check/check.h"

typedef struct Arm {
    const Node *node; /* the If node of a conditional arm; NULL for the else arm */
    const Node *test; /* NULL for the else arm */
    const NodeList *body;
} Arm;

typedef struct IfChain {
    Arm *arms; /* in the arena */
    int32_t narms;
    bool has_else;
} IfChain;

/* True when n is an If continuing its parent's chain (so not a chain of its own). */
bool if_is_continuation(const Node *n, const Node *parent);
/* The arms of the chain starting at head (allocated in a). False when out of memory. */
bool if_chain_collect(Arena *a, const Node *head, IfChain *c);
/* Are two bodies the same code: the same syntax tree, and the same type checkers' directives
 * (`# type: ignore[...]`, `# pyright: ignore[...]`) on their lines? Arms that differ only in
 * those are different to a type checker, which decides a `sys.version_info` test and checks one
 * arm: the directive is needed in one arm and unused, an error, in the other. */
bool arms_same(const CheckCtx *cx, const NodeList *a, const NodeList *b);
/* A body that is one simple statement (not a compound one). */
bool body_is_single_simple(const NodeList *body);
/* The position of the `else` keyword of the chain's else arm (byte column), found in the
 * source between the previous arm and the else body. */
bool else_keyword_position(const CheckCtx *cx, const IfChain *c, int32_t *line, int32_t *col);
/* Where an arm is reported, or named as a related location: from its `if`/`elif` keyword to the
 * end of its test (a parenthesized test may start on a later line), or the `else` keyword of the
 * else arm. Its line is the keyword's. False when the else keyword cannot be found. */
bool arm_location(const CheckCtx *cx, const IfChain *c, int32_t j, Location *loc);
/* Is this arm's If spelled `elif` (rather than `if`, first or under an `else:`)? */
bool arm_is_elif(const CheckCtx *cx, const Node *if_node);
/* Does the expression contain a call, await, yield or `:=` (may differ between evaluations)? */
bool expr_has_effects(const Node *e);

/* For each arm j of the chain, the first earlier arm whose test is the same code, or -1: the arm
 * DW104 reports j against. An else arm and a test with effects (expr_has_effects) repeat
 * nothing, and a test with effects hides every test before it (`elif self.advance():` may change
 * what an earlier `self.state == A` says). For each arm j, the first earlier arm whose body is
 * the same code, or -1. Both are linear in the size of the chain (tests and bodies are hashed, and
 * compared only within one hash); *steps, when given, counts the structural comparisons made.
 * NULL when out of memory. */
int32_t *if_chain_repeated_tests(Arena *a, const IfChain *c, int64_t *steps);
int32_t *if_chain_repeated_bodies(Arena *a, const IfChain *c, int64_t *steps);

#endif
