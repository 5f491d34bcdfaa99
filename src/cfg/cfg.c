/* cfg.c — building the control-flow graph of a code unit: statements and expressions are lowered
 * into blocks of events in CPython's evaluation order (see cfg.h). */
#include "cfg.h"

#include "names.h"

#include <stdio.h>
#include <string.h>

enum { MAX_PATH_DEPTH = 8, MAX_FINALLY_COPIES = 6 };

typedef struct Loop {
    int32_t brk, cont;
    int finally_depth; /* finally blocks entered since the loop began */
} Loop;

typedef struct Try {
    const int32_t *handlers; /* handler entry blocks (all enclosing ones, innermost first) */
    int32_t nhandlers;
    bool protect; /* a handler catches AttributeError/TypeError/everything */
} Try;

typedef struct Builder {
    Arena *a;
    Cfg *g;
    int32_t cur; /* the block being filled; -1 when the code is unreachable */
    const Node *stmt;
    Loop loops[64];
    int nloops;
    const Try *try_;
    int32_t finally_stack[64]; /* innermost finally blocks (entry ids) */
    int nfinally;
    int finally_copies;   /* finally bodies being built around the current statement */
    const NameSet *loads; /* names whose reads are events (cfg_build_loads), or NULL */
    bool failed;
} Builder;

/* ---- graph construction ------------------------------------------------------------------- */

static int32_t new_block(Builder *B) {
    Cfg *g = B->g;
    if (g->nblocks == g->cap_blocks &&
        vec_grow_(B->a, (void **)&g->blocks, &g->cap_blocks, sizeof(CfgBlock), g->nblocks + 1)) {
        B->failed = true;
        return 0;
    }
    CfgBlock *b = &g->blocks[g->nblocks];
    memset(b, 0, sizeof *b);
    b->stmt = B->stmt;
    if (B->try_) {
        b->handlers = B->try_->handlers;
        b->nhandlers = B->try_->nhandlers;
    }
    return g->nblocks++;
}

static void add_edge_full(Builder *B, int32_t from, CfgEdge e) {
    if (from < 0 || B->failed) return;
    CfgBlock *b = &B->g->blocks[from];
    if (b->nsucc == b->cap_succ &&
        vec_grow_(B->a, (void **)&b->succ, &b->cap_succ, sizeof(CfgEdge), b->nsucc + 1)) {
        B->failed = true;
        return;
    }
    b->succ[b->nsucc++] = e;
}

static void add_edge(Builder *B, int32_t from, int32_t to) {
    add_edge_full(B, from, (CfgEdge){to, NULL, true, REFINE_NOTHING, -1, NULL});
}

static void emit(Builder *B, CfgEventKind k, int32_t path, const Node *node, uint8_t flags) {
    if (B->cur < 0 || B->failed) return;
    CfgBlock *b = &B->g->blocks[B->cur];
    if (b->nevents == b->cap_events &&
        vec_grow_(B->a, (void **)&b->events, &b->cap_events, sizeof(CfgEvent), b->nevents + 1)) {
        B->failed = true;
        return;
    }
    if (B->try_ && B->try_->protect && k == EV_DEREF) flags |= EVF_PROTECTED;
    b->events[b->nevents++] = (CfgEvent){(uint8_t)k, flags, path, node};
}

/* Continues in a fresh block reached from the current one. */
static int32_t goto_new(Builder *B) {
    int32_t n = new_block(B);
    add_edge(B, B->cur, n);
    B->cur = n;
    return n;
}

/* ---- paths -------------------------------------------------------------------------------- */

static uint32_t path_hash(int32_t parent, Str name) {
    return (uint32_t)hash_bytes(name.s, (size_t)name.len, HASH_SEED ^ (uint64_t)(parent + 1));
}

static bool is_shared(const Builder *B, Str name) {
    return unit_name_shared(B->g->names, name);
}

static int32_t intern_path(Builder *B, int32_t parent, Str name) {
    Cfg *g = B->g;
    if (g->npaths * 2 >= g->hash_cap) {
        int32_t cap = g->hash_cap ? g->hash_cap * 2 : 64;
        int32_t *h = arena_alloc(B->a, sizeof(int32_t) * (size_t)cap);
        if (!h) {
            B->failed = true;
            return -1;
        }
        memset(h, 0xff, sizeof(int32_t) * (size_t)cap);
        for (int32_t i = 0; i < g->npaths; i++) {
            uint32_t k = path_hash(g->paths[i].parent, g->paths[i].name) & (uint32_t)(cap - 1);
            while (h[k] >= 0) k = (k + 1) & (uint32_t)(cap - 1);
            h[k] = i;
        }
        g->path_hash = h;
        g->hash_cap = cap;
    }
    uint32_t k = path_hash(parent, name) & (uint32_t)(g->hash_cap - 1);
    for (; g->path_hash[k] >= 0; k = (k + 1) & (uint32_t)(g->hash_cap - 1)) {
        const CfgPath *p = &g->paths[g->path_hash[k]];
        if (p->parent == parent && str_eq(p->name, name)) return g->path_hash[k];
    }
    if (g->npaths == g->cap_paths &&
        vec_grow_(B->a, (void **)&g->paths, &g->cap_paths, sizeof(CfgPath), g->npaths + 1)) {
        B->failed = true;
        return -1;
    }
    CfgPath *p = &g->paths[g->npaths];
    p->parent = parent;
    p->name = name;
    p->depth = parent < 0 ? 0 : g->paths[parent].depth + 1;
    p->shared = parent < 0 && is_shared(B, name);
    g->path_hash[k] = g->npaths;
    return g->npaths++;
}

static int32_t path_of(Builder *B, const Node *e) {
    switch (e->kind) {
    case AST_NAME: return intern_path(B, -1, e->Name.id);
    case AST_NAMED_EXPR: return path_of(B, e->NamedExpr.target);
    case AST_ATTRIBUTE: {
        int32_t parent = path_of(B, e->Attribute.value);
        if (parent < 0 || B->g->paths[parent].depth + 1 >= MAX_PATH_DEPTH) return -1;
        return intern_path(B, parent, e->Attribute.attr);
    }
    default: return -1;
    }
}

/* ---- expressions -------------------------------------------------------------------------- */

static void eval(Builder *B, const Node *e);
static void cond(Builder *B, const Node *e, int32_t t, int32_t f);

static void eval_list(Builder *B, const NodeList *l) {
    for (int32_t i = 0; i < l->len; i++)
        if (l->items[i]) eval(B, l->items[i]);
}

