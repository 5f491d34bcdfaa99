/* calls.c — a file's call sites for the summary: how a call resolves (its callee, receiver and
 * the function and class it is in, and whether the name it goes through is a local), and, for the
 * callers query, the conditions that hold whenever it runs, read off its unit's control-flow
 * graph (guards from the dominator tree), the calls of --after NAME that run before it, and
 * whether it is in a `finally:` body. See summary_build.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast/unparse.h"
#include "cfg/cfg.h"
#include "cfg/names.h"
#include "summary_build.h"

static bool name_matches(Str callee, const char *want) {
    if (!want) return false;
    const char *last = strrchr(want, '.');
    return str_eq_c(callee, last ? last + 1 : want);
}

/* A call the callers query asks about: named as asked, or a name a module-level import binds
 * to what was asked (`from m import f as g`: g() calls f). */
bool wanted_call(SumBuilder *sb, const Node *call) {
    if (!sb->opt->callers_of) return false; /* (no query: look no further into the call) */
    const Node *f = call->Call.func;
    if (f->kind == AST_ATTRIBUTE) return name_matches(f->Attribute.attr, sb->opt->callers_of);
    if (f->kind != AST_NAME) return false;
    if (name_matches(f->Name.id, sb->opt->callers_of)) return true;
    for (int32_t i = 0; sb->opt->callers_of && i < sb->imports.len; i++) {
        const ImportSum *im = &sb->imports.items[i];
        if (im->name && str_eq_c(f->Name.id, im->bound) &&
            name_matches((Str){im->name, (int32_t)strlen(im->name)}, sb->opt->callers_of))
            return true;
    }
    return false;
}

static int32_t add_call(SumBuilder *sb, const Node *call, const Node *unit);

/* A call the callers query asks about in a lambda: it has no graph of its own, nor guards. */
void lambda_call(SumBuilder *sb, const Node *call) {
    add_call(sb, call, current_unit(sb));
}

/* A `finally:` body, for the callers query: its calls run on the normal and the exceptional
 * path. */
void finally_body(SumBuilder *sb, const Node *n) {
    const NodeList *f = &n->Try.finalbody;
    const Node *first = f->items[0], *last = f->items[f->len - 1];
    FinallySpan s = {
        current_unit(sb),
        {pos_of(first->lineno, first->col_offset), pos_of(last->end_lineno, last->end_col_offset)}};
    if (VEC_PUSH(sb->scratch, sb->finals, s)) sb->failed = true;
}

/* ---- call sites from a unit's graph ------------------------------------------------------- */

static const char *callee_name(const Node *call, Str *out) {
    const Node *f = call->Call.func;
    if (f->kind == AST_NAME)
        *out = f->Name.id;
    else if (f->kind == AST_ATTRIBUTE)
        *out = f->Attribute.attr;
    else
        return NULL;
    return "";
}

/* The names a function binds (parameters, assignment targets, imports, nested def/class, except
 * and match captures) and those it declares global: collected once per function, then looked up
 * for each of its calls. Open addressing on FNV-1a; values are the BOUND/GLOBAL flags. */
enum { UNBOUND = BINDING_NONE, BOUND = BINDING_LOCAL, GLOBAL = BINDING_GLOBAL };

typedef struct Bindings {
    Str *names;
    uint8_t *how;
    int32_t cap, len;
    bool failed;
    Arena *arena;
} Bindings;

static uint32_t name_slot(const Bindings *t, Str name) {
    uint32_t h = (uint32_t)hash_bytes(name.s, (size_t)name.len, HASH_SEED) & (uint32_t)(t->cap - 1);
    while (t->names[h].s && !str_eq(t->names[h], name)) h = (h + 1) & (uint32_t)(t->cap - 1);
    return h;
}

static void bind_add(Bindings *t, Str name, uint8_t how) {
    if (!name.s) return;
    if (t->len * 2 >= t->cap) {
        int32_t cap = t->cap ? t->cap * 2 : 64; /* (most functions asked about are long) */
        Bindings n = {arena_zalloc(t->arena, sizeof(Str) * (size_t)cap),
                      arena_zalloc(t->arena, (size_t)cap),
                      cap,
                      0,
                      false,
                      t->arena};
        if (!n.names || !n.how) {
            t->failed = true;
            return;
        }
        for (int32_t i = 0; i < t->cap; i++)
            if (t->names[i].s) {
                uint32_t h = name_slot(&n, t->names[i]);
                n.names[h] = t->names[i], n.how[h] = t->how[i], n.len++;
            }
        *t = n;
    }
    uint32_t h = name_slot(t, name);
    if (!t->names[h].s) t->names[h] = name, t->len++;
    t->how[h] |= how;
}

static int scan_bind(Node *n, void *ud) {
    Bindings *t = ud;
    switch (n->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
        bind_add(t, n->FunctionDef.name, BOUND);
        return 0; /* its body is another scope */
    case AST_CLASS_DEF: bind_add(t, n->ClassDef.name, BOUND); return 0;
    case AST_LAMBDA:
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_GENERATOR_EXP: return 0;
    case AST_NAME:
        if (n->Name.ctx != AST_LOAD) bind_add(t, n->Name.id, BOUND);
        return 0;
    case AST_ALIAS: {
        Str bound = n->alias.asname.s ? n->alias.asname : n->alias.name;
        const char *dot = n->alias.asname.s ? NULL : memchr(bound.s, '.', (size_t)bound.len);
        if (dot) bound.len = (int32_t)(dot - bound.s);
        bind_add(t, bound, BOUND);
        return 0;
    }
    case AST_GLOBAL:
        for (int32_t i = 0; i < n->Global.names.len; i++)
            bind_add(t, n->Global.names.items[i], GLOBAL);
        return 0;
    case AST_EXCEPT_HANDLER: bind_add(t, n->ExceptHandler.name, BOUND); break;
    case AST_MATCH_AS: bind_add(t, n->MatchAs.name, BOUND); break;
    case AST_MATCH_STAR: bind_add(t, n->MatchStar.name, BOUND); break;
    default: break;
    }
    return ast_children(n, scan_bind, ud);
}

/* What scan_bind finds in a body, when no named expression (:=) is in the file: then only
 * statements bind (their targets, names, imports, handlers, patterns), and the expressions
 * elsewhere, most of the tree, need not be looked into. */
static void bind_stmts(Bindings *t, const NodeList *body) {
    for (int32_t i = 0; i < body->len; i++) {
        Node *s = body->items[i];
        switch (s->kind) {
        case AST_ASSIGN:
            for (int32_t k = 0; k < s->Assign.targets.len; k++)
                scan_bind(s->Assign.targets.items[k], t);
            break;
        case AST_DELETE:
            for (int32_t k = 0; k < s->Delete.targets.len; k++)
                scan_bind(s->Delete.targets.items[k], t);
            break;
        case AST_AUG_ASSIGN: scan_bind(s->AugAssign.target, t); break;
        case AST_ANN_ASSIGN: scan_bind(s->AnnAssign.target, t); break;
        case AST_TYPE_ALIAS: scan_bind(s->TypeAlias.name, t); break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            scan_bind(s->For.target, t);
            bind_stmts(t, &s->For.body);
            bind_stmts(t, &s->For.orelse);
            break;
        case AST_IF:
        case AST_WHILE:
            bind_stmts(t, &s->If.body);
            bind_stmts(t, &s->If.orelse);
            break;
        case AST_WITH:
        case AST_ASYNC_WITH:
            for (int32_t k = 0; k < s->With.items.len; k++) {
                Node *v = s->With.items.items[k]->withitem.optional_vars;
                if (v) scan_bind(v, t);
            }
            bind_stmts(t, &s->With.body);
            break;
        case AST_TRY:
        case AST_TRY_STAR:
            bind_stmts(t, &s->Try.body);
            for (int32_t k = 0; k < s->Try.handlers.len; k++) {
                const Node *h = s->Try.handlers.items[k];
                bind_add(t, h->ExceptHandler.name, BOUND);
                bind_stmts(t, &h->ExceptHandler.body);
            }
            bind_stmts(t, &s->Try.orelse);
            bind_stmts(t, &s->Try.finalbody);
            break;
        case AST_MATCH:
            for (int32_t k = 0; k < s->Match.cases.len; k++) {
                Node *c = s->Match.cases.items[k];
                scan_bind(c->match_case.pattern, t);
                bind_stmts(t, &c->match_case.body);
            }
            break;
        case AST_FUNCTION_DEF:
        case AST_ASYNC_FUNCTION_DEF:
        case AST_CLASS_DEF:
        case AST_IMPORT:
        case AST_IMPORT_FROM:
        case AST_GLOBAL: scan_bind(s, t); break;
        default: break; /* expressions, return, raise, assert, nonlocal, ... bind nothing */
        }
    }
}

