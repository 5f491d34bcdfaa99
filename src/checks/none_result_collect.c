/* none_result_collect.c — what DW203 (none_result_dereference.c) and DW204
 * (none_check_deviation.c) gather from each file during the walk that makes its summary
 * (collect.h): the calls the index may resolve whose result is dereferenced, directly (`f().y`,
 * `f()[0]`, `f()()`, `for _ in f()`, `*f()`) or through a name assigned the result and
 * dereferenced before any other mention of it, in a later statement of the same statement list
 * (`x = f()` then `x.y`), except where a `try` around the dereference catches what dereferencing
 * None raises, or a `with` suppresses exceptions; the same calls whose result is tested for None
 * or for truth before any other use (`if f() is None`, `x = f()` then `if not x:`, `if (x :=
 * f()):`); and how each function can return None. */
#include <stdlib.h>
#include <string.h>

#include "ast/unparse.h"
#include "cfg/cfg.h"
#include "none_result.h"

/* For what enter() calls on the less common nodes: kept out of it, so that its call for every
 * call expression needs no big frame. */
#define NOINLINE __attribute__((noinline))

/* A call whose result is dereferenced after `x = f()`, waiting for its unit to be walked. */
typedef struct PendingDeref {
    const Node *call, *unit, *at;
    uint8_t how, use;
} PendingDeref;

typedef struct State {
    VEC(DerefCall) calls;
    VEC(PendingDeref) derefs; /* `x = f(); x.y` found in the units being walked */
    VEC(SumLoc)
    caught; /* bodies of `try`s that catch AttributeError or TypeError, and of `with`s
               that suppress exceptions (DW203 is silent there) */
    VEC(const Node *)
    tests; /* the `if`s, `while`s, conditional expressions and `and`/`or`s
              the walk is in, innermost last */
    VEC(NoneReturn) returns;
    VEC(uint8_t) returns_none; /* by function: a NoneReturn was recorded */
    bool deviation; /* DW204's collector: the tests, the guards and the returns of None too */
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
                               uint8_t how, uint8_t use, const Node *at) {
    if (site_derefs(use) && is_protected(st, at)) return;
    DerefCall d;
    unsigned flags = CALLREF_RESOLVABLE | (summary_options(sb)->read_once ? 0 : CALLREF_LATER);
    if (!summary_call_ref(sb, call, unit, flags, &d.call)) return;
    d.how = how;
    d.use = use;
    d.at = summary_loc(sb, at);
    if (VEC_PUSH(summary_scratch(sb), st->calls, d)) summary_fail(sb);
}

/* ---- tests of a value, and the tests a call is inside ------------------------------------- */

static bool is_none(const Node *e) {
    return e->kind == AST_CONSTANT && e->Constant.value.kind == CONST_NONE;
}

/* How `parent` tests the value of its child e: SITE_IS_NONE, SITE_TRUTH, or 0 (not a test). */
static uint8_t tested_by(const Node *parent, const Node *e) {
    switch (parent->kind) {
    case AST_COMPARE: {
        if (parent->Compare.ops.len != 1) return 0;
        uint8_t op = parent->Compare.ops.items[0];
        const Node *l = parent->Compare.left, *r = parent->Compare.comparators.items[0];
        bool none_op = op == AST_IS || op == AST_IS_NOT || op == AST_EQ || op == AST_NOT_EQ;
        return none_op && ((l == e && is_none(r)) || (r == e && is_none(l))) ? SITE_IS_NONE : 0;
    }
    case AST_IF: return parent->If.test == e ? SITE_TRUTH : 0;
    case AST_WHILE: return parent->While.test == e ? SITE_TRUTH : 0;
    case AST_IF_EXP: return parent->IfExp.test == e ? SITE_TRUTH : 0;
    case AST_ASSERT: return parent->Assert.test == e ? SITE_TRUTH : 0;
    case AST_UNARY_OP: return parent->UnaryOp.op == AST_NOT ? SITE_TRUTH : 0;
    case AST_BOOL_OP: /* every operand but the last is tested; the last is the value */
        for (int32_t i = 0; i + 1 < parent->BoolOp.values.len; i++)
            if (parent->BoolOp.values.items[i] == e) return SITE_TRUTH;
        return 0;
    default: return 0;
    }
}

