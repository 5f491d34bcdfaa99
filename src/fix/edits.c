/* edits.c — see edits.h. */
#include "edits.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- positions ---------------------------------------------------------------------------- */

size_t fix_offset(const FixText *t, int32_t line, int32_t col) {
    if (line < 1) return 0;
    if (line > t->lines.count) return t->len;
    size_t off = t->lines.starts[line - 1] + (size_t)(col > 0 ? col : 0);
    return off < t->len ? off : t->len;
}

size_t fix_node_start(const FixText *t, const Node *n) {
    return fix_offset(t, n->lineno, n->col_offset);
}

size_t fix_node_end(const FixText *t, const Node *n) {
    return fix_offset(t, n->end_lineno, n->end_col_offset);
}

int32_t fix_token_from(const FixText *t, size_t off) {
    int32_t lo = 0, hi = t->ntoks;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (t->toks[mid].start < off)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

size_t fix_stmt_start(const FixText *t, const Node *s) {
    const NodeList *decos = NULL;
    if (s->kind == AST_FUNCTION_DEF || s->kind == AST_ASYNC_FUNCTION_DEF)
        decos = &s->FunctionDef.decorator_list;
    else if (s->kind == AST_CLASS_DEF)
        decos = &s->ClassDef.decorator_list;
    size_t start = fix_node_start(t, s);
    if (!decos || !decos->len) return start;
    /* the `@` token just before the first decorator's expression */
    int32_t i = fix_token_from(t, fix_node_start(t, decos->items[0]));
    while (i > 0 && t->toks[i - 1].kind == TOK_LPAR) i--; /* @(x) */
    if (i > 0 && t->toks[i - 1].kind == TOK_AT && t->toks[i - 1].start < start)
        return t->toks[i - 1].start;
    return start;
}

size_t fix_line_start(const FixText *t, size_t off) {
    if (!t->lines.count) return 0;
    return t->lines.starts[line_index_line(&t->lines, off) - 1];
}

size_t fix_line_end(const FixText *t, size_t off) {
    if (off >= t->len) return t->len;
    const char *nl = memchr(t->text + off, '\n', t->len - off);
    return nl ? (size_t)(nl - t->text) : t->len;
}

size_t fix_next_line(const FixText *t, size_t off) {
    size_t e = fix_line_end(t, off);
    return e < t->len ? e + 1 : t->len;
}

bool fix_blank(const FixText *t, size_t from, size_t to) {
    for (size_t i = from; i < to && i < t->len; i++)
        if (t->text[i] != ' ' && t->text[i] != '\t' && t->text[i] != '\f') return false;
    return true;
}

static size_t tok_end(const Token *k) {
    return k->end + ((k->flags & TOKF_END_PLUS1) ? 1u : 0u);
}

/* The string token (a string, or an f-string's literal text) holding offset off, or NULL. */
static const Token *string_at(const FixText *t, size_t off) {
    int32_t i = fix_token_from(t, off + 1) - 1;
    if (i < 0) return NULL;
    const Token *k = &t->toks[i];
    if (k->kind != TOK_STRING && k->kind != TOK_FSTRING_MIDDLE) return NULL;
    return k->start <= off && off < tok_end(k) ? k : NULL;
}

bool fix_in_string(const FixText *t, size_t off) {
    const Token *k = string_at(t, off);
    return k && k->start < off;
}

/* Where the first comment in text[from, to) starts ('#'), or `to` when there is none. */
static size_t next_comment(const FixText *t, size_t from, size_t to) {
    for (size_t i = from; i < to;) {
        const char *h = memchr(t->text + i, '#', to - i);
        if (!h) return to;
        size_t at = (size_t)(h - t->text);
        const Token *k = string_at(t, at);
        if (!k) return at; /* outside every token: a comment */
        i = tok_end(k);
    }
    return to;
}

bool fix_has_comment(const FixText *t, size_t from, size_t to) {
    if (to > t->len) to = t->len;
    return next_comment(t, from, to) < to;
}

/* The end of the comment starting at c: its line's end, without trailing blanks or a '\r'. */
static size_t comment_end(const FixText *t, size_t c) {
    size_t e = fix_line_end(t, c);
    while (e > c && (t->text[e - 1] == ' ' || t->text[e - 1] == '\t' || t->text[e - 1] == '\r'))
        e--;
    return e;
}

/* Whether the line [ls, le) starts a statement (its first token follows a NEWLINE), rather than
 * continuing one (inside brackets, after a backslash) or holding only a comment. */
static bool starts_statement(const FixText *t, size_t ls, size_t le) {
    int32_t i = fix_token_from(t, ls);
    while (i < t->ntoks && (t->toks[i].kind == TOK_INDENT || t->toks[i].kind == TOK_DEDENT)) i++;
    if (i >= t->ntoks || t->toks[i].start >= le || t->toks[i].kind == TOK_ENDMARKER) return false;
    int32_t j = i - 1;
    while (j >= 0 && (t->toks[j].kind == TOK_INDENT || t->toks[j].kind == TOK_DEDENT)) j--;
    return j < 0 || t->toks[j].kind == TOK_NEWLINE;
}

/* ---- expressions -------------------------------------------------------------------------- */

bool fix_pure_expr(const Node *e) {
    switch (e->kind) {
    case AST_NAME:
    case AST_CONSTANT: return true;
    case AST_ATTRIBUTE: return fix_pure_expr(e->Attribute.value);
    case AST_TUPLE: /* (3, 11): building a tuple of those has no effect */
        for (int32_t i = 0; i < e->Tuple.elts.len; i++)
            if (!fix_pure_expr(e->Tuple.elts.items[i])) return false;
        return true;
    case AST_COMPARE:
        for (int32_t i = 0; i < e->Compare.ops.len; i++)
            if (e->Compare.ops.items[i] == AST_IN || e->Compare.ops.items[i] == AST_NOT_IN)
                return false;
        for (int32_t i = 0; i < e->Compare.comparators.len; i++)
            if (!fix_pure_expr(e->Compare.comparators.items[i])) return false;
        return fix_pure_expr(e->Compare.left);
    case AST_BOOL_OP:
        for (int32_t i = 0; i < e->BoolOp.values.len; i++)
            if (!fix_pure_expr(e->BoolOp.values.items[i])) return false;
        return true;
    case AST_UNARY_OP:
        if (e->UnaryOp.op == AST_NOT) return fix_pure_expr(e->UnaryOp.operand);
        return (e->UnaryOp.op == AST_USUB || e->UnaryOp.op == AST_UADD) &&
               e->UnaryOp.operand->kind == AST_CONSTANT;
    default: return false;
    }
}

/* ---- building ----------------------------------------------------------------------------- */

void fix_begin(FixBuilder *b, Arena *a, const FixText *t) {
    memset(b, 0, sizeof *b);
    b->a = a;
    b->t = t;
    b->failed = !t || !t->text;
}

void fix_replace(FixBuilder *b, size_t from, size_t to, const char *content) {
    if (b->failed) return;
    if (to < from || to > b->t->len || (from == to && !*content)) {
        if (to < from || to > b->t->len) b->failed = true;
        return;
    }
    if (b->n == b->cap) {
        int32_t cap = b->cap ? b->cap * 2 : 8;
        FixEdit *e = arena_alloc(b->a, sizeof *e * (size_t)cap);
        if (!e) {
            b->failed = true;
            return;
        }
        if (b->n) memcpy(e, b->edits, sizeof *e * (size_t)b->n);
        b->edits = e, b->cap = cap;
    }
    const char *c = arena_strndup(b->a, content, strlen(content));
    if (!c) {
        b->failed = true;
        return;
    }
    b->edits[b->n++] = (FixEdit){from, to, c};
}

void fix_comments_kept(FixBuilder *b, size_t from, size_t to, size_t kfrom, size_t kto) {
    const FixText *t = b->t;
    if (b->failed || b->nspared == FIX_MAX_SPARED || to > t->len || kto > t->len) return;
    size_t c = next_comment(t, from, to), k = next_comment(t, kfrom, kto);
    while (c < to && k < kto) {
        size_t ce = comment_end(t, c), ke = comment_end(t, k);
        if (ce - c != ke - k || memcmp(t->text + c, t->text + k, ce - c) != 0) return;
        c = next_comment(t, fix_next_line(t, c), to);
        k = next_comment(t, fix_next_line(t, k), kto);
    }
    if (c < to || k < kto) return; /* one has a comment more */
    b->spared[b->nspared][0] = from, b->spared[b->nspared++][1] = to;
}

void fix_block_comments_kept(FixBuilder *b, const NodeList *dropped, const NodeList *kept) {
    const FixText *t = b->t;
    if (b->failed || !dropped->len || !kept->len) return;
    fix_comments_kept(b, fix_stmt_start(t, dropped->items[0]),
                      fix_line_end(t, fix_node_end(t, dropped->items[dropped->len - 1])),
                      fix_stmt_start(t, kept->items[0]),
                      fix_line_end(t, fix_node_end(t, kept->items[kept->len - 1])));
}

/* Whether an edit of text[from, to) deletes a comment that is not a copy of one kept. */
static bool loses_comment(const FixBuilder *b, size_t from, size_t to) {
    for (size_t c = next_comment(b->t, from, to); c < to;
         c = next_comment(b->t, fix_next_line(b->t, c), to)) {
        bool copy = false;
        for (int32_t i = 0; i < b->nspared && !copy; i++)
            copy = b->spared[i][0] <= c && c < b->spared[i][1];
        if (!copy) return true;
    }
    return false;
}

void fix_delete(FixBuilder *b, size_t from, size_t to) {
    fix_replace(b, from, to, "");
}

void fix_insert(FixBuilder *b, size_t at, const char *content) {
    fix_replace(b, at, at, content);
}

void fix_unsafe(FixBuilder *b) {
    b->unsafe = true;
}

void fix_fail(FixBuilder *b) {
    b->failed = true;
}

static int by_position(const void *p, const void *q) {
    const FixEdit *x = p, *y = q;
    if (x->from != y->from) return x->from < y->from ? -1 : 1;
    if (x->to != y->to) return x->to < y->to ? -1 : 1;
    return 0;
}

/* An offset as an edit position: its line, its byte column and its character column. */
static void position(const FixText *t, size_t off, int32_t *line, int32_t *col, int32_t *chars) {
    *line = line_index_line(&t->lines, off);
    size_t ls = t->lines.starts[*line - 1];
    *col = (int32_t)(off - ls);
    *chars = utf8_count_chars(t->text + ls, off - ls) + 1;
}

const Fix *fix_end(FixBuilder *b, const char *fmt, ...) {
    if (b->failed || !b->n) return NULL;
    qsort(b->edits, (size_t)b->n, sizeof *b->edits, by_position);
    for (int32_t i = 0; i + 1 < b->n; i++) {
        const FixEdit *x = &b->edits[i], *y = &b->edits[i + 1];
        if (x->to > y->from || (x->from == x->to && y->from == y->to && x->from == y->from))
            return NULL; /* overlapping, or two insertions in no defined order */
    }
    Fix *f = arena_zalloc(b->a, sizeof *f);
    Edit *e = arena_alloc(b->a, sizeof *e * (size_t)b->n);
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!f || !e || !(f->message = arena_strndup(b->a, msg, strlen(msg)))) return NULL;
    for (int32_t i = 0; i < b->n; i++) {
        Location *l = &e[i].loc;
        position(b->t, b->edits[i].from, &l->line, &e[i].col, &l->col);
        position(b->t, b->edits[i].to, &l->end_line, &e[i].end_col, &l->end_col);
        e[i].content = b->edits[i].content;
    }
    bool lost = false; /* a comment the fix deletes */
    for (int32_t i = 0; i < b->n && !lost; i++)
        lost = loses_comment(b, b->edits[i].from, b->edits[i].to);
    f->applicability = b->unsafe || lost ? FIX_UNSAFE : FIX_SAFE;
    f->edits = e;
    f->nedits = b->n;
    return f;
}

