/* class_attrs.c — see class_attrs.h. */
#include "class_attrs.h"

#include <string.h>

#include "cfg/names.h"

enum {
    MAX_MRO = 64,          /* classes of one MRO looked at; more: unknown */
    MAX_DESCENDANTS = 256, /* subclasses in the file looked at; more: unknown */
};

typedef struct FileClass {
    const Node *node;
    bool module_level;
    bool read;     /* its body has been read (opaque, names) */
    bool opaque;   /* something unseen may define attributes (see class_attrs.h) */
    NameSet names; /* names its body binds other than plainly */
} FileClass;

/* What a name is at module level, and which classes name it as a base. */
typedef struct FileName {
    Str name;
    int32_t bindings; /* at module level (a `global` declaration anywhere counts as one more) */
    int32_t cls;      /* the class its one binding defines, or -1 */
    int32_t sub;      /* the first class with a base spelled with this name, or -1 (a chain of
                         edges) */
} FileName;

typedef struct FileSubclass {
    int32_t cls, next;
} FileSubclass;

typedef struct Classes {
    Arena *a;
    VEC(FileClass) classes; /* in source order */
    VEC(FileName) names;
    int32_t *table; /* open addressing over names */
    int32_t cap;
    VEC(FileSubclass) subs;
    VEC(Str) stores; /* pairs: a name and an attribute stored on it (not `self.x = ...`) */
    NameSet stored;  /* attributes stored on a class of the file or `cls` (from stores) */
    NameSet scratch;
    bool star; /* a `from m import *` at module level */
    bool failed;
} Classes;

/* ---- names -------------------------------------------------------------------------------- */

static uint32_t file_name_hash(Str s) {
    return (uint32_t)hash_bytes(s.s, (size_t)s.len, HASH_SEED);
}

static FileName *name_find(Classes *C, Str name, bool add) {
    if (add && (C->names.len + 1) * 2 > C->cap) {
        int32_t cap = C->cap ? C->cap * 2 : 64;
        int32_t *t = arena_alloc(C->a, sizeof(int32_t) * (size_t)cap);
        if (!t) {
            C->failed = true;
            return NULL;
        }
        memset(t, 0xff, sizeof(int32_t) * (size_t)cap);
        for (int32_t i = 0; i < C->names.len; i++) {
            uint32_t k = file_name_hash(C->names.items[i].name) & (uint32_t)(cap - 1);
            while (t[k] >= 0) k = (k + 1) & (uint32_t)(cap - 1);
            t[k] = i;
        }
        C->table = t;
        C->cap = cap;
    }
    if (!C->cap) return NULL;
    uint32_t mask = (uint32_t)C->cap - 1, k = file_name_hash(name) & mask;
    for (; C->table[k] >= 0; k = (k + 1) & mask)
        if (str_eq(C->names.items[C->table[k]].name, name)) return &C->names.items[C->table[k]];
    if (!add) return NULL;
    if (VEC_PUSH(C->a, C->names, ((FileName){name, 0, -1, -1}))) {
        C->failed = true;
        return NULL;
    }
    C->table[k] = C->names.len - 1;
    return &C->names.items[C->names.len - 1];
}

/* The name a base expression is spelled with: `B` or `m.B`; empty for anything else. */
static Str base_name(const Node *b) {
    if (b->kind == AST_NAME) return b->Name.id;
    if (b->kind == AST_ATTRIBUTE) return b->Attribute.attr;
    return (Str){NULL, 0};
}

/* ---- collecting --------------------------------------------------------------------------- */

static void bind_module_name(Classes *C, Str name, int32_t cls) {
    FileName *n = name_find(C, name, true);
    if (!n) return;
    n->bindings++;
    n->cls = n->bindings == 1 ? cls : -1;
}

static int32_t add_class(Classes *C, const Node *cls, bool module_level) {
    FileClass ci = {cls, module_level, false, false, {0}};
    if (VEC_PUSH(C->a, C->classes, ci)) {
        C->failed = true;
        return -1;
    }
    int32_t idx = C->classes.len - 1;
    for (int32_t i = 0; i < cls->ClassDef.bases.len; i++) {
        Str b = base_name(cls->ClassDef.bases.items[i]);
        FileName *n = b.s ? name_find(C, b, true) : NULL;
        if (!n || VEC_PUSH(C->a, C->subs, ((FileSubclass){idx, n->sub}))) continue;
        n->sub = C->subs.len - 1;
    }
    return idx;
}

/* What an attribute store is made on, as far as it matters here: a name; `cls` for an object
 * that is surely a class (`type(x)`, `x.__class__`); empty for anything else. */