static bool within(const Node *n, const Node *e) {
    return (n->lineno > e->lineno || (n->lineno == e->lineno && n->col_offset >= e->col_offset)) &&
           (n->end_lineno < e->end_lineno ||
            (n->end_lineno == e->end_lineno && n->end_col_offset <= e->end_col_offset));
}

/* The names a test must mention to decide a call: the callee, and the arguments that are names
 * or attributes (their last name; not self or cls, which most tests in a method mention). */
enum { GUARD_NAMES = 8, GUARD_BUDGET = 400 };
typedef struct CallNames {
    Str s[GUARD_NAMES];
    Str receiver;  /* of a method called with no arguments (`self` in self.current()), or none */
    int n, budget; /* budget: the nodes of tests left to look at */
} CallNames;

static void add_name(CallNames *cn, const Node *e) {
    Str s = e->kind == AST_NAME        ? e->Name.id
            : e->kind == AST_ATTRIBUTE ? e->Attribute.attr
                                       : (Str){NULL, 0};
    if (s.s && cn->n < GUARD_NAMES && !str_eq_c(s, "self") && !str_eq_c(s, "cls"))
        cn->s[cn->n++] = s;
}

/* Whether e mentions an argument's name, or a name holding the callee's
 * (`is_current_widget_empty()` for `current_widget()`), or, for a method called with no
 * arguments, calls another method of its receiver (`if self.count():` before
 * `self.current_widget().refresh()`: what the object holds decides both). */
static bool mentions(const Node *e, CallNames *cn) {
    if (--cn->budget < 0) return false;
    if (cn->receiver.s && e->kind == AST_CALL && e->Call.func->kind == AST_ATTRIBUTE) {
        const Node *r = e->Call.func->Attribute.value;
        if (r->kind == AST_NAME && str_eq(r->Name.id, cn->receiver)) return true;
    }
    if (e->kind == AST_NAME || e->kind == AST_ATTRIBUTE) {
        Str s = e->kind == AST_NAME ? e->Name.id : e->Attribute.attr;
        for (int i = 0; i < cn->n; i++)
            if (i ? str_eq(s, cn->s[i])
                  : cn->s[0].len && memmem(s.s, (size_t)s.len, cn->s[0].s, (size_t)cn->s[0].len))
                return true;
    }
    for (const FieldDesc *fd = ast_kinds[e->kind].fields; fd->name; fd++) {
        const char *p = (const char *)e + fd->offset;
        if (fd->type == FT_NODE || fd->type == FT_OPT) {
            const Node *c = *(Node *const *)p;
            if (c && mentions(c, cn)) return true;
        } else if (fd->type == FT_LIST) {
            const NodeList *l = (const NodeList *)p;
            for (int32_t i = 0; i < l->len; i++)
                if (l->items[i] && mentions(l->items[i], cn)) return true;
        }
    }
    return false;
}

/* A literal other than None, or an empty display: what a caller passes as a default or a mode. */
static bool literal(const Node *e) {
    switch (e->kind) {
    case AST_CONSTANT: return !is_none(e);
    case AST_LIST:
    case AST_TUPLE:
    case AST_SET: return !e->List.elts.len;
    case AST_DICT: return !e->Dict.keys.len;
    default: return false;
    }
}

/* Whether the call passes a literal after its first argument (`get_file_content(path, "")`,
 * `get(key, default={})`, `sqrt_mod(a, p, all_roots=True)`): a default given in place of None,
 * or a mode that decides what it returns, which the callers that test may not have asked for. */
static bool chooses(const Node *call) {
    for (int32_t i = 1; i < call->Call.args.len; i++)
        if (literal(call->Call.args.items[i])) return true;
    for (int32_t i = 0; i < call->Call.keywords.len; i++)
        if (literal(call->Call.keywords.items[i]->keyword.value)) return true;
    return false;
}

