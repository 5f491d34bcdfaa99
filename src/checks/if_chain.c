/* if_chain.c — see if_chain.h. */
#include "if_chain.h"

#include <string.h>

bool if_is_continuation(const Node *n, const Node *parent) {
    return parent && parent->kind == AST_IF && parent->If.orelse.len == 1 &&
           parent->If.orelse.items[0] == n;
}

void if_chain_collect(const Node *head, IfChain *c) {
    c->narms = 0;
    c->has_else = false;
    const Node *cur = head;
    for (;;) {
        if (c->narms < CHAIN_MAX_ARMS)
            c->arms[c->narms++] = (Arm){cur, cur->If.test, &cur->If.body};
        const NodeList *orelse = &cur->If.orelse;
        if (orelse->len == 1 && orelse->items[0]->kind == AST_IF) {
            cur = orelse->items[0];
            continue;
        }
        if (orelse->len > 0 && c->narms < CHAIN_MAX_ARMS) {
            c->arms[c->narms++] = (Arm){NULL, NULL, orelse};
            c->has_else = true;
        }
        return;
    }
}

bool body_is_single_simple(const NodeList *body) {
    if (body->len != 1) return false;
    switch (body->items[0]->kind) {
    case AST_IF:
    case AST_FOR:
    case AST_ASYNC_FOR:
    case AST_WHILE:
    case AST_WITH:
    case AST_ASYNC_WITH:
    case AST_TRY:
    case AST_TRY_STAR:
    case AST_MATCH:
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
    case AST_CLASS_DEF: return false;
    default: return true;
    }
}

bool else_keyword_position(const CheckCtx *cx, const IfChain *c, int32_t *line, int32_t *col) {
    if (!c->has_else || c->narms < 2) return false;
    const NodeList *prev = c->arms[c->narms - 2].body;
    const Node *last = prev->items[prev->len - 1];
    const Node *first = c->arms[c->narms - 1].body->items[0];
    const char *text = cx->src->text;
    for (int32_t l = last->end_lineno; l <= first->lineno && l <= cx->lines.count; l++) {
        const char *s = text + cx->lines.starts[l - 1];
        const char *p = s;
        if (l == last->end_lineno) p += last->end_col_offset;
        while (*p == ' ' || *p == '\t' || *p == '\f') p++;
        if (strncmp(p, "else", 4) == 0 && (p[4] == ':' || p[4] == ' ' || p[4] == '\t')) {
            *line = l;
            *col = (int32_t)(p - s);
            return true;
        }
    }
    return false;
}

static int effects(Node *n, void *ud) {
    (void)ud;
    switch (n->kind) {
    case AST_CALL:
    case AST_AWAIT:
    case AST_YIELD:
    case AST_YIELD_FROM:
    case AST_NAMED_EXPR: return 1;
    default: return ast_children(n, effects, ud);
    }
}

bool expr_has_effects(const Node *e) { return effects((Node *)e, NULL) != 0; }
