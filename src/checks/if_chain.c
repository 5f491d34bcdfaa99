/* if_chain.c — see if_chain.h. */
#include "if_chain.h"

#include <string.h>

bool if_is_continuation(const Node *n, const Node *parent) {
    return parent && parent->kind == AST_IF && parent->If.orelse.len == 1 &&
           parent->If.orelse.items[0] == n;
}

/* The If continuing cur's chain, or NULL. */
static const Node *next_arm(const Node *cur) {
    const NodeList *orelse = &cur->If.orelse;
    return orelse->len == 1 && orelse->items[0]->kind == AST_IF ? orelse->items[0] : NULL;
}

bool if_chain_collect(Arena *a, const Node *head, IfChain *c) {
    int32_t n = 1;
    const Node *cur = head;
    for (const Node *nx; (nx = next_arm(cur)); cur = nx) n++;
    c->has_else = cur->If.orelse.len > 0;
    c->narms = n + c->has_else;
    c->arms = arena_alloc(a, sizeof(Arm) * (size_t)c->narms);
    if (!c->arms) return false;
    int32_t i = 0;
    for (cur = head; cur; cur = next_arm(cur)) {
        c->arms[i++] = (Arm){cur, cur->If.test, &cur->If.body};
        if (!next_arm(cur) && c->has_else) c->arms[i++] = (Arm){NULL, NULL, &cur->If.orelse};
    }
    return true;
}

/* The next type checker directive (`type: ignore…`, `pyright: ignore…`, after a '#') in
 * s..e, its text to the end of its line (or to a '#' after it) in *d, *n; NULL when there is
 * none. */
static const char *next_directive(const char *s, const char *e, const char **d, size_t *n) {
    for (const char *p = s; p < e; p++) {
        if (*p != '#') continue;
        const char *q = p + 1;
        while (q < e && (*q == ' ' || *q == '\t')) q++;
        size_t left = (size_t)(e - q);
        if ((left >= 12 && memcmp(q, "type: ignore", 12) == 0) ||
            (left >= 15 && memcmp(q, "pyright: ignore", 15) == 0)) {
            /* to the line's end, or to a comment after it (`# noqa: DW201` added later: the
             * directive is the same) */
            const char *end = q;
            while (end < e && *end != '\n' && *end != '#') end++;
            while (end > q && (end[-1] == ' ' || end[-1] == '\r' || end[-1] == '\t')) end--;
            *d = q;
            *n = (size_t)(end - q);
            return end;
        }
    }
    return NULL;
}

/* The source of a body's lines, from the first statement's line to the last one's end. */
static void body_text(const CheckCtx *cx, const NodeList *b, const char **s, const char **e) {
    const Node *first = b->items[0], *last = b->items[b->len - 1];
    const char *text = cx->src->text;
    *s = text + cx->lines.starts[first->lineno - 1];
    const char *end = text + cx->lines.starts[last->end_lineno - 1] + last->end_col_offset;
    const char *nl = memchr(end, '\n', (size_t)(text + cx->src->len - end));
    *e = nl ? nl : text + cx->src->len;
}

bool arms_same(const CheckCtx *cx, const NodeList *a, const NodeList *b) {
    if (!ast_list_equal(a, b)) return false;
    if (!a->len || !cx->src->text) return true;
    const char *as, *ae, *bs, *be;
    body_text(cx, a, &as, &ae);
    body_text(cx, b, &bs, &be);
    for (;;) {
        const char *da = NULL, *db = NULL;
        size_t na = 0, nb = 0;
        as = as ? next_directive(as, ae, &da, &na) : NULL;
        bs = bs ? next_directive(bs, be, &db, &nb) : NULL;
        if (!as || !bs) return !as && !bs;
        if (na != nb || memcmp(da, db, na) != 0) return false;
    }
}