static Str class_like(const Node *on) {
    if (on->kind == AST_NAME) return on->Name.id;
    bool type_of = on->kind == AST_CALL && on->Call.func->kind == AST_NAME &&
                   str_eq_c(on->Call.func->Name.id, "type") && on->Call.args.len == 1;
    bool dunder = on->kind == AST_ATTRIBUTE && str_eq_c(on->Attribute.attr, "__class__");
    return type_of || dunder ? (Str){"cls", 3} : (Str){NULL, 0};
}

static void add_store(Classes *C, Str on, Str attr) {
    /* `self.x = ...` is an instance's own entry: what DW201 asks about */
    if (!on.s || str_eq_c(on, "self")) return;
    if (VEC_PUSH(C->a, C->stores, on) || VEC_PUSH(C->a, C->stores, attr)) C->failed = true;
}

/* Everywhere in the file: classes, `global` declarations, attribute stores not on `self`,
 * setattr() calls. */
static int collect(Node *n, void *ud) {
    Classes *C = ud;
    switch (n->kind) {
    case AST_CLASS_DEF: add_class(C, n, false); break;
    case AST_GLOBAL:
        for (int32_t i = 0; i < n->Global.names.len; i++)
            bind_module_name(C, n->Global.names.items[i], -1);
        break;
    case AST_ATTRIBUTE:
        if (n->Attribute.ctx != AST_LOAD)
            add_store(C, class_like(n->Attribute.value), n->Attribute.attr);
        break;
    case AST_CALL: { /* setattr(C, "name", ...); a computed name stands for every name */
        const Node *f = n->Call.func;
        const NodeList *args = &n->Call.args;
        if (f->kind == AST_NAME && str_eq_c(f->Name.id, "setattr") && args->len >= 2)
            add_store(C, class_like(args->items[0]),
                      args->items[1]->kind == AST_CONSTANT &&
                              args->items[1]->Constant.value.kind == CONST_STR
                          ? args->items[1]->Constant.value.s
                          : (Str){"*", 1});
        break;
    }
    default: break;
    }
    ast_children(n, collect, ud);
    return C->failed;
}

/* The FileClass of a ClassDef node: classes are collected in source order. */
static int32_t class_index(const Classes *C, const Node *cls) {
    int32_t lo = 0, hi = C->classes.len - 1;
    while (lo <= hi) {
        int32_t mid = lo + (hi - lo) / 2;
        const Node *m = C->classes.items[mid].node;
        if (m == cls) return mid;
        bool before = m->lineno < cls->lineno ||
                      (m->lineno == cls->lineno && m->col_offset < cls->col_offset);
        if (before)
            lo = mid + 1;
        else
            hi = mid - 1;
    }
    return -1;
}

/* Counts every name n binds as one more module-level binding. */
static void bind_all(Classes *C, const Node *n) {
    NameSet *set = &C->scratch;
    if (set->cap) memset(set->slots, 0, sizeof(Str) * (size_t)set->cap);
    set->count = 0;
    if (!names_bound_by(C->a, n, set)) C->failed = true;
    for (int32_t k = 0; k < set->cap; k++)
        if (set->slots[k].s) bind_module_name(C, set->slots[k], -1);
}

/* The module's own statements: which names they bind, how often, and which classes are at
 * module level (also inside `if`, `try`, `for`, `while`, `with` and `match` at module level). */
