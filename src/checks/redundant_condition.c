/* DW106 redundant-condition
 *
 * What it does: finds a test whose outcome is already decided where it runs, by an earlier test
 * or assignment of the same, unchanged value, on every path: `if x is None:` inside
 * `if x is None:`; `if x is not None:` after `if x is None: return`; `items is None` after
 * `items = []` (a literal, a display or a comprehension); `isinstance(v, T)` inside
 * `isinstance(v, T)`;
 * `a and not a`; `mode == "fast"` inside `mode == "fast"` (or inside `mode == "slow"`: another
 * constant of the same type). What a test decides about a value follows: `x` true means
 * `x is None` is false, as `isinstance(x, T)` true and `x == "a"` true do. Values are local names
 * and attribute chains rooted at them (`self.conn`), as DW201 tracks them.
 *
 * Why is this a bug: the test cannot go the other way, so one of its branches is dead code; most
 * often the author believed the value could be something it cannot be at that point, or meant
 * to test another value.
 *
 * Example:
 *     def close(self, conn):
 *         if conn is None:
 *             return
 *         log.debug("closing")
 *         if conn is not None:          # always true here
 *             conn.close()
 *
 * Use instead: drop the test (and its dead branch), or test what was meant.
 *
 * Reported at the test, naming the line that decided it.
 *
 * Off by default (select it with `select = ["DW106"]` or `--select DW106`): its findings are
 * worth acting on (26 of a sample of 30, on 31 real projects), but it needs a control-flow graph
 * for every function that tests one value twice, which costs about a tenth more CPU on the 3.13
 * standard library than the default rules together; the default rules stay within 15% of what
 * they cost without the rules of this family.
 *
 * Not reported: a value a call or store could have changed since it was decided (an attribute
 * chain or a global, a name or an object any call may change: what DW201 forgets, it forgets;
 * truthiness and equality of a name are forgotten too when it is handed to a call, as a receiver
 * or an argument, or stored into: `items.append(x)`); tests of `sys.version_info`,
 * `sys.platform`, `os.name` and TYPE_CHECKING (they differ between environments); `assert`
 * statements, which neither are reported nor decide anything (they document, and `python -O`
 * skips them); `while` conditions (a loop re-tests its condition after its body); `x == None`
 * (it calls `__eq__`); `isinstance(x, T)` where T may hold NoneType (`type(None)`, `object`,
 * `int | None`) as a proof that x is not None; what DW104 and DW202 report (a test repeated in
 * an `elif` of its chain; a None test after a dereference on every path); code inside nested
 * functions, lambdas and comprehensions; module and class bodies. Written so on purpose: what an
 * earlier test of an if/elif chain implies, spelled out in an `elif` (`elif x is None:`
 * after `if x is not None:`, `elif a and b:` after `if not a:`); a guard that an earlier operand of
 * the same `or` implies (`x is None or (x is not None and x.ok)`); a defensive `raise` that cannot
 * run (`if not isinstance(x, T): raise`, `else: raise` after a decided test).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/check.h"
#include "flow/flow.h"
#include "rule_docs.h"

enum { MAX_PREDS = 256 }; /* predicates followed per function */

typedef enum PredKind { P_NONE, P_TRUTH, P_ISINST, P_EQ } PredKind;

/* A question a test asks about a value: `p is None`, `p` (truthiness), `isinstance(p, T)`,
 * `p == c` (c a str, bytes or int constant). */
typedef struct Pred {
    uint8_t kind;
    int32_t path;
    const Node *arg; /* T or c */
    uint64_t hash;   /* ast_hash of arg */
    uint8_t ckind;   /* for P_EQ: the constant's kind */
    bool none_ok;    /* for P_ISINST: T may let None through (NoneType, object, `X | None`) */
} Pred;

/* What the analysis knows of a test node or a literal assignment: its predicate and whether the
 * node's truth is the predicate's (or its negation: `is not`, `!=`). */
typedef struct Ask {
    const Node *node;
    int32_t pred;
    bool negated;
    bool asserted; /* (part of) an `assert`'s test: it decides nothing, as `python -O` skips it */
} Ask;

/* Nodes to small numbers, by address (open addressing). */
typedef struct NodeMap {
    const Node **keys;
    int32_t *vals;
    uint32_t cap;
} NodeMap;

static uint32_t node_hash(const Node *n) {
    uintptr_t v = (uintptr_t)n;
    return (uint32_t)((v >> 3) * 2654435761u);
}

static bool map_make(Arena *a, NodeMap *m, int32_t n) {
    m->cap = 16;
    while (m->cap < (uint32_t)n * 2 + 2) m->cap *= 2;
    m->keys = arena_zalloc(a, sizeof(Node *) * m->cap);
    m->vals = arena_alloc(a, sizeof(int32_t) * m->cap);
    return m->keys && m->vals;
}

