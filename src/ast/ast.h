/* ast.h — the AST: CPython 3.13's node types, generated from ast.def.
 *
 * One struct Node for every kind, a header (kind and CPython's positions: 1-based lines, 0-based
 * UTF-8 byte columns) followed by the kind's fields, reached as n->If.test, n->Call.args, ...
 * Nodes live in the file's arena. Generic services over the field descriptors: the canonical JSON
 * dump (the parser's oracle format), structural equality and hashing (positions, parentheses,
 * quote style ignored), and a child walker.
 */
#ifndef DW_AST_H
#define DW_AST_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "../base/arena.h"
#include "../base/buf.h"
#include "../base/str.h"

typedef struct Node Node;
typedef struct NodeList {
    Node **items;
    int32_t len;
} NodeList;
typedef struct StrList {
    Str *items;
    int32_t len;
} StrList;
typedef struct OpList {
    uint8_t *items;
    int32_t len;
} OpList;

typedef enum ConstKind {
    CONST_NONE,
    CONST_TRUE,
    CONST_FALSE,
    CONST_ELLIPSIS,
    CONST_INT,     /* i */
    CONST_BIGINT,  /* s: lowercase hexadecimal digits of an int beyond int64 (bigint.h) */
    CONST_FLOAT,   /* f */
    CONST_COMPLEX, /* f: the imaginary part */
    CONST_STR,     /* s: WTF-8 (UTF-8, lone surrogates as 3-byte sequences) */
    CONST_BYTES,   /* s: raw bytes */
} ConstKind;

typedef struct Const {
    uint8_t kind;
    union {
        int64_t i;
        double f;
        Str s;
    };
} Const;

typedef enum AstCategory {
    CAT_MOD,
    CAT_STMT,
    CAT_EXPR,
    CAT_PATTERN,
    CAT_POS,
    CAT_NOPOS,
    CAT_OP
} AstCategory;

typedef enum AstKind {
#define NODE(K, N, C) AST_##K,
#define FIELD(N, f, T)
#define END(N)
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    AST_KIND_COUNT
} AstKind;

#define AST_CT_NODE      Node *
#define AST_CT_OPT       Node *
#define AST_CT_LIST      NodeList
#define AST_CT_IDENT     Str
#define AST_CT_OPT_IDENT Str
#define AST_CT_IDENTS    StrList
#define AST_CT_INT       int32_t
#define AST_CT_CONST     Const
#define AST_CT_OPT_STR   Str
#define AST_CT_OP        uint8_t
#define AST_CT_OPS       OpList

#define NODE(K, N, C)  struct Ast##N {
#define FIELD(N, f, T) AST_CT_##T f;
#define END(N)                                                                                     \
    char end_;                                                                                     \
    }                                                                                              \
    ;
#include "ast.def"
#undef NODE
#undef FIELD
#undef END

struct Node {
    uint8_t kind;
    int32_t lineno, col_offset, end_lineno, end_col_offset;
    union {
#define NODE(K, N, C) struct Ast##N N;
#define FIELD(N, f, T)
#define END(N)
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    };
};

typedef enum FieldType {
    FT_NODE,
    FT_OPT,
    FT_LIST,
    FT_IDENT,
    FT_OPT_IDENT,
    FT_IDENTS,
    FT_INT,
    FT_CONST,
    FT_OPT_STR,
    FT_OP,
    FT_OPS
} FieldType;

typedef struct FieldDesc {
    const char *name;
    uint8_t type;
    uint8_t since; /* the Python 3 minor version that has the field (0: every one) */
    uint16_t offset;
} FieldDesc;

typedef struct KindDesc {
    const char *name;
    uint8_t category;
    uint8_t nfields;
    const FieldDesc *fields;
} KindDesc;

extern const KindDesc ast_kinds[AST_KIND_COUNT];

