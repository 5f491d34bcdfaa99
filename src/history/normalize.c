/* normalize.c — erasing a function's cosmetic choices in place; see normalize.h.
 *
 * Two walks over the def: the first collects the names the function binds (its locals), the
 * second rewrites every node bottom-up through the field descriptors of ast.def (so every kind of
 * child is reached, and a node can be replaced in its parent), renaming locals as it meets them,
 * which numbers them in the order the canonical walk first meets them. */
#include "normalize.h"

#include <stdio.h>

/* A set of names: open addressing over Str, with each name's canonical number. */
typedef struct NameSet {
    Str *keys;
    int32_t *num;
    uint32_t cap; /* a power of two */
    int32_t len, numbered;
} NameSet;

typedef struct Norm {
    Arena *a;
    NormStrength strength;
    NameSet locals, globals;
    const char **names; /* "$0", "$1", ... made so far */
    int32_t nnames;
    int depth; /* of collect's walk */
    bool failed;
} Norm;

enum { MAX_LOCALS = 1 << 16 };

static uint32_t slot(const NameSet *s, Str k) {
    uint32_t h = (uint32_t)hash_bytes(k.s, (size_t)k.len, HASH_SEED), m = s->cap - 1;
    for (uint32_t i = h & m;; i = (i + 1) & m)
        if (!s->keys[i].s || str_eq(s->keys[i], k)) return i;
}

static bool set_has(const NameSet *s, Str k) {
    return s->cap && k.s && s->keys[slot(s, k)].s;
}

static void set_add(Norm *n, NameSet *s, Str k) {
    if (!k.s || n->failed || set_has(s, k)) return;
    if ((uint32_t)(s->len + 1) * 4 > s->cap * 3) {
        if (s->len >= MAX_LOCALS) return; /* (left as they are: a bound on hostile input) */
        NameSet bigger = {0};
        bigger.cap = s->cap ? s->cap * 2 : 64;
        bigger.keys = arena_zalloc(n->a, sizeof *bigger.keys * bigger.cap);
        bigger.num = arena_alloc(n->a, sizeof *bigger.num * bigger.cap);
        if (!bigger.keys || !bigger.num) {
            n->failed = true;
            return;
        }
        for (uint32_t i = 0; i < s->cap; i++)
            if (s->keys[i].s) {
                uint32_t j = slot(&bigger, s->keys[i]);
                bigger.keys[j] = s->keys[i];
                bigger.num[j] = s->num[i];
            }
        bigger.len = s->len, bigger.numbered = s->numbered;
        *s = bigger;
    }
    uint32_t i = slot(s, k);
    s->keys[i] = k;
    s->num[i] = -1;
    s->len++;
}

/* ---- what the function binds ----------------------------------------------------------------- */

static Str first_component(Str s) {
    int32_t i = 0;
    while (i < s.len && s.s[i] != '.') i++;
    return (Str){s.s, i};
}

static int collect(Node *x, void *ud) {
    Norm *n = ud;
    switch (x->kind) {
    case AST_NAME:
        if (x->Name.ctx != AST_LOAD) set_add(n, &n->locals, x->Name.id);
        break;
    case AST_ARG: set_add(n, &n->locals, x->arg.arg); break;
    case AST_EXCEPT_HANDLER: set_add(n, &n->locals, x->ExceptHandler.name); break;
    case AST_MATCH_AS: set_add(n, &n->locals, x->MatchAs.name); break;
    case AST_MATCH_STAR: set_add(n, &n->locals, x->MatchStar.name); break;
    case AST_MATCH_MAPPING: set_add(n, &n->locals, x->MatchMapping.rest); break;
    case AST_ALIAS:
        set_add(n, &n->locals,
                x->alias.asname.s ? x->alias.asname : first_component(x->alias.name));
        break;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: set_add(n, &n->locals, x->FunctionDef.name); break;
    case AST_CLASS_DEF: set_add(n, &n->locals, x->ClassDef.name); break;
    case AST_GLOBAL:
        for (int32_t i = 0; i < x->Global.names.len; i++)
            set_add(n, &n->globals, x->Global.names.items[i]);
        break;
    case AST_NONLOCAL:
        for (int32_t i = 0; i < x->Nonlocal.names.len; i++)
            set_add(n, &n->globals, x->Nonlocal.names.items[i]);
        break;
    default: break;
    }
    if (n->failed || n->depth > 2000) return 0; /* (as deep as rewrite goes) */
    n->depth++;
    int r = ast_children(x, collect, ud);
    n->depth--;
    return r;
}

/* ---- rewriting ------------------------------------------------------------------------------- */