static void deref(Builder *B, const Node *value, const Node *at, uint8_t how) {
    int32_t p = path_of(B, value);
    if (p >= 0) emit(B, EV_DEREF, p, at, how);
}

/* Attributes None itself has (dir(None) in CPython 3.8-3.13): reading them is no dereference. */
static bool none_has_attribute(Str a) {
    static const char *const names[] = {
        "__bool__", "__class__",   "__delattr__", "__dir__",           "__doc__",
        "__eq__",   "__format__",  "__ge__",      "__getattribute__",  "__getstate__",
        "__gt__",   "__hash__",    "__init__",    "__init_subclass__", "__le__",
        "__lt__",   "__ne__",      "__new__",     "__reduce__",        "__reduce_ex__",
        "__repr__", "__setattr__", "__sizeof__",  "__str__",           "__subclasshook__"};
    if (a.len < 5 || a.s[0] != '_' || a.s[1] != '_') return false;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (str_eq_c(a, names[i])) return true;
    return false;
}

static bool is_none(const Node *e) {
    return e && e->kind == AST_CONSTANT && e->Constant.value.kind == CONST_NONE;
}

/* Walrus targets inside a comprehension bind in the enclosing unit. */
static int comp_effects(Node *n, void *ud) {
    Builder *B = ud;
    switch (n->kind) {
    case AST_NAMED_EXPR: {
        int32_t p = path_of(B, n->NamedExpr.target);
        emit(B, EV_ASSIGN, p, n, 0);
        break;
    }
    case AST_CALL:
    case AST_AWAIT:
    case AST_YIELD:
    case AST_YIELD_FROM: emit(B, EV_CALL, -1, n, 0); break;
    case AST_LAMBDA: return 0;
    default: break;
    }
    ast_children(n, comp_effects, ud);
    return 0;
}

static void eval_comprehension(Builder *B, const Node *e, const NodeList *gens) {
    /* Only the first iterable is evaluated here; the rest runs in the comprehension's scope. */
    const Node *first = gens->items[0];
    eval(B, first->comprehension.iter);
    deref(B, first->comprehension.iter, first->comprehension.iter, EVF_ITER);
    ast_children((Node *)e, comp_effects, B);
}

/* BoolOp in a value context: the operands after the first run only when the previous ones let
 * them (`x is not None and x.y`). */
static void eval_boolop(Builder *B, const Node *e) {
    const NodeList *v = &e->BoolOp.values;
    int32_t join = new_block(B);
    for (int32_t i = 0; i < v->len - 1; i++) {
        int32_t next = new_block(B);
        if (e->BoolOp.op == AST_AND)
            cond(B, v->items[i], next, join);
        else
            cond(B, v->items[i], join, next);
        B->cur = next;
    }
    eval(B, v->items[v->len - 1]);
    add_edge(B, B->cur, join);
    B->cur = join;
}

static void eval(Builder *B, const Node *e) {
    if (B->cur < 0) return;
    switch (e->kind) {
    case AST_NAME:
        if (B->loads && e->Name.ctx == AST_LOAD && name_set_has(B->loads, e->Name.id))
            emit(B, EV_LOAD, path_of(B, e), e, 0);
        return;
    case AST_BOOL_OP: eval_boolop(B, e); return;
    case AST_IF_EXP: {
        int32_t t = new_block(B), f = new_block(B), join = new_block(B);
        cond(B, e->IfExp.test, t, f);
        B->cur = t;
        eval(B, e->IfExp.body);
        add_edge(B, B->cur, join);
        B->cur = f;
        eval(B, e->IfExp.orelse);
        add_edge(B, B->cur, join);
        B->cur = join;
        return;
    }
    case AST_NAMED_EXPR: {
        eval(B, e->NamedExpr.value);
        int32_t p = path_of(B, e->NamedExpr.target);
        emit(B, is_none(e->NamedExpr.value) ? EV_ASSIGN_NONE : EV_ASSIGN, p, e, 0);
        return;
    }
    case AST_ATTRIBUTE:
        eval(B, e->Attribute.value);
        if (!none_has_attribute(e->Attribute.attr)) deref(B, e->Attribute.value, e, EVF_ATTRIBUTE);
        return;
    case AST_SUBSCRIPT:
        eval(B, e->Subscript.value);
        eval(B, e->Subscript.slice);
        deref(B, e->Subscript.value, e, EVF_SUBSCRIPT);
        return;
    case AST_CALL:
        eval(B, e->Call.func);
        eval_list(B, &e->Call.args);
        for (int32_t i = 0; i < e->Call.keywords.len; i++) {
            const Node *kw = e->Call.keywords.items[i];
            eval(B, kw->keyword.value);
            if (!kw->keyword.arg.s) deref(B, kw->keyword.value, kw->keyword.value, EVF_ITER);
        }
        deref(B, e->Call.func, e, EVF_CALLEE);
        emit(B, EV_CALL, -1, e, 0);
        return;
    case AST_STARRED:
        eval(B, e->Starred.value);
        deref(B, e->Starred.value, e, EVF_ITER);
        return;
    case AST_COMPARE: {
        eval(B, e->Compare.left);
        eval_list(B, &e->Compare.comparators);
        const Node *l = e->Compare.left, *r = e->Compare.comparators.items[0];
        if (e->Compare.ops.len == 1) {
            uint8_t op = e->Compare.ops.items[0];
            if (op == AST_IS || op == AST_IS_NOT) { /* not ==: see test_refines */
                const Node *other = is_none(r) ? l : is_none(l) ? r : NULL;
                int32_t p = other ? path_of(B, other) : -1;
                if (p >= 0) emit(B, EV_TEST_NONE, p, e, 0);
            }
        }
        return;
    }
    case AST_AWAIT:
        eval(B, e->Await.value);
        emit(B, EV_CALL, -1, e, 0);
        return;
    case AST_YIELD:
        if (e->Yield.value) eval(B, e->Yield.value);
        emit(B, EV_CALL, -1, e, 0);
        return;
    case AST_YIELD_FROM:
        eval(B, e->YieldFrom.value);
        deref(B, e->YieldFrom.value, e, EVF_ITER);
        emit(B, EV_CALL, -1, e, 0);
        return;
    case AST_LAMBDA: {
        const Node *args = e->Lambda.args;
        eval_list(B, &args->arguments.defaults);
        eval_list(B, &args->arguments.kw_defaults);
        return;
    }
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_GENERATOR_EXP: eval_comprehension(B, e, &e->ListComp.generators); return;
    case AST_DICT_COMP: eval_comprehension(B, e, &e->DictComp.generators); return;
    case AST_DICT:
        for (int32_t i = 0; i < e->Dict.keys.len; i++) {
            if (e->Dict.keys.items[i])
                eval(B, e->Dict.keys.items[i]);
            else
                deref(B, e->Dict.values.items[i], e->Dict.values.items[i], EVF_ITER);
            eval(B, e->Dict.values.items[i]);
        }
        return;
    default: {
        /* everything else: the children in field order, which is evaluation order */
        for (const FieldDesc *fd = ast_kinds[e->kind].fields; fd->name; fd++) {
            const char *p = (const char *)e + fd->offset;
            if (fd->type == FT_NODE || fd->type == FT_OPT) {
                const Node *c = *(Node *const *)p;
                if (c) eval(B, c);
            } else if (fd->type == FT_LIST) {
                eval_list(B, (const NodeList *)p);
            }
        }
        return;
    }
    }
}