/* The names a module binds at top level, as the index resolves them (functions and classes
 * defined outside any def or class body, module-level imports), read off the module's
 * statements: summary_may_resolve's answer. */
static void toplevel_names(Bindings *t, const NodeList *body) {
    for (int32_t i = 0; i < body->len; i++) {
        const Node *s = body->items[i];
        switch (s->kind) {
        case AST_FUNCTION_DEF:
        case AST_ASYNC_FUNCTION_DEF: bind_add(t, s->FunctionDef.name, BOUND); break;
        case AST_CLASS_DEF: bind_add(t, s->ClassDef.name, BOUND); break;
        case AST_IMPORT:
        case AST_IMPORT_FROM: {
            const NodeList *names = s->kind == AST_IMPORT ? &s->Import.names : &s->ImportFrom.names;
            for (int32_t k = 0; k < names->len; k++) scan_bind(names->items[k], t);
            break;
        }
        case AST_IF:
        case AST_WHILE:
            toplevel_names(t, &s->If.body);
            toplevel_names(t, &s->If.orelse);
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            toplevel_names(t, &s->For.body);
            toplevel_names(t, &s->For.orelse);
            break;
        case AST_WITH:
        case AST_ASYNC_WITH: toplevel_names(t, &s->With.body); break;
        case AST_TRY:
        case AST_TRY_STAR:
            toplevel_names(t, &s->Try.body);
            for (int32_t k = 0; k < s->Try.handlers.len; k++)
                toplevel_names(t, &s->Try.handlers.items[k]->ExceptHandler.body);
            toplevel_names(t, &s->Try.orelse);
            toplevel_names(t, &s->Try.finalbody);
            break;
        case AST_MATCH:
            for (int32_t k = 0; k < s->Match.cases.len; k++)
                toplevel_names(t, &s->Match.cases.items[k]->match_case.body);
            break;
        default: break;
        }
    }
}

static bool in_set(const Bindings *t, Str name) {
    return t && t->cap && t->names[name_slot(t, name)].s;
}

/* (The module's names are read off its statements when first asked.) */
bool summary_may_resolve(SumBuilder *sb, const Node *call) {
    return summary_may_resolve_ref(sb, call->Call.func);
}

bool summary_may_resolve_ref(SumBuilder *sb, const Node *f) {
    if (!sb->toplevel) {
        Bindings *t = arena_zalloc(sb->scratch, sizeof *t);
        if (!t) {
            sb->failed = true;
            return false;
        }
        t->arena = sb->scratch;
        toplevel_names(t, &sb->scopes[0].node->Module.body);
        if (t->failed) sb->failed = true;
        sb->toplevel = t;
    }
    if (f->kind == AST_ATTRIBUTE) {
        f = f->Attribute.value;
        if (f->kind == AST_NAME && (str_eq_c(f->Name.id, "self") || str_eq_c(f->Name.id, "cls")))
            return true;
        if (f->kind == AST_CALL)
            return f->Call.func->kind == AST_NAME && str_eq_c(f->Call.func->Name.id, "super");
        while (f->kind == AST_ATTRIBUTE) f = f->Attribute.value;
    }
    return f->kind == AST_NAME && in_set(sb->toplevel, f->Name.id);
}

/* The names function node fn binds: its parameters, and what its body binds (walrus: the file
 * may hold a named expression, which binds inside expressions too). */
static void bind_function(Bindings *t, const Node *fn, bool walrus) {
    const Node *a = fn->FunctionDef.args;
    const NodeList *lists[] = {&a->arguments.posonlyargs, &a->arguments.args,
                               &a->arguments.kwonlyargs};
    for (int l = 0; l < 3; l++)
        for (int32_t i = 0; i < lists[l]->len; i++) bind_add(t, lists[l]->items[i]->arg.arg, BOUND);
    if (a->arguments.vararg) bind_add(t, a->arguments.vararg->arg.arg, BOUND);
    if (a->arguments.kwarg) bind_add(t, a->arguments.kwarg->arg.arg, BOUND);
    const NodeList *body = &fn->FunctionDef.body;
    if (walrus)
        for (int32_t i = 0; i < body->len; i++) scan_bind(body->items[i], t);
    else
        bind_stmts(t, body);
}

static int binding_of(const Bindings *t, Str name) {
    if (!t->cap) return UNBOUND;
    uint32_t h = name_slot(t, name);
    return !t->names[h].s ? UNBOUND : (t->how[h] & GLOBAL) ? GLOBAL : BOUND;
}

/* Is `name` a parameter of the function, or bound anywhere in its body (BOUND), declared global
 * there (GLOBAL), or neither? */
static int binding_in(SumBuilder *sb, int32_t f, Str name) {
    if (f < 0 || f >= sb->fn_node.len) return UNBOUND;
    const Node *unit = sb->fn_node.items[f];
    if (f >= sb->cap_binds) {
        int32_t cap = sb->cap_binds ? sb->cap_binds * 2 : 64;
        while (cap <= f) cap *= 2;
        Bindings **nb = arena_zalloc(sb->scratch, sizeof *nb * (size_t)cap);
        if (!nb) {
            sb->failed = true;
            return UNBOUND;
        }
        if (sb->binds) memcpy(nb, sb->binds, sizeof *nb * (size_t)sb->cap_binds);
        sb->binds = nb, sb->cap_binds = cap;
    }
    Bindings *t = sb->binds[f];
    if (!t) {
        t = arena_zalloc(sb->scratch, sizeof *t);
        if (!t) {
            sb->failed = true;
            return UNBOUND;
        }
        t->arena = sb->scratch;
        bind_function(t, unit, sb->walrus);
        if (t->failed) sb->failed = true;
        sb->binds[f] = t;
    }
    return binding_of(t, name);
}

const Bindings *summary_bindings(Arena *scratch, const Node *fn) {
    Bindings *t = arena_zalloc(scratch, sizeof *t);
    if (!t) return NULL;
    t->arena = scratch;
    bind_function(t, fn, true);
    return t->failed ? NULL : t;
}

int summary_binding_in(const Bindings *t, Str name) {
    return binding_of(t, name);
}

int summary_binding_of(Arena *scratch, const Node *fn, const char *name) {
    const Bindings *t = summary_bindings(scratch, fn);
    return t ? binding_of(t, (Str){name, (int32_t)strlen(name)}) : -1;
}

/* Does `name` in the unit denote a local of it or of an enclosing function (a closure)? Then it
 * is not the module-level name. Class bodies do not enclose the functions defined in them. */
static bool bound_locally(SumBuilder *sb, const Node *unit, Str name) {
    const Scope *s = scope_of(sb, unit);
    int32_t f = s ? s->func : -1;
    for (int depth = 0; f >= 0 && depth < 64; depth++) {
        int b = binding_in(sb, f, name);
        if (b != UNBOUND) return b == BOUND;
        if (f >= sb->funcs.len) break;
        f = sb->funcs.items[f].outer;
    }
    return false;
}

/* The class whose instance `self` (or `cls`) is in function f: f's own class for a method; for a
 * function nested in a method, the method's, unless a function on the way binds the name. */
static int32_t receiver_class(SumBuilder *sb, int32_t f, Str name) {
    for (int depth = 0; f >= 0 && f < sb->funcs.len && depth < 64; depth++) {
        if (sb->funcs.items[f].cls >= 0) return sb->funcs.items[f].cls;
        if (binding_in(sb, f, name) != UNBOUND) return -1;
        f = sb->funcs.items[f].outer;
    }
    return -1;
}

bool summary_call_ref(SumBuilder *sb, const Node *call, const Node *unit, unsigned how,
                      CallRef *c) {
    return summary_ref(sb, call->Call.func, unit, how, c);
}