static void map_put(NodeMap *m, const Node *k, int32_t v) {
    uint32_t at = node_hash(k) & (m->cap - 1);
    while (m->keys[at] && m->keys[at] != k) at = (at + 1) & (m->cap - 1);
    m->keys[at] = k, m->vals[at] = v;
}

static int32_t map_get(const NodeMap *m, const Node *k) {
    if (!m->cap) return -1;
    for (uint32_t at = node_hash(k) & (m->cap - 1); m->keys[at]; at = (at + 1) & (m->cap - 1))
        if (m->keys[at] == k) return m->vals[at];
    return -1;
}

typedef VEC(const Node *) Nodes;

enum {
    PF_PREFIX = 1,      /* a predicate's path is this path or starts with it */
    PF_NONE_TESTED = 2, /* a predicate tests this path for None */
};

typedef struct Ctx {
    CheckCtx *cx;
    Cfg *g;
    VEC(Pred) preds;
    VEC(Ask) asks;  /* the tests on edges */
    NodeMap ask_of; /* test node -> index in asks */
    int32_t words;
    /* the statement scan */
    Nodes quiet;       /* the tests of `assert` and `while` statements */
    Nodes asserts;     /* the tests of `assert` statements (they decide nothing) */
    Nodes tested;      /* every test, and value, that may hold a test (for subjects) */
    Nodes chain_tests; /* If tests, with the first test of their chain beside */
    Nodes chain_first;
    Nodes chain_if;    /* the If statement of each */
    Nodes lit_targets; /* `x = <literal>`: the target, then the value */
    Nodes lit_values;
    NodeMap lit_of; /* target -> index in lit_values */
    /* the scan's quick look for a test that may be decided (only then is there a graph): the
     * subjects of the tests and literal assignments that decide something where the scan is */
    VEC(uint64_t) active;
    VEC(uint64_t) literal; /* subjects assigned a literal so far */
    bool worth;
    bool light; /* the quick look only (at the visit): worth, and none of the lists above */
    /* what events can change, for a quick look at each: per path, PF_* */
    uint8_t *path_flags;
    bool call_matters; /* a call can change what is known */
    bool chains;       /* a predicate is about an attribute chain */
    bool failed;
} Ctx;

/* ---- the function's statements: its tests and literal assignments ---------------------- */

static bool is_literal(const Node *v) {
    switch (v->kind) {
    case AST_CONSTANT:
    case AST_LIST:
    case AST_TUPLE:
    case AST_DICT:
    case AST_SET:
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_JOINED_STR: return true;
    default: return false;
    }
}

static void scan(Ctx *c, const NodeList *l, const Node *chain);

/* `flag = True` (or False): a switch, tested afterwards on purpose. */
static bool is_flag(const Node *v) {
    return v->kind == AST_CONSTANT &&
           (v->Constant.value.kind == CONST_TRUE || v->Constant.value.kind == CONST_FALSE);
}

/* A value that holds tests: `a and b`, `not a`, `x if a else y`. */
static int32_t subjects(const Node *t, uint64_t *hs, int32_t n, int32_t max);

enum { MAX_SUBJECTS = 32 };

static bool holds(const uint64_t *hs, int32_t n, uint64_t h) {
    for (int32_t i = 0; i < n; i++)
        if (hs[i] == h) return true;
    return false;
}

/* A test the scan meets: it may be decided when one of its subjects is decided where it is (by
 * a test it is inside of, an earlier test that left, a loop's end, a literal assignment), or is
 * asked twice in it (`a and not a`). Returns its subjects' count, into hs. */
static int32_t check_test(Ctx *c, const Node *t, uint64_t *hs) {
    int32_t n = subjects(t, hs, 0, MAX_SUBJECTS);
    for (int32_t i = 0; i < n && !c->worth; i++)
        c->worth = holds(hs, i, hs[i]) || holds(c->active.items, c->active.len, hs[i]) ||
                   holds(c->literal.items, c->literal.len, hs[i]);
    return n;
}

static void activate(Ctx *c, const uint64_t *hs, int32_t n) {
    for (int32_t i = 0; i < n; i++)
        if (VEC_PUSH(c->cx->arena, c->active, hs[i])) c->failed = true;
}

/* Whether a statement list ends by leaving (what its test decided then holds after it). */
static bool ends_by_leaving(const NodeList *l) {
    if (!l->len) return false;
    int k = l->items[l->len - 1]->kind;
    return k == AST_RETURN || k == AST_RAISE || k == AST_CONTINUE || k == AST_BREAK;
}

static void tested_value(Ctx *c, const Node *v) {
    if (!v) return;
    const Node *t =
        v->kind == AST_IF_EXP ? v->IfExp.test
        : v->kind == AST_BOOL_OP || (v->kind == AST_UNARY_OP && v->UnaryOp.op == AST_NOT) ? v
                                                                                          : NULL;
    if (!t) return;
    uint64_t hs[MAX_SUBJECTS];
    check_test(c, t, hs);
    if (!c->light && VEC_PUSH(c->cx->arena, c->tested, t)) c->failed = true;
}

