/* unparse.h — an expression as Python source, with the fewest parentheses that keep its
 * structure: a child is parenthesized only where the grammar would otherwise read it
 * differently (its operator binds less tightly than its place requires), so `not (a or b)`
 * stays so, and `(a and b) or c` is written `a and b or c`. Parsing what is written gives back
 * the same tree (tests/index compares the two with CPython's own parser).
 *
 * Spelling: names, numbers and one-line string and f-string literals are copied from the source
 * as written (`0x10` stays `0x10`, quotes stay as they were); everything else is written the way
 * CPython's ast.unparse does (`f(a, b)`, `x[1:2]`, `lambda x: x`). A string literal spread over
 * lines is written again as one literal, in the form of Python's repr(). Comments and line
 * breaks inside the expression are gone.
 */
#ifndef DW_UNPARSE_H
#define DW_UNPARSE_H

#include <stdbool.h>

#include "ast/ast.h"
#include "base/buf.h"
#include "source/source.h"

/* Python's operator precedence, loosest first, as CPython's ast module numbers it. */
typedef enum UnparsePrec {
    PREC_NAMED_EXPR = 1, /* x := e */
    PREC_TUPLE,          /* a, b */
    PREC_YIELD,          /* yield, yield from */
    PREC_TEST,           /* if-else, lambda: where an expression stands alone */
    PREC_OR,
    PREC_AND,
    PREC_NOT,
    PREC_CMP, /* <, ==, in, is, ... */
    PREC_BOR, /* | (and every operator that binds more tightly) */
    PREC_BXOR,
    PREC_BAND,
    PREC_SHIFT,
    PREC_ARITH,  /* + - */
    PREC_TERM,   /* * @ / % // */
    PREC_FACTOR, /* unary + - ~ */
    PREC_POWER,
    PREC_AWAIT,
    PREC_ATOM,
} UnparsePrec;

/* Where the source of the nodes is: its text (UTF-8, as parsed) and line starts. */
typedef struct UnparseSource {
    const char *text;
    size_t len;
    const LineIndex *lines;
} UnparseSource;

/* The precedence of e's outermost operator. */
int unparse_prec(const Node *e);

/* Appends e to b, parenthesized when its precedence is below `place` (PREC_TEST: an expression
 * standing alone). False (and b left as it was) when e nests deeper than a bound or its text
 * would pass `max` bytes: a caller that cannot show the whole expression shows none of it. */
bool unparse(Buf *b, const Node *e, int place, const UnparseSource *src, size_t max);

/* The same for `not e`, simplified: `not not x` is `x`, `not a == b` is `a != b` (for a single
 * comparison); *prec receives the precedence of what was written. */
bool unparse_not(Buf *b, const Node *e, int place, const UnparseSource *src, size_t max, int *prec);

#endif