/* Whether a test the call is inside, or an operand of `and`/`or` evaluated before it, names the
 * callee or an argument: `if key in table: find(key).x`, `has(k) and get(k).x`. The result may
 * be known not to be None there, by whatever the test tells the code. */
static bool guarded(const State *st, const Node *call) {
    CallNames cn = {.budget = GUARD_BUDGET, .n = 1}; /* (the callee first, when a name) */
    const Node *f = call->Call.func;
    cn.s[0] = f->kind == AST_NAME        ? f->Name.id
              : f->kind == AST_ATTRIBUTE ? f->Attribute.attr
                                         : (Str){"", 0};
    if (f->kind == AST_ATTRIBUTE && f->Attribute.value->kind == AST_NAME && !call->Call.args.len &&
        !call->Call.keywords.len)
        cn.receiver = f->Attribute.value->Name.id;
    for (int32_t i = 0; i < call->Call.args.len; i++) add_name(&cn, call->Call.args.items[i]);
    for (int32_t i = 0; i < call->Call.keywords.len; i++)
        add_name(&cn, call->Call.keywords.items[i]->keyword.value);
    for (int32_t i = st->tests.len - 1; i >= 0 && cn.budget > 0; i--) {
        const Node *t = st->tests.items[i];
        if (t->kind == AST_BOOL_OP) {
            for (int32_t k = 0; k < t->BoolOp.values.len && cn.budget > 0; k++) {
                const Node *v = t->BoolOp.values.items[k];
                if (within(call, v)) break;
                if (mentions(v, &cn)) return true;
            }
            continue;
        }
        const Node *test = t->kind == AST_IF_EXP  ? t->IfExp.test
                           : t->kind == AST_WHILE ? t->While.test
                                                  : t->If.test;
        if (!within(call, test) && mentions(test, &cn)) return true;
    }
    return false;
}

static bool all_caps(Str s) {
    bool upper = false;
    for (int32_t i = 0; i < s.len; i++) {
        if (s.s[i] >= 'a' && s.s[i] <= 'z') return false;
        upper |= s.s[i] >= 'A' && s.s[i] <= 'Z';
    }
    return upper;
}

static bool constant(const Node *e, int depth);

static bool constants(const NodeList *l, int depth) {
    for (int32_t i = 0; i < l->len; i++)
        if (l->items[i] && !constant(l->items[i], depth + 1)) return false;
    return true;
}

/* A constant: a literal, a display of constants (`{}`, `["a"]`), a name in capitals (`TIMEOUT`,
 * `self.SECTION`), or an attribute of a capitalized name (`Plugins.Editor`, an enum's). */
static bool constant(const Node *e, int depth) {
    if (depth > 3) return false;
    switch (e->kind) {
    case AST_CONSTANT: return true;
    case AST_UNARY_OP: return constant(e->UnaryOp.operand, depth + 1);
    case AST_LIST:
    case AST_TUPLE:
    case AST_SET: return constants(&e->List.elts, depth);
    case AST_DICT: return constants(&e->Dict.keys, depth) && constants(&e->Dict.values, depth);
    case AST_NAME: return all_caps(e->Name.id);
    case AST_ATTRIBUTE:
        if (all_caps(e->Attribute.attr)) return true;
        while (e->kind == AST_ATTRIBUTE) e = e->Attribute.value;
        return e->kind == AST_NAME && e->Name.id.len && e->Name.id.s[0] >= 'A' &&
               e->Name.id.s[0] <= 'Z';
    default: return false;
    }
}

/* Whether every argument of the call is a constant (and it has one): what such a call returns
 * (`get_conf("font")`, `import_module("numpy")`) is decided by which entry it names, which the
 * caller knows, and the others' tests of other entries tell nothing about it. */
