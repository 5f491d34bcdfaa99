/* lex.h — the tokenizer: decoded source text in, an array of tokens out.
 *
 * A faithful port of CPython 3.13's tokenizer (Parser/lexer/lexer.c): indentation with its tab
 * rules (INDENT/DEDENT), implicit line joining inside brackets and explicit joining with a
 * backslash, every numeric literal form, string prefixes, and PEP 701 f-strings through a stack
 * of modes (FSTRING_START, FSTRING_MIDDLE, expression tokens, FSTRING_END). The whole file is
 * tokenized up front; a tokenizer error stops the array there and is kept as a value, so the
 * parser can decide, as CPython does, which of its own error and the tokenizer's wins.
 */
#ifndef DW_LEX_H
#define DW_LEX_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../source/source.h"

/* CPython's limit on indentation levels (its tokenizer's MAXINDENT): blocks nest no deeper. */
enum { LEX_MAX_INDENT = 100 };
/* The Python 3 minor versions whose syntax deadwood knows: the newest is the default. */
enum { LEX_PY_OLDEST = 8, LEX_PY_NEWEST = 15 };

typedef enum TokKind {
#define TOKEN(K, d) TOK_##K,
#define OP(K, s)    TOK_##K,
#define KW(K, s)    TOK_KW_##K,
#include "tokens.def"
#undef TOKEN
#undef OP
#undef KW
    TOK_KIND_COUNT
} TokKind;

enum {
    TOKF_NONASCII = 1,  /* a NAME with non-ASCII characters (to be NFKC-normalized) */
    TOKF_END_PLUS1 = 2, /* the position ends one byte after the text (an f-string's doubled
                          brace, which CPython's token text drops but its end column counts) */
    TOKF_TSTRING = 4 /* an FSTRING_START that starts a t-string (3.14: CPython's TSTRING_START) */
};

/* 20 bytes: columns are derived from the offsets and the line index (tok_col, tok_end_col). */
typedef struct Token {
    uint8_t kind;
    uint8_t flags;
    uint32_t start, end;        /* byte offsets into the text */
    int32_t lineno, end_lineno; /* CPython's 1-based lines of the start and the end */
} Token;

/* CPython's 0-based byte columns of a token, from the text's line starts. */
static inline int32_t tok_col(const uint32_t *line_starts, const Token *t) {
    return (int32_t)(t->start - line_starts[t->lineno - 1]);
}
static inline int32_t tok_end_col(const uint32_t *line_starts, const Token *t) {
    return (int32_t)(t->end + ((t->flags & TOKF_END_PLUS1) ? 1u : 0u) -
                     line_starts[t->end_lineno - 1]);
}

/* How the tokenizer failed, in CPython's terms: most errors raise a SyntaxError at once (an
 * "exception"); indentation and end-of-file problems are reported only when the parser reaches
 * them (a "done" code), and an unclosed bracket only if nothing else was wrong earlier. */
typedef enum LexErrorKind {
    LEXERR_NONE,
    LEXERR_EXCEPTION, /* SyntaxError raised by the tokenizer */
    LEXERR_INDENT,    /* IndentationError / TabError, no exception until reached */
    LEXERR_EOF,       /* end of input inside brackets or after a continuation */
    LEXERR_LINECONT,  /* a character after a line-continuation backslash, none until reached */
} LexErrorKind;

typedef struct LexError {
    uint8_t kind;
    int32_t line, col;
    int32_t end_line, end_col;
    char msg[200];
    /* for LEXERR_EOF and LEXERR_LINECONT inside brackets: the innermost unclosed bracket */
    int32_t paren_line, paren_col;
    char paren;
    bool in_fstring; /* the error happened inside an f-string's expression */
} LexError;

typedef struct TokenArray {
    Token *toks;
    int32_t count; /* tokens before the error (or all, ENDMARKER last) */
    LexError err;  /* err.kind == LEXERR_NONE when the whole file tokenized */
    /* offsets of the comments that mention "noqa" (any case), in order */
    uint32_t *noqa;
    int32_t nnoqa, cap_noqa;
    LineIndex lines;         /* the text's line starts (built once, shared with later stages) */
    int32_t max_line_tokens; /* the most tokens in one logical line (NEWLINE to NEWLINE) */
} TokenArray;

/* Tokenizes src into a (allocated in arena a). Returns false only when out of memory; a lexical
 * error is recorded in a->err and the tokens before it are kept. */
bool lex_tokenize(Arena *arena, const SourceText *src, TokenArray *a);
/* The same, as CPython 3.minor tokenizes (before 14, `t"x"` is a name and a string). */
bool lex_tokenize_as(Arena *arena, const SourceText *src, int minor, TokenArray *a);

/* The same tokens and errors, with every token lexed by the general code: no hot loop for the
 * common tokens. What fuzz_lex holds lex_tokenize() to, token for token. */
bool lex_tokenize_reference(Arena *arena, const SourceText *src, TokenArray *a);

/* "(" for TOK_LPAR, "if" for TOK_KW_IF, "name" for TOK_NAME... */
const char *tok_kind_text(int kind);

#endif
