/* toml_internal.h — what the two halves of the TOML reader share (not for other modules).
 *
 * toml.c owns the document structure (statements, [headers], keys, tables, arrays, inline tables)
 * and the public lookups; toml_scalar.c owns the lexical level: positions, the error exit, UTF-8
 * validation, whitespace and comments, and the scalar values (strings, numbers, booleans, dates).
 * Errors unwind to toml_parse with longjmp (every allocation lives in the caller's arena, so
 * nothing leaks); nothing else jumps.
 */
#ifndef DW_TOML_INTERNAL_H
#define DW_TOML_INTERNAL_H

#include <setjmp.h>

#include "toml.h"

/* One part of a dotted key, with its position (computed while reading, in document order). */
typedef struct TomlKeyPart {
    Str name;
    const char *at;
    int line, col;
} TomlKeyPart;

typedef struct TomlParser {
    Arena *arena;
    const char *start; /* first byte after a BOM: line 1, column 1 */
    const char *p;     /* the next byte to read */
    const char *end;
    /* position cache: positions are asked for in document order, so counting lines and columns
     * resumes from the last answer instead of the start of the input */
    const char *at;
    int at_line, at_col;
    TomlError *err;
    jmp_buf jump;
    TomlValue *root, *cur; /* the document and the table the current [section] names */
    VEC(TomlKeyPart) keys; /* the key being read (reused from one key to the next) */
} TomlParser;

/* Line and column of byte `at`. */
void toml_pos(TomlParser *P, const char *at, int *line, int *col);
/* Reports an error at byte `at` and unwinds to toml_parse. */
_Noreturn void toml_fail(TomlParser *P, const char *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Fails with "expected <what>, found <description of the character at `at`>". */
_Noreturn void toml_expected(TomlParser *P, const char *at, const char *what);
/* Arena allocation that unwinds with "out of memory" on failure. */
void *toml_alloc(TomlParser *P, size_t n);
/* A zeroed value of `type` starting at byte `at`. */
TomlValue *toml_new(TomlParser *P, TomlType type, const char *at);
/* Copies a key or path for a message: at most ~48 bytes, control bytes shown as '?'. */
void toml_quote(char *dst, size_t cap, const char *s, size_t n);

/* Rejects input that is not UTF-8 (overlong forms, surrogates, > U+10FFFF, truncated sequences). */
void toml_check_utf8(TomlParser *P);

static inline int toml_peek(const TomlParser *P, int k) {
    return P->p + k < P->end ? (unsigned char)P->p[k] : -1;
}
/* Skips spaces and tabs. */
void toml_skip_ws(TomlParser *P);
/* Skips spaces, tabs, comments and newlines (between array elements). */
void toml_skip_ws_nl(TomlParser *P);
/* At '#': skips the comment up to (not including) its newline, rejecting control characters. */
void toml_skip_comment(TomlParser *P);
/* True (and consumes it) at a newline: LF or CR LF. A CR not followed by LF is an error. */
bool toml_eat_newline(TomlParser *P);
/* After a statement: optional spaces and comment, then a newline or the end of input. */
void toml_expect_eol(TomlParser *P, const char *what);

/* Bare keys: A-Z a-z 0-9 _ - */
static inline bool toml_is_bare(int c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
           c == '-';
}
/* At a quote: a single-line basic or literal string (a quoted key). */
Str toml_key_string(TomlParser *P);
/* A string, number, boolean or date/time value, starting at P->p. */
TomlValue *toml_scalar(TomlParser *P);

#endif