static bool constant_arguments(const Node *call) {
    const NodeList *a = &call->Call.args;
    if (!a->len && !call->Call.keywords.len) return false;
    for (int32_t i = 0; i < a->len; i++)
        if (!constant(a->items[i], 0)) return false;
    for (int32_t i = 0; i < call->Call.keywords.len; i++)
        if (!constant(call->Call.keywords.items[i]->keyword.value, 0)) return false;
    return true;
}

static uint8_t deref_use_of(const State *st, const Node *call) {
    return constant_arguments(call) || chooses(call) || guarded(st, call) ? SITE_GUARDED
                                                                          : SITE_DEREF;
}

/* A call whose result `at` dereferences directly, kept if the index may resolve it. */
NOINLINE static void deref_call(SumBuilder *sb, State *st, const Node *call, uint8_t how,
                                const Node *at) {
    if (summary_may_resolve(sb, call))
        add_deref(sb, st, call, summary_current_unit(sb), how,
                  st->deviation ? deref_use_of(st, call) : SITE_DEREF, at);
}

/* A call (or a walrus assigned one) whose result `parent` tests, kept if the index may resolve
 * it. */
NOINLINE static void tested_call(SumBuilder *sb, State *st, const Node *call, const Node *e,
                                 const Node *parent) {
    uint8_t use = tested_by(parent, e);
    if (use && !chooses(call) && summary_may_resolve(sb, call))
        add_deref(sb, st, call, summary_current_unit(sb), 0, use, parent);
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
    default:
        if (st->deviation) tested_call(sb, st, call, call, parent);
        return;
    }
    deref_call(sb, st, call, how, at);
}

/* ---- `x = f()` then x dereferenced: the first use of x after the assignment --------------- */

enum { USE_NONE, USE_DEREF, USE_TEST, USE_OTHER };

typedef struct Use {
    Str name;
    int kind;
    uint8_t how; /* USE_DEREF: EVF_*; USE_TEST: SITE_IS_NONE or SITE_TRUTH */
    const Node *at;
} Use;

static bool is_name(const Node *e, Str name) {
    return e && e->kind == AST_NAME && str_eq(e->Name.id, name);
}

static void first_use(const Node *n, Use *u);

/* A child c of n: the name itself (tested by n, or another mention), or looked into. */
static void child_use(const Node *n, const Node *c, Use *u) {
    if (c->kind != AST_NAME || !str_eq(c->Name.id, u->name)) {
        first_use(c, u);
        return;
    }
    uint8_t t = tested_by(n, c);
    u->kind = t ? USE_TEST : USE_OTHER;
    u->how = t;
    u->at = n;
}

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
            if (c) child_use(n, c, u);
        } else if (fd->type == FT_LIST) {
            const NodeList *l = (const NodeList *)p;
            for (int32_t i = 0; i < l->len && u->kind == USE_NONE; i++)
                if (l->items[i]) child_use(n, l->items[i], u);
        }
    }
}

/* `x = f()` followed, in a later statement of the same list (so on every path from it), by a
 * dereference of x before any other mention of it: looked for when the walk enters the
 * assignment, while the statements after it are about to be walked (in the statement lists of
 * functions and of the module, not of class bodies). What is found waits in st->derefs until
 * the function is left: whether a `try` around the dereference catches what it raises is known
 * then. A test of x for None or for truth as its first mention is recorded at once. */
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
    if (u.kind == USE_TEST && st->deviation && !chooses(call))
        add_deref(sb, st, call, unit, 0, u.how, u.at);
    if (u.kind == USE_DEREF &&
        VEC_PUSH(summary_scratch(sb), st->derefs,
                 ((PendingDeref){call, unit, u.at, u.how,
                                 st->deviation ? deref_use_of(st, call) : SITE_DEREF})))
        summary_fail(sb);
}