bool summary_ref(SumBuilder *sb, const Node *f, const Node *unit, unsigned how, CallRef *c) {
    Str callee;
    if (f->kind == AST_NAME)
        callee = f->Name.id;
    else if (f->kind == AST_ATTRIBUTE)
        callee = f->Attribute.attr;
    else
        return false;
    bool later = how & CALLREF_LATER;
    c->receiver = "";
    c->kind = RECV_NAME;
    c->local = LOCAL_NO;
    if (f->kind == AST_ATTRIBUTE) {
        const Node *v = f->Attribute.value;
        if (v->kind == AST_NAME && str_eq_c(v->Name.id, "self"))
            c->kind = RECV_SELF;
        else if (v->kind == AST_NAME && str_eq_c(v->Name.id, "cls"))
            c->kind = RECV_CLS;
        else if (v->kind == AST_CALL && v->Call.func->kind == AST_NAME &&
                 str_eq_c(v->Call.func->Name.id, "super"))
            c->kind = RECV_SUPER;
        else {
            const Node *root = v;
            while (root->kind == AST_ATTRIBUTE) root = root->Attribute.value;
            /* a.b.m() is resolved through the module-level a, unless a is a local name */
            c->kind = root->kind != AST_NAME                   ? RECV_UNKNOWN
                      : later                                  ? RECV_DOTTED
                      : bound_locally(sb, unit, root->Name.id) ? RECV_UNKNOWN
                                                               : RECV_DOTTED;
        }
    }
    if (later && (c->kind == RECV_NAME || c->kind == RECV_DOTTED))
        c->local = LOCAL_UNCHECKED;
    else if (c->kind == RECV_NAME)
        c->local = bound_locally(sb, unit, callee) ? LOCAL_YES : LOCAL_NO;
    bool resolvable = how & CALLREF_RESOLVABLE;
    if (resolvable && (c->kind == RECV_UNKNOWN || c->local == LOCAL_YES)) return false;
    const Scope *us = scope_of(sb, unit);
    c->func = us ? us->func : -1;
    c->cls = us && us->func < 0 ? us->cls : -1;
    if (c->func >= 0) {
        c->cls = sb->funcs.items[c->func].cls;
        if (c->cls < 0 && (c->kind == RECV_SELF || c->kind == RECV_CLS)) /* a closure's self */
            c->cls = receiver_class(sb, c->func, f->Attribute.value->Name.id);
    }
    if (resolvable && c->cls < 0 &&
        (c->kind == RECV_SELF || c->kind == RECV_CLS || c->kind == RECV_SUPER))
        return false;
    c->callee = dupstr(sb, callee);
    if (f->kind == AST_ATTRIBUTE) c->receiver = node_text(sb, f->Attribute.value);
    return true;
}

/* Records a call site of the callers query (its conditions are set by the caller): its index in
 * sb->calls, or -1. */
static int32_t add_call(SumBuilder *sb, const Node *call, const Node *unit) {
    CallRef r;
    if (!summary_call_ref(sb, call, unit, 0, &r)) return -1;
    CallSum c = {0};
    c.callee = r.callee;
    c.receiver = r.receiver;
    c.kind = r.kind;
    c.local = r.local;
    c.func = r.func;
    c.cls = r.cls;
    c.loc = loc_node(sb, call);
    if (VEC_PUSH(sb->scratch, sb->calls, c)) {
        sb->failed = true;
        return -1;
    }
    return sb->calls.len - 1;
}

/* ---- the conditions that hold whenever a call runs ----------------------------------------
 *
 * A block whose only way in is one edge out of a test is entered only when the test had that
 * value; so is a block all of whose ways in leave one BoolOp with one value (`if a or b:`). Such
 * a condition holds at a call if its block dominates the call's block, and only while what it
 * reads stays as it was on every path from the test to the call. What a condition reads, and
 * what may change it, is decided as DW201 decides it for its facts about None:
 *   - a name it reads is stored to, deleted, augmented, bound by for, with, except, import,
 *     def, class or a walrus, or an attribute name it reads is stored to (through any object):
 *     it no longer holds, and is not listed;
 *   - a call (any code that may run: calls, `with`, iteration, item stores) may change it when
 *     it reads an attribute chain, a subscript or a call's result (other than isinstance,
 *     issubclass, callable and type, which depend only on what the name is bound to, and on a
 *     class taken as never bound again), or a name other code may rebind (a global, a
 *     nonlocal, any name at module level or in a class body);
 *   - so may a call that is handed a name it reads, as its receiver (`items.append(x)`) or an
 *     argument (`fill(items)`), or an item store into it: the object the name is bound to may
 *     change, unless the condition only asks what the name is (`x is None`, isinstance(x, T)).
 * Such a condition held when it was tested; it is listed apart (CallSum.called), not as one
 * that holds. An alias (`y = x; y.append(1)`) is not followed, as DW201 does not.
 *
 * How, in time near linear in the unit:
 *   - guard_up[b]: the nearest block at or above b in the dominator tree that carries a
 *     condition: a call's conditions are found by following it, MAX_GUARDS at most (the nearest
 *     ones; more are marked CALL_GUARDS_CUT);
 *   - what ends a condition is given as keys (a name rebound; the object a name is bound to
 *     changed; an attribute name stored; any call); for each key that something ends, a
 *     forward pass from the places that end it computes, per block, the depth in the dominator
 *     tree above which conditions with that key no longer hold (a "cut": a condition entered at
 *     a block of depth d holds at the call if d >= cut); one pass from the stores, then one
 *     from the calls as well;
 *   - a call inside a `finally:` body appears twice in the graph (cfg.c builds the body for
 *     leaving normally and for leaving abruptly): it is listed once, with the conditions that
 *     hold in both. */

enum {
    MAX_GUARDS = 64,       /* conditions listed per call: the nearest */
    GUARD_TEXT_MAX = 2000, /* a longer condition is not listed (the call says more hold) */
    MAX_DEP_NODES = 1000,  /* a condition larger than this is not listed either */
    MAX_JOIN_TESTS = 32,   /* ways into a block whose common BoolOp is looked for */
    MAX_JOIN_DEPTH = 64,   /* how far up from a test that BoolOp is looked for */
    CUT_BUDGET = 1 << 23,  /* block visits of the passes over a unit; past it, the conditions
                              with keys not yet computed are not listed */
};

enum { KEY_CALL, KEY_NAME, KEY_STATE, KEY_ATTR }; /* what ends a condition (key 0: any call) */
/* How a condition stands at a call: it holds (0); a call since its test may have changed what it
 * reads (STALE_CALLED: listed apart); something bound again what it reads (STALE_ENDED); it
 * cannot be told (STALE_UNKNOWN: too large to read or write). */
enum { STALE_CALLED = 1, STALE_ENDED = 2, STALE_UNKNOWN = 3 };

typedef struct DepKey {
    uint8_t tag;
    Str name;
} DepKey;

/* The condition a block carries. */
typedef struct BlockGuard {
    const Node *node; /* the test, or the BoolOp, whose value holds on entry */
    bool value;
    bool known;          /* its keys could be read (it is not too large) */
    int8_t made;         /* its text: 0 not yet made, 1 made, -1 cannot be written */
    int32_t keys, nkeys; /* in GuardCtx.keylist */
    Guard text;
} BlockGuard;

/* A wanted call in the graph (two for one call in a finally body). */
typedef struct Occ {
    const Node *call;
    int32_t block, ev;
    int32_t cands, ncands; /* its conditions' blocks in GuardCtx.cands, nearest first */
    bool cut;              /* more conditions dominate it than MAX_GUARDS */
} Occ;

/* A (key, condition of an occurrence) pair: does the key end the condition there? */
typedef struct Query {
    int32_t key, cand;
} Query;

typedef struct Kill {
    int32_t key, block, ev;
    bool called; /* by a call (the condition is listed apart), not by a store */
} Kill;
typedef VEC(Kill) KillVec;

typedef struct GuardCtx {
    SumBuilder *sb;
    const Cfg *g;
    int32_t nb;
    int32_t *idom, *depth, *guard_up, *bg_of; /* per block; bg_of: index in bgs, or -1 */
    int32_t *npred, *in_at, *in_from, *in_k;  /* ways in: counts (with exception edges), and
                                                 the normal edges into b, in_at[b]..in_at[b+1] */
    VEC(BlockGuard) bgs;
    VEC(DepKey) keys;
    int32_t *key_slots; /* open addressing over keys */
    int32_t key_cap;
    VEC(int32_t) keylist;
    VEC(Occ) occs;
    VEC(int32_t) cands;
    uint8_t *stale; /* per cands entry: 0 or STALE_* */
    struct ParentMap *parents;
    struct DepWalk *walk;
    UnitNames names;
    bool names_made;
    Buf text;
} GuardCtx;

/* ---- keys ---- */

static uint32_t key_hash(uint8_t tag, Str name) {
    return (uint32_t)hash_bytes(name.s, (size_t)name.len, HASH_SEED ^ tag);
}

