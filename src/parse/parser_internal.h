/* parser_internal.h — what the parser's files (parser.c, parse_expr.c, parse_stmt.c,
 * parse_pattern.c, parse_string.c) share: the Parser state, token access, errors, node building.
 *
 * Conventions: every parse function is headed by the grammar production it implements (in
 * CPython's python.gram notation). A node's position follows CPython's EXTRA rule: from the first
 * token of the production to the last token consumed that is not NEWLINE/INDENT/DEDENT. Errors
 * unwind to parse_module() with longjmp; everything lives in the arena, so nothing leaks.
 */
#ifndef DW_PARSER_INTERNAL_H
#define DW_PARSER_INTERNAL_H

#include <setjmp.h>
#include <string.h>

#include "../lex/lex.h"
#include "parser.h"

enum {
    MAX_DEPTH = 5968,           /* nesting of recursive rules, as CPython's parser stack allows */
    MAX_CHAIN = AST_MAX_HEIGHT, /* left-nested operator chains: none longer can be accepted
                                   (the tree's height is checked exactly at the end) */
};

typedef struct Parser {
    Arena *arena;
    const char *text;
    Token *toks;
    int32_t ntoks;         /* valid tokens; toks[ntoks] does not exist when the lexer failed */
    const uint32_t *lines; /* line starts, for the tokens' columns */
    int32_t pos;
    const LexError *lexerr;
    bool valid_utf8; /* the text is valid UTF-8: string literals need no decoding check */
    bool walrus;     /* a named expression (:=) was parsed */
    bool barry;      /* 3.14+: `from __future__ import barry_as_FLUFL` was parsed: `<>` is `!=` */
    int minor;       /* the Python 3 minor version parsed as (LEX_PY_OLDEST..NEWEST) */
    int in_def, in_class, in_try; /* bodies being parsed around: where `lazy import` may not be */
    int32_t ndefs, nclasses;      /* function and class definitions parsed */
    jmp_buf *jb;
    ParseError *err;
    int depth;
    /* scratch stack for building lists */
    Node **stack;
    int32_t sp, scap;
    int chain;                /* left-nested operator chain length being built */
    int if_nest, max_if_nest; /* If statements (and elif arms) nested around the parse, and
                                 the most at any point */
    int32_t max_line_tokens;  /* the tokenizer's longest logical line, in tokens */
    ParseError last_failed;   /* the error try_parse last caught */
    int32_t far;              /* the furthest token an alternative that failed had reached */
    int32_t forced_lpar;      /* a def's type parameters being parsed: the '[' (0: none). CPython's
                                 `&&'('` after them makes any generic error inside "expected '('"
                                 there (the optional [type_params] failed) */
} Parser;

/* Why a parse stopped (the longjmp value). */
enum { STOP_SYNTAX = 1, STOP_LEXER, STOP_MEMORY, STOP_TOO_DEEP };

/* ---- tokens ---- */
_Noreturn void parse_lex_error(Parser *P);

static inline Token *tok_at(Parser *P, int32_t i) {
    if (i >= P->ntoks) parse_lex_error(P);
    return &P->toks[i];
}
static inline Token *peek(Parser *P) {
    return tok_at(P, P->pos);
}
static inline int kind(Parser *P) {
    return peek(P)->kind;
}
static inline int kind_at(Parser *P, int32_t ahead) {
    return tok_at(P, P->pos + ahead)->kind;
}
static inline Token *advance(Parser *P) {
    Token *t = peek(P);
    P->pos++;
    return t;
}
static inline bool accept(Parser *P, int k) {
    if (kind(P) != k) return false;
    P->pos++;
    return true;
}
/* A token's columns (CPython's 0-based byte columns). */
static inline int32_t tcol(const Parser *P, const Token *t) {
    return tok_col(P->lines, t);
}
static inline int32_t tend(const Parser *P, const Token *t) {
    return tok_end_col(P->lines, t);
}
/* The token's text. */
static inline Str tok_str(Parser *P, const Token *t) {
    return (Str){P->text + t->start, (int32_t)(t->end - t->start)};
}
/* Whether the token's text is name (inline: name is a literal, so its length is a constant). */
static inline bool tok_is_name(Parser *P, const Token *t, const char *name) {
    size_t n = strlen(name);
    return t->end - t->start == n && memcmp(P->text + t->start, name, n) == 0;
}
static inline bool at_name(Parser *P, const char *name) {
    return kind(P) == TOK_NAME && tok_is_name(P, peek(P), name);
}

/* ---- errors ---- */
_Noreturn void syntax_error_at(Parser *P, int32_t line, int32_t col, int32_t end_line,
                               int32_t end_col, const char *fmt, ...)
    __attribute__((format(printf, 6, 7)));