/* Could a class expression of isinstance() be (or hold) NoneType? `type(None)`, a name or
 * attribute spelled NoneType, or a tuple holding one. */
static bool may_be_none_type(const Node *t) {
    switch (t->kind) {
    case AST_TUPLE:
        for (int32_t i = 0; i < t->Tuple.elts.len; i++)
            if (may_be_none_type(t->Tuple.elts.items[i])) return true;
        return false;
    case AST_CALL: return t->Call.args.len == 1 && is_none(t->Call.args.items[0]);
    case AST_NAME: return str_eq_c(t->Name.id, "NoneType");
    case AST_ATTRIBUTE: return str_eq_c(t->Attribute.attr, "NoneType");
    default: return false;
    }
}

/* A call whose true result says its first argument is not None: `isinstance(x, T)` (unless T may
 * be NoneType), `callable(x)`, `hasattr(x, "name")` (for a name None does not have). The path of
 * that argument, or -1. */
static int32_t excludes_none(Builder *B, const Node *e) {
    if (e->kind != AST_CALL || e->Call.keywords.len || e->Call.func->kind != AST_NAME) return -1;
    Str f = e->Call.func->Name.id;
    const NodeList *args = &e->Call.args;
    for (int32_t i = 0; i < args->len; i++)
        if (args->items[i]->kind == AST_STARRED) return -1;
    bool yes = false;
    if (str_eq_c(f, "isinstance"))
        yes = args->len == 2 && !may_be_none_type(args->items[1]);
    else if (str_eq_c(f, "callable"))
        yes = args->len == 1;
    else if (str_eq_c(f, "hasattr"))
        yes = args->len == 2 && args->items[1]->kind == AST_CONSTANT &&
              args->items[1]->Constant.value.kind == CONST_STR &&
              !none_has_attribute(args->items[1]->Constant.value.s);
    return yes ? path_of(B, args->items[0]) : -1;
}

/* What a test proves about a path: on its true edge (*on_true) and on its false edge
 * (*on_false). Returns the path, or -1 when it proves nothing.
 *   x is None        true: None; false: not None (and the reverse for `is not`)
 *   x                true: not None (a truthy value)
 *   isinstance(x, T) true: not None
 * `x == None` proves nothing: it calls x's __eq__, which a class may override (NumPy compares
 * element-wise), and which class x has is not known here. */
static int32_t test_refines(Builder *B, const Node *e, uint8_t *on_true, uint8_t *on_false) {
    *on_true = *on_false = REFINE_NOTHING;
    if (e->kind == AST_COMPARE && e->Compare.ops.len == 1) {
        uint8_t op = e->Compare.ops.items[0];
        const Node *l = e->Compare.left, *r = e->Compare.comparators.items[0];
        const Node *other = is_none(r) ? l : is_none(l) ? r : NULL;
        if (!other || (op != AST_IS && op != AST_IS_NOT)) return -1;
        int32_t p = path_of(B, other);
        if (p < 0) return -1;
        *on_true = op == AST_IS ? REFINE_IS_NONE : REFINE_NOT_NONE;
        *on_false = op == AST_IS ? REFINE_NOT_NONE : REFINE_IS_NONE;
        return p;
    }
    int32_t p = excludes_none(B, e);
    if (p < 0) p = path_of(B, e);
    if (p >= 0) *on_true = REFINE_NOT_NONE;
    return p;
}

static bool constant_truth(const Node *e, bool *value) {
    if (e->kind != AST_CONSTANT) return false;
    const Const *c = &e->Constant.value;
    switch (c->kind) {
    case CONST_TRUE: *value = true; return true;
    case CONST_FALSE:
    case CONST_NONE: *value = false; return true;
    case CONST_INT: *value = c->i != 0; return true;
    default: return false;
    }
}

/* Lowers a condition: control goes to t when e is true, to f when it is false. */
static void cond(Builder *B, const Node *e, int32_t t, int32_t f) {
    if (B->cur < 0) return;
    switch (e->kind) {
    case AST_BOOL_OP: {
        const NodeList *v = &e->BoolOp.values;
        for (int32_t i = 0; i < v->len - 1; i++) {
            int32_t next = new_block(B);
            if (e->BoolOp.op == AST_AND)
                cond(B, v->items[i], next, f);
            else
                cond(B, v->items[i], t, next);
            B->cur = next;
        }
        cond(B, v->items[v->len - 1], t, f);
        return;
    }
    case AST_UNARY_OP:
        if (e->UnaryOp.op == AST_NOT) {
            cond(B, e->UnaryOp.operand, f, t);
            return;
        }
        break;
    case AST_IF_EXP: {
        int32_t a = new_block(B), b = new_block(B);
        cond(B, e->IfExp.test, a, b);
        B->cur = a;
        cond(B, e->IfExp.body, t, f);
        B->cur = b;
        cond(B, e->IfExp.orelse, t, f);
        return;
    }
    default: break;
    }
    eval(B, e);
    if (B->cur < 0) return;
    bool value;
    if (constant_truth(e, &value)) {
        add_edge_full(B, B->cur, (CfgEdge){value ? t : f, e, value, REFINE_NOTHING, -1, NULL});
        B->cur = -1;
        return;
    }
    uint8_t on_true, on_false;
    int32_t path = test_refines(B, e, &on_true, &on_false);
    CfgEdge te = {t, e, true, on_true, path, e};
    CfgEdge fe = {f, e, false, on_false, path, e};
    add_edge_full(B, B->cur, te);
    add_edge_full(B, B->cur, fe);
    B->cur = -1;
}

/* ---- targets ------------------------------------------------------------------------------ */