/* The key's index; -1 when absent (and not `add`), or out of memory. */
static int32_t key_find(GuardCtx *gc, uint8_t tag, Str name, bool add) {
    if (tag == KEY_CALL) return 0;
    if (add && (gc->keys.len + 1) * 2 >= gc->key_cap) {
        int32_t cap = gc->key_cap ? gc->key_cap * 2 : 64;
        int32_t *slots = arena_alloc(gc->sb->scratch, sizeof(int32_t) * (size_t)cap);
        if (!slots) return -1;
        memset(slots, 0xff, sizeof(int32_t) * (size_t)cap);
        for (int32_t i = 1; i < gc->keys.len; i++) {
            uint32_t k = key_hash(gc->keys.items[i].tag, gc->keys.items[i].name);
            while (slots[k & (uint32_t)(cap - 1)] >= 0) k++;
            slots[k & (uint32_t)(cap - 1)] = i;
        }
        gc->key_slots = slots;
        gc->key_cap = cap;
    }
    if (!gc->key_cap) return -1;
    uint32_t mask = (uint32_t)gc->key_cap - 1;
    for (uint32_t k = key_hash(tag, name) & mask;; k = (k + 1) & mask) {
        int32_t i = gc->key_slots[k];
        if (i < 0) {
            if (!add || VEC_PUSH(gc->sb->scratch, gc->keys, ((DepKey){tag, name}))) return -1;
            gc->key_slots[k] = gc->keys.len - 1;
            return gc->keys.len - 1;
        }
        if (gc->keys.items[i].tag == tag && str_eq(gc->keys.items[i].name, name)) return i;
    }
}

static bool name_shared(GuardCtx *gc, Str name) {
    if (!gc->names_made) {
        gc->names_made = true;
        if (!unit_names_scan(gc->sb->scratch, gc->g->unit, &gc->names))
            gc->names.all_shared = true; /* (out of memory: the cautious answer) */
    }
    return unit_name_shared(&gc->names, name);
}

static bool pure_builtin(const Node *f) {
    return f->kind == AST_NAME &&
           (str_eq_c(f->Name.id, "isinstance") || str_eq_c(f->Name.id, "issubclass") ||
            str_eq_c(f->Name.id, "callable") || str_eq_c(f->Name.id, "type"));
}

static bool add_key(GuardCtx *gc, BlockGuard *bg, uint8_t tag, Str name) {
    int32_t k = key_find(gc, tag, name, true);
    if (k < 0) return false;
    for (int32_t i = 0; i < bg->nkeys; i++)
        if (gc->keylist.items[bg->keys + i] == k) return true;
    if (VEC_PUSH(gc->sb->scratch, gc->keylist, k)) return false;
    bg->nkeys++;
    return true;
}

typedef struct DepItem {
    const Node *n;
    bool ident; /* only what the name is bound to matters here */
    bool fixed; /* the class isinstance() is asked about: taken as never bound again */
} DepItem;

typedef struct DepWalk {
    DepItem items[MAX_DEP_NODES];
    int32_t len, seen;
} DepWalk;

static int dep_push(Node *n, void *ud) {
    DepWalk *w = ud;
    if (w->len == MAX_DEP_NODES) return 1;
    w->items[w->len++] = (DepItem){n, false, false};
    return 0;
}

/* Reads what a condition depends on into bg's keys; false when it is too large (or out of
 * memory): it is then not listed. */
static bool guard_keys(GuardCtx *gc, BlockGuard *bg) {
    DepWalk *w = gc->walk;
    if (!w && !(w = gc->walk = arena_alloc(gc->sb->scratch, sizeof *w))) return false;
    bg->keys = gc->keylist.len;
    bg->nkeys = 0;
    w->len = w->seen = 0;
    w->items[w->len++] = (DepItem){bg->node, false, false};
    bool ok = true;
    while (w->len && ok) {
        DepItem it = w->items[--w->len];
        const Node *n = it.n;
        if (++w->seen > MAX_DEP_NODES) return false;
        switch (n->kind) {
        case AST_NAME:
            ok = add_key(gc, bg, it.ident ? KEY_NAME : KEY_STATE, n->Name.id) &&
                 (it.fixed || !name_shared(gc, n->Name.id) || add_key(gc, bg, KEY_CALL, (Str){0}));
            continue;
        case AST_ATTRIBUTE:
            ok =
                add_key(gc, bg, KEY_CALL, (Str){0}) && add_key(gc, bg, KEY_ATTR, n->Attribute.attr);
            if (w->len == MAX_DEP_NODES) return false;
            w->items[w->len++] = (DepItem){n->Attribute.value, true, it.fixed};
            continue;
        case AST_COMPARE: {
            bool ident = true; /* `x is None`: what x is bound to, not what it holds */
            for (int32_t i = 0; i < n->Compare.ops.len; i++)
                ident &= n->Compare.ops.items[i] == AST_IS || n->Compare.ops.items[i] == AST_IS_NOT;
            int32_t from = w->len;
            if (ast_children((Node *)n, dep_push, w)) return false;
            for (int32_t i = from; i < w->len; i++) w->items[i].ident = ident;
            continue;
        }
        case AST_CALL:
            if (pure_builtin(n->Call.func)) {
                int32_t from = w->len;
                for (int32_t i = 0; i < n->Call.args.len; i++)
                    if (dep_push(n->Call.args.items[i], w)) return false;
                for (int32_t i = from; i < w->len; i++) /* the object; the class or classes */
                    w->items[i].ident = true, w->items[i].fixed = i > from;
                for (int32_t i = 0; i < n->Call.keywords.len; i++)
                    if (dep_push(n->Call.keywords.items[i], w)) return false;
                continue;
            }
            ok = add_key(gc, bg, KEY_CALL, (Str){0});
            break;
        case AST_SUBSCRIPT:
        case AST_AWAIT:
        case AST_YIELD:
        case AST_YIELD_FROM:
        case AST_LIST_COMP:
        case AST_SET_COMP:
        case AST_DICT_COMP:
        case AST_GENERATOR_EXP: ok = add_key(gc, bg, KEY_CALL, (Str){0}); break;
        case AST_LAMBDA: continue; /* a function object: its body runs later */
        default: break;
        }
        int32_t from = w->len;
        if (ok && ast_children((Node *)n, dep_push, w)) return false;
        for (int32_t i = from; i < w->len; i++) w->items[i].fixed = it.fixed; /* (a, b) */
    }
    return ok;
}

/* ---- a block entered only by short-circuit exits: `if a or b:` bodies, `if a and b: return` */

/* Parents of the nodes under BoolOp, `not` and if-else nodes of the unit's own code (not of
 * the functions, classes and lambdas in it, which are units of their own). */
typedef struct ParentMap {
    const Node **child, **parent;
    uint32_t cap;
} ParentMap;

static uint32_t ptr_hash(const void *p) {
    uintptr_t v = (uintptr_t)p;
    return (uint32_t)((v >> 3) * 2654435761u);
}

static const Node *parent_of(const ParentMap *pm, const Node *n) {
    if (!pm || !pm->cap) return NULL;
    for (uint32_t k = ptr_hash(n) & (pm->cap - 1);; k = (k + 1) & (pm->cap - 1)) {
        if (pm->child[k] == n) return pm->parent[k];
        if (!pm->child[k]) return NULL;
    }
}

typedef struct NodeStack {
    Arena *a;
    VEC(const Node *) v;
    bool failed;
} NodeStack;

static int stack_push(Node *n, void *ud) {
    NodeStack *s = ud;
    if (VEC_PUSH(s->a, s->v, (const Node *)n)) s->failed = true;
    return s->failed;
}

static bool joins(const Node *n) {
    return n->kind == AST_BOOL_OP || n->kind == AST_IF_EXP ||
           (n->kind == AST_UNARY_OP && n->UnaryOp.op == AST_NOT);
}

