/* summary.c — extracting a ModuleSummary from one parsed file, during check.c's walk: the
 * file's definitions and imports (classes, functions with their spans and statement counts, the
 * flattened statement hashes the override rules compare, made here by summary_method_hashes for
 * the few methods bodies.c reads again, or for every method of standard input), and the walk
 * itself, which calls calls.c for the callers query's call sites and the enabled rules'
 * collectors (collect.h) for what they gather. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cfg/cfg.h"
#include "parse/parser.h"
#include "summary_build.h"

typedef struct UnitVec {
    StmtUnit *items;
    int32_t len, cap;
} UnitVec;

/* ---- helpers ------------------------------------------------------------------------------ */

const char *sdup(SumBuilder *sb, const char *s, size_t n) {
    char *p = arena_strndup(sb->out, s, n);
    if (!p) sb->failed = true;
    return p ? p : "";
}

const char *dupstr(SumBuilder *sb, Str s) {
    return sdup(sb, s.s ? s.s : "", s.s ? (size_t)s.len : 0);
}

/* Arrays grow in the file's arena (scratch) and are kept, at their final size, in `out`. */
static void *keep(SumBuilder *sb, const void *items, int32_t n, size_t elem) {
    if (n == 0) return NULL;
    void *p = arena_memdup(sb->out, items, (size_t)n * elem);
    if (!p) sb->failed = true;
    return p;
}

/* A class's name is the tail of its qualified name: stored once. */
static const char *tail_of(SumBuilder *sb, const char *qualname, Str name) {
    size_t q = strlen(qualname);
    if (name.s && q >= (size_t)name.len &&
        memcmp(qualname + q - name.len, name.s, (size_t)name.len) == 0)
        return qualname + q - name.len;
    return dupstr(sb, name);
}

static SumLoc loc_span(SumBuilder *sb, int32_t line, int32_t col, int32_t end_line,
                       int32_t end_col) {
    SumLoc l;
    if (line < 1) line = 1;
    if (line > sb->lines.count) line = sb->lines.count;
    if (end_line < line) end_line = line, end_col = col;
    if (end_line > sb->lines.count) end_line = sb->lines.count;
    l.line = line;
    l.end_line = end_line;
    if (sb->ascii) {
        l.col = col + 1;
        l.end_col = end_col + 1;
        return l;
    }
    l.col = utf8_count_chars(sb->text + sb->lines.starts[line - 1], (size_t)col) + 1;
    l.end_col = utf8_count_chars(sb->text + sb->lines.starts[end_line - 1], (size_t)end_col) + 1;
    return l;
}

SumLoc loc_node(SumBuilder *sb, const Node *n) {
    return loc_span(sb, n->lineno, n->col_offset, n->end_lineno, n->end_col_offset);
}

/* Source text of a node on one line: whitespace runs with newlines folded to one space. */
const char *node_text(SumBuilder *sb, const Node *n) {
    if (n->lineno < 1 || n->end_lineno > sb->lines.count) return "";
    size_t s = sb->lines.starts[n->lineno - 1] + (size_t)n->col_offset;
    size_t e = sb->lines.starts[n->end_lineno - 1] + (size_t)n->end_col_offset;
    if (e > sb->len || e < s) return "";
    char buf[400];
    size_t j = 0;
    bool space = false;
    for (size_t i = s; i < e && j + 4 < sizeof buf; i++) {
        char c = sb->text[i];
        if (c == '\n' || ((c == ' ' || c == '\t') && space)) {
            space = true;
            continue;
        }
        if (space && j && buf[j - 1] != ' ' && buf[j - 1] != '(' && buf[j - 1] != '[' && c != ')' &&
            c != ']')
            buf[j++] = ' ';
        space = c == ' ' || c == '\t';
        buf[j++] = c;
    }
    if (j + 4 >= sizeof buf) j = sizeof buf - 8, memcpy(buf + j, "...", 3), j += 3;
    return sdup(sb, buf, j);
}

/* ---- module names ------------------------------------------------------------------------- */

static bool has_init_uncached(const char *dir, size_t n) {
    char p[4096];
    if (n + 13 >= sizeof p) return false;
    memcpy(p, dir, n);
    snprintf(p + n, sizeof p - n, "%s__init__.py", n ? "/" : "");
    return access(p, F_OK) == 0;
}

/* Whether a directory holds an __init__.py: asked for every directory above every file, and the
 * files of one directory come one after another, so each thread remembers the last few answers
 * (for directories of a reasonable length; the rest ask the file system each time). */
enum { INIT_CACHE = 8, INIT_CACHE_PATH = 504 };
static _Thread_local struct InitCache {
    struct {
        uint16_t len;
        bool has;
        char dir[INIT_CACHE_PATH];
    } e[INIT_CACHE];
    unsigned next, used;
} init_cache;

static bool has_init(const char *dir, size_t n) {
    struct InitCache *c = &init_cache;
    for (unsigned i = 0; i < c->used; i++)
        if (c->e[i].len == n && memcmp(c->e[i].dir, dir, n) == 0) return c->e[i].has;
    bool has = has_init_uncached(dir, n);
    if (n < INIT_CACHE_PATH) {
        unsigned i = c->next;
        c->next = (c->next + 1) % INIT_CACHE;
        if (c->used < INIT_CACHE) c->used++;
        c->e[i].len = (uint16_t)n;
        c->e[i].has = has;
        memcpy(c->e[i].dir, dir, n);
    }
    return has;
}