static void scan_stmt(Ctx *c, const Node *s, const Node *chain) {
    Arena *a = c->cx->arena;
    if (c->light && c->worth) return; /* (the quick look has its answer) */
    switch (s->kind) {
    case AST_ASSERT:
        if (!c->light &&
            (VEC_PUSH(a, c->quiet, s->Assert.test) || VEC_PUSH(a, c->asserts, s->Assert.test) ||
             VEC_PUSH(a, c->tested, s->Assert.test)))
            c->failed = true;
        return;
    case AST_RETURN: tested_value(c, s->Return.value); return;
    case AST_EXPR: tested_value(c, s->Expr.value); return;
    case AST_ASSIGN:
        tested_value(c, s->Assign.value);
        if (s->Assign.targets.len == 1 && s->Assign.targets.items[0]->kind == AST_NAME &&
            is_literal(s->Assign.value) && !is_flag(s->Assign.value) &&
            ((!c->light && (VEC_PUSH(a, c->lit_targets, s->Assign.targets.items[0]) ||
                            VEC_PUSH(a, c->lit_values, s->Assign.value))) ||
             VEC_PUSH(a, c->literal, ast_hash(s->Assign.targets.items[0]))))
            c->failed = true;
        return;
    case AST_IF: {
        const Node *first = chain ? chain : s;
        if (!c->light &&
            (VEC_PUSH(a, c->chain_tests, s->If.test) || VEC_PUSH(a, c->chain_first, first) ||
             VEC_PUSH(a, c->chain_if, s) || VEC_PUSH(a, c->tested, s->If.test)))
            c->failed = true;
        uint64_t hs[MAX_SUBJECTS];
        int32_t n = check_test(c, s->If.test, hs), mark = c->active.len;
        activate(c, hs, n);
        scan(c, &s->If.body, NULL);
        /* `elif`: an else holding only an if continues the chain */
        bool elif = s->If.orelse.len == 1 && s->If.orelse.items[0]->kind == AST_IF;
        if (elif)
            scan_stmt(c, s->If.orelse.items[0], first);
        else
            scan(c, &s->If.orelse, NULL);
        c->active.len = mark;
        if (ends_by_leaving(&s->If.body) || ends_by_leaving(&s->If.orelse)) activate(c, hs, n);
        return;
    }
    case AST_WHILE: {
        if (!c->light &&
            (VEC_PUSH(a, c->quiet, s->While.test) || VEC_PUSH(a, c->tested, s->While.test)))
            c->failed = true;
        uint64_t hs[MAX_SUBJECTS];
        int32_t n = check_test(c, s->While.test, hs), mark = c->active.len;
        activate(c, hs, n);
        scan(c, &s->While.body, NULL);
        c->active.len = mark;
        scan(c, &s->While.orelse, NULL);
        activate(c, hs, n); /* (the loop's end decides its test) */
        return;
    }
    case AST_FOR:
    case AST_ASYNC_FOR:
        scan(c, &s->For.body, NULL);
        scan(c, &s->For.orelse, NULL);
        return;
    case AST_WITH:
    case AST_ASYNC_WITH: scan(c, &s->With.body, NULL); return;
    case AST_TRY:
    case AST_TRY_STAR:
        scan(c, &s->Try.body, NULL);
        for (int32_t i = 0; i < s->Try.handlers.len; i++)
            scan(c, &s->Try.handlers.items[i]->ExceptHandler.body, NULL);
        scan(c, &s->Try.orelse, NULL);
        scan(c, &s->Try.finalbody, NULL);
        return;
    case AST_MATCH:
        for (int32_t i = 0; i < s->Match.cases.len; i++)
            scan(c, &s->Match.cases.items[i]->match_case.body, NULL);
        return;
    default: return;
    }
}

static void scan(Ctx *c, const NodeList *l, const Node *chain) {
    int32_t mark = c->active.len;
    for (int32_t i = 0; i < l->len; i++) scan_stmt(c, l->items[i], chain);
    c->active.len = mark;
}

/* ---- predicates --------------------------------------------------------------------------- */

static bool is_none(const Node *e) {
    return e->kind == AST_CONSTANT && e->Constant.value.kind == CONST_NONE;
}

/* A value that differs between environments, tested on purpose: sys.version_info,
 * sys.platform, os.name, TYPE_CHECKING (and anything read through them). */
static bool environmental(const Cfg *g, int32_t path) {
    for (int depth = 0; path >= 0 && depth < 16; depth++) {
        const CfgPath *p = &g->paths[path];
        if (p->parent < 0) return str_eq_c(p->name, "TYPE_CHECKING");
        const CfgPath *up = &g->paths[p->parent];
        if (up->parent < 0 && ((str_eq_c(up->name, "sys") && (str_eq_c(p->name, "version_info") ||
                                                              str_eq_c(p->name, "platform"))) ||
                               (str_eq_c(up->name, "os") && str_eq_c(p->name, "name")) ||
                               str_eq_c(p->name, "TYPE_CHECKING")))
            return true;
        path = p->parent;
    }
    return false;
}