static ParentMap *parent_map(GuardCtx *gc) {
    Arena *a = gc->sb->scratch;
    const Node *unit = gc->g->unit;
    ParentMap *pm = arena_zalloc(a, sizeof *pm);
    NodeStack s = {a, {0}, false};
    if (!pm) return NULL;
    const NodeList *body = unit->kind == AST_MODULE      ? &unit->Module.body
                           : unit->kind == AST_CLASS_DEF ? &unit->ClassDef.body
                                                         : &unit->FunctionDef.body;
    for (int32_t i = 0; i < body->len; i++) stack_push(body->items[i], &s);
    /* first the pairs, then the table */
    VEC(const Node *) pairs = {0};
    while (s.v.len && !s.failed) {
        const Node *n = s.v.items[--s.v.len];
        if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
            n->kind == AST_CLASS_DEF || n->kind == AST_LAMBDA)
            continue;
        int32_t from = s.v.len;
        if (ast_children((Node *)n, stack_push, &s)) break;
        for (int32_t i = from; joins(n) && i < s.v.len; i++)
            if (VEC_PUSH(a, pairs, s.v.items[i]) || VEC_PUSH(a, pairs, n)) s.failed = true;
    }
    uint32_t cap = 16;
    while (cap < (uint32_t)pairs.len * 2 + 2) cap *= 2; /* (pairs.len counts two per pair) */
    pm->child = arena_zalloc(a, sizeof(Node *) * cap);
    pm->parent = arena_alloc(a, sizeof(Node *) * cap);
    if (s.failed || !pm->child || !pm->parent) return NULL;
    pm->cap = cap;
    for (int32_t i = 0; i + 1 < pairs.len; i += 2) {
        uint32_t k = ptr_hash(pairs.items[i]) & (cap - 1);
        while (pm->child[k]) k = (k + 1) & (cap - 1);
        pm->child[k] = pairs.items[i];
        pm->parent[k] = pairs.items[i + 1];
    }
    return pm;
}

/* When every way into block b leaves one BoolOp of the unit with the same truth value, that value
 * of the BoolOp holds in b: sets *node and *value. */
static bool joined_guard(GuardCtx *gc, int32_t b, const Node **node, bool *value) {
    int32_t n = gc->in_at[b + 1] - gc->in_at[b];
    if (n < 2 || n != gc->npred[b] || n > MAX_JOIN_TESTS) return false; /* an exceptional way in */
    const Node *tests[MAX_JOIN_TESTS];
    bool pol[MAX_JOIN_TESTS];
    for (int32_t i = 0; i < n; i++) {
        const CfgBlock *pb = &gc->g->blocks[gc->in_from[gc->in_at[b] + i]];
        const CfgEdge *e = &pb->succ[gc->in_k[gc->in_at[b] + i]];
        if (!e->test || pb->nsucc < 2) return false; /* an unconditional way in */
        tests[i] = e->test;
        pol[i] = e->polarity;
    }
    if (!gc->parents && !(gc->parents = parent_map(gc))) return false;
    /* the ancestors of the first test; the others meet them */
    const Node *chain[MAX_JOIN_DEPTH];
    int32_t nchain = 0, top = 0;
    for (const Node *p = tests[0]; p && nchain < MAX_JOIN_DEPTH; p = parent_of(gc->parents, p))
        chain[nchain++] = p;
    for (int32_t i = 1; i < n; i++) {
        int32_t at = -1, steps = 0;
        for (const Node *p = tests[i]; p && at < 0 && steps < MAX_JOIN_DEPTH;
             p = parent_of(gc->parents, p), steps++)
            for (int32_t k = 0; k < nchain && at < 0; k++)
                if (chain[k] == p) at = k;
        if (at < 0) return false;
        if (at > top) top = at;
    }
    while (top < nchain && chain[top]->kind != AST_BOOL_OP) top++;
    if (top == nchain) return false;
    const Node *boolop = chain[top];
    int v = -1;
    for (int32_t i = 0; i < n; i++) {
        int nots = 0;
        const Node *p = parent_of(gc->parents, tests[i]);
        for (int steps = 0; p && p != boolop && steps < MAX_JOIN_DEPTH;
             p = parent_of(gc->parents, p), steps++)
            nots += p->kind == AST_UNARY_OP;
        if (p != boolop) return false;
        int vi = (int)pol[i] ^ (nots & 1);
        if (v >= 0 && vi != v) return false;
        v = vi;
    }
    *node = boolop;
    *value = v == 1;
    return true;
}

/* ---- per unit ---- */

/* The condition block b carries (an index into bgs), or -1. */
static int32_t block_guard(GuardCtx *gc, int32_t b) {
    const Node *node = NULL;
    bool value = false;
    int32_t nin = gc->in_at[b + 1] - gc->in_at[b];
    if (gc->npred[b] == 1 && nin == 1) {
        const CfgBlock *pb = &gc->g->blocks[gc->in_from[gc->in_at[b]]];
        const CfgEdge *e = &pb->succ[gc->in_k[gc->in_at[b]]];
        if (e->test && pb->nsucc >= 2) node = e->test, value = e->polarity;
    } else if (gc->npred[b] > 1) {
        joined_guard(gc, b, &node, &value);
    }
    if (!node) return -1;
    BlockGuard bg = {node, value, false, 0, 0, 0, {NULL, 0}};
    bg.known = guard_keys(gc, &bg);
    if (VEC_PUSH(gc->sb->scratch, gc->bgs, bg)) return -1;
    return gc->bgs.len - 1;
}

static bool guard_ctx_init(GuardCtx *gc, SumBuilder *sb, const Cfg *g) {
    Arena *a = sb->scratch;
    memset(gc, 0, sizeof *gc);
    gc->sb = sb;
    gc->g = g;
    if (VEC_PUSH(a, gc->keys, ((DepKey){KEY_CALL, {NULL, 0}}))) return false; /* key 0 */
    int32_t nb = gc->nb = g->nblocks;
    gc->idom = cfg_dominators(a, g);
    gc->depth = arena_zalloc(a, sizeof(int32_t) * (size_t)nb);
    gc->guard_up = arena_alloc(a, sizeof(int32_t) * (size_t)nb);
    gc->bg_of = arena_alloc(a, sizeof(int32_t) * (size_t)nb);
    gc->npred = arena_zalloc(a, sizeof(int32_t) * (size_t)nb);
    gc->in_at = arena_zalloc(a, sizeof(int32_t) * (size_t)(nb + 1));
    if (!gc->idom || !gc->depth || !gc->guard_up || !gc->bg_of || !gc->npred || !gc->in_at)
        return false;
    for (int32_t p = 0; p < nb; p++) {
        const CfgBlock *pb = &g->blocks[p];
        for (int32_t k = 0; k < pb->nsucc; k++)
            gc->npred[pb->succ[k].to]++, gc->in_at[pb->succ[k].to + 1]++;
        for (int32_t k = 0; k < pb->nhandlers; k++) gc->npred[pb->handlers[k]]++;
    }
    for (int32_t b = 0; b < nb; b++) gc->in_at[b + 1] += gc->in_at[b];
    gc->in_from = arena_alloc(a, sizeof(int32_t) * (size_t)(gc->in_at[nb] + 1));
    gc->in_k = arena_alloc(a, sizeof(int32_t) * (size_t)(gc->in_at[nb] + 1));
    int32_t *fill = arena_zalloc(a, sizeof(int32_t) * (size_t)nb);
    if (!gc->in_from || !gc->in_k || !fill) return false;
    for (int32_t p = 0; p < nb; p++)
        for (int32_t k = 0; k < g->blocks[p].nsucc; k++) {
            int32_t to = g->blocks[p].succ[k].to, at = gc->in_at[to] + fill[to]++;
            gc->in_from[at] = p, gc->in_k[at] = k;
        }
    /* depths and the nearest conditions, down the dominator tree (an idom comes first in RPO) */
    for (int32_t b = 0; b < nb; b++) gc->guard_up[b] = gc->bg_of[b] = -1;
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i], up = gc->idom[b];
        bool root = b == g->entry || up < 0 || up == b;
        gc->depth[b] = root ? 0 : gc->depth[up] + 1;
        gc->bg_of[b] = root ? -1 : block_guard(gc, b);
        gc->guard_up[b] = gc->bg_of[b] >= 0 ? b : root ? -1 : gc->guard_up[up];
    }
    buf_init(&gc->text);
    return true;
}

/* The condition's text, made once per block. */
static const Guard *guard_text(GuardCtx *gc, BlockGuard *bg) {
    if (bg->made) return bg->made > 0 ? &bg->text : NULL;
    SumBuilder *sb = gc->sb;
    UnparseSource src = {sb->text, sb->len, &sb->lines};
    gc->text.len = 0;
    int prec = unparse_prec(bg->node);
    bool ok = bg->value ? unparse(&gc->text, bg->node, 0, &src, GUARD_TEXT_MAX)
                        : unparse_not(&gc->text, bg->node, 0, &src, GUARD_TEXT_MAX, &prec);
    bg->made = ok ? 1 : -1;
    if (ok) bg->text = (Guard){sdup(sb, gc->text.data, gc->text.len), (uint8_t)prec};
    return ok ? &bg->text : NULL;
}