_Noreturn void unexpected_indent(Parser *P, const Token *t);
_Noreturn void syntax_error_tok(Parser *P, const Token *t, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
_Noreturn void syntax_error_node(Parser *P, const Node *n, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* "invalid syntax" at the current token (CPython's generic error). */
_Noreturn void syntax_error_here(Parser *P);
_Noreturn void parse_no_memory(Parser *P);
Token *expect(Parser *P, int k);
/* Recursion guard for recursive rules. */
_Noreturn void enter_deep(Parser *P);
/* A left-nested chain (a+b+..., a.b.c...) longer than any tree CPython accepts is. */
_Noreturn void chain_too_long(Parser *P);
#define ENTER(P)                                                                                   \
    do {                                                                                           \
        if (++(P)->depth > MAX_DEPTH) enter_deep(P);                                               \
    } while (0)
#define LEAVE(P) ((P)->depth--)

/* ---- nodes ---- */
void *palloc(Parser *P, size_t n);
/* Inline, as every node passes here: with a constant kind, a node is a bump and a few stores. */
static inline Node *node_new(Parser *P, AstKind k) {
    Node *n = ast_new(P->arena, k);
    if (!n) parse_no_memory(P);
    return n;
}
/* The last consumed token that is not NEWLINE/INDENT/DEDENT (the end of a node, in CPython's
 * EXTRA); nearly always the one just consumed. */
const Token *last_nonws_slow(Parser *P);
_Static_assert(TOK_INDENT == TOK_NEWLINE + 1 && TOK_DEDENT == TOK_NEWLINE + 2,
               "last_nonws tests NEWLINE, INDENT and DEDENT as one range");
static inline const Token *last_nonws(Parser *P) {
    if (P->pos > 1) {
        const Token *t = &P->toks[P->pos - 1];
        int k = t->kind;
        if (k != TOK_ENDMARKER && (unsigned)(k - TOK_NEWLINE) > TOK_DEDENT - TOK_NEWLINE) return t;
    }
    return last_nonws_slow(P);
}
/* Ends n where the last consumed non-whitespace token ends. */
static inline void set_end_last(Parser *P, Node *n) {
    const Token *e = last_nonws(P);
    n->end_lineno = e->end_lineno;
    n->end_col_offset = tend(P, e);
}
/* A node spanning from token `start` to the last consumed non-whitespace token. */
static inline Node *node_from(Parser *P, AstKind k, int32_t start) {
    Node *n = node_new(P, k);
    const Token *s = &P->toks[start];
    n->lineno = s->lineno;
    n->col_offset = tcol(P, s);
    set_end_last(P, n);
    return n;
}
/* A node with the positions of another node's start and another's end. */
Node *node_span(Parser *P, AstKind k, const Node *first, const Node *last);
Str ident(Parser *P, const Token *t);
/* A Name node of one token. */
Node *name_node(Parser *P, const Token *t, int ctx);
/* Scratch-stack list building: mark = P->sp; push...; list = list_from(P, mark). */
void push_slow(Parser *P, Node *n);
static inline void push(Parser *P, Node *n) {
    if (P->sp < P->scap)
        P->stack[P->sp++] = n;
    else
        push_slow(P, n);
}
NodeList list_from(Parser *P, int32_t mark);
NodeList list1(Parser *P, Node *n);
extern const NodeList EMPTY_LIST;

/* ---- rules shared between files ---- */
Node *parse_expression(Parser *P);       /* expression */
Node *parse_named_expression(Parser *P); /* named_expression */
Node *parse_star_expressions(Parser *P); /* star_expressions (a Tuple when commas) */
Node *parse_star_named_expression(Parser *P);
Node *parse_yield_expr(Parser *P);    /* yield_expr, at 'yield' */
Node *parse_annotated_rhs(Parser *P); /* yield_expr | star_expressions */
Node *parse_bitwise_or(Parser *P);
Node *parse_disjunction(Parser *P);
Node *parse_primary(Parser *P);
Node *parse_atom(Parser *P);
Node *parse_trailer(Parser *P, Node *e, int32_t start);
Node *parse_strings(Parser *P);            /* strings: (fstring|string)+ */
Node *parse_star_targets(Parser *P);       /* for-loop and comprehension targets */
Node *parse_star_target_single(Parser *P); /* with ... as TARGET */
Node *parse_arguments_def(Parser *P, bool lambda, int closer); /* params up to ')' or ':' */
NodeList parse_type_params(Parser *P);                         /* at '[' */
NodeList parse_block(Parser *P, const Token *kw, const char *what);
void parse_statement(Parser *P); /* pushes the statements of one line or compound */
Node *parse_patterns(Parser *P); /* patterns (a match_stmt case) */
void parse_call_args(Parser *P, Node *call, int32_t lpar); /* after '(' up to and with ')' */

/* Speculative parsing: runs fn; on a syntax error restores the position and returns false.
 * Tokenizer errors, memory exhaustion and nesting limits still unwind. */
bool try_parse(Parser *P, void (*fn)(Parser *P, void *ud), void *ud);
bool starts_expression(int k);
bool starts_plain_expression(int k);

/* Targets: turn a parsed expression into an assignment target (ctx Store/Del), or raise CPython's
 * error for what cannot be assigned. */
void set_store(Parser *P, Node *e, int ctx, const char *verb);
const char *expr_description(const Node *e);

#endif