static void module_statements(Classes *C, const NodeList *body) {
    for (int32_t i = 0; i < body->len && !C->failed; i++) {
        const Node *s = body->items[i];
        switch (s->kind) {
        case AST_CLASS_DEF: {
            int32_t k = class_index(C, s);
            if (k < 0) break;
            C->classes.items[k].module_level = true;
            bind_module_name(C, s->ClassDef.name, k);
            break;
        }
        case AST_IF:
            bind_all(C, s->If.test);
            module_statements(C, &s->If.body);
            module_statements(C, &s->If.orelse);
            break;
        case AST_WHILE:
            bind_all(C, s->While.test);
            module_statements(C, &s->While.body);
            module_statements(C, &s->While.orelse);
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            bind_all(C, s->For.target);
            bind_all(C, s->For.iter);
            module_statements(C, &s->For.body);
            module_statements(C, &s->For.orelse);
            break;
        case AST_WITH:
        case AST_ASYNC_WITH:
            for (int32_t k = 0; k < s->With.items.len; k++) bind_all(C, s->With.items.items[k]);
            module_statements(C, &s->With.body);
            break;
        case AST_TRY:
        case AST_TRY_STAR:
            module_statements(C, &s->Try.body);
            for (int32_t k = 0; k < s->Try.handlers.len; k++) {
                const Node *h = s->Try.handlers.items[k];
                if (h->ExceptHandler.name.s) bind_module_name(C, h->ExceptHandler.name, -1);
                module_statements(C, &h->ExceptHandler.body);
            }
            module_statements(C, &s->Try.orelse);
            module_statements(C, &s->Try.finalbody);
            break;
        case AST_MATCH:
            bind_all(C, s->Match.subject);
            for (int32_t k = 0; k < s->Match.cases.len; k++) {
                const Node *c = s->Match.cases.items[k];
                bind_all(C, c->match_case.pattern);
                if (c->match_case.guard) bind_all(C, c->match_case.guard);
                module_statements(C, &c->match_case.body);
            }
            break;
        case AST_IMPORT_FROM:
            for (int32_t k = 0; k < s->ImportFrom.names.len; k++)
                if (str_eq_c(s->ImportFrom.names.items[k]->alias.name, "*")) C->star = true;
            bind_all(C, s);
            break;
        default: bind_all(C, s); break;
        }
    }
}

static Classes *classes_of(CheckCtx *cx) {
    if (cx->classes) return cx->classes;
    Classes *C = arena_zalloc(cx->arena, sizeof *C);
    if (!C) return NULL;
    C->a = cx->arena;
    Node *module = cx->parse->module;
    collect(module, C);
    module_statements(C, &module->Module.body);
    /* the stores that may install a descriptor: on a class of the file, or on `cls` */
    NameSet names = {0};
    for (int32_t i = 0; i < C->classes.len; i++)
        name_set_add(C->a, &names, C->classes.items[i].node->ClassDef.name);
    for (int32_t i = 0; i + 1 < C->stores.len; i += 2)
        if (str_eq_c(C->stores.items[i], "cls") || name_set_has(&names, C->stores.items[i]))
            name_set_add(C->a, &C->stored, C->stores.items[i + 1]);
    if (C->failed) return NULL;
    cx->classes = C;
    return C;
}

/* ---- a class's body ----------------------------------------------------------------------- */

/* A value a class attribute may hold without being a descriptor. */
static bool never_descriptor(const Node *v) {
    switch (v->kind) {
    case AST_CONSTANT:
    case AST_LIST:
    case AST_TUPLE:
    case AST_SET:
    case AST_DICT:
    case AST_LAMBDA:
    case AST_JOINED_STR:
    case AST_UNARY_OP: return v->kind != AST_UNARY_OP || v->UnaryOp.operand->kind == AST_CONSTANT;
    default: return false;
    }
}

/* Names that let a class run code when an instance's attribute is stored or read. */
static bool hooks_attributes(Str name) {
    return str_eq_c(name, "__setattr__") || str_eq_c(name, "__getattribute__") ||
           str_eq_c(name, "__init_subclass__");
}

/* A class decorator known to add no descriptor (`@dataclass` without frozen=True: a frozen
 * dataclass's __setattr__ raises). */
static bool harmless_decorator(const Node *d) {
    const Node *f = d->kind == AST_CALL ? d->Call.func : d;
    Str name = base_name(f);
    if (str_eq_c(name, "total_ordering") || str_eq_c(name, "final")) return d->kind != AST_CALL;
    if (!str_eq_c(name, "dataclass")) return false;
    for (int32_t i = 0; d->kind == AST_CALL && i < d->Call.keywords.len; i++) {
        Str kw = d->Call.keywords.items[i]->keyword.arg;
        if (!kw.s || str_eq_c(kw, "frozen")) return false; /* **options may hold frozen */
    }
    return true;
}

static void body_names(Classes *C, FileClass *ci, const NodeList *body);