static int32_t pred_find(Ctx *c, Pred p) {
    for (int32_t i = 0; i < c->preds.len; i++) {
        const Pred *q = &c->preds.items[i];
        if (q->kind == p.kind && q->path == p.path && q->hash == p.hash &&
            (!p.arg || ast_equal(q->arg, p.arg)))
            return i;
    }
    if (c->preds.len >= MAX_PREDS || VEC_PUSH(c->cx->arena, c->preds, p)) return -1;
    return c->preds.len - 1;
}

/* Whether the type (or tuple of types) T of `isinstance(x, T)` may hold NoneType: `NoneType`,
 * `type(None)`, `object`, or anything but names and tuples of them (`int | None`; what a name
 * like `TYPES` holds is taken as no NoneType). */
static bool none_type(const Node *t) {
    switch (t->kind) {
    case AST_TUPLE:
        for (int32_t i = 0; i < t->Tuple.elts.len; i++)
            if (none_type(t->Tuple.elts.items[i])) return true;
        return false;
    case AST_NAME: return str_eq_c(t->Name.id, "NoneType") || str_eq_c(t->Name.id, "object");
    case AST_ATTRIBUTE:
        return str_eq_c(t->Attribute.attr, "NoneType") || str_eq_c(t->Attribute.attr, "object");
    default: return true;
    }
}

/* The predicate a test asks, or -1. */
static int32_t pred_of_test(Ctx *c, const Node *t, bool *negated) {
    Pred p = {P_TRUTH, -1, NULL, 0, 0, false};
    *negated = false;
    switch (t->kind) {
    case AST_NAME:
    case AST_ATTRIBUTE: p.path = cfg_path_add(c->cx->arena, c->g, t); break;
    case AST_COMPARE: {
        if (t->Compare.ops.len != 1) return -1;
        uint8_t op = t->Compare.ops.items[0];
        const Node *l = t->Compare.left, *r = t->Compare.comparators.items[0];
        if (op == AST_IS || op == AST_IS_NOT) {
            const Node *other = is_none(r) ? l : is_none(l) ? r : NULL;
            if (!other) return -1;
            p.kind = P_NONE;
            p.path = cfg_path_add(c->cx->arena, c->g, other);
            *negated = op == AST_IS_NOT;
        } else if (op == AST_EQ || op == AST_NOT_EQ) {
            const Node *k = r->kind == AST_CONSTANT ? r : l->kind == AST_CONSTANT ? l : NULL;
            const Node *other = k == r ? l : r;
            if (!k) return -1;
            uint8_t ck = k->Constant.value.kind;
            if (ck != CONST_STR && ck != CONST_BYTES && ck != CONST_INT) return -1;
            p.kind = P_EQ, p.arg = k, p.hash = ast_hash(k), p.ckind = ck;
            p.path = cfg_path_add(c->cx->arena, c->g, other);
            *negated = op == AST_NOT_EQ;
        } else {
            return -1;
        }
        break;
    }
    case AST_CALL: {
        const Node *f = t->Call.func;
        if (f->kind != AST_NAME || !str_eq_c(f->Name.id, "isinstance") || t->Call.args.len != 2 ||
            t->Call.keywords.len)
            return -1;
        p.kind = P_ISINST;
        p.arg = t->Call.args.items[1];
        p.none_ok = none_type(p.arg);
        p.hash = ast_hash(p.arg);
        p.path = cfg_path_add(c->cx->arena, c->g, t->Call.args.items[0]);
        break;
    }
    default: return -1;
    }
    if (p.path < 0 || environmental(c->g, p.path)) return -1;
    return pred_find(c, p);
}

/* ---- the state: predicates known to hold or not, on every path, with what decided them --- */

typedef struct State {
    uint64_t *known, *value;
    uint64_t *deref; /* per P_NONE predicate: its value was dereferenced on every path since it
                        was assigned (a None test there is DW202's) */
    const Node **by;
} State;

enum { STATE_WORDS = 3 }; /* (the bit sets before `by`) */

static State view(const Ctx *c, void *s) {
    uint64_t *w = s;
    return (State){w, w + c->words, w + 2 * c->words, (const Node **)(w + 3 * c->words)};
}

static bool has(const uint64_t *b, int32_t i) {
    return b[i / 64] >> (i % 64) & 1;
}

static void put(State st, int32_t i, bool v, const Node *by) {
    st.known[i / 64] |= 1ull << (i % 64);
    if (v)
        st.value[i / 64] |= 1ull << (i % 64);
    else
        st.value[i / 64] &= ~(1ull << (i % 64));
    st.by[i] = by;
}

static void forget(State st, int32_t i) {
    st.known[i / 64] &= ~(1ull << (i % 64));
}

