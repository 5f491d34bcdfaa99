/* none_result_collect.c — what DW203 (none_result_dereference.c) gathers from each file during
 * the walk that makes its summary (collect.h): the calls the index may resolve whose result is
 * dereferenced, directly (`f().y`, `f()[0]`, `f()()`, `for _ in f()`, `*f()`) or through a name
 * assigned the result and dereferenced before any other mention of it, in a later statement of
 * the same statement list (`x = f()` then `x.y`), except where a `try` around the dereference
 * catches what dereferencing None raises, or a `with` suppresses exceptions. */
#include <string.h>

#include "cfg/cfg.h"
#include "none_result.h"

/* For what enter() calls on the less common nodes: kept out of it, so that its call for every
 * call expression needs no big frame. */
#define NOINLINE __attribute__((noinline))

/* A call whose result is dereferenced after `x = f()`, waiting for its unit to be walked. */
typedef struct PendingDeref {
    const Node *call, *unit, *at;
    uint8_t how;
} PendingDeref;

typedef struct State {
    VEC(DerefCall) calls;
    VEC(PendingDeref) derefs; /* `x = f(); x.y` found in the units being walked */
    VEC(SumLoc)
    caught; /* bodies of `try`s that catch AttributeError or TypeError, and of `with`s
               that suppress exceptions (DW203 is silent there) */
} State;

static bool named(const Node *e, const char *name) {
    Str s = e->kind == AST_NAME        ? e->Name.id
            : e->kind == AST_ATTRIBUTE ? e->Attribute.attr
                                       : (Str){NULL, 0};
    return s.s && str_eq_c(s, name);
}

static bool is_protected(const State *st, const Node *n) {
    for (int32_t i = 0; i < st->caught.len; i++) {
        const SumLoc *r = &st->caught.items[i];
        if ((n->lineno > r->line || (n->lineno == r->line && n->col_offset >= r->col)) &&
            (n->lineno < r->end_line || (n->lineno == r->end_line && n->col_offset < r->end_col)))
            return true;
    }
    return false;
}

/* Records a call whose result `at` dereferences, when the index may resolve it. A name the call
 * goes through is looked up among the function's locals only when the call resolves to a
 * function that returns only None (in a tree, hardly ever): then the function is read again for
 * its bindings (index_bound_locally), which are not collected now. */
NOINLINE static void add_deref(SumBuilder *sb, State *st, const Node *call, const Node *unit,
                               uint8_t how, const Node *at) {
    if (is_protected(st, at)) return;
    DerefCall d;
    unsigned flags = CALLREF_RESOLVABLE | (summary_options(sb)->read_once ? 0 : CALLREF_LATER);
    if (!summary_call_ref(sb, call, unit, flags, &d.call)) return;
    d.how = how;
    d.at = summary_loc(sb, at);
    if (VEC_PUSH(summary_scratch(sb), st->calls, d)) summary_fail(sb);
}

/* A call whose result `at` dereferences directly, kept if the index may resolve it. */
NOINLINE static void deref_call(SumBuilder *sb, State *st, const Node *call, uint8_t how,
                                const Node *at) {
    if (summary_may_resolve(sb, call)) add_deref(sb, st, call, summary_current_unit(sb), how, at);
}

/* The call's result dereferenced by the node it is in: f().x, f()[0], f()(), *f(), for _ in f().
 * (Looked at from the call, with its parent at hand, not from each attribute or subscript: most
 * of those hold no call, and looking into them would read the children before the walk.) */
static void mark_deref(SumBuilder *sb, State *st, const Node *call, const Node *parent) {
    if (!parent) return;
    const Node *at = parent;
    uint8_t how;
    switch (parent->kind) {
    case AST_ATTRIBUTE:
        if (parent->Attribute.value != call) return;
        how = EVF_ATTRIBUTE;
        break;
    case AST_SUBSCRIPT:
        if (parent->Subscript.value != call) return;
        how = EVF_SUBSCRIPT;
        break;
    case AST_CALL:
        if (parent->Call.func != call) return;
        how = EVF_CALLEE;
        break;
    case AST_STARRED:
        if (parent->Starred.value != call) return;
        how = EVF_ITER;
        break;
    case AST_FOR:
    case AST_ASYNC_FOR:
        if (parent->For.iter != call) return;
        how = EVF_ITER;
        at = call;
        break;
    default: return;
    }
    deref_call(sb, st, call, how, at);
}

/* ---- `x = f()` then x dereferenced: the first use of x after the assignment --------------- */

enum { USE_NONE, USE_DEREF, USE_OTHER };

typedef struct Use {
    Str name;
    int kind;
    uint8_t how;
    const Node *at;
} Use;

static bool is_name(const Node *e, Str name) {
    return e && e->kind == AST_NAME && str_eq(e->Name.id, name);
}

static void first_use(const Node *n, Use *u);