/* The conditions on the way up the dominator tree from each occurrence, nearest first. */
static bool find_candidates(GuardCtx *gc) {
    for (int32_t o = 0; o < gc->occs.len; o++) {
        Occ *oc = &gc->occs.items[o];
        oc->cands = gc->cands.len;
        int32_t b = gc->guard_up[oc->block];
        while (b >= 0 && oc->ncands < MAX_GUARDS) {
            if (VEC_PUSH(gc->sb->scratch, gc->cands, b)) return false;
            oc->ncands++;
            int32_t up = gc->idom[b];
            b = up < 0 || up == b ? -1 : gc->guard_up[up];
        }
        oc->cut = b >= 0;
    }
    gc->stale = arena_zalloc(gc->sb->scratch, (size_t)(gc->cands.len ? gc->cands.len : 1));
    return gc->stale != NULL;
}

/* The root name of an attribute or subscript chain, or NULL. */
static const Node *chain_root(const Node *e) {
    while (e->kind == AST_ATTRIBUTE || e->kind == AST_SUBSCRIPT || e->kind == AST_STARRED)
        e = e->kind == AST_ATTRIBUTE   ? e->Attribute.value
            : e->kind == AST_SUBSCRIPT ? e->Subscript.value
                                       : e->Starred.value;
    return e->kind == AST_NAME ? e : NULL;
}

static bool kill(GuardCtx *gc, KillVec *kills, uint8_t tag, Str name, int32_t b, int32_t ev,
                 bool called) {
    int32_t k = key_find(gc, tag, name, false);
    return k < 0 || !VEC_PUSH(gc->sb->scratch, *kills, ((Kill){k, b, ev, called}));
}

/* A name whose object a call event may change: its receiver's, an argument's, an item store's,
 * the iterated or entered object's. */
static bool call_kills(GuardCtx *gc, KillVec *kills, const Node *n, int32_t b, int32_t ev) {
    const Node *roots[8];
    int nr = 0;
    switch (n->kind) {
    case AST_CALL:
        if (n->Call.func->kind == AST_ATTRIBUTE) roots[nr++] = chain_root(n->Call.func);
        for (int32_t i = 0; i < n->Call.args.len && nr < 7; i++)
            roots[nr++] = chain_root(n->Call.args.items[i]);
        for (int32_t i = 0; i < n->Call.keywords.len && nr < 7; i++)
            roots[nr++] = chain_root(n->Call.keywords.items[i]->keyword.value);
        break;
    case AST_SUBSCRIPT: roots[nr++] = chain_root(n->Subscript.value); break;
    case AST_AUG_ASSIGN: roots[nr++] = chain_root(n->AugAssign.target); break;
    case AST_FOR:
    case AST_ASYNC_FOR: roots[nr++] = chain_root(n->For.iter); break;
    case AST_WITH:
    case AST_ASYNC_WITH:
        for (int32_t i = 0; i < n->With.items.len && nr < 7; i++)
            roots[nr++] = chain_root(n->With.items.items[i]->withitem.context_expr);
        break;
    default:
        if (n->kind == AST_NAME || n->kind == AST_ATTRIBUTE) roots[nr++] = chain_root(n);
        break;
    }
    bool ok = kill(gc, kills, KEY_CALL, (Str){0}, b, ev, true);
    for (int i = 0; i < nr; i++)
        if (roots[i]) ok &= kill(gc, kills, KEY_STATE, roots[i]->Name.id, b, ev, true);
    /* (more than 7 arguments: the rest are not looked at) */
    if (n->kind == AST_CALL && n->Call.args.len + n->Call.keywords.len >= 7)
        for (int32_t i = 7; i < n->Call.args.len; i++) {
            const Node *r = chain_root(n->Call.args.items[i]);
            if (r) ok &= kill(gc, kills, KEY_STATE, r->Name.id, b, ev, true);
        }
    return ok;
}

/* Every place in the unit that ends a key some condition has, grouped by key. */
static bool find_kills(GuardCtx *gc, KillVec *kills) {
    const Cfg *g = gc->g;
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i];
        for (int32_t e = 0; e < g->blocks[b].nevents; e++) {
            const CfgEvent *ev = &g->blocks[b].events[e];
            bool ok = true;
            switch ((CfgEventKind)ev->kind) {
            case EV_ASSIGN:
            case EV_ASSIGN_NONE:
            case EV_DEL:
                if (ev->path >= 0 && g->paths[ev->path].parent < 0)
                    ok = kill(gc, kills, KEY_NAME, g->paths[ev->path].name, b, e, false) &&
                         kill(gc, kills, KEY_STATE, g->paths[ev->path].name, b, e, false);
                break;
            case EV_ATTR_STORE:
                if (ev->node->kind == AST_ATTRIBUTE)
                    ok = kill(gc, kills, KEY_ATTR, ev->node->Attribute.attr, b, e, false);
                break;
            case EV_CALL: ok = call_kills(gc, kills, ev->node, b, e); break;
            default: break;
            }
            if (!ok) return false;
        }
    }
    return true;
}

static void cut_push(int32_t *queue, int32_t *qn, bool *queued, int32_t b) {
    if (!queued[b]) queued[b] = true, queue[(*qn)++] = b;
}

/* What one pass over a key's kills works with (arrays per block, reset after each pass). */
typedef struct CutPass {
    GuardCtx *gc;
    int32_t *in, *first_kill, *queue, *touched;
    bool *queued;
    const int32_t *mindepth;
    const Query *qs;
    const int32_t *qat, *occ_of;
} CutPass;

/* From the places that end key k (those by calls too when `calls`): how far up its cut reaches
 * in each block, and so which of the queries on k find their condition ended (STALE_ENDED), or
 * changed by a call (STALE_CALLED). Returns the blocks it visited. */
static int64_t cut_pass(CutPass *cp, int32_t k, const Kill *ks, int32_t nks, bool calls) {
    GuardCtx *gc = cp->gc;
    const Cfg *g = gc->g;
    int32_t *in = cp->in, *first_kill = cp->first_kill, nt = 0, qn = 0;
    int64_t visits = 0;
    for (int32_t i = 0; i < nks; i++) {
        int32_t b = ks[i].block;
        if (ks[i].called && !calls) continue;
        if (first_kill[b] < 0 || ks[i].ev < first_kill[b]) {
            if (first_kill[b] < 0) cp->touched[nt++] = b;
            first_kill[b] = ks[i].ev;
        }
        cut_push(cp->queue, &qn, cp->queued, b);
    }
    /* a block's cut: from its ways in, each at most the block's own depth (the conditions above
     * it are those above its predecessor); past a kill, its depth plus one */
    while (qn) {
        int32_t p = cp->queue[--qn];
        cp->queued[p] = false;
        visits++;
        int32_t out = first_kill[p] >= 0 ? gc->depth[p] + 1 : in[p];
        const CfgBlock *pb = &g->blocks[p];
        for (int32_t i = 0; i < pb->nsucc + pb->nhandlers; i++) {
            int32_t s = i < pb->nsucc ? pb->succ[i].to : pb->handlers[i - pb->nsucc];
            int32_t v = out < gc->depth[s] ? out : gc->depth[s];
            if (v <= cp->mindepth[k] || v <= in[s]) continue; /* ends no condition there */
            if (in[s] == 0 && first_kill[s] < 0) cp->touched[nt++] = s;
            in[s] = v;
            if (first_kill[s] < 0) cut_push(cp->queue, &qn, cp->queued, s);
        }
    }
    for (int32_t q = cp->qat[k]; q < cp->qat[k + 1]; q++) {
        int32_t cand = cp->qs[q].cand;
        const Occ *oc = &gc->occs.items[cp->occ_of[cand]];
        int32_t c = oc->block;
        int32_t cut = first_kill[c] >= 0 && first_kill[c] < oc->ev ? gc->depth[c] + 1 : in[c];
        if (cut > gc->depth[gc->cands.items[cand]] && !gc->stale[cand])
            gc->stale[cand] = calls ? STALE_CALLED : STALE_ENDED;
    }
    for (int32_t i = 0; i < nt; i++) in[cp->touched[i]] = 0, first_kill[cp->touched[i]] = -1;
    return visits;
}

/* For each key: how far up its cut reaches in each block (see above), and so which of the
 * queries on it find the condition ended. */