bool fix_needs_parens(const FixText *t, const Node *e, FixExprUse use) {
    size_t from = fix_node_start(t, e), to = fix_node_end(t, e);
    bool parens = memchr(t->text + from, '\n', to - from) != NULL || e->kind == AST_NAMED_EXPR;
    if (use == FIX_AS_OPERAND)
        parens |= e->kind == AST_IF_EXP || e->kind == AST_LAMBDA || e->kind == AST_YIELD ||
                  e->kind == AST_YIELD_FROM;
    return parens;
}

const char *fix_expr_text(FixBuilder *b, const Node *e, FixExprUse use) {
    if (b->failed) return NULL;
    size_t from = fix_node_start(b->t, e), to = fix_node_end(b->t, e);
    bool parens = fix_needs_parens(b->t, e, use);
    char *s = arena_alloc(b->a, to - from + 3);
    if (!s) {
        b->failed = true;
        return NULL;
    }
    size_t n = 0;
    if (parens) s[n++] = '(';
    memcpy(s + n, b->t->text + from, to - from);
    n += to - from;
    if (parens) s[n++] = ')';
    s[n] = 0;
    return s;
}

/* ---- recipes ------------------------------------------------------------------------------ */

/* Whether what follows a statement ending at `end` on its line is only blanks, a `;` and a
 * comment: no other statement shares the line. */