static void first_use_list(const NodeList *l, Use *u) {
    for (int32_t i = 0; i < l->len && u->kind == USE_NONE; i++)
        if (l->items[i]) first_use(l->items[i], u);
}

static void deref_use(const Node *value, const Node *at, uint8_t how, Use *u) {
    if (is_name(value, u->name)) {
        u->kind = USE_DEREF;
        u->how = how;
        u->at = at;
    } else {
        first_use(value, u);
    }
}

/* The first mention of u->name in n, in evaluation order (approximately: field order, with the
 * value of an assignment before its targets). Nested functions, lambdas and comprehension
 * bodies do not run here: a mention there ends the search as a non-dereference. */
static void first_use(const Node *n, Use *u) {
    if (u->kind != USE_NONE) return;
    switch (n->kind) {
    case AST_NAME:
        if (str_eq(n->Name.id, u->name)) u->kind = USE_OTHER;
        return;
    case AST_ATTRIBUTE: deref_use(n->Attribute.value, n, EVF_ATTRIBUTE, u); return;
    case AST_SUBSCRIPT:
        deref_use(n->Subscript.value, n, EVF_SUBSCRIPT, u);
        if (u->kind == USE_NONE) first_use(n->Subscript.slice, u);
        return;
    case AST_CALL:
        deref_use(n->Call.func, n, EVF_CALLEE, u);
        first_use_list(&n->Call.args, u);
        for (int32_t i = 0; i < n->Call.keywords.len && u->kind == USE_NONE; i++)
            first_use(n->Call.keywords.items[i]->keyword.value, u);
        return;
    case AST_STARRED: deref_use(n->Starred.value, n, EVF_ITER, u); return;
    case AST_ASSIGN:
        first_use(n->Assign.value, u);
        first_use_list(&n->Assign.targets, u);
        return;
    case AST_ANN_ASSIGN:
        if (n->AnnAssign.value) first_use(n->AnnAssign.value, u);
        if (n->AnnAssign.value && u->kind == USE_NONE) first_use(n->AnnAssign.target, u);
        return;
    case AST_AUG_ASSIGN:
        if (is_name(n->AugAssign.target, u->name)) {
            u->kind = USE_DEREF;
            u->how = EVF_AUGMENTED;
            u->at = n;
            return;
        }
        first_use(n->AugAssign.target, u);
        first_use(n->AugAssign.value, u);
        return;
    case AST_FOR:
    case AST_ASYNC_FOR:
        deref_use(n->For.iter, n->For.iter, EVF_ITER, u);
        first_use(n->For.target, u);
        first_use_list(&n->For.body, u);
        first_use_list(&n->For.orelse, u);
        return;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
    case AST_CLASS_DEF:
    case AST_LAMBDA:
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_GENERATOR_EXP: {
        /* runs later or in another scope: any mention stops the search */
        u->kind = USE_OTHER; /* conservative: whether or not it mentions the name */
        return;
    }
    default: break;
    }
    for (const FieldDesc *fd = ast_kinds[n->kind].fields; fd->name && u->kind == USE_NONE; fd++) {
        const char *p = (const char *)n + fd->offset;
        if (fd->type == FT_NODE || fd->type == FT_OPT) {
            const Node *c = *(Node *const *)p;
            if (c) first_use(c, u);
        } else if (fd->type == FT_LIST) {
            first_use_list((const NodeList *)p, u);
        }
    }
}

/* `x = f()` followed, in a later statement of the same list (so on every path from it), by a
 * dereference of x before any other mention of it: looked for when the walk enters the
 * assignment, while the statements after it are about to be walked (in the statement lists of
 * functions and of the module, not of class bodies). What is found waits in st->derefs until
 * the function is left: whether a `try` around the dereference catches what it raises is known
 * then. */
NOINLINE static void assigned_call(SumBuilder *sb, State *st, const Node *s, const Node *parent) {
    const Node *target = s->Assign.targets.len == 1 ? s->Assign.targets.items[0] : NULL;
    const Node *call = s->Assign.value;
    if (!target || target->kind != AST_NAME || call->kind != AST_CALL || !parent) return;
    const Node *unit = summary_current_unit(sb);
    int32_t at;
    const NodeList *list = unit->kind == AST_CLASS_DEF ? NULL : ast_list_holding(parent, s, &at);
    if (!list || !summary_may_resolve(sb, call)) return;
    Use u = {target->Name.id, USE_NONE, 0, NULL};
    for (int32_t j = at + 1; j < list->len && u.kind == USE_NONE; j++)
        first_use(list->items[j], &u);
    if (u.kind == USE_DEREF &&
        VEC_PUSH(summary_scratch(sb), st->derefs, ((PendingDeref){call, unit, u.at, u.how})))
        summary_fail(sb);
}

/* The dereferences assigned_call found in `unit`, now that it has been walked. */
static void derefs_of(SumBuilder *sb, State *st, const Node *unit) {
    while (st->derefs.len && st->derefs.items[st->derefs.len - 1].unit == unit) {
        PendingDeref d = st->derefs.items[--st->derefs.len];
        add_deref(sb, st, d.call, unit, d.how, d.at);
    }
}