static bool mark_stale(GuardCtx *gc) {
    Arena *a = gc->sb->scratch;
    int32_t nb = gc->nb, nk = gc->keys.len;
    KillVec kills = {0};
    VEC(Query) queries = {0};
    if (!find_kills(gc, &kills)) return false;
    /* queries, by key; a condition that cannot be read or written is not listed */
    for (int32_t o = 0; o < gc->occs.len; o++) {
        const Occ *oc = &gc->occs.items[o];
        for (int32_t c = oc->cands; c < oc->cands + oc->ncands; c++) {
            BlockGuard *bg = &gc->bgs.items[gc->bg_of[gc->cands.items[c]]];
            if (!bg->known || !guard_text(gc, bg)) gc->stale[c] = STALE_UNKNOWN;
            for (int32_t k = 0; k < bg->nkeys && !gc->stale[c]; k++)
                if (VEC_PUSH(a, queries, ((Query){gc->keylist.items[bg->keys + k], c})))
                    return false;
        }
    }
    int32_t *kat = arena_zalloc(a, sizeof(int32_t) * (size_t)(nk + 1));
    int32_t *qat = arena_zalloc(a, sizeof(int32_t) * (size_t)(nk + 1));
    int32_t *mindepth = arena_alloc(a, sizeof(int32_t) * (size_t)(nk ? nk : 1));
    if (!kat || !qat || !mindepth) return false;
    for (int32_t i = 0; i < kills.len; i++) kat[kills.items[i].key + 1]++;
    for (int32_t i = 0; i < queries.len; i++) qat[queries.items[i].key + 1]++;
    for (int32_t k = 0; k < nk; k++) kat[k + 1] += kat[k], qat[k + 1] += qat[k];
    Kill *ks = arena_alloc(a, sizeof(Kill) * (size_t)(kills.len ? kills.len : 1));
    Query *qs = arena_alloc(a, sizeof(Query) * (size_t)(queries.len ? queries.len : 1));
    int32_t *in = arena_zalloc(a, sizeof(int32_t) * (size_t)nb);
    int32_t *first_kill = arena_alloc(a, sizeof(int32_t) * (size_t)nb);
    int32_t *queue = arena_alloc(a, sizeof(int32_t) * (size_t)nb);
    int32_t *touched = arena_alloc(a, sizeof(int32_t) * (size_t)nb * 2);
    bool *queued = arena_zalloc(a, (size_t)nb);
    if (!ks || !qs || !in || !first_kill || !queue || !touched || !queued) return false;
    {
        int32_t *kf = arena_zalloc(a, sizeof(int32_t) * (size_t)(nk ? nk : 1));
        int32_t *qf = arena_zalloc(a, sizeof(int32_t) * (size_t)(nk ? nk : 1));
        if (!kf || !qf) return false;
        for (int32_t i = 0; i < kills.len; i++) {
            int32_t k = kills.items[i].key;
            ks[kat[k] + kf[k]++] = kills.items[i];
        }
        for (int32_t i = 0; i < queries.len; i++) {
            int32_t k = queries.items[i].key;
            qs[qat[k] + qf[k]++] = queries.items[i];
        }
    }
    for (int32_t k = 0; k < nk; k++) mindepth[k] = INT32_MAX;
    for (int32_t i = 0; i < queries.len; i++) {
        int32_t d = gc->depth[gc->cands.items[queries.items[i].cand]];
        if (d < mindepth[queries.items[i].key]) mindepth[queries.items[i].key] = d;
    }
    for (int32_t b = 0; b < nb; b++) first_kill[b] = -1;
    /* which occurrence a query belongs to: by the candidates' ranges */
    int32_t *occ_of = arena_alloc(a, sizeof(int32_t) * (size_t)(gc->cands.len ? gc->cands.len : 1));
    if (!occ_of) return false;
    for (int32_t o = 0; o < gc->occs.len; o++)
        for (int32_t c = 0; c < gc->occs.items[o].ncands; c++)
            occ_of[gc->occs.items[o].cands + c] = o;
    CutPass cp = {gc, in, first_kill, queue, touched, queued, mindepth, qs, qat, occ_of};
    int64_t budget = CUT_BUDGET;
    for (int32_t k = 0; k < nk; k++) {
        if (qat[k] == qat[k + 1] || kat[k] == kat[k + 1]) continue; /* nothing asks, or ends */
        if (budget <= 0) { /* not computed: the conditions it would decide are not listed */
            for (int32_t q = qat[k]; q < qat[k + 1]; q++) gc->stale[qs[q].cand] = STALE_UNKNOWN;
            continue;
        }
        bool stores = false, calls = false;
        for (int32_t i = kat[k]; i < kat[k + 1]; i++)
            stores |= !ks[i].called, calls |= ks[i].called;
        /* first what stores end, then what calls may have changed as well */
        if (stores) budget -= cut_pass(&cp, k, ks + kat[k], kat[k + 1] - kat[k], false);
        if (calls) budget -= cut_pass(&cp, k, ks + kat[k], kat[k + 1] - kat[k], true);
    }
    return true;
}

/* ---- --after: the calls of NAME2 that always run before a call ---- */

/* An event that is a call of the --after name. */
static bool is_after_call(const SumBuilder *sb, const CfgEvent *e, Str *name) {
    return e->kind == EV_CALL && e->node->kind == AST_CALL && callee_name(e->node, name) &&
           name_matches(*name, sb->opt->after);
}

enum { MAX_AFTER = 16 };

/* Appends "name (line N)" for the --after calls among the block's first `upto` events. */
static int32_t after_calls(SumBuilder *sb, const CfgBlock *blk, int32_t upto, const char **bs,
                           int32_t *at, int32_t nb) {
    for (int32_t i = 0; i < upto && nb < MAX_AFTER; i++) {
        Str cn;
        if (!is_after_call(sb, &blk->events[i], &cn)) continue;
        char buf[300];
        snprintf(buf, sizeof buf, "%.*s (line %d)", (int)cn.len, cn.s, blk->events[i].node->lineno);
        at[nb] = blk->events[i].node->lineno;
        bs[nb++] = sdup(sb, buf, strlen(buf));
    }
    return nb;
}

/* What the --after question needs of a unit: the blocks holding such a call, the nearest of them
 * at or above each block in the dominator tree, and (a must-analysis) whether one has run on
 * every path from the entry to the block (an exception edge leaves a block before its calls). */
typedef struct AfterInfo {
    bool *has, *in;
    int32_t *up;
} AfterInfo;

static bool after_info(GuardCtx *gc, AfterInfo *ai) {
    SumBuilder *sb = gc->sb;
    const Cfg *g = gc->g;
    size_t n = (size_t)g->nblocks;
    bool *in = ai->in = arena_alloc(sb->scratch, n);
    bool *has = ai->has = arena_zalloc(sb->scratch, n);
    bool *nin = arena_alloc(sb->scratch, n);
    ai->up = arena_alloc(sb->scratch, sizeof(int32_t) * n);
    if (!in || !has || !nin || !ai->up) return false;
    for (int32_t b = 0; b < g->nblocks; b++) {
        in[b] = b != g->entry;
        Str cn;
        for (int32_t k = 0; k < g->blocks[b].nevents; k++)
            has[b] |= is_after_call(sb, &g->blocks[b].events[k], &cn);
    }
    for (bool changed = true; changed;) {
        for (int32_t b = 0; b < g->nblocks; b++) nin[b] = b != g->entry;
        for (int32_t i = 0; i < g->nrpo; i++) {
            int32_t p = g->rpo[i];
            const CfgBlock *pb = &g->blocks[p];
            for (int32_t k = 0; k < pb->nsucc; k++) nin[pb->succ[k].to] &= in[p] || has[p];
            for (int32_t k = 0; k < pb->nhandlers; k++) nin[pb->handlers[k]] &= in[p];
        }
        changed = memcmp(in, nin, n) != 0;
        memcpy(in, nin, n);
    }
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i], idom = gc->idom[b];
        bool root = b == g->entry || idom < 0 || idom == b;
        ai->up[b] = has[b] ? b : root ? -1 : ai->up[idom];
    }
    return true;
}

