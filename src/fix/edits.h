/* edits.h — making a fix while a file's text is at hand: the rules' side of fixes.
 *
 * A rule that can repair what it reports builds a Fix (base/finding.h) with a FixBuilder over the
 * file's FixText (its decoded text, line starts and tokens), then hands it to its next report
 * (check_fix in check.h, tree_fix in tree.h). Edits are given as byte offsets into the text; the
 * builder turns them into the Edit positions findings carry (CPython's lines and byte columns for
 * applying, character columns for outputs), sorts them and refuses overlapping ones.
 *
 * What every fix keeps: the builder only ever replaces the spans it is given, so everything else
 * stays byte for byte (comments, indentation, line endings, a trailing `# noqa`); content that is
 * inserted copies the file's own text (a test, an indentation) wherever it can. A fix whose edits
 * delete a comment is unsafe, whatever the rule asked: the comment is lost (fix_end checks), unless
 * the rule declared it a copy of one that stays (fix_comments_kept).
 *
 * The recipes below are what the rules share: deleting statements of a block (DW302, and the
 * unreachable code and dead stores of DW105/DW108), replacing a compound statement by one of its
 * blocks re-indented (DW101), and an expression's text as an operand or a statement (DW101,
 * DW103). A recipe that cannot do its job exactly (a block indented in a way it cannot re-indent
 * byte for byte) makes the builder fail: no fix rather than a wrong one.
 *
 * How a rule offers a fix (the place issue 16's rules plug into):
 *     FixBuilder fb;
 *     fix_begin(&fb, cx->arena, check_fix_text(cx));
 *     fix_delete_stmts(&fb, body, i, j, false);       (or fix_replace, fix_insert, ...)
 *     if (has_effects) fix_unsafe(&fb);
 *     check_fix(cx, fix_end(&fb, "Delete the unreachable statements"));
 *     check_report(cx, ...);
 * and says in its head comment (its `deadwood rule` page), in a paragraph starting `Fix (always
 * available):` or `Fix (sometimes available):`, when the fix is offered and how safe it is
 * (tests/fix/run.py then wants a folder of fixtures for the rule).
 */
#ifndef DW_FIX_EDITS_H
#define DW_FIX_EDITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast/ast.h"
#include "base/arena.h"
#include "base/finding.h"
#include "lex/lex.h"
#include "source/source.h"

/* The text fixes are made against: the decoded text the parser read, its line starts and its
 * tokens (comments are what lies outside tokens after a '#'). */
typedef struct FixText {
    const char *text;
    size_t len;
    LineIndex lines;
    const Token *toks;
    int32_t ntoks;
} FixText;

/* ---- positions ---------------------------------------------------------------------------- */

/* The offset of (1-based line, 0-based byte column), clamped to the text. */
size_t fix_offset(const FixText *t, int32_t line, int32_t col);
size_t fix_node_start(const FixText *t, const Node *n);
size_t fix_node_end(const FixText *t, const Node *n);
/* Where a statement starts: its first decorator's `@` for a decorated def or class. */
size_t fix_stmt_start(const FixText *t, const Node *stmt);
/* The start of the line holding off; the offset of the '\n' ending it; the start of the next. */
size_t fix_line_start(const FixText *t, size_t off);
size_t fix_line_end(const FixText *t, size_t off);
size_t fix_next_line(const FixText *t, size_t off);
/* The start of the blank lines right above the line starting at ls (ls when there are none),
 * no higher than the line starting at floor. */
size_t fix_blank_lines_before(const FixText *t, size_t ls, size_t floor);
/* Whether text[from, to) is only blanks (spaces, tabs, form feeds). */
bool fix_blank(const FixText *t, size_t from, size_t to);
/* The index of the first token starting at or after off (ntoks when none). */
int32_t fix_token_from(const FixText *t, size_t off);
/* Whether off lies inside a string literal's text (not at its first byte). */
bool fix_in_string(const FixText *t, size_t off);
/* Whether a comment starts in text[from, to). */
bool fix_has_comment(const FixText *t, size_t from, size_t to);

/* ---- expressions -------------------------------------------------------------------------- */