static void store(Builder *B, const Node *t, bool value_none, const Node *value) {
    switch (t->kind) {
    case AST_NAME: emit(B, value_none ? EV_ASSIGN_NONE : EV_ASSIGN, path_of(B, t), t, 0); return;
    case AST_ATTRIBUTE: {
        eval(B, t->Attribute.value);
        deref(B, t->Attribute.value, t, EVF_ATTRIBUTE);
        int32_t p = path_of(B, t);
        emit(B, EV_ATTR_STORE, p, t, 0); /* always: aliases may see it */
        emit(B, value_none ? EV_ASSIGN_NONE : EV_ASSIGN, p, t, 0);
        return;
    }
    case AST_SUBSCRIPT:
        eval(B, t->Subscript.value);
        eval(B, t->Subscript.slice);
        deref(B, t->Subscript.value, t, EVF_SUBSCRIPT);
        /* __setitem__ / __delitem__ may run code, and `obj.__dict__[name] = v` stores an
         * attribute: like a call */
        emit(B, EV_CALL, -1, t, 0);
        return;
    case AST_STARRED: store(B, t->Starred.value, false, NULL); return;
    case AST_TUPLE:
    case AST_LIST: {
        if (value) deref(B, value, t, EVF_ITER); /* unpacking iterates the value */
        const NodeList *l = t->kind == AST_TUPLE ? &t->Tuple.elts : &t->List.elts;
        for (int32_t i = 0; i < l->len; i++) store(B, l->items[i], false, NULL);
        return;
    }
    default: eval(B, t); return;
    }
}

/* ---- statements --------------------------------------------------------------------------- */

static void stmts(Builder *B, const NodeList *l);

/* Leaves the current block towards `target` through the finally blocks entered since `depth`. */
static void jump(Builder *B, int32_t target, int depth) {
    if (B->cur < 0) return;
    if (B->nfinally > depth) {
        /* through the innermost finally; its exits include every outward target */
        add_edge(B, B->cur, B->finally_stack[B->nfinally - 1]);
    } else {
        add_edge(B, B->cur, target);
    }
    B->cur = -1;
}

static bool catches_deref_errors(const Node *type) {
    if (!type) return true;
    if (type->kind == AST_TUPLE) {
        for (int32_t i = 0; i < type->Tuple.elts.len; i++)
            if (catches_deref_errors(type->Tuple.elts.items[i])) return true;
        return false;
    }
    Str name = type->kind == AST_NAME        ? type->Name.id
               : type->kind == AST_ATTRIBUTE ? type->Attribute.attr
                                             : (Str){NULL, 0};
    return str_eq_c(name, "AttributeError") || str_eq_c(name, "TypeError") ||
           str_eq_c(name, "Exception") || str_eq_c(name, "BaseException");
}

/* A context manager that swallows the exceptions it expects, so control may go on after the
 * `with` from anywhere in its body: contextlib.suppress, pytest.raises, unittest's assertRaises
 * and assertRaisesRegex. */
static bool suppresses_exceptions(const Node *e) {
    if (e->kind != AST_CALL) return false;
    const Node *f = e->Call.func;
    Str name = f->kind == AST_NAME        ? f->Name.id
               : f->kind == AST_ATTRIBUTE ? f->Attribute.attr
                                          : (Str){NULL, 0};
    return str_eq_c(name, "assertRaises") || str_eq_c(name, "assertRaisesRegex") ||
           str_eq_c(name, "raises") || str_eq_c(name, "suppress");
}

/* A context manager that expects AttributeError or TypeError: unittest's assertRaises and
 * assertRaisesRegex, pytest.raises, contextlib.suppress. */
static bool expects_deref_errors(const Node *e) {
    if (!suppresses_exceptions(e)) return false;
    for (int32_t i = 0; i < e->Call.args.len; i++)
        if (catches_deref_errors(e->Call.args.items[i])) return true;
    return false;
}

static void stmts(Builder *B, const NodeList *l);

static void with_stmt(Builder *B, const Node *s) {
    bool protect = false, suppress = false;
    for (int32_t i = 0; i < s->With.items.len; i++) {
        const Node *it = s->With.items.items[i];
        eval(B, it->withitem.context_expr);
        emit(B, EV_CALL, -1, it->withitem.context_expr, 0);
        if (it->withitem.optional_vars) store(B, it->withitem.optional_vars, false, NULL);
        /* `with self.assertRaises(TypeError):` and friends: the body is expected to raise */
        protect |= expects_deref_errors(it->withitem.context_expr);
        suppress |= suppresses_exceptions(it->withitem.context_expr);
    }
    const Try *saved = B->try_;
    int32_t outer = saved ? saved->nhandlers : 0;
    int32_t exit = -1;
    Try t = {saved ? saved->handlers : NULL, outer, protect || (saved && saved->protect)};
    if (suppress) {
        /* an exception in the body may end up right after the statement: the exit block
         * (where __exit__ runs) is one more handler */
        exit = new_block(B);
        int32_t *hs = arena_alloc(B->a, sizeof(int32_t) * (size_t)(outer + 1));
        if (!hs) {
            B->failed = true;
            return;
        }
        hs[0] = exit;
        for (int32_t i = 0; i < outer; i++) hs[i + 1] = saved->handlers[i];
        t.handlers = hs;
        t.nhandlers = outer + 1;
    }
    if (protect || suppress) B->try_ = &t;
    stmts(B, &s->With.body);
    B->try_ = saved;
    if (exit >= 0) {
        add_edge(B, B->cur, exit);
        B->cur = exit;
    }
    emit(B, EV_CALL, -1, s, 0);
}