/* The --after calls that run before occurrence o on every path, outermost first, in bs. */
static int32_t after_list(GuardCtx *gc, const AfterInfo *ai, const Occ *o, const char **bs) {
    SumBuilder *sb = gc->sb;
    const Cfg *g = gc->g;
    int32_t nb = 0, at[MAX_AFTER];
    /* calls of that name in dominating blocks, or earlier in this one */
    for (int32_t b = ai->up[o->block]; b >= 0 && nb < MAX_AFTER;) {
        const CfgBlock *blk = &g->blocks[b];
        nb = after_calls(sb, blk, b == o->block ? o->ev : blk->nevents, bs, at, nb);
        int32_t idom = gc->idom[b];
        b = b == g->entry || idom < 0 || idom == b ? -1 : ai->up[idom];
    }
    /* none dominates, yet one runs on every path (`if a: f() else: f()`): all of them */
    bool all = nb == 0 && ai->in[o->block];
    for (int32_t i = 0; all && i <= g->rpo_index[o->block] && nb < MAX_AFTER; i++) {
        int32_t b = g->rpo[i]; /* (the blocks before it) */
        if (!ai->has[b]) continue;
        nb = after_calls(sb, &g->blocks[b], b == o->block ? o->ev : g->blocks[b].nevents, bs, at,
                         nb);
    }
    for (int32_t x = 1; all && x < nb; x++) /* by line, last first: reversed below */
        for (int32_t y = x; y > 0 && at[y - 1] < at[y]; y--) {
            const char *t = bs[y];
            int32_t l = at[y];
            bs[y] = bs[y - 1], at[y] = at[y - 1];
            bs[y - 1] = t, at[y - 1] = l;
        }
    for (int32_t i = 0; i < nb / 2; i++) {
        const char *t = bs[i];
        bs[i] = bs[nb - 1 - i], bs[nb - 1 - i] = t;
    }
    return nb;
}

/* ---- finally bodies ---- */

/* The `finally:` bodies of the unit, as disjoint ranges. */
static int by_start(const void *x, const void *y) {
    const Span *a = x, *b = y;
    return a->from < b->from ? -1 : a->from > b->from;
}

static int32_t finally_spans(SumBuilder *sb, const Node *unit, Span **out) {
    int32_t n = 0;
    for (int32_t i = 0; i < sb->finals.len; i++) n += sb->finals.items[i].unit == unit;
    Span *s = *out = arena_alloc(sb->scratch, sizeof(Span) * (size_t)(n ? n : 1));
    if (!s) return 0;
    n = 0;
    for (int32_t i = 0; i < sb->finals.len; i++)
        if (sb->finals.items[i].unit == unit) s[n++] = sb->finals.items[i].span;
    qsort(s, (size_t)n, sizeof *s, by_start);
    int32_t m = 0; /* merged: nested and overlapping spans into one */
    for (int32_t i = 0; i < n; i++) {
        if (m && s[i].from <= s[m - 1].to) {
            if (s[i].to > s[m - 1].to) s[m - 1].to = s[i].to;
        } else {
            s[m++] = s[i];
        }
    }
    return m;
}

static bool in_spans(const Span *s, int32_t n, const Node *call) {
    int64_t p = pos_of(call->lineno, call->col_offset);
    int32_t lo = 0, hi = n; /* the last span starting at or before p */
    while (lo < hi) {
        int32_t mid = (lo + hi) / 2;
        if (s[mid].from <= p)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo > 0 && p < s[lo - 1].to;
}

/* ---- the calls of a unit ---- */

static int by_call(const void *x, const void *y) {
    const Occ *a = x, *b = y;
    if (a->call != b->call) return (uintptr_t)a->call < (uintptr_t)b->call ? -1 : 1;
    return a->block < b->block ? -1 : a->block > b->block;
}

/* How condition bg stands at occurrence o: 0 (it holds), STALE_CALLED, or STALE_ENDED (ended,
 * unknown, or not among its conditions). */
static int stands_at(const GuardCtx *gc, const Occ *o, const BlockGuard *bg) {
    for (int32_t c = o->cands; c < o->cands + o->ncands; c++) {
        const BlockGuard *x = &gc->bgs.items[gc->bg_of[gc->cands.items[c]]];
        if (x->node == bg->node && x->value == bg->value)
            return gc->stale[c] <= STALE_CALLED ? gc->stale[c] : STALE_ENDED;
    }
    return STALE_ENDED;
}

/* The call site of occurrences [o, o + n) of one call: the conditions that hold in all of them
 * (and --after calls that run before all of them). */
static void add_call_site(GuardCtx *gc, const AfterInfo *ai, const Occ *o, int32_t n,
                          bool in_finally) {
    SumBuilder *sb = gc->sb;
    int32_t idx = add_call(sb, o->call, gc->g->unit);
    if (idx < 0) return;
    Guard *gs = arena_alloc(sb->out, sizeof(Guard) * (size_t)(o->ncands ? o->ncands : 1));
    Guard *called = arena_alloc(sb->out, sizeof(Guard) * (size_t)(o->ncands ? o->ncands : 1));
    if (!gs || !called) {
        sb->failed = true;
        return;
    }
    int32_t ng = 0, ncalled = 0;
    bool cut = false;
    for (int32_t i = 0; i < n; i++) {
        cut |= o[i].cut;
        for (int32_t c = o[i].cands; c < o[i].cands + o[i].ncands; c++)
            cut |= gc->stale[c] == STALE_UNKNOWN;
    }
    for (int32_t c = o->cands + o->ncands - 1; c >= o->cands; c--) { /* outermost first */
        BlockGuard *bg = &gc->bgs.items[gc->bg_of[gc->cands.items[c]]];
        int worst = gc->stale[c] <= STALE_CALLED ? gc->stale[c] : STALE_ENDED;
        for (int32_t i = 1; i < n && worst < STALE_ENDED; i++) {
            int st = stands_at(gc, &o[i], bg);
            if (st > worst) worst = st;
        }
        if (worst == 0) gs[ng++] = bg->text;
        if (worst == STALE_CALLED) called[ncalled++] = bg->text;
    }
    CallSum *cs = &sb->calls.items[idx];
    cs->guards = gs;
    cs->nguards = ng;
    cs->called = called;
    cs->ncalled = ncalled;
    cs->flags = (uint8_t)((cut ? CALL_GUARDS_CUT : 0) | (in_finally ? CALL_IN_FINALLY : 0));
    if (!ai) return;
    const char *bs[MAX_AFTER], *other[MAX_AFTER];
    int32_t nb = after_list(gc, ai, o, bs);
    for (int32_t i = 1; i < n; i++) { /* those before every copy of it */
        int32_t no = after_list(gc, ai, &o[i], other), keep = 0;
        for (int32_t x = 0; x < nb; x++) {
            bool found = false;
            for (int32_t y = 0; y < no && !found; y++) found = strcmp(bs[x], other[y]) == 0;
            if (found) bs[keep++] = bs[x];
        }
        nb = keep;
    }
    const char **before = arena_alloc(sb->out, sizeof(char *) * (size_t)(nb ? nb : 1));
    if (!before) {
        sb->failed = true;
        return;
    }
    memcpy(before, bs, sizeof(char *) * (size_t)nb);
    cs = &sb->calls.items[idx];
    cs->before = before;
    cs->nbefore = nb;
}

void calls_unit(SumBuilder *sb, const Node *unit, Cfg *g) {
    GuardCtx gc;
    bool ready = false;
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i];
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t e = 0; e < blk->nevents; e++) {
            const CfgEvent *ev = &blk->events[e];
            if (ev->kind != EV_CALL || ev->node->kind != AST_CALL) continue;
            if (!wanted_call(sb, ev->node)) continue;
            if (!ready && !(ready = guard_ctx_init(&gc, sb, g))) {
                sb->failed = true;
                return;
            }
            Occ o = {ev->node, b, e, 0, 0, false};
            if (VEC_PUSH(sb->scratch, gc.occs, o)) sb->failed = true;
        }
    }
    if (!ready) return;
    AfterInfo ai;
    if (sb->failed || !find_candidates(&gc) || !mark_stale(&gc) ||
        (sb->opt->after && !after_info(&gc, &ai))) {
        sb->failed = true;
        buf_free(&gc.text);
        return;
    }
    buf_free(&gc.text);
    Span *spans;
    int32_t nspans = finally_spans(sb, unit, &spans);
    qsort(gc.occs.items, (size_t)gc.occs.len, sizeof(Occ), by_call);
    for (int32_t i = 0, j; i < gc.occs.len && !sb->failed; i = j) {
        for (j = i + 1; j < gc.occs.len && gc.occs.items[j].call == gc.occs.items[i].call;) j++;
        add_call_site(&gc, sb->opt->after ? &ai : NULL, &gc.occs.items[i], j - i,
                      in_spans(spans, nspans, gc.occs.items[i].call));
    }
}