/* Whether evaluating e (and taking its truth value) can have no side effect worth keeping: names,
 * constants, attributes of those read without calls, tuples of those, comparisons of those (but
 * `in`, which may consume an iterator), and `and`/`or`/`not` over those. A property or an `__eq__`
 * with side effects is not modelled (ruff's assumption too). */
bool fix_pure_expr(const Node *e);

typedef enum FixExprUse {
    FIX_AS_OPERAND,   /* an operand of `or` */
    FIX_AS_STATEMENT, /* an expression statement */
} FixExprUse;

/* ---- building ----------------------------------------------------------------------------- */

typedef struct FixEdit {
    size_t from, to;
    const char *content;
} FixEdit;

enum { FIX_MAX_SPARED = 8 };

typedef struct FixBuilder {
    Arena *a;
    const FixText *t;
    FixEdit *edits;
    int32_t n, cap;
    bool unsafe; /* the rule said so (fix_end adds: an edit deletes a comment) */
    bool failed; /* out of memory, or a recipe could not do its job: no fix */
    size_t spared[FIX_MAX_SPARED][2]; /* text whose comments are copies of kept ones */
    int32_t nspared;
} FixBuilder;

void fix_begin(FixBuilder *b, Arena *a, const FixText *t);
/* Replaces text[from, to) by content (copied; "\n" ends its lines). */
void fix_replace(FixBuilder *b, size_t from, size_t to, const char *content);
void fix_delete(FixBuilder *b, size_t from, size_t to);
void fix_insert(FixBuilder *b, size_t at, const char *content);
/* Declares that the comments of text[from, to), which the fix deletes, are copies of those of
 * text[kfrom, kto), which it keeps: the same comment texts in the same order (the other copy of
 * a body that stays, `# type: ignore[...]` on the same statement of both), so that deleting them
 * loses nothing. When they differ (or past FIX_MAX_SPARED declarations), nothing is declared:
 * deleting them makes the fix unsafe. */
void fix_comments_kept(FixBuilder *b, size_t from, size_t to, size_t kfrom, size_t kto);
/* fix_comments_kept for two blocks of the same code: `dropped` (deleted) and `kept`, each from
 * its first statement to the end of its last statement's line. */
void fix_block_comments_kept(FixBuilder *b, const NodeList *dropped, const NodeList *kept);
/* The fix may change what the program does. */
void fix_unsafe(FixBuilder *b);
/* The fix cannot be made (the rule found a case it does not handle). */
void fix_fail(FixBuilder *b);
/* The fix, in b's arena, with a message; NULL when it failed or has no edit. */
const Fix *fix_end(FixBuilder *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* Whether expression e's text needs parentheses for `use`: an operand of `or` (a walrus, a
 * conditional expression, a lambda, a yield), a statement (a walrus); any text over several
 * lines (its line breaks may rely on brackets it no longer has). */
bool fix_needs_parens(const FixText *t, const Node *e, FixExprUse use);
/* Expression e's source text, parenthesized where `use` needs it (an operand of `or`: a walrus,
 * a conditional expression, a lambda, a yield; a statement: a walrus) and where it spans lines;
 * in b's arena (NULL when out of memory: b fails). */
const char *fix_expr_text(FixBuilder *b, const Node *e, FixExprUse use);

/* ---- recipes ------------------------------------------------------------------------------ */

/* Deletes statements [from, to] of block `body`: their whole lines when they have their lines to
 * themselves (a decorated definition from its first decorator), else the statements and the `;`
 * joining them to a neighbour on the line; a block left empty gets `pass` instead. With `tidy`
 * (definitions), the blank lines before them go too, or those after them when none is before,
 * so that deleting a method does not leave a double gap. */
void fix_delete_stmts(FixBuilder *b, const NodeList *body, int32_t from, int32_t to, bool tidy);

/* Replaces compound statement s by the statements of `block` (its last block: the text from the
 * block to the end of s), re-indented to s's own indentation: each line of the block loses the
 * block's extra indentation (the same bytes, tabs or spaces, taken off every line; lines inside
 * string literals are left alone). With `first` (NULL: none), that text is put before them as a
 * statement of its own. Fails when a statement line of the block does not start with the
 * block's indentation. */
void fix_replace_with_block(FixBuilder *b, const Node *s, const NodeList *block, const char *first);

#endif