/* Predicate i holds (v) and what follows of it, about the same value. */
static void learn(const Ctx *c, State st, int32_t i, bool v, const Node *by) {
    const Pred *p = &c->preds.items[i];
    put(st, i, v, by);
    for (int32_t k = 0; k < c->preds.len; k++) {
        const Pred *q = &c->preds.items[k];
        if (k == i || q->path != p->path || has(st.known, k)) continue;
        bool not_none = (p->kind == P_TRUTH && v) || (p->kind == P_ISINST && v && !p->none_ok) ||
                        (p->kind == P_EQ && v);
        if (q->kind == P_NONE && not_none) put(st, k, false, by);
        if (p->kind == P_NONE && v && (q->kind == P_TRUTH || q->kind == P_EQ))
            put(st, k, false, by);
        /* `mode == "fast"` true: `mode == "slow"` is false */
        if (p->kind == P_EQ && v && q->kind == P_EQ && q->ckind == p->ckind) put(st, k, false, by);
    }
}

/* What a literal assignment decides about its name. */
static void assigned_literal(const Ctx *c, State st, int32_t path, const Node *value,
                             const Node *by) {
    for (int32_t k = 0; k < c->preds.len; k++) {
        const Pred *q = &c->preds.items[k];
        if (q->path != path) continue;
        if (q->kind == P_NONE) {
            put(st, k, is_none(value), by);
        } else if (q->kind == P_EQ && value->kind == AST_CONSTANT &&
                   value->Constant.value.kind == q->ckind) {
            put(st, k, ast_equal(value, q->arg), by);
        } else if (q->kind == P_TRUTH) {
            int empty = value->kind == AST_LIST    ? value->List.elts.len == 0
                        : value->kind == AST_TUPLE ? value->Tuple.elts.len == 0
                        : value->kind == AST_DICT  ? value->Dict.keys.len == 0
                        : value->kind == AST_SET   ? value->Set.elts.len == 0
                                                   : -1;
            if (value->kind == AST_CONSTANT) {
                const Const *k2 = &value->Constant.value;
                empty = k2->kind == CONST_NONE || k2->kind == CONST_FALSE  ? 1
                        : k2->kind == CONST_TRUE                           ? 0
                        : k2->kind == CONST_INT                            ? k2->i == 0
                        : k2->kind == CONST_STR || k2->kind == CONST_BYTES ? k2->s.len == 0
                                                                           : -1;
            }
            if (empty >= 0) put(st, k, !empty, by);
        }
    }
}

/* The root name of an expression's attribute or subscript chain, or NULL. */
static const Node *root_name(const Node *e) {
    while (e->kind == AST_ATTRIBUTE || e->kind == AST_SUBSCRIPT || e->kind == AST_STARRED)
        e = e->kind == AST_ATTRIBUTE   ? e->Attribute.value
            : e->kind == AST_SUBSCRIPT ? e->Subscript.value
                                       : e->Starred.value;
    return e->kind == AST_NAME ? e : NULL;
}

/* A name a call event may change the object of: its receiver's, an argument's, an item store's. */
static bool handed(const Node *call, Str name) {
    const Node *roots[64];
    int n = 0;
    if (call->kind == AST_CALL) {
        if (call->Call.func->kind == AST_ATTRIBUTE) roots[n++] = root_name(call->Call.func);
        for (int32_t i = 0; i < call->Call.args.len && n < 63; i++)
            roots[n++] = root_name(call->Call.args.items[i]);
        for (int32_t i = 0; i < call->Call.keywords.len && n < 63; i++)
            roots[n++] = root_name(call->Call.keywords.items[i]->keyword.value);
        if (call->Call.args.len + call->Call.keywords.len >= 62) return true; /* (too many) */
    } else if (call->kind == AST_SUBSCRIPT) {
        roots[n++] = root_name(call->Subscript.value);
    } else {
        return true; /* (a statement: `with`, `for`, `+=`, ...) */
    }
    for (int i = 0; i < n; i++)
        if (roots[i] && str_eq(roots[i]->Name.id, name)) return true;
    return false;
}

static void ev_kill(Ctx *c, State st, const CfgEvent *ev) {
    const Cfg *g = c->g;
    for (int32_t k = 0; k < c->preds.len; k++) {
        if (!has(st.known, k)) continue;
        const Pred *q = &c->preds.items[k];
        const CfgPath *qp = &g->paths[q->path];
        switch ((CfgEventKind)ev->kind) {
        case EV_ASSIGN:
        case EV_ASSIGN_NONE:
        case EV_DEL:
            if (ev->path >= 0 && cfg_path_has_prefix(g, q->path, ev->path)) forget(st, k);
            break;
        case EV_CALL: {
            bool identity = q->kind == P_NONE || q->kind == P_ISINST;
            /* truthiness may change with the object (a list a closure appends to) */
            if (qp->parent >= 0 || qp->shared || q->kind == P_TRUTH) {
                forget(st, k);
            } else if (!identity) {
                int32_t root = q->path;
                while (g->paths[root].parent >= 0) root = g->paths[root].parent;
                if (handed(ev->node, g->paths[root].name)) forget(st, k);
            }
            break;
        }
        case EV_ATTR_STORE:
            if (ev->node->kind != AST_ATTRIBUTE) break;
            for (int32_t p = q->path; p >= 0 && g->paths[p].parent >= 0; p = g->paths[p].parent)
                if (str_eq(g->paths[p].name, ev->node->Attribute.attr)) {
                    forget(st, k);
                    break;
                }
            break;
        default: break;
        }
    }
}