/* An except clause that catches what dereferencing None raises. */
static bool catches_none_errors(const Node *type) {
    if (!type) return true; /* a bare except */
    if (type->kind == AST_TUPLE) {
        bool any = false;
        for (int32_t i = 0; i < type->Tuple.elts.len; i++)
            any |= catches_none_errors(type->Tuple.elts.items[i]);
        return any;
    }
    static const char *const caught[] = {"AttributeError", "TypeError", "Exception",
                                         "BaseException"};
    for (size_t i = 0; i < sizeof caught / sizeof *caught; i++)
        if (named(type, caught[i])) return true;
    return false;
}

/* Records the body of a `try` whose handlers catch those, or of a `with` suppressing exceptions
 * (contextlib.suppress, pytest.raises, assertRaises): positions in the arena's own units. */
NOINLINE static void protect_body(SumBuilder *sb, State *st, const Node *n) {
    bool yes = false;
    const NodeList *body;
    if (n->kind == AST_TRY || n->kind == AST_TRY_STAR) {
        for (int32_t i = 0; i < n->Try.handlers.len; i++)
            yes |= catches_none_errors(n->Try.handlers.items[i]->ExceptHandler.type);
        body = &n->Try.body;
    } else {
        for (int32_t i = 0; i < n->With.items.len; i++) {
            const Node *e = n->With.items.items[i]->withitem.context_expr;
            if (e->kind == AST_CALL)
                yes |= named(e->Call.func, "suppress") || named(e->Call.func, "raises") ||
                       named(e->Call.func, "assertRaises") ||
                       named(e->Call.func, "assertRaisesRegex");
        }
        body = &n->With.body;
    }
    if (!yes || !body->len) return;
    const Node *first = body->items[0], *last = body->items[body->len - 1];
    SumLoc r = {first->lineno, first->col_offset, last->end_lineno, last->end_col_offset};
    if (VEC_PUSH(summary_scratch(sb), st->caught, r)) summary_fail(sb);
}

/* ---- the collector ---- */

static bool enter(SumBuilder *sb, void *state, const Node *n, const Node *parent) {
    State *st = state;
    switch (n->kind) {
    case AST_CALL: mark_deref(sb, st, n, parent); return false;
    case AST_ASSIGN: assigned_call(sb, st, n, parent); return false;
    default: protect_body(sb, st, n); return false; /* try, with */
    }
}

static void leave(SumBuilder *sb, void *state, const Node *n) {
    if (summary_current_unit(sb) == n) derefs_of(sb, state, n);
}

static const void *finish(SumBuilder *sb, void *state) {
    State *st = state;
    derefs_of(sb, st, summary_module(sb));
    DerefFacts *f = arena_zalloc(summary_out(sb), sizeof *f);
    if (!f) {
        summary_fail(sb);
        return NULL;
    }
    if (st->calls.len &&
        !(f->calls = arena_memdup(summary_out(sb), st->calls.items,
                                  sizeof *st->calls.items * (size_t)st->calls.len)))
        summary_fail(sb);
    f->n = st->calls.len;
    return f;
}

static void encode(Buf *b, const void *facts) {
    const DerefFacts *f = facts;
    wire_i32(b, f->n);
    for (int32_t i = 0; i < f->n; i++) {
        sum_write_call(b, &f->calls[i].call);
        wire_u64(b, f->calls[i].how);
        sum_write_loc(b, f->calls[i].at);
    }
}

static const void *decode(SumReader *r, const ModuleSummary *m) {
    DerefFacts *f = sum_read_items(r, 1, sizeof *f);
    if (!f) return NULL;
    f->n = sum_read_count(r, 12);
    DerefCall *c = sum_read_items(r, f->n, sizeof *c);
    for (int32_t i = 0; c && i < f->n && !r->r.bad; i++) {
        sum_read_call(r, m, &c[i].call);
        uint64_t how = wire_get_u64(&r->r);
        if (how > UINT8_MAX) r->r.bad = true;
        c[i].how = (uint8_t)how;
        c[i].at = sum_read_loc(r);
    }
    f->calls = c;
    return r->r.bad ? NULL : f;
}

static const int16_t enter_on[] = {AST_CALL, AST_ASSIGN,     AST_TRY, AST_TRY_STAR,
                                   AST_WITH, AST_ASYNC_WITH, -1};
static const int16_t leave_on[] = {AST_FUNCTION_DEF, AST_ASYNC_FUNCTION_DEF, -1};

const Collector none_result_collector = {
    .name = "DW203",
    .enter_on = enter_on,
    .leave_on = leave_on,
    .state_size = sizeof(State),
    .reads_again = true,
    .enter = enter,
    .leave = leave,
    .finish = finish,
    .encode = encode,
    .decode = decode,
};