/* One statement of a class body: what it binds other than plainly. */
static void body_statement(Classes *C, FileClass *ci, const Node *s) {
    NameSet *names = &ci->names;
    switch (s->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
        if (hooks_attributes(s->FunctionDef.name)) ci->opaque = true;
        if (s->FunctionDef.decorator_list.len) name_set_add(C->a, names, s->FunctionDef.name);
        return;
    case AST_CLASS_DEF: return; /* a nested class is no data descriptor */
    case AST_ASSIGN: {
        bool plain = never_descriptor(s->Assign.value);
        for (int32_t i = 0; i < s->Assign.targets.len && plain; i++)
            plain = s->Assign.targets.items[i]->kind == AST_NAME &&
                    !hooks_attributes(s->Assign.targets.items[i]->Name.id);
        if (plain) return;
        break;
    }
    case AST_ANN_ASSIGN:
        if (s->AnnAssign.target->kind == AST_NAME &&
            !hooks_attributes(s->AnnAssign.target->Name.id) &&
            (!s->AnnAssign.value || never_descriptor(s->AnnAssign.value)))
            return;
        break;
    case AST_IF:
        body_names(C, ci, &s->If.body);
        body_names(C, ci, &s->If.orelse);
        return;
    case AST_TRY:
    case AST_TRY_STAR:
        body_names(C, ci, &s->Try.body);
        body_names(C, ci, &s->Try.orelse);
        body_names(C, ci, &s->Try.finalbody);
        for (int32_t k = 0; k < s->Try.handlers.len; k++) {
            const Node *h = s->Try.handlers.items[k];
            name_set_add(C->a, names, h->ExceptHandler.name);
            body_names(C, ci, &h->ExceptHandler.body);
        }
        return;
    default: break; /* loops, `with`, imports, ...: every name they bind, bodies included */
    }
    if (!names_bound_by(C->a, s, names)) C->failed = true;
}

static void body_names(Classes *C, FileClass *ci, const NodeList *body) {
    for (int32_t i = 0; i < body->len; i++) body_statement(C, ci, body->items[i]);
}

static FileClass *read_class(Classes *C, FileClass *ci) {
    if (ci->read) return ci;
    ci->read = true;
    const Node *n = ci->node;
    ci->opaque = n->ClassDef.keywords.len > 0;
    for (int32_t i = 0; i < n->ClassDef.decorator_list.len; i++)
        if (!harmless_decorator(n->ClassDef.decorator_list.items[i])) ci->opaque = true;
    body_names(C, ci, &n->ClassDef.body);
    /* bound some other way (an assignment, an import) */
    static const char *const hooks[] = {"__setattr__", "__getattribute__", "__init_subclass__"};
    for (size_t i = 0; i < sizeof hooks / sizeof *hooks; i++)
        if (name_set_has(&ci->names, (Str){hooks[i], (int32_t)strlen(hooks[i])})) ci->opaque = true;
    return ci;
}

/* ---- the question ------------------------------------------------------------------------- */

static bool plain_in(Classes *C, int32_t k, Str attr) {
    FileClass *ci = read_class(C, &C->classes.items[k]);
    return !C->failed && !ci->opaque && !name_set_has(&ci->names, attr);
}

static bool listed(const int32_t *list, int32_t n, int32_t k) {
    for (int32_t i = 0; i < n; i++)
        if (list[i] == k) return true;
    return false;
}

bool class_attr_is_plain(CheckCtx *cx, const Node *cls, Str attr) {
    Classes *C = classes_of(cx);
    int32_t first = C ? class_index(C, cls) : -1;
    if (first < 0 || name_set_has(&C->stored, attr) || name_set_has(&C->stored, (Str){"*", 1}))
        return false;
    /* the MRO: the class and every base, resolved at module level */
    int32_t mro[MAX_MRO], n = 0;
    mro[n++] = first;
    for (int32_t i = 0; i < n; i++) {
        const FileClass *ci = &C->classes.items[mro[i]];
        if (!plain_in(C, mro[i], attr)) return false;
        const NodeList *bases = &ci->node->ClassDef.bases;
        for (int32_t b = 0; b < bases->len; b++) {
            const Node *base = bases->items[b];
            if (base->kind == AST_NAME && str_eq_c(base->Name.id, "object")) continue;
            if (base->kind != AST_NAME || !ci->module_level || C->star) return false;
            const FileName *ni = name_find(C, base->Name.id, false);
            if (!ni || ni->bindings != 1 || ni->cls < 0) return false;
            if (listed(mro, n, ni->cls)) continue;
            if (n == MAX_MRO) return false;
            mro[n++] = ni->cls;
        }
    }
    /* the classes of the file naming it as a base, and theirs, and so on */
    int32_t subs[MAX_DESCENDANTS], ns = 0;
    subs[ns++] = first;
    for (int32_t i = 0; i < ns; i++) {
        const FileName *ni = name_find(C, C->classes.items[subs[i]].node->ClassDef.name, false);
        for (int32_t e = ni ? ni->sub : -1; e >= 0; e = C->subs.items[e].next) {
            int32_t k = C->subs.items[e].cls;
            if (listed(subs, ns, k)) continue;
            if (ns == MAX_DESCENDANTS || !plain_in(C, k, attr)) return false;
            subs[ns++] = k;
        }
    }
    return true;
}