/* What an event does to the dereferenced bits: a dereference of a path sets its None tests'; an
 * assignment of it or what it is read through, or (for a chain or a shared name) a call, clears
 * them. */
static void derefs(const Ctx *c, State st, const CfgEvent *ev) {
    const Cfg *g = c->g;
    for (int32_t k = 0; k < c->preds.len; k++) {
        const Pred *q = &c->preds.items[k];
        if (q->kind != P_NONE) continue;
        const CfgPath *qp = &g->paths[q->path];
        bool set = false, clear = false;
        switch ((CfgEventKind)ev->kind) {
        case EV_DEREF: set = ev->path == q->path; break;
        case EV_ASSIGN:
        case EV_ASSIGN_NONE:
        case EV_DEL: clear = ev->path >= 0 && cfg_path_has_prefix(g, q->path, ev->path); break;
        case EV_CALL:
        case EV_ATTR_STORE: clear = qp->parent >= 0 || qp->shared; break;
        default: break;
        }
        if (set) st.deref[k / 64] |= 1ull << (k % 64);
        if (clear) st.deref[k / 64] &= ~(1ull << (k % 64));
    }
}

static void st_entry(void *s, void *ud) {
    const Ctx *c = ud;
    memset(s, 0, sizeof(uint64_t) * STATE_WORDS * (size_t)c->words);
}

static bool st_join(void *dst, const void *src, void *ud) {
    const Ctx *c = ud;
    State d = view(c, dst), s = view(c, (void *)src);
    bool changed = false;
    for (int32_t w = 0; w < c->words; w++) {
        uint64_t k = d.known[w] & s.known[w] & ~(d.value[w] ^ s.value[w]);
        uint64_t r = d.deref[w] & s.deref[w];
        changed |= k != d.known[w] || r != d.deref[w];
        d.known[w] = k, d.deref[w] = r;
    }
    return changed;
}

/* Whether an event may change what the state says: most do not (the filter of st_event). */
static bool matters(const Ctx *c, const CfgEvent *ev) {
    switch ((CfgEventKind)ev->kind) {
    case EV_ASSIGN:
    case EV_ASSIGN_NONE:
    case EV_DEL: return ev->path >= 0 && (c->path_flags[ev->path] & PF_PREFIX);
    case EV_DEREF: return ev->path >= 0 && (c->path_flags[ev->path] & PF_NONE_TESTED);
    case EV_CALL: return c->call_matters;
    case EV_ATTR_STORE: return c->chains;
    default: return false;
    }
}

static void st_event(void *s, const CfgEvent *ev, void *ud) {
    Ctx *c = ud;
    if (!matters(c, ev)) return;
    State st = view(c, s);
    ev_kill(c, st, ev);
    derefs(c, st, ev);
    if ((ev->kind == EV_ASSIGN || ev->kind == EV_ASSIGN_NONE) && ev->path >= 0 &&
        ev->node->kind == AST_NAME) {
        int32_t i = map_get(&c->lit_of, ev->node);
        if (i >= 0) assigned_literal(c, st, ev->path, c->lit_values.items[i], ev->node);
    }
}

static void st_edge(void *s, const CfgEdge *e, void *ud) {
    Ctx *c = ud;
    int32_t i = e->test ? map_get(&c->ask_of, e->test) : -1;
    if (i < 0) return;
    const Ask *k = &c->asks.items[i];
    if (!k->asserted) learn(c, view(c, s), k->pred, e->polarity != k->negated, e->test);
}

/* ---- the function ------------------------------------------------------------------------ */

/* The name or attribute chain a test asks about, for the cheap look before any graph: its
 * text's hash (0: none). */
static uint64_t subject(const Node *t) {
    while (t->kind == AST_UNARY_OP && t->UnaryOp.op == AST_NOT) t = t->UnaryOp.operand;
    if (t->kind == AST_COMPARE && t->Compare.ops.len == 1) {
        const Node *l = t->Compare.left, *r = t->Compare.comparators.items[0];
        t = r->kind == AST_CONSTANT ? l : l->kind == AST_CONSTANT ? r : NULL;
        if (!t) return 0;
    } else if (t->kind == AST_CALL) {
        if (t->Call.args.len != 2 || t->Call.func->kind != AST_NAME ||
            !str_eq_c(t->Call.func->Name.id, "isinstance"))
            return 0;
        t = t->Call.args.items[0];
    }
    return t->kind == AST_NAME || t->kind == AST_ATTRIBUTE ? ast_hash(t) : 0;
}

