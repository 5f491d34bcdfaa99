/* literal.h — decoding the text of literal tokens into values, exactly as CPython 3.13 does:
 * string and bytes literals (prefixes, quotes, escapes), the literal pieces of f-strings, and
 * numbers (ints of any size, floats, imaginary numbers).
 *
 * Values live in the arena, or point straight into the token text when that text needs no
 * decoding (no backslash escape, no CR, no doubled brace): the token text is the file's source,
 * which lives as long as the file's arena, so a value is valid exactly as long as the arena.
 * Strings are WTF-8 (UTF-8 in which the lone surrogates that escapes like "\ud800" make are
 * 3-byte sequences; two such escapes forming a pair stay two code points, as in Python).
 *
 * Errors are the SyntaxErrors CPython raises for these tokens, with CPython's exact message.
 */
#ifndef DW_LITERAL_H
#define DW_LITERAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../ast/ast.h"
#include "../base/arena.h"
#include "../base/str.h"

typedef struct LitError {
    char msg[256]; /* CPython's longest message here, the digit limit's, is 213 bytes */
    /* Where CPython points: a byte offset in the token text (0: the token's start, which is
     * where it points for every string and bytes error), or -1 when CPython gives the token's
     * line but no column (SyntaxError.offset 0: the integer digit limit). For f-string middles
     * CPython points at the whole FSTRING_END token of the f-string (the last token read when the
     * f-string is built), which this module cannot see: offset is 0 there and the parser places
     * the error itself. */
    int32_t offset;
} LitError;

/* A whole string or bytes token as it appears in the source, e.g. `rb'''a\n'''`, `U"x"`,
 * `'\N{DASH}'`: prefix letters in any case among r u b br rb (not f), then the quotes. Sets
 * out->kind (CONST_STR or CONST_BYTES) and out->s; *u_prefix tells whether there was a u/U prefix
 * (CPython sets Constant.kind = "u" only when the token starts with a lower-case 'u'). Newlines
 * inside the token may be \r\n or \r: they become \n, as CPython's tokenizer translates them before
 * decoding. */
bool lit_string(Arena *a, const char *text, size_t len, Const *out, bool *u_prefix, LitError *err);

/* The literal part of an f-string (an FSTRING_MIDDLE: text between replacement fields, or a piece
 * of a format spec); raw: the f-string has an r prefix. Doubled braces `{{` `}}` are collapsed to
 * one; the same escapes as in a str literal. Error positions are those CPython reports, which
 * counts them from the last doubled brace (its tokenizer splits the text there).
 * Note: CPython 3.13.0 raises a bare UnicodeDecodeError instead of a SyntaxError when the bad
 * escape is in a format spec (f'{x:\x}'); the message here is then the SyntaxError's, which starts
 * with "(unicode error) " — CPython's exception text is the rest. */
bool lit_fstring_middle(Arena *a, const char *text, size_t len, bool raw, Str *out, LitError *err);

/* A NUMBER token (validated by the tokenizer: digits and underscores, prefixes 0x 0o 0b in any
 * case, floats with '.' and exponents, a trailing j/J). Produces CONST_INT (fits in int64),
 * CONST_BIGINT (lowercase hexadecimal digits, no sign, no leading zeros), CONST_FLOAT (correctly
 * rounded; 1e999 is inf) or CONST_COMPLEX (the imaginary part). Fails, as CPython, on decimal ints
 * of more than 4300 digits; hexadecimal, octal and binary ints have no limit. */
bool lit_number(Arena *a, const char *text, size_t len, Const *out, LitError *err);

/* CPython's sys.int_info.default_max_str_digits. */
enum { LIT_MAX_STR_DIGITS = 4300 };

#endif