/* The dereferences assigned_call found in `unit`, now that it has been walked. */
static void derefs_of(SumBuilder *sb, State *st, const Node *unit) {
    while (st->derefs.len && st->derefs.items[st->derefs.len - 1].unit == unit) {
        PendingDeref d = st->derefs.items[--st->derefs.len];
        add_deref(sb, st, d.call, unit, d.how, d.use, d.at);
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

/* ---- how a function can return None ---------------------------------------------------- */

static bool is_true(const Node *e) {
    return e->kind == AST_CONSTANT &&
           (e->Constant.value.kind == CONST_TRUE ||
            (e->Constant.value.kind == CONST_INT && e->Constant.value.i != 0));
}

/* A returned value that can be None: `d.get(k)`, `getattr(o, n, None)`, `a if c else None`. */
static bool may_give_none(const Node *v) {
    if (v->kind == AST_IF_EXP) return is_none(v->IfExp.body) || is_none(v->IfExp.orelse);
    if (v->kind != AST_CALL || v->Call.keywords.len) return false;
    const Node *f = v->Call.func;
    const NodeList *a = &v->Call.args;
    if (f->kind == AST_ATTRIBUTE) return a->len == 1 && str_eq_c(f->Attribute.attr, "get");
    return f->kind == AST_NAME && str_eq_c(f->Name.id, "getattr") && a->len == 3 &&
           is_none(a->items[2]);
}

/* Records the first way function fn returns None (text NULL: falling off the end). */
static void note_return(SumBuilder *sb, State *st, int32_t fn, int32_t line, const char *text) {
    Arena *a = summary_scratch(sb);
    while (st->returns_none.len <= fn)
        if (VEC_PUSH(a, st->returns_none, 0)) {
            summary_fail(sb);
            return;
        }
    if (st->returns_none.items[fn]) return;
    st->returns_none.items[fn] = 1;
    if (VEC_PUSH(a, st->returns, ((NoneReturn){fn, line, text}))) summary_fail(sb);
}

NOINLINE static void return_stmt(SumBuilder *sb, State *st, const Node *n) {
    int32_t fn = summary_current_function(sb);
    const Node *v = n->Return.value;
    if (fn < 0 || (fn < st->returns_none.len && st->returns_none.items[fn])) return;
    if (v && !is_none(v) && !may_give_none(v)) return;
    Buf b;
    buf_init(&b);
    buf_puts(&b, "return");
    if (v) buf_putc(&b, ' ');
    if (v && !unparse(&b, v, PREC_TEST, NULL, 80)) buf_puts(&b, "...");
    const char *text = b.failed ? NULL : summary_str(sb, (Str){b.data, (int32_t)b.len});
    buf_free(&b);
    if (text) note_return(sb, st, fn, n->lineno, text);
}

static bool ends(const NodeList *l, int depth);

/* Whether a `break` in l leaves the loop l is the body of (not one nested in it). */
static bool breaks(const NodeList *l, int depth) {
    for (int32_t i = 0; i < l->len && depth < 100; i++) {
        const Node *s = l->items[i];
        switch (s->kind) {
        case AST_BREAK: return true;
        case AST_IF:
            if (breaks(&s->If.body, depth + 1) || breaks(&s->If.orelse, depth + 1)) return true;
            break;
        case AST_WITH:
        case AST_ASYNC_WITH:
            if (breaks(&s->With.body, depth + 1)) return true;
            break;
        case AST_TRY:
        case AST_TRY_STAR:
            if (breaks(&s->Try.body, depth + 1) || breaks(&s->Try.orelse, depth + 1) ||
                breaks(&s->Try.finalbody, depth + 1))
                return true;
            for (int32_t h = 0; h < s->Try.handlers.len; h++)
                if (breaks(&s->Try.handlers.items[h]->ExceptHandler.body, depth + 1)) return true;
            break;
        case AST_MATCH:
            for (int32_t c = 0; c < s->Match.cases.len; c++)
                if (breaks(&s->Match.cases.items[c]->match_case.body, depth + 1)) return true;
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            if (breaks(&s->For.orelse, depth + 1)) return true;
            break;
        case AST_WHILE:
            if (breaks(&s->While.orelse, depth + 1)) return true;
            break;
        default: break;
        }
    }
    return depth >= 100;
}

static bool exits(const Node *call) {
    const Node *f = call->Call.func;
    if (f->kind == AST_NAME) return str_eq_c(f->Name.id, "exit") || str_eq_c(f->Name.id, "quit");
    if (f->kind != AST_ATTRIBUTE || f->Attribute.value->kind != AST_NAME) return false;
    Str m = f->Attribute.value->Name.id, a = f->Attribute.attr;
    return (str_eq_c(m, "sys") && str_eq_c(a, "exit")) ||
           (str_eq_c(m, "os") && (str_eq_c(a, "_exit") || str_eq_c(a, "abort")));
}

/* Whether statement s never completes normally: it returns, raises or exits on every path. */
static bool stops(const Node *s, int depth) {
    switch (s->kind) {
    case AST_RETURN:
    case AST_RAISE: return true;
    case AST_EXPR: return s->Expr.value->kind == AST_CALL && exits(s->Expr.value);
    case AST_IF: return ends(&s->If.body, depth + 1) && ends(&s->If.orelse, depth + 1);
    case AST_WHILE: return is_true(s->While.test) && !breaks(&s->While.body, depth + 1);
    case AST_WITH:
    case AST_ASYNC_WITH: return ends(&s->With.body, depth + 1);
    case AST_TRY:
    case AST_TRY_STAR:
        if (ends(&s->Try.finalbody, depth + 1)) return true;
        if (!ends(&s->Try.body, depth + 1) && !ends(&s->Try.orelse, depth + 1)) return false;
        for (int32_t h = 0; h < s->Try.handlers.len; h++)
            if (!ends(&s->Try.handlers.items[h]->ExceptHandler.body, depth + 1)) return false;
        return true;
    case AST_MATCH: {
        bool all = true, irrefutable = false;
        for (int32_t c = 0; c < s->Match.cases.len && all; c++) {
            const Node *mc = s->Match.cases.items[c];
            const Node *p = mc->match_case.pattern;
            all = ends(&mc->match_case.body, depth + 1);
            irrefutable |= !mc->match_case.guard && p->kind == AST_MATCH_AS && !p->MatchAs.pattern;
        }
        return all && irrefutable;
    }
    default: return false;
    }
}

/* Whether running statement list l never gets past its end (deep nesting: it may). */
static bool ends(const NodeList *l, int depth) {
    for (int32_t i = 0; i < l->len && depth < 100; i++)
        if (stops(l->items[i], depth)) return true;
    return false;
}

/* A function left: a body that can fall off its end returns None there. */
NOINLINE static void function_end(SumBuilder *sb, State *st, const Node *n) {
    int32_t fn = summary_current_function(sb);
    if (fn >= 0 && !ends(&n->FunctionDef.body, 0)) note_return(sb, st, fn, n->end_lineno, NULL);
}

/* ---- the collector ---- */

static bool enter(SumBuilder *sb, void *state, const Node *n, const Node *parent) {
    State *st = state;
    switch (n->kind) {
    case AST_CALL: mark_deref(sb, st, n, parent); return false;
    case AST_ASSIGN: assigned_call(sb, st, n, parent); return false;
    case AST_RETURN: return_stmt(sb, st, n); return false;
    case AST_NAMED_EXPR:
        if (parent && n->NamedExpr.value->kind == AST_CALL)
            tested_call(sb, st, n->NamedExpr.value, n, parent);
        return false;
    case AST_IF:
    case AST_WHILE:
    case AST_IF_EXP:
    case AST_BOOL_OP:
        if (VEC_PUSH(summary_scratch(sb), st->tests, n)) summary_fail(sb);
        return false;
    default: protect_body(sb, st, n); return false; /* try, with */
    }
}

static void leave(SumBuilder *sb, void *state, const Node *n) {
    State *st = state;
    switch (n->kind) {
    case AST_IF:
    case AST_WHILE:
    case AST_IF_EXP:
    case AST_BOOL_OP:
        if (st->tests.len && st->tests.items[st->tests.len - 1] == n) st->tests.len--;
        return;
    default:
        if (summary_current_unit(sb) != n) return;
        derefs_of(sb, st, n);
        if (st->deviation) function_end(sb, st, n);
    }
}

static int by_function(const void *x, const void *y) {
    const NoneReturn *a = x, *b = y;
    return (a->fn > b->fn) - (a->fn < b->fn);
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
    if (st->returns.len > 1)
        qsort(st->returns.items, (size_t)st->returns.len, sizeof *st->returns.items, by_function);
    if (st->returns.len &&
        !(f->returns = arena_memdup(summary_out(sb), st->returns.items,
                                    sizeof *st->returns.items * (size_t)st->returns.len)))
        summary_fail(sb);
    f->nreturns = st->returns.len;
    return f;
}

static void encode(Buf *b, const void *facts) {
    const DerefFacts *f = facts;
    wire_i32(b, f->n);
    for (int32_t i = 0; i < f->n; i++) {
        sum_write_call(b, &f->calls[i].call);
        wire_u64(b, f->calls[i].how);
        wire_u64(b, f->calls[i].use);
        sum_write_loc(b, f->calls[i].at);
    }
    wire_i32(b, f->nreturns);
    for (int32_t i = 0; i < f->nreturns; i++) {
        wire_i32(b, f->returns[i].fn);
        wire_i32(b, f->returns[i].line);
        wire_str(b, f->returns[i].text);
    }
}

static uint8_t read_u8(SumReader *r) {
    uint64_t v = wire_get_u64(&r->r);
    if (v > UINT8_MAX) r->r.bad = true;
    return (uint8_t)v;
}

static const void *decode(SumReader *r, const ModuleSummary *m) {
    DerefFacts *f = sum_read_items(r, 1, sizeof *f);
    if (!f) return NULL;
    f->n = sum_read_count(r, 13);
    DerefCall *c = sum_read_items(r, f->n, sizeof *c);
    for (int32_t i = 0; c && i < f->n && !r->r.bad; i++) {
        sum_read_call(r, m, &c[i].call);
        c[i].how = read_u8(r);
        c[i].use = read_u8(r);
        c[i].at = sum_read_loc(r);
    }
    f->calls = c;
    f->nreturns = sum_read_count(r, 3);
    NoneReturn *nr = sum_read_items(r, f->nreturns, sizeof *nr);
    for (int32_t i = 0; nr && i < f->nreturns && !r->r.bad; i++) {
        nr[i].fn = sum_read_index(r, m->nfunctions, false);
        nr[i].line = wire_get_i32(&r->r);
        nr[i].text = sum_read_str(r, true);
        if (i && nr[i].fn <= nr[i - 1].fn) r->r.bad = true;
    }
    f->returns = nr;
    return r->r.bad ? NULL : f;
}

/* DW204's: DW203's, with the tests too. */
static bool enter_tests(SumBuilder *sb, void *state, const Node *n, const Node *parent) {
    ((State *)state)->deviation = true;
    return enter(sb, state, n, parent);
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

static const int16_t tests_enter_on[] = {AST_CALL, AST_ASSIGN,     AST_TRY,    AST_TRY_STAR,
                                         AST_WITH, AST_ASYNC_WITH, AST_RETURN, AST_NAMED_EXPR,
                                         AST_IF,   AST_WHILE,      AST_IF_EXP, AST_BOOL_OP,
                                         -1};
static const int16_t tests_leave_on[] = {
    AST_FUNCTION_DEF, AST_ASYNC_FUNCTION_DEF, AST_IF, AST_WHILE, AST_IF_EXP, AST_BOOL_OP, -1};

const Collector none_check_collector = {
    .name = "DW204",
    .enter_on = tests_enter_on,
    .leave_on = tests_leave_on,
    .state_size = sizeof(State),
    .reads_again = true,
    .enter = enter_tests,
    .leave = leave,
    .finish = finish,
    .encode = encode,
    .decode = decode,
};