const char *index_module_name(Arena *a, const char *path, bool *is_package) {
    size_t n = strlen(path);
    const char *slash = memrchr(path, '/', n);
    const char *base = slash ? slash + 1 : path;
    size_t blen = (size_t)(path + n - base);
    size_t stem = blen;
    if (stem > 4 && memcmp(base + stem - 4, ".pyi", 4) == 0)
        stem -= 4;
    else if (stem > 3 && memcmp(base + stem - 3, ".py", 3) == 0)
        stem -= 3;
    *is_package = stem == 8 && memcmp(base, "__init__", 8) == 0;
    /* collect package directories upward */
    const char *parts[128];
    size_t lens[128];
    int np = 0;
    if (!*is_package) parts[np] = base, lens[np++] = stem;
    size_t dlen = slash ? (size_t)(slash - path) : 0;
    while (np < 128 && slash && has_init(path, dlen)) {
        const char *d = memrchr(path, '/', dlen);
        const char *name = d ? d + 1 : path;
        size_t len = (size_t)(path + dlen - name);
        if (len == 0 || (len == 1 && name[0] == '.') || (len == 2 && !memcmp(name, "..", 2))) break;
        parts[np] = name, lens[np++] = len;
        if (!d) break;
        dlen = (size_t)(d - path);
    }
    if (np == 0) { /* an __init__.py whose directory is not a package name */
        parts[np] = base, lens[np++] = stem;
    }
    size_t total = 0;
    for (int i = 0; i < np; i++) total += lens[i] + 1;
    char *out = arena_alloc(a, total + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (int i = np - 1; i >= 0; i--) {
        memcpy(out + k, parts[i], lens[i]);
        k += lens[i];
        if (i) out[k++] = '.';
    }
    out[k] = 0;
    return out;
}

/* ---- structure ---------------------------------------------------------------------------- */

/* left + sep + name, in `out`. */
static const char *join(SumBuilder *sb, const char *left, const char *sep, Str name) {
    size_t l = strlen(left), s = strlen(sep), n = name.s ? (size_t)name.len : 0;
    char *p = arena_alloc(sb->out, l + s + n + 1);
    if (!p) {
        sb->failed = true;
        return "";
    }
    memcpy(p, left, l);
    memcpy(p + l, sep, s);
    if (n) memcpy(p + l + s, name.s, n);
    p[l + s + n] = 0;
    return p;
}

static Str scope_name(const Scope *s) {
    return s->node->kind == AST_CLASS_DEF ? s->node->ClassDef.name : s->node->FunctionDef.name;
}

/* The qualified name of a class defined in the current scope, as CPython spells it: the names
 * of the classes and defs it is in, each followed by "." (a class) or ".<locals>." (a def). */
static const char *class_qualname(SumBuilder *sb, Str name) {
    size_t len = (size_t)name.len + 1;
    for (int i = 1; i < sb->nscopes; i++)
        len += (size_t)scope_name(&sb->scopes[i]).len + (sb->scopes[i].func >= 0 ? 10 : 1);
    char *p = arena_alloc(sb->out, len), *q = p;
    if (!p) {
        sb->failed = true;
        return "";
    }
    for (int i = 1; i < sb->nscopes; i++) {
        Str s = scope_name(&sb->scopes[i]);
        const char *sep = sb->scopes[i].func >= 0 ? ".<locals>." : ".";
        memcpy(q, s.s, (size_t)s.len), q += s.len;
        memcpy(q, sep, strlen(sep)), q += strlen(sep);
    }
    memcpy(q, name.s, (size_t)name.len), q[name.len] = 0;
    return p;
}

static size_t put(char *buf, size_t n, size_t at, const char *s) {
    size_t l = strlen(s);
    if (at + 1 < n) {
        size_t k = l < n - 1 - at ? l : n - 1 - at;
        memcpy(buf + at, s, k);
        buf[at + k] = 0;
    }
    return at + l;
}

static size_t qualname_into(const ModuleSummary *m, const FuncSum *f, char *buf, size_t n) {
    size_t at = 0;
    if (f->cls >= 0 && f->cls < m->nclasses)
        at = put(buf, n, put(buf, n, 0, m->classes[f->cls].qualname), ".");
    else if (f->outer >= 0 && m->functions + f->outer < f) /* (an earlier def: no cycle) */
        at = put(buf, n, qualname_into(m, &m->functions[f->outer], buf, n), ".<locals>.");
    return put(buf, n, at, f->name);
}

bool summary_set_code(Arena *out, ModuleSummary *m, int32_t f, const MethodCode *c) {
    if (!m->code && !(m->code = arena_zalloc(out, sizeof *m->code * (size_t)m->nfunctions)))
        return false;
    m->code[f] = c;
    return true;
}

const char *func_qualname(const ModuleSummary *m, const FuncSum *f, char *buf, size_t n) {
    if (n) buf[0] = 0;
    qualname_into(m, f, buf, n);
    return buf;
}

bool is_named(const Node *e, const char *name) {
    Str s = e->kind == AST_NAME        ? e->Name.id
            : e->kind == AST_ATTRIBUTE ? e->Attribute.attr
            : e->kind == AST_CALL      ? (Str){NULL, 0}
                                       : (Str){NULL, 0};
    return s.s && str_eq_c(s, name);
}

/* ---- method bodies: what the override rules compare --------------------------------------- */

/* Hashes of a body, flattened: a compound statement contributes its header, then its bodies. */
typedef struct Hasher {
    Arena *scratch;
    UnitVec units;
    int32_t line_offset; /* added to the nodes' lines (a method parsed on its own) */
    bool failed;
} Hasher;

static void flatten(Hasher *hs, const NodeList *body);

static void unit(Hasher *hs, uint64_t h, int32_t line) {
    if (VEC_PUSH(hs->scratch, hs->units, ((StmtUnit){h, line + hs->line_offset})))
        hs->failed = true;
}

static uint64_t mix2(uint64_t a, uint64_t b) {
    return (a ^ (b + 0x9e3779b97f4a7c15ull + (a << 6) + (a >> 2))) * 0xff51afd7ed558ccdull;
}

static void flatten_stmt(Hasher *hs, const Node *s) {
    uint64_t k = (uint64_t)s->kind * 0x100000001b3ull;
    switch (s->kind) {
    case AST_IF:
    case AST_WHILE:
        unit(hs, mix2(k, ast_hash(s->If.test)), s->lineno);
        flatten(hs, &s->If.body);
        if (s->If.orelse.len) {
            unit(hs, mix2(k, 0xe15e), s->If.orelse.items[0]->lineno);
            flatten(hs, &s->If.orelse);
        }
        return;
    case AST_FOR:
    case AST_ASYNC_FOR:
        unit(hs, mix2(mix2(k, ast_hash(s->For.target)), ast_hash(s->For.iter)), s->lineno);
        flatten(hs, &s->For.body);
        flatten(hs, &s->For.orelse);
        return;
    case AST_WITH:
    case AST_ASYNC_WITH:
        unit(hs, mix2(k, ast_list_hash(&s->With.items)), s->lineno);
        flatten(hs, &s->With.body);
        return;
    case AST_TRY:
    case AST_TRY_STAR:
        unit(hs, k, s->lineno);
        flatten(hs, &s->Try.body);
        for (int32_t i = 0; i < s->Try.handlers.len; i++) {
            const Node *h = s->Try.handlers.items[i];
            uint64_t hh = mix2(ast_hash(h->ExceptHandler.type),
                               h->ExceptHandler.name.s
                                   ? hash_bytes(h->ExceptHandler.name.s,
                                                (size_t)h->ExceptHandler.name.len, HASH_SEED)
                                   : 0);
            unit(hs, mix2(k, hh), h->lineno);
            flatten(hs, &h->ExceptHandler.body);
        }
        flatten(hs, &s->Try.orelse);
        flatten(hs, &s->Try.finalbody);
        return;
    default: unit(hs, ast_hash(s), s->lineno); return;
    }
}

static void flatten(Hasher *hs, const NodeList *body) {
    for (int32_t i = 0; i < body->len; i++) flatten_stmt(hs, body->items[i]);
}

/* ---- a body's shape: the units flatten would make, counted by a shallow key ------------------
 *
 * The walk does not hash method bodies (bodies.c makes the hashes afterwards, for the methods
 * the override rules compare). It counts their units, and sorts them by a key read off the
 * statement itself and its first names (its kind, the kinds of the expressions it is about, the
 * lengths and ends of the names it assigns or calls), into 16 four-bit counts: a FuncSum's
 * `shape`. Units that are the same code have the same key, so two bodies share at most
 * sum(min) units per key: bodies.c drops the pairs whose shapes could not make a finding before
 * it reads them (most of them: two one-line methods `return 0` and `return self.x` differ). */

/* A name's key: its length and its first and last bytes (no loop over it). */
static uint32_t str_key(Str s) {
    if (!s.s || s.len <= 0) return 0;
    return (uint32_t)s.len << 16 ^ (uint32_t)(uint8_t)s.s[0] << 8 ^ (uint8_t)s.s[s.len - 1];
}

/* An expression's key: its kind, and the name it ends in (x, a.x, x(...), a.x(...)(...)), or
 * the constant it is (a float's value aside: 0.0 and -0.0 may compare equal). */
static uint32_t expr_key(const Node *e) {
    if (!e) return 0;
    uint32_t k = (uint32_t)e->kind << 24;
    if (e->kind == AST_CONSTANT) {
        const Const *c = &e->Constant.value;
        k ^= (uint32_t)c->kind << 20;
        if (c->kind == CONST_INT) return k ^ (uint32_t)c->i ^ (uint32_t)((uint64_t)c->i >> 32);
        if (c->kind == CONST_STR || c->kind == CONST_BYTES || c->kind == CONST_BIGINT)
            return k ^ str_key(c->s);
        return k;
    }
    for (int depth = 0; depth < 4; depth++) {
        if (e->kind == AST_NAME) return k ^ str_key(e->Name.id);
        if (e->kind == AST_ATTRIBUTE) return k ^ str_key(e->Attribute.attr);
        if (e->kind != AST_CALL) break;
        e = e->Call.func;
    }
    return k;
}

typedef struct Shape {
    int32_t units;
    uint64_t counts; /* sixteen 4-bit counts, each saturating at 15 */
} Shape;

/* One unit: the statement's kind and the key of what it is about. */
static void shape_add(Shape *sh, uint32_t kind, uint32_t about) {
    unsigned at = (unsigned)(((uint64_t)kind << 32 ^ about) * 0x9e3779b97f4a7c15ull >> 60) * 4;
    if ((sh->counts >> at & 15) != 15) sh->counts += (uint64_t)1 << at;
    sh->units++;
}

static void shape_of(Shape *sh, const NodeList *body);

/* One statement: the units flatten_stmt makes of it, in the same order. A simple statement is
 * keyed by the expression it is about: the first target assigned, the value of an expression
 * statement or a return, the exception raised. */
static void shape_stmt(Shape *sh, const Node *s) {
    uint32_t k = (uint32_t)s->kind;
    switch (s->kind) {
    case AST_IF:
    case AST_WHILE:
        shape_add(sh, k, expr_key(s->If.test));
        shape_of(sh, &s->If.body);
        if (s->If.orelse.len) {
            shape_add(sh, k, 0xe15e);
            shape_of(sh, &s->If.orelse);
        }
        return;
    case AST_FOR:
    case AST_ASYNC_FOR:
        shape_add(sh, k, expr_key(s->For.target));
        shape_of(sh, &s->For.body);
        shape_of(sh, &s->For.orelse);
        return;
    case AST_WITH:
    case AST_ASYNC_WITH:
        shape_add(sh, k, 0);
        shape_of(sh, &s->With.body);
        return;
    case AST_TRY:
    case AST_TRY_STAR:
        shape_add(sh, k, 0);
        shape_of(sh, &s->Try.body);
        for (int32_t i = 0; i < s->Try.handlers.len; i++) {
            shape_add(sh, k, expr_key(s->Try.handlers.items[i]->ExceptHandler.type));
            shape_of(sh, &s->Try.handlers.items[i]->ExceptHandler.body);
        }
        shape_of(sh, &s->Try.orelse);
        shape_of(sh, &s->Try.finalbody);
        return;
    case AST_ASSIGN: shape_add(sh, k, expr_key(s->Assign.targets.items[0])); return;
    case AST_AUG_ASSIGN: shape_add(sh, k, expr_key(s->AugAssign.target)); return;
    case AST_ANN_ASSIGN: shape_add(sh, k, expr_key(s->AnnAssign.target)); return;
    case AST_EXPR: shape_add(sh, k, expr_key(s->Expr.value)); return;
    case AST_RETURN: shape_add(sh, k, expr_key(s->Return.value)); return;
    case AST_RAISE: shape_add(sh, k, expr_key(s->Raise.exc)); return;
    default: shape_add(sh, k, 0); return;
    }
}

static void shape_of(Shape *sh, const NodeList *body) {
    for (int32_t i = 0; i < body->len; i++) shape_stmt(sh, body->items[i]);
}

/* 1 when the body starts with a docstring, which is not code: the units start after it. */
static int32_t docstring(const NodeList *body) {
    return body->len && body->items[0]->kind == AST_EXPR &&
                   body->items[0]->Expr.value->kind == AST_CONSTANT &&
                   body->items[0]->Expr.value->Constant.value.kind == CONST_STR
               ? 1
               : 0;
}

const MethodCode *summary_method_hashes(Arena *out, Arena *scratch, const Node *n,
                                        int32_t line_offset) {
    MethodCode *c = arena_alloc(out, sizeof *c);
    if (!c) return NULL;
    const NodeList *body = &n->FunctionDef.body;
    c->sig_hash =
        mix2(mix2(ast_hash(n->FunctionDef.args), ast_list_hash(&n->FunctionDef.decorator_list)),
             ast_hash(n->FunctionDef.returns));
    int32_t first = docstring(body);
    Hasher hs = {scratch, {0}, line_offset, false};
    NodeList rest = {body->items + first, body->len - first};
    flatten(&hs, &rest);
    /* the whole body, docstring included, from the statement hashes already made */
    uint64_t h = first ? ast_hash(body->items[0]) : 0x5eed;
    for (int32_t i = 0; i < hs.units.len; i++) h = mix2(h, hs.units.items[i].hash);
    c->body_hash = h;
    c->units = NULL;
    if (hs.units.len) {
        c->units = arena_memdup(out, hs.units.items, sizeof *hs.units.items * (size_t)hs.units.len);
        if (!c->units) return NULL;
    }
    c->nunits = hs.units.len;
    return hs.failed || !index_code_facts(out, scratch, n, c) ? NULL : c;
}

static bool is_stub_stmt(const Node *s) {
    if (s->kind == AST_PASS) return true;
    if (s->kind == AST_EXPR && s->Expr.value->kind == AST_CONSTANT)
        return true; /* ... and docstrings */
    if (s->kind == AST_RAISE && s->Raise.exc) {
        const Node *e = s->Raise.exc;
        if (e->kind == AST_CALL) e = e->Call.func;
        return is_named(e, "NotImplementedError");
    }
    return false;
}

/* Whether a call needs arguments: a positional parameter without a default (the first of a
 * method, its self or cls, aside) or a keyword-only one without a default. */
static bool needs_args(const Node *a, bool method) {
    if (!a) return false;
    int32_t npos = a->arguments.posonlyargs.len + a->arguments.args.len;
    if (npos - a->arguments.defaults.len > (method ? 1 : 0)) return true;
    for (int32_t i = 0; i < a->arguments.kwonlyargs.len; i++)
        if (i >= a->arguments.kw_defaults.len || !a->arguments.kw_defaults.items[i]) return true;
    return false;
}

NOINLINE static void add_function(SumBuilder *sb, const Node *n) {
    FuncSum f = {0};
    f.name = dupstr(sb, n->FunctionDef.name);
    Scope *s = scope(sb);
    f.cls = s->func < 0 ? s->cls : -1;
    f.outer = s->func;
    f.line = n->lineno;
    f.end_line = n->end_lineno;
    size_t kw = n->kind == AST_ASYNC_FUNCTION_DEF ? 9 : 3; /* "async def" or "def" */
    SumLoc def = loc_span(sb, n->lineno, n->col_offset, n->lineno,
                          n->col_offset + (int32_t)kw + 1 + n->FunctionDef.name.len);
    f.def_col = def.col, f.def_end_col = def.end_col;
    uint32_t flags = n->kind == AST_ASYNC_FUNCTION_DEF ? FN_ASYNC : 0;
    for (int32_t i = 0; i < n->FunctionDef.decorator_list.len; i++) {
        const Node *d = n->FunctionDef.decorator_list.items[i];
        if (is_named(d, "staticmethod"))
            flags |= FN_STATIC;
        else if (is_named(d, "classmethod"))
            flags |= FN_CLASSMETHOD;
        else if (is_named(d, "abstractmethod"))
            flags |= FN_ABSTRACT;
        else {
            flags |= FN_DECORATED;
            if (is_named(d, "property")) flags |= FN_PROPERTY;
        }
    }
    /* yields, returns with a value and super() calls are noted by summary_enter during the
     * walk of the body, and settled in summary_leave */
    const NodeList *body = &n->FunctionDef.body;
    bool stub = true;
    for (int32_t i = 0; i < body->len && stub; i++) stub = is_stub_stmt(body->items[i]);
    if (stub) flags |= FN_STUB;
    if (needs_args(n->FunctionDef.args, f.cls >= 0 && !(flags & FN_STATIC))) flags |= FN_NEEDS_ARGS;
    f.flags = flags;
    const NodeList *decos = &n->FunctionDef.decorator_list;
    f.first_line = decos->len ? decos->items[0]->lineno : n->lineno;
    if (f.first_line >= 1 && f.first_line <= sb->lines.count && f.end_line >= f.first_line &&
        f.end_line <= sb->lines.count) {
        f.text_from = sb->lines.starts[f.first_line - 1];
        f.text_to = f.end_line < sb->lines.count ? sb->lines.starts[f.end_line] : (uint32_t)sb->len;
    }
    /* its code is made on demand (index_fill_bodies), or now: */
    if (sb->opt->method_bodies && sb->opt->read_once) {
        const MethodCode *c = NULL;
        if ((f.cls >= 0 || sb->opt->stale_clones) &&
            !(c = summary_method_hashes(sb->out, sb->scratch, n, 0)))
            sb->failed = true;
        if (VEC_PUSH(sb->scratch, sb->codes, c)) sb->failed = true;
    }
    int32_t idx = sb->funcs.len;
    if (VEC_PUSH(sb->scratch, sb->funcs, f) || VEC_PUSH(sb->scratch, sb->fn_node, n))
        sb->failed = true;
    if (f.cls >= 0 && f.cls < sb->classes.len) {
        if (VEC_PUSH(sb->scratch, sb->methods[f.cls], idx)) sb->failed = true;
    }
    if (sb->nscopes < 256) sb->scopes[sb->nscopes++] = (Scope){n, idx, -1};
}

static const char *dotted_text(SumBuilder *sb, const Node *e) {
    if (e->kind == AST_SUBSCRIPT) e = e->Subscript.value; /* Generic[T] */
    if (e->kind == AST_NAME) return dupstr(sb, e->Name.id);
    if (e->kind == AST_ATTRIBUTE) {
        const char *left = dotted_text(sb, e->Attribute.value);
        return *left ? join(sb, left, ".", e->Attribute.attr) : "";
    }
    return "";
}

NOINLINE static void add_class(SumBuilder *sb, const Node *n) {
    ClassSum c = {0};
    c.qualname = class_qualname(sb, n->ClassDef.name);
    c.name = tail_of(sb, c.qualname, n->ClassDef.name);
    c.line = n->lineno;
    c.end_line = n->end_lineno;
    c.def =
        loc_span(sb, n->lineno, n->col_offset, n->lineno, n->col_offset + 6 + n->ClassDef.name.len);
    c.decorated = n->ClassDef.decorator_list.len > 0;
    c.nbases = n->ClassDef.bases.len;
    c.bases = arena_alloc(sb->out, sizeof(char *) * (size_t)(c.nbases ? c.nbases : 1));
    if (!c.bases) {
        sb->failed = true;
        return;
    }
    for (int32_t i = 0; i < c.nbases; i++) c.bases[i] = dotted_text(sb, n->ClassDef.bases.items[i]);
    int32_t idx = sb->classes.len;
    if (VEC_PUSH(sb->scratch, sb->classes, c)) sb->failed = true;
    if (idx >= sb->cap_methods) {
        int32_t cap = sb->cap_methods ? sb->cap_methods * 2 : 16;
        void *nm = arena_zalloc(sb->scratch, sizeof(*sb->methods) * (size_t)cap);
        if (!nm) {
            sb->failed = true;
            return;
        }
        if (sb->methods) memcpy(nm, sb->methods, sizeof(*sb->methods) * (size_t)sb->cap_methods);
        sb->methods = nm;
        sb->cap_methods = cap;
    }
    if (sb->nscopes < 256) sb->scopes[sb->nscopes++] = (Scope){n, -1, idx};
}

static void add_import(SumBuilder *sb, const char *bound, const char *module, const char *name,
                       int32_t line) {
    ImportSum im = {bound, module, name, line};
    if (VEC_PUSH(sb->scratch, sb->imports, im)) sb->failed = true;
}

NOINLINE static void imports(SumBuilder *sb, const Node *n) {
    char buf[1100];
    if (n->kind == AST_IMPORT) {
        for (int32_t i = 0; i < n->Import.names.len; i++) {
            const Node *al = n->Import.names.items[i];
            Str name = al->alias.name;
            if (al->alias.asname.s) {
                add_import(sb, dupstr(sb, al->alias.asname), dupstr(sb, name), NULL, n->lineno);
            } else {
                const char *dot = memchr(name.s, '.', (size_t)name.len);
                size_t first = dot ? (size_t)(dot - name.s) : (size_t)name.len;
                const char *top = sdup(sb, name.s, first);
                add_import(sb, top, top, NULL, n->lineno);
            }
        }
        return;
    }
    /* from-import: resolve the module relative to this file */
    const char *base = n->ImportFrom.module.s ? dupstr(sb, n->ImportFrom.module) : NULL;
    const char *mod = base;
    int level = n->ImportFrom.level;
    if (level > 0) {
        char pkg[512];
        snprintf(pkg, sizeof pkg, "%s", sb->package ? sb->package : "");
        for (int l = 1; l < level; l++) {
            char *d = strrchr(pkg, '.');
            if (d)
                *d = 0;
            else
                pkg[0] = 0;
        }
        if (base && *pkg)
            snprintf(buf, sizeof buf, "%s.%s", pkg, base);
        else
            snprintf(buf, sizeof buf, "%s", base ? base : pkg);
        mod = sdup(sb, buf, strlen(buf));
    }
    if (!mod) return;
    for (int32_t i = 0; i < n->ImportFrom.names.len; i++) {
        const Node *al = n->ImportFrom.names.items[i];
        if (al->alias.name.len == 1 && al->alias.name.s[0] == '*') continue;
        Str bound = al->alias.asname.s ? al->alias.asname : al->alias.name;
        add_import(sb, dupstr(sb, bound), mod, dupstr(sb, al->alias.name), n->lineno);
    }
}

/* ---- the walk ----------------------------------------------------------------------------- */

/* The scope of a code unit the walk is in (the units asked about are on the scope stack: the
 * innermost, most often, or the module), or NULL. */
const Scope *scope_of(const SumBuilder *sb, const Node *unit) {
    for (int i = sb->nscopes - 1; i >= 0; i--)
        if (sb->scopes[i].node == unit) return &sb->scopes[i];
    return NULL;
}

enum { FN_VALUE_RETURN = 1u << 15 }; /* while walking: a `return` with a value was seen */
_Static_assert((int)FN_VALUE_RETURN > (int)FN_NEEDS_ARGS,
               "a flag of its own, in FuncSum's 16 bits");

static FuncSum *current_function(SumBuilder *sb) {
    int32_t f = scope(sb)->func;
    return f >= 0 ? &sb->funcs.items[f] : NULL;
}

/* The kinds summary_enter's switches and summary_leave look at. */
static const uint8_t own_visits[AST_KIND_COUNT] = {
    [AST_YIELD] = SUMMARY_ENTER,
    [AST_YIELD_FROM] = SUMMARY_ENTER,
    [AST_RETURN] = SUMMARY_ENTER,
    [AST_FUNCTION_DEF] = SUMMARY_ENTER | SUMMARY_LEAVE,
    [AST_ASYNC_FUNCTION_DEF] = SUMMARY_ENTER | SUMMARY_LEAVE,
    [AST_CLASS_DEF] = SUMMARY_ENTER | SUMMARY_LEAVE,
    [AST_IMPORT] = SUMMARY_ENTER,
    [AST_IMPORT_FROM] = SUMMARY_ENTER,
    [AST_CALL] = SUMMARY_ENTER,
    [AST_LAMBDA] = SUMMARY_ENTER | SUMMARY_LEAVE,
    [AST_TRY] = SUMMARY_ENTER,
    [AST_TRY_STAR] = SUMMARY_ENTER,
};

const uint8_t *summary_visits(const SumBuilder *sb) {
    return sb->visits;
}

/* The collectors told about node n: whether one needs its unit's graph. Called for every call
 * expression when a rule collects calls: one collector (the common case) is called in its
 * place, with no frame of its own. */
NOINLINE static bool hooks_enter_all(SumBuilder *sb, const Node *n, const Node *parent) {
    bool need = false;
    for (unsigned m = sb->on_enter[n->kind], i = 0; m; m >>= 1, i++)
        if (m & 1) need |= sb->hooks[i].c->enter(sb, sb->hooks[i].st, n, parent);
    return need;
}

static inline __attribute__((always_inline)) bool hooks_enter(SumBuilder *sb, const Node *n,
                                                              const Node *parent) {
    unsigned m = sb->on_enter[n->kind];
    if (m & (m - 1)) return hooks_enter_all(sb, n, parent);
    const Hook *h = &sb->hooks[__builtin_ctz(m)];
    return h->c->enter(sb, h->st, n, parent);
}

NOINLINE static void hooks_leave(SumBuilder *sb, const Node *n) {
    for (unsigned m = sb->on_leave[n->kind], i = 0; m; m >>= 1, i++)
        if (m & 1) sb->hooks[i].c->leave(sb, sb->hooks[i].st, n);
}

/* What the summary's own part of the walk does at node n (its definitions and imports, and the
 * callers query's calls): whether n's unit needs its graph. */
static bool own_enter(SumBuilder *sb, const Node *n) {
    FuncSum *cur;
    bool need = false;
    switch (n->kind) {
    case AST_YIELD:
    case AST_YIELD_FROM:
        if ((cur = current_function(sb))) cur->flags |= FN_GENERATOR;
        return need;
    case AST_RETURN:
        if (n->Return.value &&
            !(n->Return.value->kind == AST_CONSTANT &&
              n->Return.value->Constant.value.kind == CONST_NONE) &&
            (cur = current_function(sb)))
            cur->flags |= FN_VALUE_RETURN;
        return need;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: add_function(sb, n); return need;
    case AST_CLASS_DEF: add_class(sb, n); return need;
    case AST_IMPORT:
    case AST_IMPORT_FROM:
        if (scope(sb)->node->kind == AST_MODULE) imports(sb, n);
        return need;
    case AST_CALL:
        if (n->Call.func->kind == AST_NAME && str_eq_c(n->Call.func->Name.id, "super") &&
            (cur = current_function(sb)))
            cur->flags |= FN_CALLS_SUPER;
        /* a call the callers query asks about: its unit's graph gives the guards; in a lambda
         * (which runs later, and has no graph of its own) it has none */
        if (sb->opt->callers_of && wanted_call(sb, n)) {
            if (sb->lambdas)
                lambda_call(sb, n);
            else
                need = true;
        }
        return need;
    case AST_LAMBDA: sb->lambdas++; return need;
    case AST_TRY:
    case AST_TRY_STAR:
        if (sb->opt->callers_of && n->Try.finalbody.len) finally_body(sb, n);
        return need;
    default: return need;
    }
}

bool summary_enter(SumBuilder *sb, const Node *n, const Node *parent) {
    bool need = own_visits[n->kind] && own_enter(sb, n);
    if (!sb->on_enter[n->kind]) return need;
    if (!need) return hooks_enter(sb, n, parent); /* (a tail call) */
    hooks_enter(sb, n, parent);
    return true;
}

void summary_leave(SumBuilder *sb, const Node *n) {
    if (sb->on_leave[n->kind]) hooks_leave(sb, n);
    if (n->kind == AST_LAMBDA) sb->lambdas--;
    if ((n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
         n->kind == AST_CLASS_DEF) &&
        sb->nscopes > 1 && scope(sb)->node == n) {
        FuncSum *f = current_function(sb);
        if (f) {
            const NodeList *body = &n->FunctionDef.body;
            if ((f->cls >= 0 || sb->opt->stale_clones) && sb->opt->method_bodies) {
                /* (its nodes are at hand now; functions too for DW303's clones) */
                NodeList code = {body->items + docstring(body), body->len - docstring(body)};
                Shape sh = {0, 0};
                shape_of(&sh, &code);
                f->size = sh.units < SIZE_MANY ? (uint16_t)sh.units : SIZE_MANY;
                f->shape = sh.counts;
            }
            /* a body that ends by raising and returns nowhere never gives a value back */
            bool ends_raising = body->len && body->items[body->len - 1]->kind == AST_RAISE;
            if (!(f->flags & FN_VALUE_RETURN) && !(ends_raising && !(f->flags & FN_GENERATOR)))
                f->flags |= FN_RETURNS_NONE;
            f->flags &= (uint16_t)~FN_VALUE_RETURN;
        }
        sb->nscopes--;
    }
}

void summary_unit(SumBuilder *sb, const Node *unit, Cfg *g) {
    if (sb->failed) return;
    if (sb->opt->callers_of) calls_unit(sb, unit, g);
    for (int i = 0; i < sb->nhooks && !sb->failed; i++)
        if (sb->hooks[i].c->unit) sb->hooks[i].c->unit(sb, sb->hooks[i].st, unit, g);
}

/* The collectors of the enabled rules, each with its state, and the kinds they are told of. */
static bool hooks_begin(SumBuilder *sb) {
    memcpy(sb->visits, own_visits, sizeof sb->visits);
    for (int i = 0; i < sb->opt->ncollect && i < SUMMARY_MAX_COLLECTORS; i++) {
        const Collector *c = sb->opt->collect[i];
        void *st = arena_zalloc(sb->scratch, c->state_size ? c->state_size : 1);
        if (!st) return false;
        sb->hooks[sb->nhooks++] = (Hook){c, st};
        for (const int16_t *k = c->enter ? c->enter_on : NULL; k && *k >= 0; k++) {
            sb->on_enter[*k] |= (uint8_t)(1u << i);
            sb->visits[*k] |= SUMMARY_ENTER;
        }
        for (const int16_t *k = c->leave ? c->leave_on : NULL; k && *k >= 0; k++) {
            sb->on_leave[*k] |= (uint8_t)(1u << i);
            sb->visits[*k] |= SUMMARY_LEAVE;
        }
    }
    return true;
}

/* The collectors' facts, for the summary. */
static bool hooks_finish(SumBuilder *sb, ModuleSummary *m) {
    if (!sb->nhooks) return true;
    CollectedFacts *f = arena_alloc(sb->out, sizeof *f * (size_t)sb->nhooks);
    if (!f) return false;
    for (int i = 0; i < sb->nhooks; i++) {
        const Collector *c = sb->hooks[i].c;
        f[i] = (CollectedFacts){c, c->finish ? c->finish(sb, sb->hooks[i].st) : NULL};
    }
    m->facts = f;
    m->nfacts = sb->nhooks;
    return !sb->failed;
}

const void *summary_facts(const ModuleSummary *m, const Collector *c) {
    for (int32_t i = 0; i < m->nfacts; i++)
        if (m->facts[i].by == c) return m->facts[i].facts;
    return NULL;
}

/* ---- for collectors ---- */

Arena *summary_out(SumBuilder *sb) {
    return sb->out;
}
Arena *summary_scratch(SumBuilder *sb) {
    return sb->scratch;
}
const SummaryOptions *summary_options(const SumBuilder *sb) {
    return sb->opt;
}
void summary_fail(SumBuilder *sb) {
    sb->failed = true;
}
bool summary_failed(const SumBuilder *sb) {
    return sb->failed;
}
const char *summary_str(SumBuilder *sb, Str s) {
    return dupstr(sb, s);
}
SumLoc summary_loc(SumBuilder *sb, const Node *n) {
    return loc_node(sb, n);
}
const Node *summary_current_unit(const SumBuilder *sb) {
    return sb->scopes[sb->nscopes - 1].node;
}
int32_t summary_current_function(const SumBuilder *sb) {
    return sb->scopes[sb->nscopes - 1].func;
}
FuncSum *summary_function(SumBuilder *sb, int32_t f) {
    return f >= 0 && f < sb->funcs.len ? &sb->funcs.items[f] : NULL;
}
const Node *summary_module(const SumBuilder *sb) {
    return sb->scopes[0].node;
}
bool summary_in_lambda(const SumBuilder *sb) {
    return sb->lambdas > 0;
}
const char *summary_text(SumBuilder *sb, const Node *n) {
    return node_text(sb, n);
}
bool summary_has_comment(SumBuilder *sb, int32_t line, int32_t col, int32_t to_line) {
    for (; line >= 1 && line < to_line && line <= sb->lines.count; line++, col = 0) {
        size_t i = sb->lines.starts[line - 1] + (size_t)col;
        size_t end = line < sb->lines.count ? sb->lines.starts[line] : sb->len;
        while (i < end && (sb->text[i] == ' ' || sb->text[i] == '\t' || sb->text[i] == '\f')) i++;
        if (i < end && sb->text[i] == '#') return true;
    }
    return false;
}

SumBuilder *summary_begin(Arena *out, Arena *scratch, const char *path, const Node *module,
                          const SourceText *src, const ParseResult *pr, const SummaryOptions *opt,
                          bool generated) {
    const char *text = src->text;
    size_t len = src->len;
    SumBuilder *sb = arena_alloc(scratch, sizeof *sb);
    if (!sb) return NULL;
    memset(sb, 0, offsetof(SumBuilder, scopes));
    sb->out = out;
    sb->scratch = scratch;
    sb->opt = opt;
    sb->text = text;
    sb->len = len;
    sb->ascii = src->ascii;
    sb->lines = pr->lines;
    sb->walrus = pr->walrus;
    if (pr->ndefs > 0) {
        sb->funcs.items = sb->funcs_out = arena_alloc(out, sizeof(FuncSum) * (size_t)pr->ndefs);
        if (!sb->funcs_out) return NULL;
        sb->funcs.cap = pr->ndefs;
    }
    if (pr->nclasses > 0) {
        sb->classes.items = sb->classes_out =
            arena_alloc(out, sizeof(ClassSum) * (size_t)pr->nclasses);
        if (!sb->classes_out) return NULL;
        sb->classes.cap = pr->nclasses;
    }
    sb->m = arena_zalloc(out, sizeof *sb->m);
    if (!sb->m) return NULL;
    sb->m->path = sdup(sb, path, strlen(path));
    sb->m->text_skip = src->verbatim ? src->skip : -1;
    bool reads_again = opt->method_bodies;
    for (int i = 0; i < opt->ncollect; i++) reads_again |= opt->collect[i]->reads_again;
    if (reads_again) { /* (what is read again is checked) */
        sb->m->text_len = len;
        sb->m->text_hash = index_text_hash(text, len);
    }
    sb->m->module = index_module_name(out, path, &sb->m->is_package);
    sb->m->generated = generated;
    if (!sb->m->module) return NULL;
    /* the package a relative import starts from */
    if (sb->m->is_package) {
        sb->package = sb->m->module;
    } else {
        const char *d = strrchr(sb->m->module, '.');
        sb->package = d ? sdup(sb, sb->m->module, (size_t)(d - sb->m->module)) : "";
    }
    sb->scopes[0] = (Scope){module, -1, -1};
    sb->nscopes = 1;
    if (pr && pr->nnoqa) {
        sb->m->noqa = arena_alloc(out, sizeof(NoqaSum) * (size_t)pr->nnoqa);
        if (!sb->m->noqa) return NULL;
        for (int32_t i = 0; i < pr->nnoqa; i++) {
            const char *s = text + pr->noqa[i];
            const char *e = memchr(s, '\n', len - pr->noqa[i]);
            int32_t line = line_index_line(&sb->lines, pr->noqa[i]);
            size_t ls = sb->lines.starts[line - 1];
            int32_t col = utf8_count_chars(text + ls, pr->noqa[i] - ls) + 1;
            sb->m->noqa[i] = (NoqaSum){line, col, sdup(sb, s, e ? (size_t)(e - s) : strlen(s))};
        }
        sb->m->nnoqa = pr->nnoqa;
    }
    return hooks_begin(sb) ? sb : NULL;
}

/* ---- lookups by name ------------------------------------------------------------------------ */

/* Which binding of a name wins at a module's top level: the one on the latest line, imports
 * counting as before every line (the last of them winning); between a class and a function on
 * one line, the function. In a class, the later definition. */
static int64_t entry_rank(const ModuleSummary *m, uint32_t what) {
    uint32_t i = what >> 2;
    switch (what & 3) {
    case NAME_CLASS: return (int64_t)m->classes[i].line * 2;
    case NAME_FUNCTION: return (int64_t)m->functions[i].line * 2 + 1;
    default: return (int64_t)INT32_MIN * 2 + i;
    }
}

/* Puts `what` (named `name`) in the table of cap slots (a power of two): a name's later
 * binding replaces the earlier one where `ranked`, or always (a class's methods, in order). */
static void put_name(const ModuleSummary *m, NameEntry *t, uint32_t cap, uint32_t what,
                     bool ranked) {
    const char *name = name_entry_name(m, what);
    uint32_t h = name_hash(name), at = h & (cap - 1);
    for (; t[at].what; at = (at + 1) & (cap - 1))
        if (t[at].hash == h && strcmp(name_entry_name(m, t[at].what), name) == 0) {
            if (!ranked || entry_rank(m, t[at].what) <= entry_rank(m, what)) t[at].what = what;
            return;
        }
    t[at] = (NameEntry){h, what};
}

/* A table for n names, at most 3/4 full, in `out`. */
static NameEntry *name_table(Arena *out, int32_t n, int32_t *cap) {
    uint32_t c = 4;
    while (c * 3 < (uint32_t)n * 4) c *= 2;
    *cap = (int32_t)c;
    return arena_zalloc(out, sizeof(NameEntry) * c);
}

bool summary_index_names(Arena *out, ModuleSummary *m) {
    for (int32_t c = 0; c < m->nclasses; c++) {
        ClassSum *cs = &m->classes[c];
        NameEntry *t = name_table(out, cs->nmethods, &cs->nbyname);
        if (!t) return false;
        for (int32_t k = 0; k < cs->nmethods; k++)
            put_name(m, t, (uint32_t)cs->nbyname, (uint32_t)cs->methods[k] << 2 | NAME_FUNCTION,
                     false);
        cs->byname = t;
    }
    int32_t n = m->nimports;
    for (int32_t i = 0; i < m->nclasses; i++) n += !strchr(m->classes[i].qualname, '.');
    for (int32_t i = 0; i < m->nfunctions; i++)
        n += m->functions[i].cls < 0 && m->functions[i].outer < 0;
    NameEntry *t = name_table(out, n, &m->nnames);
    if (!t) return false;
    for (int32_t i = 0; i < m->nclasses; i++)
        if (!strchr(m->classes[i].qualname, '.'))
            put_name(m, t, (uint32_t)m->nnames, (uint32_t)i << 2 | NAME_CLASS, true);
    for (int32_t i = 0; i < m->nfunctions; i++)
        if (m->functions[i].cls < 0 && m->functions[i].outer < 0)
            put_name(m, t, (uint32_t)m->nnames, (uint32_t)i << 2 | NAME_FUNCTION, true);
    for (int32_t i = 0; i < m->nimports; i++)
        put_name(m, t, (uint32_t)m->nnames, (uint32_t)i << 2 | NAME_IMPORT, true);
    m->names = t;
    return true;
}

static int by_position(const void *x, const void *y) {
    const CallSum *a = x, *b = y;
    if (a->loc.line != b->loc.line) return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col) return a->loc.col < b->loc.col ? -1 : 1;
    return 0;
}

