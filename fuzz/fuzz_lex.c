/* fuzz_lex.c — libFuzzer target for the tokenizer alone: arbitrary bytes through source_decode()
 * and lex_tokenize(), cheaper per input than fuzz_parse and so deeper into the lexer's states.
 *
 * Invariants, for every decodable input:
 *   - lex_tokenize succeeds (memory never runs out here);
 *   - every token has a known kind (never TOK_ERROR in the array), 0 <= start <= end <= text
 *     length, starts in text order, 1 <= lineno <= end_lineno <= lines + 1, and a NAME, NUMBER,
 *     STRING, operator or keyword token sits where its byte offset says (line and column);
 *   - brackets pair up ((/), [/], {/}) and never close more than was opened, and so do
 *     FSTRING_START/FSTRING_END and INDENT/DEDENT (each kind on its own, as CPython counts them);
 *   - without an error, the last token and only it is ENDMARKER, with every pair balanced;
 *   - an error has a message and a line in [1, lines + 1];
 *   - lex_tokenize_reference(), which lexes every token with the general code, gives the same
 *     tokens, the same error and the same noqa comments (the hot loop changes nothing).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "fuzz_util.h"
#include "lex/lex.h"

/* Tokens whose start offset must agree with their (lineno, col). */
static bool positioned_at_start(int k) {
    return k == TOK_NAME || k == TOK_NUMBER || k == TOK_STRING || k >= TOK_LPAR;
}

static void check_token(const FuzzLines *fl, const Token *t, int32_t i) {
    const char *k = tok_kind_text(t->kind);
    FUZZ_CHECK(t->kind < TOK_KIND_COUNT && t->kind != TOK_ERROR, "token %d: kind %d", i, t->kind);
    FUZZ_CHECK(t->start <= t->end && t->end <= fl->text_len, "token %d (%s): bytes %u..%u of %zu",
               i, k, t->start, t->end, fl->text_len);
    FUZZ_CHECK(t->lineno >= 1 && t->lineno <= t->end_lineno && t->end_lineno <= fl->nlines + 1,
               "token %d (%s): lines %d..%d, text has %d", i, k, t->lineno, t->end_lineno,
               fl->nlines);
    if (positioned_at_start(t->kind)) {
        int32_t line = line_index_line(&fl->li, t->start);
        int64_t col = (int64_t)t->start - fl->li.starts[line - 1];
        int32_t tc = tok_col(fl->li.starts, t);
        FUZZ_CHECK(t->lineno == line && tc == col,
                   "token %d (%s) at byte %u is %d:%lld, but says %d:%d", i, k, t->start, line,
                   (long long)col, t->lineno, tc);
    }
}

/* Open brackets (a stack of opener kinds), f-strings and indents (counts). As in CPython, the two
 * are independent: the quote ends an f-string even with a replacement field's '{' still open
 * (f"{x:{y}"), and that '{' stays open after FSTRING_END for a later '}' to close. */
typedef struct Nesting {
    uint8_t *open;
    int32_t depth, fstrings, indents;
} Nesting;