bool body_is_single_simple(const NodeList *body) {
    return body->len == 1 && ast_is_simple(body->items[0]);
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

bool arm_location(const CheckCtx *cx, const IfChain *c, int32_t j, Location *loc) {
    const Arm *arm = &c->arms[j];
    if (arm->test) {
        *loc = check_span(cx, arm->node, arm->test);
        return true;
    }
    int32_t line, col;
    if (!else_keyword_position(cx, c, &line, &col)) return false;
    *loc = check_location(cx, line, col, line, col + 4);
    return true;
}

bool arm_is_elif(const CheckCtx *cx, const Node *n) {
    if (n->lineno < 1 || n->lineno > cx->lines.count) return false;
    const char *p = cx->src->text + cx->lines.starts[n->lineno - 1] + n->col_offset;
    return strncmp(p, "elif", 4) == 0;
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

bool expr_has_effects(const Node *e) {
    return effects((Node *)e, NULL) != 0;
}

/* ---- repeats ------------------------------------------------------------------------------ */

/* What an arm contributes to a search for repeats: its test or its body. */
typedef struct Key {
    const Node *node;     /* a test */
    const NodeList *list; /* or a body */
} Key;

static uint64_t key_hash(Key k) {
    return k.node ? ast_hash(k.node) : ast_list_hash(k.list);
}

static bool key_equal(Key x, Key y) {
    return x.node ? ast_equal(x.node, y.node) : ast_list_equal(x.list, y.list);
}

/* One pass over the arms with an open-addressing table from a key's hash to the first arm holding
 * it. A barrier empties the table: each slot carries the generation it was written in, and a slot
 * of an older generation counts as free (every live slot was written after the last barrier, so
 * no probe sequence of the current generation runs through a stale slot). */
static int32_t *first_equal(Arena *a, int32_t n, const Key *keys, const bool *barrier,
                            int64_t *steps) {
    int32_t *first = arena_alloc(a, sizeof(int32_t) * (size_t)(n ? n : 1));
    size_t cap = 16;
    while (cap < 2 * (size_t)n) cap *= 2;
    uint64_t *hashes = arena_alloc(a, sizeof(uint64_t) * cap);
    int32_t *arm = arena_alloc(a, sizeof(int32_t) * cap);
    int32_t *gen = arena_zalloc(a, sizeof(int32_t) * cap);
    if (!first || !hashes || !arm || !gen) return NULL;
    int32_t now = 1;
    for (int32_t j = 0; j < n; j++) {
        first[j] = -1;
        if (barrier && barrier[j]) {
            now++;
            continue;
        }
        if (!keys[j].node && !keys[j].list) continue;
        uint64_t h = key_hash(keys[j]);
        size_t k = (size_t)h & (cap - 1);
        for (; gen[k] == now; k = (k + 1) & (cap - 1)) {
            if (hashes[k] != h) continue;
            if (steps) ++*steps;
            if (key_equal(keys[arm[k]], keys[j])) {
                first[j] = arm[k];
                break;
            }
        }
        if (first[j] < 0) {
            gen[k] = now;
            hashes[k] = h;
            arm[k] = j;
        }
    }
    return first;
}

int32_t *if_chain_repeated_tests(Arena *a, const IfChain *c, int64_t *steps) {
    Key *keys = arena_zalloc(a, sizeof(Key) * (size_t)c->narms);
    bool *barrier = arena_zalloc(a, sizeof(bool) * (size_t)c->narms);
    if (!keys || !barrier) return NULL;
    for (int32_t j = 0; j < c->narms; j++) {
        const Node *t = c->arms[j].test;
        if (t && expr_has_effects(t))
            barrier[j] = true;
        else
            keys[j].node = t;
    }
    return first_equal(a, c->narms, keys, barrier, steps);
}

int32_t *if_chain_repeated_bodies(Arena *a, const IfChain *c, int64_t *steps) {
    Key *keys = arena_zalloc(a, sizeof(Key) * (size_t)c->narms);
    if (!keys) return NULL;
    for (int32_t j = 0; j < c->narms; j++) keys[j].list = c->arms[j].body;
    return first_equal(a, c->narms, keys, NULL, steps);
}