static void try_stmt(Builder *B, const Node *s) {
    const NodeList *handlers = &s->Try.handlers;
    int32_t after = new_block(B);
    /* The finally body is built twice: `fin` for abrupt entries (an exception, or a return,
     * break or continue leaving the try), which goes on with what entered it; `fin_normal` for
     * normal completion of the body, else clause or a handler, which goes on to `after`. Inside
     * finally bodies nested MAX_FINALLY_COPIES deep, once (fin_normal == fin, leaving to every
     * target): 2^depth copies would be too many. */
    int32_t fin = -1, fin_normal = -1;
    bool pushed = false;
    if (s->Try.finalbody.len) {
        fin = new_block(B);
        fin_normal = B->finally_copies < MAX_FINALLY_COPIES ? new_block(B) : fin;
        if (B->nfinally < 64) {
            B->finally_stack[B->nfinally++] = fin;
            pushed = true;
        }
    }
    /* handler entries, plus the enclosing try's, so an uncaught exception reaches them too */
    int32_t outer = B->try_ ? B->try_->nhandlers : 0;
    int32_t n = handlers->len + (fin >= 0) + outer;
    int32_t *hs = arena_alloc(B->a, sizeof(int32_t) * (size_t)(n ? n : 1));
    if (!hs) {
        B->failed = true;
        return;
    }
    bool protect = B->try_ && B->try_->protect;
    for (int32_t i = 0; i < handlers->len; i++) {
        hs[i] = new_block(B);
        protect |= catches_deref_errors(handlers->items[i]->ExceptHandler.type);
    }
    if (fin >= 0) hs[handlers->len] = fin;
    for (int32_t i = 0; i < outer; i++) hs[handlers->len + (fin >= 0) + i] = B->try_->handlers[i];
    Try t = {hs, n, protect};
    const Try *saved = B->try_;
    B->try_ = &t;
    goto_new(B);
    stmts(B, &s->Try.body);
    /* the else clause and the handlers run inside the finally's protection (and the enclosing
     * try's), not this try's handlers' */
    Try ht = {hs + handlers->len, n - handlers->len, saved && saved->protect};
    B->try_ = fin >= 0 || outer ? &ht : saved;
    if (s->Try.orelse.len && B->cur >= 0) goto_new(B);
    stmts(B, &s->Try.orelse);
    B->try_ = saved;
    int32_t normal_end = B->cur;
    for (int32_t i = 0; i < handlers->len; i++) {
        const Node *h = handlers->items[i];
        B->cur = hs[i];
        B->try_ = fin >= 0 || outer ? &ht : saved;
        B->g->blocks[hs[i]].handlers = ht.handlers;
        B->g->blocks[hs[i]].nhandlers = ht.nhandlers;
        if (h->ExceptHandler.type) eval(B, h->ExceptHandler.type);
        if (h->ExceptHandler.name.s)
            emit(B, EV_ASSIGN, intern_path(B, -1, h->ExceptHandler.name), h, 0);
        stmts(B, &h->ExceptHandler.body);
        if (h->ExceptHandler.name.s)
            emit(B, EV_DEL, intern_path(B, -1, h->ExceptHandler.name), h, 0);
        B->try_ = saved;
        add_edge(B, B->cur, fin >= 0 ? fin_normal : after);
        B->cur = -1;
    }
    if (fin >= 0) {
        if (pushed) B->nfinally--;
        B->finally_copies++;
        add_edge(B, normal_end, fin_normal);
        if (fin_normal != fin) {
            B->cur = fin_normal;
            stmts(B, &s->Try.finalbody);
            add_edge(B, B->cur, after);
        }
        /* out of the abrupt copy: on with the exception (to the enclosing handlers, or out of
         * the unit), return, break or continue that entered it */
        B->cur = fin;
        stmts(B, &s->Try.finalbody);
        B->finally_copies--;
        if (fin_normal == fin) add_edge(B, B->cur, after);
        if (B->cur >= 0) {
            add_edge(B, B->cur, B->g->exit);
            for (int i = 0; i < B->nloops; i++) {
                add_edge(B, B->cur, B->loops[i].brk);
                add_edge(B, B->cur, B->loops[i].cont);
            }
            if (B->nfinally) add_edge(B, B->cur, B->finally_stack[B->nfinally - 1]);
            for (int32_t i = 0; saved && i < saved->nhandlers; i++)
                add_edge(B, B->cur, saved->handlers[i]);
        }
    } else {
        add_edge(B, normal_end, after);
    }
    B->cur = after;
}

static void loop_body(Builder *B, const NodeList *body, int32_t brk, int32_t cont) {
    if (B->nloops < 64) B->loops[B->nloops++] = (Loop){brk, cont, B->nfinally};
    stmts(B, body);
    add_edge(B, B->cur, cont);
    B->cur = -1;
    B->nloops--;
}

static void pattern_binds(Builder *B, const Node *p) {
    switch (p->kind) {
    case AST_MATCH_AS:
        if (p->MatchAs.pattern) pattern_binds(B, p->MatchAs.pattern);
        if (p->MatchAs.name.s) emit(B, EV_ASSIGN, intern_path(B, -1, p->MatchAs.name), p, 0);
        return;
    case AST_MATCH_STAR:
        if (p->MatchStar.name.s) emit(B, EV_ASSIGN, intern_path(B, -1, p->MatchStar.name), p, 0);
        return;
    case AST_MATCH_MAPPING:
        for (int32_t i = 0; i < p->MatchMapping.patterns.len; i++)
            pattern_binds(B, p->MatchMapping.patterns.items[i]);
        if (p->MatchMapping.rest.s)
            emit(B, EV_ASSIGN, intern_path(B, -1, p->MatchMapping.rest), p, 0);
        return;
    case AST_MATCH_CLASS:
        emit(B, EV_CALL, -1, p, 0); /* isinstance and attribute lookups may run code */
        for (int32_t i = 0; i < p->MatchClass.patterns.len; i++)
            pattern_binds(B, p->MatchClass.patterns.items[i]);
        for (int32_t i = 0; i < p->MatchClass.kwd_patterns.len; i++)
            pattern_binds(B, p->MatchClass.kwd_patterns.items[i]);
        return;
    case AST_MATCH_SEQUENCE:
    case AST_MATCH_OR:
        for (int32_t i = 0; i < p->MatchSequence.patterns.len; i++)
            pattern_binds(B, p->MatchSequence.patterns.items[i]);
        return;
    default: return;
    }
}

static void match_stmt(Builder *B, const Node *s) {
    const Node *subject = s->Match.subject;
    eval(B, subject);
    int32_t spath = path_of(B, subject);
    int32_t after = new_block(B);
    for (int32_t i = 0; i < s->Match.cases.len && B->cur >= 0; i++) {
        const Node *c = s->Match.cases.items[i];
        const Node *p = c->match_case.pattern;
        int32_t body = new_block(B), next = new_block(B);
        bool irrefutable = p->kind == AST_MATCH_AS && !p->MatchAs.pattern && !c->match_case.guard;
        CfgEdge te = {body, NULL, true, REFINE_NOTHING, -1, NULL};
        CfgEdge fe = {next, NULL, false, REFINE_NOTHING, -1, NULL};
        if (spath >= 0 && p->kind == AST_MATCH_SINGLETON &&
            p->MatchSingleton.value.kind == CONST_NONE) {
            te.refine = REFINE_IS_NONE;
            fe.refine = REFINE_NOT_NONE;
            te.refine_path = fe.refine_path = spath;
            te.refine_proof = fe.refine_proof = p;
        }
        goto_new(B);
        add_edge_full(B, B->cur, te);
        if (!irrefutable) add_edge_full(B, B->cur, fe);
        B->cur = body;
        pattern_binds(B, p);
        if (c->match_case.guard) {
            int32_t g = new_block(B);
            cond(B, c->match_case.guard, g, next);
            B->cur = g;
        }
        stmts(B, &c->match_case.body);
        add_edge(B, B->cur, after);
        B->cur = irrefutable ? -1 : next;
    }
    add_edge(B, B->cur, after);
    B->cur = after;
}