/* The canonical spelling of a local (`$3`, or `$` when blind); the name itself otherwise. */
static Str canon(Norm *n, Str s) {
    if (!s.s || !set_has(&n->locals, s) || set_has(&n->globals, s)) return s;
    if (n->strength == NORM_BLIND) return STR_LIT("$");
    uint32_t i = slot(&n->locals, s);
    if (n->locals.num[i] < 0) n->locals.num[i] = n->locals.numbered++;
    int32_t k = n->locals.num[i];
    while (n->nnames <= k) {
        const char **more = arena_alloc(n->a, sizeof *more * (size_t)(n->nnames * 2 + 16));
        if (!more) {
            n->failed = true;
            return s;
        }
        if (n->nnames) memcpy(more, n->names, sizeof *more * (size_t)n->nnames);
        for (int32_t j = n->nnames; j < n->nnames * 2 + 16; j++) more[j] = NULL;
        n->names = more;
        n->nnames = n->nnames * 2 + 16;
    }
    if (!n->names[k]) {
        char buf[16];
        int len = snprintf(buf, sizeof buf, "$%d", (int)k);
        if (!(n->names[k] = arena_strndup(n->a, buf, (size_t)len))) {
            n->failed = true;
            return s;
        }
    }
    return (Str){n->names[k], (int32_t)strlen(n->names[k])};
}

static bool is_cast(const Node *c) {
    if (c->Call.args.len != 2 || c->Call.keywords.len) return false;
    const Node *f = c->Call.func;
    if (f->kind == AST_NAME) return str_eq_c(f->Name.id, "cast");
    return f->kind == AST_ATTRIBUTE && str_eq_c(f->Attribute.attr, "cast") &&
           f->Attribute.value->kind == AST_NAME &&
           (str_eq_c(f->Attribute.value->Name.id, "typing") ||
            str_eq_c(f->Attribute.value->Name.id, "t"));
}

static Node *rewrite(Norm *n, Node *x, int depth);

static void rewrite_children(Norm *n, Node *x, int depth) {
    const KindDesc *k = &ast_kinds[x->kind];
    for (int i = 0; i < k->nfields; i++) {
        const FieldDesc *fd = &k->fields[i];
        char *at = (char *)x + fd->offset;
        if (fd->type == FT_NODE || fd->type == FT_OPT) {
            Node **p = (Node **)(void *)at;
            if (*p) *p = rewrite(n, *p, depth + 1);
        } else if (fd->type == FT_LIST) {
            NodeList *l = (NodeList *)(void *)at;
            for (int32_t j = 0; j < l->len; j++)
                if (l->items[j]) l->items[j] = rewrite(n, l->items[j], depth + 1);
        }
    }
}

/* ---- building strings ----------------------------------------------------------------------
 * How a string is built is a cosmetic choice: "a" + x + "b", "a%sb" % x, "a{}b".format(x) and
 * f"a{x}b" are all `$fmt(x)`, the values put into the text in order; a string without values is
 * the empty string. */

static bool is_fmt(const Node *x) {
    return x->kind == AST_CALL && x->Call.func->kind == AST_NAME &&
           str_eq_c(x->Call.func->Name.id, "$fmt");
}

static bool stringish(const Node *x) {
    return is_fmt(x) || (x->kind == AST_CONSTANT && (x->Constant.value.kind == CONST_STR ||
                                                     x->Constant.value.kind == CONST_BYTES));
}

typedef VEC(Node *) NodeVec;

static void put_values(Norm *n, NodeVec *v, Node *x) {
    if (x->kind == AST_CONSTANT && stringish(x)) return;
    if (is_fmt(x)) {
        for (int32_t i = 0; i < x->Call.args.len; i++) put_values(n, v, x->Call.args.items[i]);
        return;
    }
    if (VEC_PUSH(n->a, *v, x)) n->failed = true;
}

static Node *empty_string(Norm *n, const Node *like);

static Node *make_fmt(Norm *n, const Node *like, NodeVec *v) {
    if (!v->len) return empty_string(n, like);
    Node *c = ast_new(n->a, AST_CALL), *f = ast_new(n->a, AST_NAME);
    if (!c || !f) return n->failed = true, (Node *)like;
    f->Name.id = STR_LIT("$fmt");
    f->Name.ctx = AST_LOAD;
    c->Call.func = f;
    c->Call.args = (NodeList){v->items, v->len};
    c->lineno = like->lineno, c->col_offset = like->col_offset;
    return c;
}