ModuleSummary *summary_finish(SumBuilder *sb) {
    if (sb->failed || !hooks_finish(sb, sb->m)) return NULL;
    if (sb->opt->callers_of && sb->calls.len > 1) /* (the callers query lists them in order) */
        qsort(sb->calls.items, (size_t)sb->calls.len, sizeof(CallSum), by_position);
    ModuleSummary *m = sb->m;
    m->functions = sb->funcs.items == sb->funcs_out && sb->funcs.len
                       ? sb->funcs.items
                       : keep(sb, sb->funcs.items, sb->funcs.len, sizeof(FuncSum));
    m->nfunctions = sb->funcs.len;
    m->classes = sb->classes.items == sb->classes_out && sb->classes.len
                     ? sb->classes.items
                     : keep(sb, sb->classes.items, sb->classes.len, sizeof(ClassSum));
    m->nclasses = sb->classes.len;
    m->imports = keep(sb, sb->imports.items, sb->imports.len, sizeof(ImportSum));
    m->nimports = sb->imports.len;
    m->calls = keep(sb, sb->calls.items, sb->calls.len, sizeof(CallSum));
    m->ncalls = sb->calls.len;
    if (sb->codes.len == sb->funcs.len) /* (made during the walk) */
        m->code = keep(sb, sb->codes.items, sb->codes.len, sizeof *sb->codes.items);
    if (sb->failed) return NULL;
    for (int32_t c = 0; c < m->nclasses; c++) {
        int32_t n = c < sb->cap_methods ? sb->methods[c].len : 0;
        m->classes[c].methods = arena_alloc(sb->out, sizeof(int32_t) * (size_t)(n ? n : 1));
        if (!m->classes[c].methods) return NULL;
        if (n) memcpy(m->classes[c].methods, sb->methods[c].items, sizeof(int32_t) * (size_t)n);
        m->classes[c].nmethods = n;
    }
    return summary_index_names(sb->out, m) ? m : NULL;
}