static void track(Nesting *n, const Token *t, int32_t i) {
    int k = t->kind;
    int closes = k == TOK_RPAR     ? TOK_LPAR
                 : k == TOK_RSQB   ? TOK_LSQB
                 : k == TOK_RBRACE ? TOK_LBRACE
                                   : -1;
    if (k == TOK_LPAR || k == TOK_LSQB || k == TOK_LBRACE) {
        n->open[n->depth++] = (uint8_t)k;
    } else if (closes >= 0) {
        FUZZ_CHECK(n->depth > 0 && n->open[n->depth - 1] == closes, "token %d: %s closes %s", i,
                   tok_kind_text(k),
                   n->depth > 0 ? tok_kind_text(n->open[n->depth - 1]) : "nothing");
        n->depth--;
    } else if (k == TOK_FSTRING_START || k == TOK_INDENT) {
        ++*(k == TOK_INDENT ? &n->indents : &n->fstrings);
    } else if (k == TOK_FSTRING_END || k == TOK_DEDENT) {
        int32_t *count = k == TOK_DEDENT ? &n->indents : &n->fstrings;
        FUZZ_CHECK(*count > 0, "token %d: %s without its opener", i, tok_kind_text(k));
        --*count;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena a;
    arena_init(&a);
    SourceText src = {0};
    SourceError se;
    if (!source_decode(&a, (const char *)data, size, &src, &se)) {
        FUZZ_CHECK(strcmp(se.msg, "out of memory") != 0, "source_decode: out of memory");
        FUZZ_CHECK(se.msg[0] != 0, "decoding error without a message");
        arena_free(&a);
        return 0;
    }
    FUZZ_CHECK(memchr(src.text, 0, src.len) == NULL, "decoded text contains a NUL");
    FuzzLines fl;
    fuzz_lines(&a, &src, &fl);

    TokenArray ta;
    FUZZ_CHECK(lex_tokenize(&a, &src, &ta), "lex_tokenize: out of memory");
    FUZZ_CHECK(ta.count >= 0, "negative token count");
    Nesting nest = {arena_alloc(&a, (size_t)ta.count + 1), 0, 0, 0};
    FUZZ_CHECK(nest.open != NULL, "out of memory");
    for (int32_t i = 0; i < ta.count; i++) {
        const Token *t = &ta.toks[i];
        check_token(&fl, t, i);
        if (i > 0)
            FUZZ_CHECK(t->start >= ta.toks[i - 1].start, "token %d starts at %u, before token %d",
                       i, t->start, i - 1);
        FUZZ_CHECK(t->kind != TOK_ENDMARKER || i == ta.count - 1, "ENDMARKER at %d of %d", i,
                   ta.count);
        track(&nest, t, i);
    }
    if (ta.err.kind == LEXERR_NONE) {
        FUZZ_CHECK(ta.count > 0 && ta.toks[ta.count - 1].kind == TOK_ENDMARKER,
                   "no error, but the tokens do not end with ENDMARKER");
        FUZZ_CHECK(nest.depth == 0, "no error, but %d brackets left open", nest.depth);
        FUZZ_CHECK(nest.fstrings == 0, "no error, but %d f-strings left open", nest.fstrings);
        FUZZ_CHECK(nest.indents == 0, "no error, but %d INDENTs left open", nest.indents);
    } else {
        FUZZ_CHECK(ta.err.msg[0] != 0, "tokenizer error without a message");
        FUZZ_CHECK(ta.err.line >= 1 && ta.err.line <= fl.nlines + 1,
                   "tokenizer error line %d outside 1..%d: %s", ta.err.line, fl.nlines + 1,
                   ta.err.msg);
    }
    TokenArray ref;
    FUZZ_CHECK(lex_tokenize_reference(&a, &src, &ref), "lex_tokenize_reference: out of memory");
    FUZZ_CHECK(ref.count == ta.count, "%d tokens, the reference lexer %d", ta.count, ref.count);
    for (int32_t i = 0; i < ta.count; i++) {
        const Token *t = &ta.toks[i], *r = &ref.toks[i];
        FUZZ_CHECK(t->kind == r->kind && t->flags == r->flags && t->start == r->start &&
                       t->end == r->end && t->lineno == r->lineno && t->end_lineno == r->end_lineno,
                   "token %d: %s %u..%u lines %d..%d flags %d, the reference lexer's %s %u..%u "
                   "lines %d..%d flags %d",
                   i, tok_kind_text(t->kind), t->start, t->end, t->lineno, t->end_lineno, t->flags,
                   tok_kind_text(r->kind), r->start, r->end, r->lineno, r->end_lineno, r->flags);
    }
    const LexError *e = &ta.err, *f = &ref.err;
    FUZZ_CHECK(e->kind == f->kind && e->line == f->line && e->col == f->col &&
                   e->end_line == f->end_line && e->end_col == f->end_col &&
                   strcmp(e->msg, f->msg) == 0,
               "error %d at %d:%d-%d:%d '%s', the reference lexer's %d at %d:%d-%d:%d '%s'",
               e->kind, e->line, e->col, e->end_line, e->end_col, e->msg, f->kind, f->line, f->col,
               f->end_line, f->end_col, f->msg);
    /* the unclosed bracket of "'(' was never closed", which lex_fast tracks itself */
    FUZZ_CHECK(e->paren == f->paren && e->paren_line == f->paren_line &&
                   e->paren_col == f->paren_col && e->in_fstring == f->in_fstring,
               "unclosed '%c' at %d:%d (in f-string %d), the reference lexer's '%c' at %d:%d (%d)",
               e->paren ? e->paren : '-', e->paren_line, e->paren_col, e->in_fstring,
               f->paren ? f->paren : '-', f->paren_line, f->paren_col, f->in_fstring);
    FUZZ_CHECK(
        ta.nnoqa == ref.nnoqa &&
            (ta.nnoqa == 0 || memcmp(ta.noqa, ref.noqa, sizeof(uint32_t) * (size_t)ta.nnoqa) == 0),
        "%d noqa comments, the reference lexer %d", ta.nnoqa, ref.nnoqa);
    arena_free(&a);
    return 0;
}
