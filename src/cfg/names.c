/* names.c — the names a code unit binds and declares, to tell its own variables from names other
 * code may rebind (see names.h). */
#include "names.h"

#include <string.h>

static uint32_t name_hash(Str s) {
    return (uint32_t)hash_quick(s.s, (size_t)s.len);
}

bool name_set_has(const NameSet *set, Str name) {
    if (!set->cap) return false;
    uint32_t mask = (uint32_t)set->cap - 1;
    for (uint32_t k = name_hash(name) & mask; set->slots[k].s; k = (k + 1) & mask)
        if (str_eq(set->slots[k], name)) return true;
    return false;
}

bool name_set_add(Arena *a, NameSet *set, Str name) {
    if (!name.s || name_set_has(set, name)) return true;
    if ((set->count + 1) * 2 > set->cap) {
        int32_t cap = set->cap ? set->cap * 2 : 32;
        Str *slots = arena_zalloc(a, sizeof(Str) * (size_t)cap);
        if (!slots) return false;
        for (int32_t i = 0; i < set->cap; i++) {
            if (!set->slots[i].s) continue;
            uint32_t k = name_hash(set->slots[i]) & (uint32_t)(cap - 1);
            while (slots[k].s) k = (k + 1) & (uint32_t)(cap - 1);
            slots[k] = set->slots[i];
        }
        set->slots = slots;
        set->cap = cap;
    }
    uint32_t mask = (uint32_t)set->cap - 1, k = name_hash(name) & mask;
    while (set->slots[k].s) k = (k + 1) & mask;
    set->slots[k] = name;
    set->count++;
    return true;
}

typedef struct Scan {
    Arena *a;
    UnitNames *u;
    NameSet *bound; /* where bind() adds */
    bool failed;
} Scan;

static void bind(Scan *S, Str name) {
    if (!name_set_add(S->a, S->bound, name)) S->failed = true;
}

/* `global` and `nonlocal` anywhere below, nested functions included. */
static int scan_declared(Node *n, void *ud) {
    Scan *S = ud;
    if (n->kind == AST_GLOBAL || n->kind == AST_NONLOCAL) {
        const StrList *l = n->kind == AST_GLOBAL ? &n->Global.names : &n->Nonlocal.names;
        for (int32_t i = 0; i < l->len; i++)
            if (!name_set_add(S->a, &S->u->declared, l->items[i])) S->failed = true;
    }
    ast_children(n, scan_declared, ud);
    return S->failed;
}

/* Walrus targets inside a comprehension bind in the enclosing function; nothing else does. */
static int scan_comprehension(Node *n, void *ud) {
    Scan *S = ud;
    if (n->kind == AST_LAMBDA) return 0;
    if (n->kind == AST_NAMED_EXPR && n->NamedExpr.target->kind == AST_NAME)
        bind(S, n->NamedExpr.target->Name.id);
    ast_children(n, scan_comprehension, ud);
    return S->failed;
}

/* What the function's own code binds; nested scopes bind only their own name here. A binding
 * missed here makes the name shared, which only loses findings. */
static int scan_bound(Node *n, void *ud) {
    Scan *S = ud;
    switch (n->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: bind(S, n->FunctionDef.name); return S->failed;
    case AST_CLASS_DEF: bind(S, n->ClassDef.name); return S->failed;
    case AST_LAMBDA: return 0;
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_GENERATOR_EXP:
    case AST_DICT_COMP: return scan_comprehension(n, ud);
    case AST_NAME:
        if (n->Name.ctx == AST_STORE || n->Name.ctx == AST_DEL) bind(S, n->Name.id);
        return S->failed;
    case AST_EXCEPT_HANDLER: bind(S, n->ExceptHandler.name); break;
    case AST_ALIAS: {
        Str name = n->alias.asname.s ? n->alias.asname : n->alias.name;
        if (!n->alias.asname.s) {
            const char *dot = memchr(name.s, '.', (size_t)name.len);
            if (dot) name.len = (int32_t)(dot - name.s);
        }
        bind(S, name);
        return S->failed;
    }
    case AST_MATCH_AS: bind(S, n->MatchAs.name); break;
    case AST_MATCH_STAR: bind(S, n->MatchStar.name); break;
    case AST_MATCH_MAPPING: bind(S, n->MatchMapping.rest); break;
    default: break;
    }
    ast_children(n, scan_bound, ud);
    return S->failed;
}

static void bind_args(Scan *S, const Node *args) {
    const NodeList *lists[] = {&args->arguments.posonlyargs, &args->arguments.args,
                               &args->arguments.kwonlyargs};
    for (int i = 0; i < 3; i++)
        for (int32_t j = 0; j < lists[i]->len; j++) bind(S, lists[i]->items[j]->arg.arg);
    if (args->arguments.vararg) bind(S, args->arguments.vararg->arg.arg);
    if (args->arguments.kwarg) bind(S, args->arguments.kwarg->arg.arg);
}

bool unit_names_scan(Arena *a, const Node *unit, UnitNames *out) {
    memset(out, 0, sizeof *out);
    if (unit->kind != AST_FUNCTION_DEF && unit->kind != AST_ASYNC_FUNCTION_DEF) {
        out->all_shared = true;
        return true;
    }
    Scan S = {a, out, &out->bound, false};
    bind_args(&S, unit->FunctionDef.args);
    const NodeList *body = &unit->FunctionDef.body;
    for (int32_t i = 0; i < body->len && !S.failed; i++) {
        scan_declared(body->items[i], &S);
        scan_bound(body->items[i], &S);
    }
    return !S.failed;
}

bool unit_name_shared(const UnitNames *u, Str name) {
    return u->all_shared || name_set_has(&u->declared, name) || !name_set_has(&u->bound, name);
}

bool names_bound_by(Arena *a, const Node *n, NameSet *set) {
    Scan S = {a, NULL, set, false};
    scan_bound((Node *)n, &S);
    return !S.failed;
}