/* x, when it builds a string, as a `$fmt(...)` (or ""); else x itself. */
static Node *string_building(Norm *n, Node *x) {
    NodeVec v = {0};
    if (x->kind == AST_JOINED_STR) {
        for (int32_t i = 0; i < x->JoinedStr.values.len; i++) {
            Node *p = x->JoinedStr.values.items[i];
            put_values(n, &v, p->kind == AST_FORMATTED_VALUE ? p->FormattedValue.value : p);
        }
    } else if (x->kind == AST_BIN_OP && x->BinOp.op == AST_ADD &&
               (stringish(x->BinOp.left) || stringish(x->BinOp.right))) {
        put_values(n, &v, x->BinOp.left);
        put_values(n, &v, x->BinOp.right);
    } else if (x->kind == AST_BIN_OP && x->BinOp.op == AST_MOD && stringish(x->BinOp.left)) {
        put_values(n, &v, x->BinOp.left);
        Node *r = x->BinOp.right;
        if (r->kind == AST_TUPLE)
            for (int32_t i = 0; i < r->Tuple.elts.len; i++)
                put_values(n, &v, r->Tuple.elts.items[i]);
        else
            put_values(n, &v, r);
    } else if (x->kind == AST_CALL && x->Call.func->kind == AST_ATTRIBUTE &&
               str_eq_c(x->Call.func->Attribute.attr, "format") &&
               stringish(x->Call.func->Attribute.value)) {
        put_values(n, &v, x->Call.func->Attribute.value);
        for (int32_t i = 0; i < x->Call.args.len; i++) put_values(n, &v, x->Call.args.items[i]);
        for (int32_t i = 0; i < x->Call.keywords.len; i++)
            put_values(n, &v, x->Call.keywords.items[i]->keyword.value);
    } else {
        return x;
    }
    return make_fmt(n, x, &v);
}

static Node *empty_string(Norm *n, const Node *like) {
    Node *c = ast_new(n->a, AST_CONSTANT);
    if (!c) return n->failed = true, (Node *)like;
    c->lineno = like->lineno, c->col_offset = like->col_offset;
    c->Constant.value.kind = CONST_STR;
    c->Constant.value.s = STR_LIT("");
    return c;
}

/* x rewritten (children first), or what replaces it. */
static Node *rewrite(Norm *n, Node *x, int depth) {
    if (n->failed || depth > 2000) return x; /* (the parser bounds nesting well below this) */
    switch (x->kind) { /* names before the children: locals numbered in reading order */
    case AST_NAME: x->Name.id = canon(n, x->Name.id); return x;
    case AST_ARG:
        x->arg.arg = canon(n, x->arg.arg);
        x->arg.annotation = NULL;
        return x;
    case AST_EXCEPT_HANDLER: x->ExceptHandler.name = canon(n, x->ExceptHandler.name); break;
    case AST_MATCH_AS: x->MatchAs.name = canon(n, x->MatchAs.name); break;
    case AST_MATCH_STAR: x->MatchStar.name = canon(n, x->MatchStar.name); break;
    case AST_MATCH_MAPPING: x->MatchMapping.rest = canon(n, x->MatchMapping.rest); break;
    case AST_ALIAS:
        if (x->alias.asname.s) x->alias.asname = canon(n, x->alias.asname);
        break;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
        if (depth > 0) x->FunctionDef.name = canon(n, x->FunctionDef.name);
        x->FunctionDef.returns = NULL;
        break;
    case AST_CLASS_DEF: x->ClassDef.name = canon(n, x->ClassDef.name); break;
    case AST_CONSTANT:
        if (x->Constant.value.kind == CONST_STR || x->Constant.value.kind == CONST_BYTES)
            x->Constant.value.s = STR_LIT("");
        return x;
    default: break;
    }
    rewrite_children(n, x, depth);
    if (x->kind == AST_CALL && is_cast(x)) return x->Call.args.items[1];
    if (x->kind == AST_JOINED_STR || x->kind == AST_BIN_OP || x->kind == AST_CALL)
        return string_building(n, x);
    if (x->kind == AST_ANN_ASSIGN) {
        Node *r = ast_new(n->a, x->AnnAssign.value ? AST_ASSIGN : AST_PASS);
        if (!r) return n->failed = true, x;
        r->lineno = x->lineno, r->col_offset = x->col_offset;
        r->end_lineno = x->end_lineno, r->end_col_offset = x->end_col_offset;
        if (x->AnnAssign.value) {
            Node **t = arena_alloc(n->a, sizeof *t);
            if (!t) return n->failed = true, x;
            t[0] = x->AnnAssign.target;
            r->Assign.targets = (NodeList){t, 1};
            r->Assign.value = x->AnnAssign.value;
        }
        return r;
    }
    return x;
}

bool normalize_function(Arena *a, Node *fn, NormStrength strength) {
    if (fn->kind != AST_FUNCTION_DEF && fn->kind != AST_ASYNC_FUNCTION_DEF) return false;
    Norm n = {.a = a, .strength = strength};
    ast_children(fn, collect, &n); /* (the def's own name is not a local of it) */
    if (n.failed) return false;
    rewrite(&n, fn, 0);
    return !n.failed;
}