static inline const char *ast_kind_name(int kind) {
    return ast_kinds[kind].name;
}
static inline bool ast_is_stmt(const Node *n) {
    return ast_kinds[n->kind].category == CAT_STMT;
}
static inline bool ast_is_expr(const Node *n) {
    return ast_kinds[n->kind].category == CAT_EXPR;
}

/* The bytes a node of the kind takes (its header and its own fields, not the union's widest).
 * A constant for a constant kind, which is how the parser asks. */
#define AST_SIZE_OF(N) (offsetof(Node, N) + offsetof(struct Ast##N, end_))
static inline size_t ast_node_size(AstKind kind) {
    switch (kind) {
#define NODE(K, N, C)                                                                              \
    case AST_##K:                                                                                  \
        return AST_SIZE_OF(N);
#define FIELD(N, f, T)
#define END(N)
#include "ast.def"
#undef NODE
#undef FIELD
#undef END
    default: return sizeof(Node);
    }
}

/* A zeroed node of the given kind; NULL when out of memory. Inline: the parser makes one every
 * few bytes of source, and with a constant kind the zeroing is a few stores, not a call. */
static inline Node *ast_new(Arena *a, AstKind kind) {
    Node *n = arena_zalloc(a, ast_node_size(kind));
    if (n) n->kind = (uint8_t)kind;
    return n;
}

/* Canonical JSON (see README, "The parser's oracle") of the tree as CPython 3.minor's ast shows
 * it (fields it does not have left out): appends to b; false when out of memory. */
bool ast_to_json(Buf *b, const Node *n, int minor);
/* Appends s as a JSON string literal, as json.dumps(ensure_ascii=True) would. */
bool json_put_str(Buf *b, const char *s, size_t len);

/* Structural equality: same kinds, fields and values, ignoring positions, parentheses, line breaks
 * and string prefix/quote style (Constant.kind). NULL equals only NULL. */
bool ast_equal(const Node *a, const Node *b);
bool ast_list_equal(const NodeList *a, const NodeList *b);
/* A hash consistent with ast_equal. */
uint64_t ast_hash(const Node *n);
uint64_t ast_list_hash(const NodeList *l);

/* Calls fn on each non-NULL child node, in field order; stops early and returns what fn returned
 * when that is non-zero. */
typedef int (*AstVisitFn)(Node *child, void *ud);
int ast_children(Node *n, AstVisitFn fn, void *ud);

/* The statement list of `parent` that holds statement s, and s's place in it; NULL when s is
 * not in a statement list of a module, a function or a compound statement (a class body's). */
const NodeList *ast_list_holding(const Node *parent, const Node *s, int32_t *at);

/* Whether s is a compound statement of control flow: if, while, for, with, try, match (async
 * forms too); defs and classes are not. */
bool ast_is_compound(const Node *s);
/* Whether s is a simple statement: neither such a compound statement nor a def or a class. */
bool ast_is_simple(const Node *s);

/* Calls fn on statement s, then on every statement nested in it (the bodies of compound
 * statements, their `else` and `finally` blocks, handlers and cases; not the bodies of nested
 * functions and classes), in order, until fn returns true; returns whether it did. Recursive:
 * statements nest no deeper than the tokenizer's 100 levels of indentation. */
typedef bool (*AstStmtFn)(const Node *stmt, void *ud);
bool ast_stmt_any(const Node *s, AstStmtFn fn, void *ud);
/* The same for each statement of l. */
bool ast_stmts_any(const NodeList *l, AstStmtFn fn, void *ud);

/* The deepest tree the parser accepts, in nodes from the Module to a leaf (CPython's). Every
 * recursive walk over a tree may rely on it. */
enum { AST_MAX_HEIGHT = 9997 };

/* The first node found more than limit nodes deep (the root is 1 deep), or NULL; iterative.
 * *no_memory says the walk could not finish. */
const Node *ast_deeper_than(const Node *root, int32_t limit, bool *no_memory);

#endif