static bool rest_of_line_free(const FixText *t, size_t end) {
    size_t le = fix_line_end(t, end), i = end;
    while (i < le && (t->text[i] == ' ' || t->text[i] == '\t' || t->text[i] == '\f')) i++;
    if (i < le && t->text[i] == ';') i++;
    while (i < le && (t->text[i] == ' ' || t->text[i] == '\t' || t->text[i] == '\f')) i++;
    return i == le || t->text[i] == '#' || (t->text[i] == '\\' && i + 1 == le);
}

static bool blank_line(const FixText *t, size_t ls) {
    return ls < t->len && fix_blank(t, ls, fix_line_end(t, ls));
}

size_t fix_blank_lines_before(const FixText *t, size_t ls, size_t floor) {
    while (ls > floor && blank_line(t, fix_line_start(t, ls - 1))) ls = fix_line_start(t, ls - 1);
    return ls;
}

void fix_delete_stmts(FixBuilder *b, const NodeList *body, int32_t from, int32_t to, bool tidy) {
    const FixText *t = b->t;
    if (b->failed || from < 0 || to >= body->len || from > to) {
        b->failed = true;
        return;
    }
    size_t a = fix_stmt_start(t, body->items[from]), z = fix_node_end(t, body->items[to]);
    size_t al = fix_line_start(t, a);
    bool emptied = from == 0 && to == body->len - 1;
    bool whole =
        fix_blank(t, al, a) && rest_of_line_free(t, z) &&
        (to + 1 >= body->len || fix_line_start(t, fix_stmt_start(t, body->items[to + 1])) > z);
    if (whole && emptied) { /* the block keeps its first line's indentation, and its newline */
        fix_replace(b, a, fix_line_end(t, z), "pass");
    } else if (whole) {
        size_t lo = al, hi = fix_next_line(t, z);
        if (tidy && from > 0)
            lo = fix_blank_lines_before(t, lo,
                                        fix_next_line(t, fix_node_end(t, body->items[from - 1])));
        if (tidy && lo == al && to + 1 < body->len) {
            size_t ceil = fix_line_start(t, fix_stmt_start(t, body->items[to + 1]));
            while (hi < ceil && blank_line(t, hi)) hi = fix_next_line(t, hi);
        }
        fix_delete(b, lo, hi);
    } else if (to + 1 < body->len &&
               fix_line_start(t, fix_stmt_start(t, body->items[to + 1])) == fix_line_start(t, z)) {
        fix_delete(b, a, fix_stmt_start(t, body->items[to + 1])); /* `a; b` -> `b` */
    } else if (from > 0 && fix_line_start(t, fix_node_end(t, body->items[from - 1])) == al) {
        fix_delete(b, fix_node_end(t, body->items[from - 1]), z); /* `a; b` -> `a` */
    } else if (emptied) {
        fix_replace(b, a, z, "pass"); /* `if x: a` -> `if x: pass` */
    } else {
        b->failed = true;
    }
}