static void stmt_body(Builder *B, const Node *s);

/* After an assignment statement whose last action stores a plain name (which cannot raise),
 * nothing in the block can raise after its last event. Only meaningful inside a try, where
 * every statement starts a block of its own. */
static void mark_calm_end(Builder *B, const Node *s) {
    if (!B->try_ || B->cur < 0 || B->failed) return;
    if (s->kind != AST_ASSIGN && s->kind != AST_ANN_ASSIGN && s->kind != AST_AUG_ASSIGN) return;
    CfgBlock *b = &B->g->blocks[B->cur];
    if (b->nevents == 0) return;
    const CfgEvent *last = &b->events[b->nevents - 1];
    if ((last->kind == EV_ASSIGN || last->kind == EV_ASSIGN_NONE) && last->node &&
        last->node->kind == AST_NAME)
        b->calm_end = true;
}

static void stmt(Builder *B, const Node *s) {
    if (B->cur < 0) {
        B->cur = new_block(B); /* unreachable code gets a block without predecessors */
    }
    B->stmt = s;
    if (B->try_) goto_new(B); /* each statement of a try body starts an exception point */
    stmt_body(B, s);
    mark_calm_end(B, s);
}

static void stmt_body(Builder *B, const Node *s) {
    switch (s->kind) {
    case AST_EXPR: eval(B, s->Expr.value); return;
    case AST_ASSIGN: {
        const Node *v = s->Assign.value;
        eval(B, v);
        for (int32_t i = 0; i < s->Assign.targets.len; i++)
            store(B, s->Assign.targets.items[i], is_none(v), v);
        return;
    }
    case AST_ANN_ASSIGN:
        if (s->AnnAssign.value) {
            eval(B, s->AnnAssign.value);
            store(B, s->AnnAssign.target, is_none(s->AnnAssign.value), s->AnnAssign.value);
        }
        return;
    case AST_AUG_ASSIGN: {
        const Node *t = s->AugAssign.target;
        if (t->kind == AST_ATTRIBUTE) {
            eval(B, t->Attribute.value);
            deref(B, t->Attribute.value, t, EVF_ATTRIBUTE);
        } else if (t->kind == AST_SUBSCRIPT) {
            eval(B, t->Subscript.value);
            eval(B, t->Subscript.slice);
            deref(B, t->Subscript.value, t, EVF_SUBSCRIPT);
        }
        eval(B, s->AugAssign.value);
        int32_t p = path_of(B, t);
        if (p >= 0) emit(B, EV_DEREF, p, s, EVF_AUGMENTED);
        emit(B, EV_CALL, -1, s, 0); /* __iadd__ and friends run code */
        if (t->kind == AST_ATTRIBUTE) emit(B, EV_ATTR_STORE, p, t, 0);
        if (p >= 0) emit(B, EV_ASSIGN, p, t, 0);
        return;
    }
    case AST_DELETE:
        for (int32_t i = 0; i < s->Delete.targets.len; i++) {
            const Node *t = s->Delete.targets.items[i];
            if (t->kind == AST_TUPLE || t->kind == AST_LIST) {
                const NodeList *l = t->kind == AST_TUPLE ? &t->Tuple.elts : &t->List.elts;
                for (int32_t j = 0; j < l->len; j++) {
                    store(B, l->items[j], false, NULL);
                    emit(B, EV_DEL, path_of(B, l->items[j]), l->items[j], 0);
                }
                continue;
            }
            if (t->kind != AST_NAME) store(B, t, false, NULL);
            emit(B, EV_DEL, path_of(B, t), t, 0);
        }
        return;
    case AST_RETURN:
        if (s->Return.value) eval(B, s->Return.value);
        jump(B, B->g->exit, 0);
        return;
    case AST_RAISE:
        if (s->Raise.exc) eval(B, s->Raise.exc);
        if (s->Raise.cause) eval(B, s->Raise.cause);
        emit(B, EV_CALL, -1, s, 0);
        jump(B, B->g->exit, 0);
        return;
    case AST_BREAK:
        if (B->nloops) jump(B, B->loops[B->nloops - 1].brk, B->loops[B->nloops - 1].finally_depth);
        B->cur = -1;
        return;
    case AST_CONTINUE:
        if (B->nloops) jump(B, B->loops[B->nloops - 1].cont, B->loops[B->nloops - 1].finally_depth);
        B->cur = -1;
        return;
    case AST_IF: {
        int32_t t = new_block(B), f = new_block(B), join = new_block(B);
        cond(B, s->If.test, t, f);
        B->cur = t;
        stmts(B, &s->If.body);
        add_edge(B, B->cur, join);
        B->cur = f;
        stmts(B, &s->If.orelse);
        add_edge(B, B->cur, join);
        B->cur = join;
        return;
    }
    case AST_WHILE: {
        int32_t head = goto_new(B), body = new_block(B), orelse = new_block(B),
                after = new_block(B);
        cond(B, s->While.test, body, orelse);
        B->cur = body;
        loop_body(B, &s->While.body, after, head);
        B->cur = orelse;
        stmts(B, &s->While.orelse);
        add_edge(B, B->cur, after);
        B->cur = after;
        return;
    }
    case AST_FOR:
    case AST_ASYNC_FOR: {
        eval(B, s->For.iter);
        deref(B, s->For.iter, s->For.iter, EVF_ITER);
        int32_t head = goto_new(B), body = new_block(B), orelse = new_block(B),
                after = new_block(B);
        if (s->kind == AST_ASYNC_FOR) emit(B, EV_CALL, -1, s, 0);
        emit(B, EV_CALL, -1, s, 0); /* next() on the iterator runs arbitrary code */
        add_edge(B, head, body);
        add_edge(B, head, orelse);
        B->cur = body;
        store(B, s->For.target, false, NULL);
        loop_body(B, &s->For.body, after, head);
        B->cur = orelse;
        stmts(B, &s->For.orelse);
        add_edge(B, B->cur, after);
        B->cur = after;
        return;
    }
    case AST_WITH:
    case AST_ASYNC_WITH: with_stmt(B, s); return;
    case AST_TRY:
    case AST_TRY_STAR: try_stmt(B, s); return;
    case AST_MATCH: match_stmt(B, s); return;
    case AST_ASSERT: {
        int32_t ok = new_block(B), fail = new_block(B);
        cond(B, s->Assert.test, ok, fail);
        B->cur = fail;
        if (s->Assert.msg) eval(B, s->Assert.msg);
        jump(B, B->g->exit, 0);
        B->cur = ok;
        return;
    }
    case AST_IMPORT:
    case AST_IMPORT_FROM:
        emit(B, EV_CALL, -1, s, 0);
        const NodeList *names = s->kind == AST_IMPORT ? &s->Import.names : &s->ImportFrom.names;
        for (int32_t i = 0; i < names->len; i++) {
            const Node *al = names->items[i];
            Str name = al->alias.asname.s ? al->alias.asname : al->alias.name;
            if (!al->alias.asname.s) {
                const char *dot = memchr(name.s, '.', (size_t)name.len);
                if (dot) name.len = (int32_t)(dot - name.s);
            }
            if (name.len == 1 && name.s[0] == '*') continue;
            emit(B, EV_ASSIGN, intern_path(B, -1, name), al, 0);
        }
        return;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: {
        eval_list(B, &s->FunctionDef.decorator_list);
        const Node *args = s->FunctionDef.args;
        eval_list(B, &args->arguments.defaults);
        eval_list(B, &args->arguments.kw_defaults);
        if (s->FunctionDef.decorator_list.len) emit(B, EV_CALL, -1, s, 0);
        emit(B, EV_ASSIGN, intern_path(B, -1, s->FunctionDef.name), s, 0);
        return;
    }
    case AST_CLASS_DEF:
        eval_list(B, &s->ClassDef.decorator_list);
        eval_list(B, &s->ClassDef.bases);
        for (int32_t i = 0; i < s->ClassDef.keywords.len; i++)
            eval(B, s->ClassDef.keywords.items[i]->keyword.value);
        emit(B, EV_CALL, -1, s, 0);
        emit(B, EV_ASSIGN, intern_path(B, -1, s->ClassDef.name), s, 0);
        return;
    case AST_TYPE_ALIAS: emit(B, EV_ASSIGN, path_of(B, s->TypeAlias.name), s, 0); return;
    default: return; /* pass, global, nonlocal */
    }
}