/* The subjects of a test, `and`, `or` and `not` taken apart, into hs. */
static int32_t subjects(const Node *t, uint64_t *hs, int32_t n, int32_t max) {
    if (t->kind == AST_BOOL_OP) {
        for (int32_t i = 0; i < t->BoolOp.values.len && n < max; i++)
            n = subjects(t->BoolOp.values.items[i], hs, n, max);
        return n;
    }
    if (t->kind == AST_UNARY_OP && t->UnaryOp.op == AST_NOT)
        return subjects(t->UnaryOp.operand, hs, n, max);
    uint64_t h = subject(t);
    if (h && n < max) hs[n++] = h;
    return n;
}

static bool within(const Node *t, const Node *e) {
    return (t->lineno > e->lineno || (t->lineno == e->lineno && t->col_offset >= e->col_offset)) &&
           (t->end_lineno < e->end_lineno ||
            (t->end_lineno == e->end_lineno && t->end_col_offset <= e->end_col_offset));
}

/* Whether test t is (part of) one of the expressions l holds. */
static bool within_any(const Nodes *l, const Node *t) {
    for (int32_t i = 0; i < l->len; i++)
        if (within(t, l->items[i])) return true;
    return false;
}

/* Whether, in an `or` (in a test or a value), one operand holds `by` and a later one holds t:
 * `x is None or (x is not None and x.ok)` spells out what the `or` already implies. */
static bool spelled_out(const Node *e, const Node *by, const Node *t) {
    for (int depth = 0; depth < 64 && e->kind == AST_BOOL_OP; depth++) {
        const NodeList *v = &e->BoolOp.values;
        int32_t i = -1, j = -1;
        for (int32_t k = 0; k < v->len; k++) {
            if (within(by, v->items[k])) i = k;
            if (within(t, v->items[k])) j = k;
        }
        if (i < 0 || j < 0) return false;
        if (i != j) return e->BoolOp.op == AST_OR && i < j;
        e = v->items[i];
        while (e->kind == AST_UNARY_OP && e->UnaryOp.op == AST_NOT) e = e->UnaryOp.operand;
    }
    return false;
}

/* The test of an if/elif chain that holds node n (n itself or part of it), or -1. */
static int32_t chain_test_holding(const Ctx *c, const Node *n) {
    for (int32_t i = 0; i < c->chain_tests.len; i++)
        if (within(n, c->chain_tests.items[i])) return i;
    return -1;
}

static bool lone_raise(const NodeList *l) {
    return l->len == 1 && l->items[0]->kind == AST_RAISE;
}

/* Whether a test found always true or false is written so on purpose: (part of) the test of an
 * `assert` or a `while`; what an earlier test of its if/elif chain implies, spelled out in an
 * `elif` (`if x is not None: ... elif x is None:`, `if not a: ... elif a and b:`), or the same
 * test repeated there (DW104's); a guard that an earlier operand of the same `or` implies; a
 * defensive `raise` that cannot run (`if ...: raise`, `else: raise`). */
static bool on_purpose(const Ctx *c, const Node *t, bool value, const Node *by) {
    if (within_any(&c->quiet, t)) return true;
    int32_t a = chain_test_holding(c, t), b = chain_test_holding(c, by);
    if (a >= 0 && b >= 0 && a != b && c->chain_first.items[a] == c->chain_first.items[b] &&
        (value || ast_equal(t, by)))
        return true;
    if (value)
        for (int32_t i = 0; i < c->tested.len; i++)
            if (within(t, c->tested.items[i]) && within(by, c->tested.items[i]) &&
                spelled_out(c->tested.items[i], by, t))
                return true;
    for (int32_t i = 0; i < c->chain_if.len; i++) {
        const Node *s = c->chain_if.items[i], *test = s->If.test;
        while (test->kind == AST_UNARY_OP && test->UnaryOp.op == AST_NOT)
            test = test->UnaryOp.operand;
        if (test == t && (lone_raise(&s->If.body) || lone_raise(&s->If.orelse))) return true;
    }
    return false;
}

static void report(Ctx *c, const Node *t, bool value, const Node *by) {
    CheckCtx *cx = c->cx;
    char test[120], why[120];
    const Node *shown = t;
    check_node_text(cx, shown, test, sizeof test);
    bool assignment = by->kind == AST_NAME && by->Name.ctx != AST_LOAD;
    if (assignment)
        snprintf(why, sizeof why, "the assignment on line %d", by->lineno);
    else
        snprintf(why, sizeof why, "`%s` on line %d", check_node_text(cx, by, (char[100]){0}, 100),
                 by->lineno);
    CheckRelated rel = {by, "decided here"};
    check_report(cx, t, &rel, 1, "redundant condition: `%s` is always %s here, as %s decided", test,
                 value ? "true" : "false", why);
}

/* A function whose tests may be decided asks for its graph (most functions have none such). */
static void visit(CheckCtx *cx, const Node *fn, const Node *parent) {
    (void)parent;
    Ctx c = {.cx = cx, .light = true};
    scan(&c, &fn->FunctionDef.body, NULL);
    if (!c.failed && c.worth) cx->want_graph = true;
}

