/* parser.h — Python 3 source (3.13 to 3.15) to CPython's AST.
 *
 * parse_module() decodes nothing: it takes the decoded text (source.h), tokenizes it (lex.h) and
 * builds the Module node with a hand-written recursive-descent parser that follows CPython's
 * grammar (Grammar/python.gram) rule for rule where the AST or the error line depends on it. All
 * memory comes from the arena; a syntax error is returned as a value with CPython's line.
 */
#ifndef DW_PARSER_H
#define DW_PARSER_H

#include <stdbool.h>

#include "../ast/ast.h"
#include "../base/arena.h"
#include "../source/source.h"

typedef struct ParseError {
    int32_t line, col; /* 1-based line, 0-based byte column (CPython's) */
    int32_t end_line, end_col;
    char msg[256];
    bool decode; /* the bytes could not be decoded (encoding, invalid UTF-8), not a grammar error */
    bool future; /* a `from __future__` import of a feature Python does not have: 3.14 refuses it
                    when parsing, older versions when compiling (no version runs the file) */
} ParseError;

typedef enum ParseStatus { PARSE_OK, PARSE_SYNTAX_ERROR, PARSE_NO_MEMORY } ParseStatus;

/* What a successful parse yields besides the tree. */
typedef struct ParseResult {
    Node *module;
    const uint32_t *noqa; /* offsets of the '#' of comments mentioning "noqa", in order */
    int32_t nnoqa;
    LineIndex lines; /* line starts of the decoded text */
    bool walrus;     /* the tree may hold a named expression (:=), the one expression that binds
                        a name in the enclosing function */
    int32_t ndefs, nclasses;  /* at least as many as the tree's function and class definitions */
    const struct Token *toks; /* the tokens (lex.h), in the arena: what fixes read their text by */
    int32_t ntoks;
} ParseResult;

/* Parses src. On PARSE_OK *out holds the Module node; otherwise err says why. The grammar is the
 * newest deadwood knows (LEX_PY_NEWEST); parse_module_as() takes CPython 3.minor's instead (13,
 * 14 or 15: what each accepts and rejects, and the tree it builds). */
ParseStatus parse_module(Arena *a, const SourceText *src, ParseResult *out, ParseError *err);
ParseStatus parse_module_as(Arena *a, const SourceText *src, int minor, ParseResult *out,
                            ParseError *err);

/* Decodes and parses a file's bytes in one call: the usual entry point. A decoding problem is a
 * syntax error, as in CPython (err->decode tells it apart). */
ParseStatus parse_bytes(Arena *a, const char *bytes, size_t len, SourceText *src, ParseResult *out,
                        ParseError *err);
ParseStatus parse_bytes_as(Arena *a, const char *bytes, size_t len, int minor, SourceText *src,
                           ParseResult *out, ParseError *err);

/* The oldest grammar parse_module_as() knows (3.13's); the newest is LEX_PY_NEWEST. */
enum { PARSE_PY_OLDEST = 13 };

/* The minor version a target-version names ("py38" ... "py315"), or -1. */
int parse_target_minor(const char *name);

#endif