static void stmts(Builder *B, const NodeList *l) {
    for (int32_t i = 0; i < l->len; i++) {
        if (B->failed) return;
        stmt(B, l->items[i]);
    }
}

/* ---- the unit ----------------------------------------------------------------------------- */

static void compute_rpo(Arena *a, Cfg *g) {
    int32_t n = g->nblocks;
    g->rpo = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    g->rpo_index = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    int32_t *stack = arena_alloc(a, sizeof(int32_t) * (size_t)n * 2);
    uint8_t *seen = arena_zalloc(a, (size_t)n);
    if (!g->rpo || !g->rpo_index || !stack || !seen) return;
    /* iterative DFS: (block, next successor index) pairs */
    int32_t sp = 0, out = n;
    stack[sp++] = g->entry;
    stack[sp++] = 0;
    seen[g->entry] = 1;
    while (sp) {
        int32_t b = stack[sp - 2], i = stack[sp - 1];
        const CfgBlock *blk = &g->blocks[b];
        if (i < blk->nsucc + blk->nhandlers) { /* exception edges count as successors */
            stack[sp - 1] = i + 1;
            int32_t s = i < blk->nsucc ? blk->succ[i].to : blk->handlers[i - blk->nsucc];
            if (!seen[s]) {
                seen[s] = 1;
                stack[sp++] = s;
                stack[sp++] = 0;
            }
        } else {
            g->rpo[--out] = b;
            sp -= 2;
        }
    }
    g->nrpo = n - out;
    memmove(g->rpo, g->rpo + out, sizeof(int32_t) * (size_t)g->nrpo);
    for (int32_t i = 0; i < n; i++) g->rpo_index[i] = -1;
    for (int32_t i = 0; i < g->nrpo; i++) g->rpo_index[g->rpo[i]] = i;
}

Cfg *cfg_build(Arena *a, const Node *unit) {
    return cfg_build_loads(a, unit, NULL);
}

Cfg *cfg_build_loads(Arena *a, const Node *unit, const NameSet *loads) {
    Cfg *g = arena_zalloc(a, sizeof *g);
    if (!g) return NULL;
    g->unit = unit;
    Builder B = {0};
    B.a = a;
    B.g = g;
    B.loads = loads;
    const NodeList *body;
    switch (unit->kind) {
    case AST_MODULE: body = &unit->Module.body; break;
    case AST_CLASS_DEF: body = &unit->ClassDef.body; break;
    default: body = &unit->FunctionDef.body; break;
    }
    UnitNames *names = arena_alloc(a, sizeof *names);
    if (!names || !unit_names_scan(a, unit, names)) return NULL;
    g->names = names;
    g->entry = new_block(&B);
    g->exit = new_block(&B);
    B.cur = new_block(&B);
    add_edge(&B, g->entry, B.cur);
    stmts(&B, body);
    add_edge(&B, B.cur, g->exit);
    if (B.failed) return NULL;
    compute_rpo(a, g);
    if (!g->rpo) return NULL;
    return g;
}

int32_t cfg_path_add(Arena *a, Cfg *g, const Node *e) {
    Builder B = {0};
    B.a = a;
    B.g = g;
    int32_t p = path_of(&B, e);
    return B.failed ? -1 : p;
}

int32_t cfg_path_of(Cfg *g, const Node *e) {
    switch (e->kind) {
    case AST_NAME:
    case AST_NAMED_EXPR:
    case AST_ATTRIBUTE: break;
    default: return -1;
    }
    /* lookup only: never adds */
    if (e->kind == AST_NAMED_EXPR) return cfg_path_of(g, e->NamedExpr.target);
    int32_t parent = -1;
    Str name;
    if (e->kind == AST_NAME) {
        name = e->Name.id;
    } else {
        parent = cfg_path_of(g, e->Attribute.value);
        if (parent < 0) return -1;
        name = e->Attribute.attr;
    }
    if (!g->hash_cap) return -1;
    uint32_t k = path_hash(parent, name) & (uint32_t)(g->hash_cap - 1);
    for (; g->path_hash[k] >= 0; k = (k + 1) & (uint32_t)(g->hash_cap - 1)) {
        const CfgPath *p = &g->paths[g->path_hash[k]];
        if (p->parent == parent && str_eq(p->name, name)) return g->path_hash[k];
    }
    return -1;
}

