/* ast.c — what ast.def gives every node: construction, the canonical
 * JSON dump, structural equality, hashing and the child walker. */
#include "ast.h"

#include "bigint.h"

#include <stdio.h>
#include <string.h>

/* Field descriptors, one array per kind (kinds without fields get a lone terminator). */
#define NODE(K, N, C)           static const FieldDesc fields_##N[] = {
#define FIELD(N, f, T)          {#f, FT_##T, 0, (uint16_t)offsetof(Node, N.f)},
#define FIELD_SINCE(N, f, T, V) {#f, FT_##T, V, (uint16_t)offsetof(Node, N.f)},
#define END(N)                                                                                     \
    { NULL, 0, 0, 0 }                                                                              \
    }                                                                                              \
    ;
#include "ast.def"
#undef NODE
#undef FIELD
#undef FIELD_SINCE
#undef END

#define NODE(K, N, C)                                                                              \
    [AST_##K] = {#N, CAT_##C, (uint8_t)(sizeof(fields_##N) / sizeof(FieldDesc) - 1), fields_##N},
#define FIELD(N, f, T)
#define END(N)
const KindDesc ast_kinds[AST_KIND_COUNT] = {
#include "ast.def"
};
#undef NODE
#undef FIELD
#undef END

#define FIELD_PTR(n, fd) ((const char *)(n) + (fd)->offset)
#define AS(T, n, fd)     (*(const T *)FIELD_PTR(n, fd))

/* ---- JSON ------------------------------------------------------------------------------- */

static void put_u16(Buf *b, unsigned cp) {
    static const char hex[] = "0123456789abcdef";
    char s[6] = {'\\',        'u', hex[(cp >> 12) & 15], hex[(cp >> 8) & 15], hex[(cp >> 4) & 15],
                 hex[cp & 15]};
    buf_put(b, s, 6);
}

/* Decodes one WTF-8 sequence at s (n bytes left); returns its length, *cp the code point.
 * Bytes that do not form a sequence decode as themselves (U+0080..U+00FF) — never produced by the
 * parser, but the dump must not run off the end on them. */
static int wtf8_decode(const unsigned char *s, size_t n, unsigned *cp) {
    unsigned c = s[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int len = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 0;
    if (len == 0 || (size_t)len > n) {
        *cp = c;
        return 1;
    }
    unsigned v = c & (0x7f >> len);
    for (int i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80) {
            *cp = c;
            return 1;
        }
        v = (v << 6) | (s[i] & 0x3f);
    }
    *cp = v;
    return len;
}

bool json_put_str(Buf *b, const char *str, size_t len) {
    const unsigned char *s = (const unsigned char *)str;
    buf_putc(b, '"');
    size_t i = 0;
    while (i < len) {
        size_t j = i;
        while (j < len && s[j] >= 0x20 && s[j] < 0x7f && s[j] != '"' && s[j] != '\\') j++;
        if (j > i) buf_put(b, s + i, j - i);
        i = j;
        if (i >= len) break;
        unsigned c = s[i];
        switch (c) {
        case '"':
            buf_puts(b, "\\\"");
            i++;
            continue;
        case '\\':
            buf_puts(b, "\\\\");
            i++;
            continue;
        case '\n':
            buf_puts(b, "\\n");
            i++;
            continue;
        case '\r':
            buf_puts(b, "\\r");
            i++;
            continue;
        case '\t':
            buf_puts(b, "\\t");
            i++;
            continue;
        case '\b':
            buf_puts(b, "\\b");
            i++;
            continue;
        case '\f':
            buf_puts(b, "\\f");
            i++;
            continue;
        default: break;
        }
        unsigned cp;
        i += (size_t)wtf8_decode(s + i, len - i, &cp);
        if (cp >= 0x10000) {
            cp -= 0x10000;
            put_u16(b, 0xd800 + (cp >> 10));
            put_u16(b, 0xdc00 + (cp & 0x3ff));
        } else {
            put_u16(b, cp);
        }
    }
    buf_putc(b, '"');
    return !b->failed;
}

static void json_const(Buf *b, const Const *c) {
    char num[64];
    switch ((ConstKind)c->kind) {
    case CONST_NONE: buf_puts(b, "null"); break;
    case CONST_TRUE: buf_puts(b, "true"); break;
    case CONST_FALSE: buf_puts(b, "false"); break;
    case CONST_ELLIPSIS: buf_puts(b, "{\"_ellipsis\":true}"); break;
    case CONST_INT: buf_printf(b, "%lld", (long long)c->i); break;
    case CONST_BIGINT:
        buf_puts(b, "{\"_int\":\"");
        if (!bigint_hex_to_decimal(c->s.s, (size_t)c->s.len, b)) b->failed = true;
        buf_puts(b, "\"}");
        break;
    case CONST_FLOAT:
    case CONST_COMPLEX:
        snprintf(num, sizeof num, "%.17g", c->f);
        buf_printf(b, "{\"%s\":\"%s\"}", c->kind == CONST_FLOAT ? "_float" : "_complex", num);
        break;
    case CONST_STR: json_put_str(b, c->s.s, (size_t)c->s.len); break;
    case CONST_BYTES:
        buf_puts(b, "{\"_bytes\":\"");
        for (int32_t i = 0; i < c->s.len; i++) buf_printf(b, "%02x", (unsigned char)c->s.s[i]);
        buf_puts(b, "\"}");
        break;
    }
}

static void json_opt_str(Buf *b, Str s) {
    if (s.s)
        json_put_str(b, s.s, (size_t)s.len);
    else
        buf_puts(b, "null");
}

static void json_node(Buf *b, const Node *n, int minor);

static void json_field(Buf *b, const Node *n, const FieldDesc *fd, int minor) {
    switch ((FieldType)fd->type) {
    case FT_NODE:
    case FT_OPT: json_node(b, AS(Node *, n, fd), minor); break;
    case FT_LIST: {
        const NodeList *l = &AS(NodeList, n, fd);
        buf_putc(b, '[');
        for (int32_t i = 0; i < l->len; i++) {
            if (i) buf_putc(b, ',');
            json_node(b, l->items[i], minor);
        }
        buf_putc(b, ']');
        break;
    }
    case FT_IDENT:
    case FT_OPT_IDENT:
    case FT_OPT_STR: json_opt_str(b, AS(Str, n, fd)); break;
    case FT_IDENTS: {
        const StrList *l = &AS(StrList, n, fd);
        buf_putc(b, '[');
        for (int32_t i = 0; i < l->len; i++) {
            if (i) buf_putc(b, ',');
            json_opt_str(b, l->items[i]);
        }
        buf_putc(b, ']');
        break;
    }
    case FT_INT: buf_printf(b, "%d", (int)AS(int32_t, n, fd)); break;
    case FT_CONST: json_const(b, &AS(Const, n, fd)); break;
    case FT_OP: buf_printf(b, "{\"_type\":\"%s\"}", ast_kinds[AS(uint8_t, n, fd)].name); break;
    case FT_OPS: {
        const OpList *l = &AS(OpList, n, fd);
        buf_putc(b, '[');
        for (int32_t i = 0; i < l->len; i++)
            buf_printf(b, "%s{\"_type\":\"%s\"}", i ? "," : "", ast_kinds[l->items[i]].name);
        buf_putc(b, ']');
        break;
    }
    }
}

static void json_node(Buf *b, const Node *n, int minor) {
    if (!n) {
        buf_puts(b, "null");
        return;
    }
    const KindDesc *k = &ast_kinds[n->kind];
    buf_printf(b, "{\"_type\":\"%s\"", k->name);
    for (const FieldDesc *fd = k->fields; fd->name; fd++) {
        if (fd->since > minor) continue; /* a field that version's ast does not have */
        buf_printf(b, ",\"%s\":", fd->name);
        json_field(b, n, fd, minor);
    }
    switch ((AstCategory)k->category) {
    case CAT_STMT:
    case CAT_EXPR:
    case CAT_PATTERN:
    case CAT_POS:
        buf_printf(b, ",\"lineno\":%d,\"col_offset\":%d,\"end_lineno\":%d,\"end_col_offset\":%d",
                   n->lineno, n->col_offset, n->end_lineno, n->end_col_offset);
        break;
    default: break;
    }
    buf_putc(b, '}');
}

bool ast_to_json(Buf *b, const Node *n, int minor) {
    json_node(b, n, minor);
    return !b->failed;
}

/* ---- equality, hashing, walking --------------------------------------------------------- */
/* The JSON dump above and these recurse once per level of the tree: the parser accepts no tree
 * deeper than AST_MAX_HEIGHT (src/parse/parser.c, check_height), which bounds their depth. */
/* Each is a switch over the kinds, one case per NODE of ast.def whose body treats every FIELD by
 * its type (the EQ_, HASH_ and KIDS_ macros below): straight-line code per kind, no descriptor
 * loop. Positions, and the OPT_STR fields (a string's `u` prefix, type comments), are style. */

static bool const_equal(const Const *a, const Const *b) {
    if (a->kind != b->kind) return false;
    switch ((ConstKind)a->kind) {
    case CONST_INT: return a->i == b->i;
    case CONST_FLOAT:
    case CONST_COMPLEX: return memcmp(&a->f, &b->f, sizeof a->f) == 0;
    case CONST_BIGINT:
    case CONST_STR:
    case CONST_BYTES: return str_eq(a->s, b->s);
    default: return true;
    }
}

static bool idents_equal(const StrList *x, const StrList *y) {
    if (x->len != y->len) return false;
    for (int32_t i = 0; i < x->len; i++)
        if (!str_eq(x->items[i], y->items[i])) return false;
    return true;
}

bool ast_list_equal(const NodeList *a, const NodeList *b) {
    if (a->len != b->len) return false;
    for (int32_t i = 0; i < a->len; i++)
        if (!ast_equal(a->items[i], b->items[i])) return false;
    return true;
}

#define EQ_NODE(x, y)      ast_equal(x, y)
#define EQ_OPT(x, y)       ast_equal(x, y)
#define EQ_LIST(x, y)      ast_list_equal(&(x), &(y))
#define EQ_IDENT(x, y)     str_eq(x, y)
#define EQ_OPT_IDENT(x, y) str_eq(x, y)
#define EQ_IDENTS(x, y)    idents_equal(&(x), &(y))
#define EQ_INT(x, y)       ((x) == (y))
#define EQ_CONST(x, y)     const_equal(&(x), &(y))
#define EQ_OPT_STR(x, y)   ((void)(x), (void)(y), true)
#define EQ_OP(x, y)        ((x) == (y))
#define EQ_OPS(x, y)       ((x).len == (y).len && memcmp((x).items, (y).items, (size_t)(x).len) == 0)

bool ast_equal(const Node *a, const Node *b) {
    if (a == b) return true;
    if (!a || !b || a->kind != b->kind) return false;
    switch (a->kind) {
#define NODE(K, N, C) case AST_##K:
#define FIELD(N, f, T)                                                                             \
    if (!EQ_##T(a->N.f, b->N.f)) return false;
#define END(N) return true;
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    default: return false;
    }
}

/* One step of the hash: a folded multiply (the 128-bit product's halves xored), which mixes
 * every bit of h ^ v into every bit of the result in three instructions. */
static inline uint64_t mix(uint64_t h, uint64_t v) {
#if defined(__SIZEOF_INT128__)
    unsigned __int128 m = (unsigned __int128)(h ^ v) * 0x9e3779b97f4a7c15ull;
    return (uint64_t)m ^ (uint64_t)(m >> 64);
#else
    h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
#endif
}

/* Identifiers are most of what is hashed: a short one (most are) is read as two overlapping
 * words (or its first, middle and last bytes), which together hold every byte of it; a longer
 * one a word at a time, its last word overlapping. */
static uint64_t hash_str(uint64_t h, Str s) {
    if (!s.s) return mix(h, 0x5bd1e995);
    const unsigned char *p = (const unsigned char *)s.s;
    size_t n = (size_t)s.len;
    uint64_t w;
    uint32_t a, b;
    h += n * 0x9e3779b97f4a7c15ull + 1;
    if (n <= 8) {
        if (n >= 4) {
            memcpy(&a, p, 4);
            memcpy(&b, p + n - 4, 4);
            w = (uint64_t)a << 32 | b;
        } else {
            w = n ? (uint64_t)p[0] << 16 | (uint64_t)p[n / 2] << 8 | p[n - 1] : 0;
        }
        return mix(h, w);
    }
    for (size_t i = 0; i + 8 < n; i += 8) {
        memcpy(&w, p + i, 8);
        h = mix(h, w);
    }
    memcpy(&w, p + n - 8, 8);
    return mix(h, w);
}

static uint64_t hash_const(uint64_t h, const Const *c) {
    h = mix(h, c->kind);
    switch ((ConstKind)c->kind) {
    case CONST_INT: return mix(h, (uint64_t)c->i);
    case CONST_FLOAT:
    case CONST_COMPLEX: {
        uint64_t v;
        memcpy(&v, &c->f, sizeof v);
        return mix(h, v);
    }
    case CONST_BIGINT:
    case CONST_STR:
    case CONST_BYTES: return hash_str(h, c->s);
    default: return h;
    }
}

static uint64_t hash_node(uint64_t h, const Node *n);

static uint64_t hash_list(uint64_t h, const NodeList *l) {
    h = mix(h, (uint64_t)l->len);
    for (int32_t i = 0; i < l->len; i++) h = hash_node(h, l->items[i]);
    return h;
}

static uint64_t hash_idents(uint64_t h, const StrList *l) {
    for (int32_t i = 0; i < l->len; i++) h = hash_str(h, l->items[i]);
    return h;
}

#define HASH_NODE(h, x)      h = hash_node(h, x)
#define HASH_OPT(h, x)       h = hash_node(h, x)
#define HASH_LIST(h, x)      h = hash_list(h, &(x))
#define HASH_IDENT(h, x)     h = hash_str(h, x)
#define HASH_OPT_IDENT(h, x) h = hash_str(h, x)
#define HASH_IDENTS(h, x)    h = hash_idents(h, &(x))
#define HASH_INT(h, x)       h = mix(h, (uint64_t)(x))
#define HASH_CONST(h, x)     h = hash_const(h, &(x))
#define HASH_OPT_STR(h, x)   (void)(x)
#define HASH_OP(h, x)        h = mix(h, x)
#define HASH_OPS(h, x)       h = hash_bytes((x).items, (size_t)(x).len, h)

static uint64_t hash_node(uint64_t h, const Node *n) {
    if (!n) return mix(h, 0xffff);
    h = mix(h, n->kind);
    /* the commonest kinds first, without their expression context: where a name or an attribute
     * stands decides whether it is loaded or stored, so trees that differ only there differ
     * elsewhere too (equality still compares it) */
    if (n->kind == AST_NAME) return hash_str(h, n->Name.id);
    if (n->kind == AST_ATTRIBUTE)
        return hash_str(hash_node(h, n->Attribute.value), n->Attribute.attr);
    switch (n->kind) {
#define NODE(K, N, C)  case AST_##K:
#define FIELD(N, f, T) HASH_##T(h, n->N.f);
#define END(N)         break;
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    default: break;
    }
    return h;
}

uint64_t ast_hash(const Node *n) {
    return hash_node(HASH_SEED, n);
}
uint64_t ast_list_hash(const NodeList *l) {
    return hash_list(HASH_SEED, l);
}

#define KIDS_NODE(x)                                                                               \
    if ((x) && (r = fn((x), ud))) return r;
#define KIDS_OPT(x) KIDS_NODE(x)
#define KIDS_LIST(x)                                                                               \
    for (int32_t i = 0; i < (x).len; i++)                                                          \
        if ((x).items[i] && (r = fn((x).items[i], ud))) return r;
#define KIDS_IDENT(x)
#define KIDS_OPT_IDENT(x)
#define KIDS_IDENTS(x)
#define KIDS_INT(x)
#define KIDS_CONST(x)
#define KIDS_OPT_STR(x)
#define KIDS_OP(x)
#define KIDS_OPS(x)

int ast_children(Node *n, AstVisitFn fn, void *ud) {
    int r = 0;
    switch (n->kind) {
#define NODE(K, N, C)  case AST_##K:
#define FIELD(N, f, T) KIDS_##T(n->N.f)
#define END(N)         break;
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    default: break;
    }
    return r;
}

/* ---- height --------------------------------------------------------------------------- */

typedef struct HeightWalk {
    const Node **stack; /* nodes still to visit, each with its depth in depths */
    int32_t *depths;
    int32_t sp, cap, depth;
    bool failed;
} HeightWalk;

static int height_push(Node *child, void *ud) {
    HeightWalk *h = ud;
    if (h->sp == h->cap) {
        int32_t ncap = h->cap ? h->cap * 2 : 256;
        const Node **ns = dw_realloc(h->stack, sizeof *ns * (size_t)ncap);
        int32_t *nd = ns ? dw_realloc(h->depths, sizeof *nd * (size_t)ncap) : NULL;
        if (ns) h->stack = ns;
        if (!nd) {
            h->failed = true;
            return 1;
        }
        h->depths = nd;
        h->cap = ncap;
    }
    h->stack[h->sp] = child;
    h->depths[h->sp++] = h->depth + 1;
    return 0;
}

const Node *ast_deeper_than(const Node *root, int32_t limit, bool *no_memory) {
    HeightWalk h = {0};
    const Node *found = NULL;
    h.depth = 0;
    *no_memory = false;
    if (height_push((Node *)root, &h)) goto out;
    while (h.sp > 0) {
        const Node *n = h.stack[--h.sp];
        h.depth = h.depths[h.sp];
        if (h.depth > limit) {
            found = n;
            break;
        }
        if (ast_children((Node *)n, height_push, &h)) break;
    }
out:
    *no_memory = h.failed;
    dw_free(h.stack);
    dw_free(h.depths);
    return found;
}

/* The statement list of `parent` that holds statement s, and s's place in it; NULL when s is
 * not in a statement list of a module, a function or a compound statement (a class body's). */
const NodeList *ast_list_holding(const Node *parent, const Node *s, int32_t *at) {
    const NodeList *lists[3] = {NULL, NULL, NULL};
    switch (parent->kind) {
    case AST_MODULE: lists[0] = &parent->Module.body; break;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: lists[0] = &parent->FunctionDef.body; break;
    case AST_IF:
    case AST_WHILE: lists[0] = &parent->If.body, lists[1] = &parent->If.orelse; break;
    case AST_FOR:
    case AST_ASYNC_FOR: lists[0] = &parent->For.body, lists[1] = &parent->For.orelse; break;
    case AST_WITH:
    case AST_ASYNC_WITH: lists[0] = &parent->With.body; break;
    case AST_TRY:
    case AST_TRY_STAR:
        lists[0] = &parent->Try.body, lists[1] = &parent->Try.orelse;
        lists[2] = &parent->Try.finalbody;
        break;
    case AST_EXCEPT_HANDLER: lists[0] = &parent->ExceptHandler.body; break;
    case AST_MATCH_CASE: lists[0] = &parent->match_case.body; break;
    default: return NULL;
    }
    for (int k = 0; k < 3 && lists[k]; k++)
        for (int32_t i = 0; i < lists[k]->len; i++)
            if (lists[k]->items[i] == s) {
                *at = i;
                return lists[k];
            }
    return NULL;
}

bool ast_stmts_any(const NodeList *l, AstStmtFn fn, void *ud) {
    for (int32_t i = 0; i < l->len; i++)
        if (ast_stmt_any(l->items[i], fn, ud)) return true;
    return false;
}

bool ast_stmt_any(const Node *s, AstStmtFn fn, void *ud) {
    if (fn(s, ud)) return true;
    switch (s->kind) {
    case AST_IF: return ast_stmts_any(&s->If.body, fn, ud) || ast_stmts_any(&s->If.orelse, fn, ud);
    case AST_WHILE:
        return ast_stmts_any(&s->While.body, fn, ud) || ast_stmts_any(&s->While.orelse, fn, ud);
    case AST_FOR:
    case AST_ASYNC_FOR:
        return ast_stmts_any(&s->For.body, fn, ud) || ast_stmts_any(&s->For.orelse, fn, ud);
    case AST_WITH:
    case AST_ASYNC_WITH: return ast_stmts_any(&s->With.body, fn, ud);
    case AST_TRY:
    case AST_TRY_STAR:
        if (ast_stmts_any(&s->Try.body, fn, ud)) return true;
        for (int32_t k = 0; k < s->Try.handlers.len; k++)
            if (ast_stmts_any(&s->Try.handlers.items[k]->ExceptHandler.body, fn, ud)) return true;
        return ast_stmts_any(&s->Try.orelse, fn, ud) || ast_stmts_any(&s->Try.finalbody, fn, ud);
    case AST_MATCH:
        for (int32_t k = 0; k < s->Match.cases.len; k++)
            if (ast_stmts_any(&s->Match.cases.items[k]->match_case.body, fn, ud)) return true;
        return false;
    default: return false;
    }
}

bool ast_is_compound(const Node *s) {
    switch (s->kind) {
    case AST_IF:
    case AST_WHILE:
    case AST_FOR:
    case AST_ASYNC_FOR:
    case AST_WITH:
    case AST_ASYNC_WITH:
    case AST_TRY:
    case AST_TRY_STAR:
    case AST_MATCH: return true;
    default: return false;
    }
}

bool ast_is_simple(const Node *s) {
    return !ast_is_compound(s) && s->kind != AST_FUNCTION_DEF &&
           s->kind != AST_ASYNC_FUNCTION_DEF && s->kind != AST_CLASS_DEF;
}