void fix_replace_with_block(FixBuilder *b, const Node *s, const NodeList *block,
                            const char *first) {
    const FixText *t = b->t;
    if (b->failed || !block->len) {
        b->failed = true;
        return;
    }
    size_t st = fix_node_start(t, s), sl = fix_line_start(t, st), end = fix_node_end(t, s);
    size_t k = fix_stmt_start(t, block->items[0]), kl = fix_line_start(t, k);
    if (!fix_blank(t, sl, st) || fix_node_end(t, block->items[block->len - 1]) != end) {
        b->failed = true;
        return;
    }
    size_t sind = st - sl; /* s's indentation: text[sl, st) */
    Buf pre;
    buf_init(&pre);
    if (kl <= st || !fix_blank(t, kl, k)) { /* the block is on its header's line: `else: x()` */
        if (first) buf_printf(&pre, "%s\n%.*s", first, (int)sind, t->text + sl);
        if (pre.failed)
            b->failed = true;
        else
            fix_replace(b, st, k, buf_cstr(&pre));
        buf_free(&pre);
        return;
    }
    /* the block's lines: from the line after its header's colon (comments before its first
     * statement are the block's too) to the end of s */
    int32_t i = fix_token_from(t, k);
    while (i > 0 && (t->toks[i - 1].kind == TOK_INDENT || t->toks[i - 1].kind == TOK_NEWLINE ||
                     t->toks[i - 1].kind == TOK_DEDENT))
        i--;
    size_t kind = k - kl; /* the block's indentation: s's, and the extra taken off each line */
    if (i == 0 || t->toks[i - 1].kind != TOK_COLON || kind <= sind ||
        memcmp(t->text + kl, t->text + sl, sind) != 0) {
        b->failed = true;
        return;
    }
    size_t from = fix_next_line(t, t->toks[i - 1].end);
    if (first) buf_printf(&pre, "%.*s%s\n", (int)sind, t->text + sl, first);
    if (pre.failed)
        b->failed = true;
    else
        fix_replace(b, sl, from, buf_cstr(&pre)); /* the header lines, and what is dropped */
    buf_free(&pre);
    size_t last = fix_line_start(t, end);
    for (size_t ls = from; ls <= last && ls < t->len; ls = fix_next_line(t, ls)) {
        size_t le = fix_line_end(t, ls);
        if (fix_in_string(t, ls) || fix_blank(t, ls, le)) continue;
        if (le - ls >= kind && memcmp(t->text + ls, t->text + kl, kind) == 0)
            fix_delete(b, ls + sind, ls + kind);
        else if (starts_statement(t, ls, le))
            b->failed = true; /* indented otherwise than the block: it cannot be re-indented */
    }
}