void cfg_path_text(const Cfg *g, int32_t path, char *buf, size_t cap) {
    if (cap == 0) return;
    if (path < 0) {
        snprintf(buf, cap, "?");
        return;
    }
    const CfgPath *p = &g->paths[path];
    if (p->parent < 0) {
        snprintf(buf, cap, "%.*s", (int)p->name.len, p->name.s);
        return;
    }
    cfg_path_text(g, p->parent, buf, cap);
    size_t n = strlen(buf);
    if (n + 1 < cap) snprintf(buf + n, cap - n, ".%.*s", (int)p->name.len, p->name.s);
}

bool cfg_path_has_prefix(const Cfg *g, int32_t inner, int32_t outer) {
    while (inner >= 0) {
        if (inner == outer) return true;
        inner = g->paths[inner].parent;
    }
    return false;
}

/* Of Lengauer and Tarjan's algorithm: the vertex of least semi on v's path up the forest built
 * so far, compressing the path (iteratively: `stack` holds it). */
static int32_t dom_eval(int32_t v, int32_t *ancestor, int32_t *label, const int32_t *semi,
                        int32_t *stack) {
    if (ancestor[v] < 0) return v;
    int32_t top = 0;
    for (int32_t x = v; ancestor[ancestor[x]] >= 0; x = ancestor[x]) stack[top++] = x;
    while (top) {
        int32_t x = stack[--top], anc = ancestor[x];
        if (semi[label[anc]] < semi[label[x]]) label[x] = label[anc];
        ancestor[x] = ancestor[anc];
    }
    return label[v];
}

/* Lengauer and Tarjan's algorithm, with path compression and simple linking (O(E log V)): a
 * block entered from many places deep in the dominator tree (the exit, after thousands of
 * `return`s) costs what its edges cost. (An iteration in the manner of Cooper, Harvey and
 * Kennedy walks up the tree from each of those places: quadratic in such a function.) Exception
 * edges count as edges. Vertices are numbered in DFS preorder; semi[] and the labels hold those
 * numbers. */
int32_t *cfg_dominators(Arena *a, const Cfg *g) {
    int32_t n = g->nblocks;
    int32_t *idom = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    int32_t *pre = arena_alloc(a, sizeof(int32_t) * (size_t)n);    /* block -> number */
    int32_t *vertex = arena_alloc(a, sizeof(int32_t) * (size_t)n); /* number -> block */
    int32_t *parent = arena_alloc(a, sizeof(int32_t) * (size_t)n); /* by number */
    int32_t *semi = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    int32_t *label = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    int32_t *ancestor = arena_alloc(a, sizeof(int32_t) * (size_t)n);
    int32_t *bucket = arena_alloc(a, sizeof(int32_t) * (size_t)n); /* first of a number's list */
    int32_t *next = arena_alloc(a, sizeof(int32_t) * (size_t)n);   /* in that list */
    int32_t *stack = arena_alloc(a, sizeof(int32_t) * (size_t)n * 2);
    int32_t *npred = arena_zalloc(a, sizeof(int32_t) * (size_t)(n + 1));
    if (!idom || !pre || !vertex || !parent || !semi || !label || !ancestor || !bucket || !next ||
        !stack || !npred)
        return NULL;
    for (int32_t b = 0; b < n; b++) {
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t i = 0; i < blk->nsucc; i++) npred[blk->succ[i].to + 1]++;
        for (int32_t i = 0; i < blk->nhandlers; i++) npred[blk->handlers[i] + 1]++;
        idom[b] = pre[b] = bucket[b] = ancestor[b] = -1;
    }
    for (int32_t b = 0; b < n; b++) npred[b + 1] += npred[b];
    int32_t *preds = arena_alloc(a, sizeof(int32_t) * (size_t)(npred[n] ? npred[n] : 1));
    int32_t *fill = arena_zalloc(a, sizeof(int32_t) * (size_t)n);
    if (!preds || !fill) return NULL;
    for (int32_t b = 0; b < n; b++) {
        const CfgBlock *blk = &g->blocks[b];
        for (int32_t i = 0; i < blk->nsucc + blk->nhandlers; i++) {
            int32_t s = i < blk->nsucc ? blk->succ[i].to : blk->handlers[i - blk->nsucc];
            preds[npred[s] + fill[s]++] = b;
        }
    }
    /* depth-first numbering: (block, next successor) pairs */
    int32_t count = 0, sp = 0;
    pre[g->entry] = count, vertex[count] = g->entry, parent[count++] = -1;
    stack[sp++] = g->entry, stack[sp++] = 0;
    while (sp) {
        int32_t b = stack[sp - 2], i = stack[sp - 1];
        const CfgBlock *blk = &g->blocks[b];
        if (i == blk->nsucc + blk->nhandlers) {
            sp -= 2;
            continue;
        }
        stack[sp - 1] = i + 1;
        int32_t s = i < blk->nsucc ? blk->succ[i].to : blk->handlers[i - blk->nsucc];
        if (pre[s] >= 0) continue;
        pre[s] = count, vertex[count] = s, parent[count++] = pre[b];
        stack[sp++] = s, stack[sp++] = 0;
    }
    for (int32_t v = 0; v < count; v++) semi[v] = label[v] = v;
    for (int32_t w = count - 1; w > 0; w--) {
        for (int32_t k = npred[vertex[w]]; k < npred[vertex[w] + 1]; k++) {
            int32_t v = pre[preds[k]];
            if (v < 0) continue; /* unreachable */
            int32_t u = dom_eval(v, ancestor, label, semi, stack);
            if (semi[u] < semi[w]) semi[w] = semi[u];
        }
        next[w] = bucket[semi[w]], bucket[semi[w]] = w;
        int32_t p = parent[w];
        ancestor[w] = p; /* link */
        for (int32_t v = bucket[p]; v >= 0; v = next[v]) {
            int32_t u = dom_eval(v, ancestor, label, semi, stack);
            idom[vertex[v]] = semi[u] < semi[v] ? u : p; /* a number, for now */
        }
        bucket[p] = -1;
    }
    for (int32_t w = 1; w < count; w++) {
        int32_t b = vertex[w];
        if (idom[b] != semi[w]) idom[b] = idom[vertex[idom[b]]];
    }
    for (int32_t w = 1; w < count; w++) idom[vertex[w]] = vertex[idom[vertex[w]]];
    idom[g->entry] = g->entry;
    return idom;
}