/* The graph of a function: the one the flow rules share (cfg_path_add adds what it asks about). */
static void flow(CheckCtx *cx, Cfg *g) {
    const Node *fn = g->unit;
    if (fn->kind != AST_FUNCTION_DEF && fn->kind != AST_ASYNC_FUNCTION_DEF) return;
    Ctx c = {.cx = cx};
    scan(&c, &fn->FunctionDef.body, NULL);
    if (c.failed || !c.worth) return;
    c.g = g;
    /* the tests on the graph's edges (each block ends in one), and their predicates */
    for (int32_t b = 0; b < g->nblocks; b++) {
        const CfgBlock *blk = &g->blocks[b];
        if (blk->nsucc < 2 || !blk->succ[0].test) continue;
        const Node *t = blk->succ[0].test;
        bool negated;
        int32_t p = pred_of_test(&c, t, &negated);
        if (p >= 0 &&
            VEC_PUSH(cx->arena, c.asks, ((Ask){t, p, negated, within_any(&c.asserts, t)})))
            return;
    }
    if (!c.preds.len) return;
    if (!map_make(cx->arena, &c.ask_of, c.asks.len) ||
        !map_make(cx->arena, &c.lit_of, c.lit_targets.len))
        return;
    for (int32_t i = 0; i < c.asks.len; i++) map_put(&c.ask_of, c.asks.items[i].node, i);
    for (int32_t i = 0; i < c.lit_targets.len; i++) map_put(&c.lit_of, c.lit_targets.items[i], i);
    c.path_flags = arena_zalloc(cx->arena, (size_t)g->npaths + 1);
    if (!c.path_flags) return;
    for (int32_t k = 0; k < c.preds.len; k++) {
        const Pred *q = &c.preds.items[k];
        const CfgPath *qp = &g->paths[q->path];
        if (q->kind == P_NONE) c.path_flags[q->path] |= PF_NONE_TESTED;
        for (int32_t p = q->path, d = 0; p >= 0 && d < 64; p = g->paths[p].parent, d++)
            c.path_flags[p] |= PF_PREFIX;
        c.chains |= qp->parent >= 0;
        c.call_matters |= qp->parent >= 0 || qp->shared || q->kind == P_TRUTH || q->kind == P_EQ;
    }
    c.words = (c.preds.len + 63) / 64;
    size_t size =
        sizeof(uint64_t) * STATE_WORDS * (size_t)c.words + sizeof(Node *) * (size_t)c.preds.len;
    FlowLattice L = {size, st_entry, st_entry, st_join, st_event, st_edge};
    FlowResult r;
    if (!flow_solve(cx->arena, g, &L, &c, &r)) return;
    /* each test where it is asked: decided (the same way) in every copy of it, or not */
    uint8_t *verdict = arena_zalloc(cx->arena, (size_t)c.asks.len + 1);
    const Node **by = arena_zalloc(cx->arena, sizeof(Node *) * (size_t)(c.asks.len + 1));
    void *s = arena_alloc(cx->arena, size);
    if (!verdict || !by || !s) return;
    enum { UNSEEN, TRUE_, FALSE_, OPEN };
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i];
        const CfgBlock *blk = &g->blocks[b];
        if (!r.reached[b] || blk->nsucc < 2 || !blk->succ[0].test) continue;
        int32_t a = map_get(&c.ask_of, blk->succ[0].test);
        if (a < 0) continue;
        memcpy(s, flow_in(&r, b), size);
        for (int32_t e = 0; e < blk->nevents; e++) st_event(s, &blk->events[e], &c);
        State st = view(&c, s);
        const Ask *k = &c.asks.items[a];
        /* (a None test after a dereference on every path: DW202's) */
        uint8_t v = !has(st.known, k->pred) || has(st.deref, k->pred) ? OPEN
                    : has(st.value, k->pred) != k->negated            ? TRUE_
                                                                      : FALSE_;
        if (verdict[a] == UNSEEN) by[a] = st.by[k->pred];
        verdict[a] = verdict[a] == UNSEEN || verdict[a] == v ? v : OPEN;
    }
    for (int32_t a = 0; a < c.asks.len; a++) {
        const Node *t = c.asks.items[a].node;
        if (verdict[a] != TRUE_ && verdict[a] != FALSE_) continue;
        if (on_purpose(&c, t, verdict[a] == TRUE_, by[a])) continue;
        report(&c, t, verdict[a] == TRUE_, by[a]);
    }
}

const Check check_redundant_condition = {
    .info = {"DW106", "redundant-condition",
             "A test whose outcome an earlier test or assignment already decided.", DOC_DW106,
             false, "warning"},
    .kinds = {1ull << AST_FUNCTION_DEF | 1ull << AST_ASYNC_FUNCTION_DEF, 0},
    .visit = visit,
    .flow = flow,
};
