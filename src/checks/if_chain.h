/* if_chain.h — an if/elif/else statement seen as the chain of arms the branch rules compare.
 * An `else:` whose only statement is an `if` continues the chain, as `elif` does. */
#ifndef DW_IF_CHAIN_H
#define DW_IF_CHAIN_H

#include "check/check.h"

enum { CHAIN_MAX_ARMS = 256 };

typedef struct Arm {
    const Node *node;      /* the If node of a conditional arm; NULL for the else arm */
    const Node *test;      /* NULL for the else arm */
    const NodeList *body;
} Arm;

typedef struct IfChain {
    Arm arms[CHAIN_MAX_ARMS];
    int narms;
    bool has_else;
} IfChain;

/* True when n is an If continuing its parent's chain (so not a chain of its own). */
bool if_is_continuation(const Node *n, const Node *parent);
/* The arms of the chain starting at head. */
void if_chain_collect(const Node *head, IfChain *c);
/* A body that is one simple statement (not a compound one). */
bool body_is_single_simple(const NodeList *body);
/* The position of the `else` keyword of the chain's else arm (byte column), found in the
 * source between the previous arm and the else body. */
bool else_keyword_position(const CheckCtx *cx, const IfChain *c, int32_t *line, int32_t *col);
/* Does the expression contain a call, await, yield or `:=` (may differ between evaluations)? */
bool expr_has_effects(const Node *e);

#endif
