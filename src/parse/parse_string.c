/* parse_string.c — string literals: implicit concatenation, f-strings (PEP 701) with their
 * replacement fields, conversions, format specs and `=` debug text, assembled exactly as CPython's
 * action helpers do (_PyPegen_concatenate_strings, _PyPegen_joined_str, _PyPegen_formatted_value),
 * positions included. */
#include <string.h>

#include "literal.h"
#include "parser_internal.h"

static Node *const_node(Parser *P, int32_t l, int32_t c, int32_t el, int32_t ec) {
    Node *n = node_new(P, AST_CONSTANT);
    n->lineno = l;
    n->col_offset = c;
    n->end_lineno = el;
    n->end_col_offset = ec;
    n->Constant.value.kind = CONST_STR;
    return n;
}

static Node *tok_const(Parser *P, const Token *t) {
    return const_node(P, t->lineno, tcol(P, t), t->end_lineno, tend(P, t));
}

static bool is_str_const(const Node *n) {
    return n->kind == AST_CONSTANT && n->Constant.value.kind == CONST_STR;
}

static bool is_empty_str(const Node *n) {
    return is_str_const(n) && n->Constant.value.s.len == 0;
}

/* CPython decodes a literal's UTF-8 when the parser builds its node, so an invalid byte is a
 * parser error, in parse order (not the tokenizer's, which would override an earlier error). The
 * position is CPython's decoder's: in the body when it has no escapes, else in the run of
 * non-ASCII bytes holding the bad one. */
static void check_utf8(Parser *P, const Token *t, const char *body, size_t n, bool raw) {
    const char *why;
    int64_t bad = P->valid_utf8 ? -1 : utf8_find_invalid(body, n, &why);
    if (bad < 0) return;
    int64_t from = 0;
    if (!raw && memchr(body, '\\', n))
        for (from = bad; from > 0 && (unsigned char)body[from - 1] >= 0x80;) from--;
    syntax_error_tok(P, t,
                     "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %lld: %s",
                     (unsigned char)body[bad], (long long)(bad - from), why);
}

/* string: STRING */
static Node *string_token(Parser *P, const Token *t) {
    Node *n = tok_const(P, t);
    LitError le;
    bool u;
    Str s = tok_str(P, t);
    if (!P->valid_utf8) {
        int32_t pre = 0;
        while (s.s[pre] != '\'' && s.s[pre] != '"') pre++;
        int32_t q =
            s.len - pre >= 6 && s.s[pre + 1] == s.s[pre] && s.s[pre + 2] == s.s[pre] ? 3 : 1;
        bool bytes = memchr(s.s, 'b', (size_t)pre) || memchr(s.s, 'B', (size_t)pre);
        bool raw = memchr(s.s, 'r', (size_t)pre) || memchr(s.s, 'R', (size_t)pre);
        if (!bytes) check_utf8(P, t, s.s + pre + q, (size_t)(s.len - pre - 2 * q), raw);
    }
    if (!lit_string(P->arena, s.s, (size_t)s.len, &n->Constant.value, &u, &le))
        syntax_error_tok(P, t, "%s", le.msg);
    if (u && s.s[0] == 'u') n->Constant.kind = STR_LIT("u"); /* CPython: only a lowercase u */
    return n;
}

/* Decodes an f-string's literal part in place (CPython's _PyPegen_decode_fstring_part). */
static void decode_part(Parser *P, Node *c, bool raw, const Token *at) {
    Str text = c->Constant.value.s;
    check_utf8(P, at, text.s, (size_t)text.len, raw);
    raw = raw || memchr(text.s, '\\', (size_t)text.len) == NULL;
    LitError le;
    if (!lit_fstring_middle(P->arena, text.s, (size_t)text.len, raw, &c->Constant.value.s, &le))
        syntax_error_tok(P, at, "%s", le.msg);
}

/* ---- concatenation ------------------------------------------------------------------------ */

static Str concat(Parser *P, Node **items, int32_t n) {
    int32_t len = 0;
    for (int32_t i = 0; i < n; i++) len += items[i]->Constant.value.s.len;
    char *buf = palloc(P, (size_t)len + 1);
    int32_t off = 0;
    for (int32_t i = 0; i < n; i++) {
        Str s = items[i]->Constant.value.s;
        if (s.len) memcpy(buf + off, s.s, (size_t)s.len);
        off += s.len;
    }
    buf[off] = 0;
    return (Str){buf, len};
}

/* CPython's _PyPegen_concatenate_strings over P->stack[mark..sp); pops them. start: the first
 * token of the whole construct (for the EXTRA position). */
static Node *concatenate(Parser *P, int32_t mark, int32_t start) {
    int32_t n = P->sp - mark;
    bool f_found = false, uni = false, bytes = false;
    int32_t nflat = 0;
    for (int32_t i = 0; i < n; i++) {
        Node *e = P->stack[mark + i];
        if (e->kind == AST_CONSTANT) {
            if (e->Constant.value.kind == CONST_BYTES)
                bytes = true;
            else
                uni = true;
            nflat++;
        } else if (e->kind == AST_JOINED_STR) {
            nflat += e->JoinedStr.values.len;
            f_found = true;
        } else {
            nflat++;
            f_found = true;
        }
    }
    if ((uni || f_found) && bytes) {
        Node *first = P->stack[mark];
        syntax_error_node(P, first, "cannot mix bytes and nonbytes literals");
    }
    if (bytes) {
        Node *c = node_from(P, AST_CONSTANT, start);
        c->Constant.value.kind = CONST_BYTES;
        c->Constant.value.s = concat(P, &P->stack[mark], n);
        c->Constant.kind = P->stack[mark]->Constant.kind;
        P->sp = mark;
        return c;
    }
    if (!f_found && n == 1) {
        Node *c = P->stack[mark];
        P->sp = mark;
        return c;
    }
    Node **flat = palloc(P, sizeof(Node *) * (size_t)(nflat ? nflat : 1));
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++) {
        Node *e = P->stack[mark + i];
        if (e->kind == AST_JOINED_STR)
            for (int32_t j = 0; j < e->JoinedStr.values.len; j++)
                flat[k++] = e->JoinedStr.values.items[j];
        else
            flat[k++] = e;
    }
    P->sp = mark;
    int32_t vmark = P->sp;
    for (int32_t i = 0; i < nflat; i++) {
        Node *e = flat[i];
        if (e->kind == AST_CONSTANT) {
            if (i + 1 < nflat && flat[i + 1]->kind == AST_CONSTANT) {
                int32_t j = i;
                while (j < nflat && flat[j]->kind == AST_CONSTANT) j++;
                Node *first = flat[i], *last = flat[j - 1];
                Node *c = node_span(P, AST_CONSTANT, first, last);
                c->Constant.value.kind = CONST_STR;
                c->Constant.value.s = concat(P, &flat[i], j - i);
                c->Constant.kind = first->Constant.kind;
                e = c;
                i = j - 1;
            }
            if (f_found && is_empty_str(e)) continue;
        }
        push(P, e);
    }
    if (!f_found) {
        Node *c = P->stack[vmark];
        P->sp = vmark;
        return c;
    }
    Node *j = node_from(P, AST_JOINED_STR, start);
    j->JoinedStr.values = list_from(P, vmark);
    return j;
}

/* ---- f-strings ---------------------------------------------------------------------------- */

static Node *parse_replacement_field(Parser *P, char prefix, bool interpolation);

/* The `=` debug text: the source between '{' and the token after '=', comments removed as
 * CPython's set_fstring_expr() removes them. */
static Str debug_text(Parser *P, const Token *lbrace, const Token *after) {
    const char *s = P->text + lbrace->end, *e = P->text + after->start;
    if (!memchr(s, '#', (size_t)(e - s))) return (Str){s, (int32_t)(e - s)};
    char *buf = palloc(P, (size_t)(e - s) + 1);
    int32_t j = 0;
    for (const char *p = s; p < e; p++) {
        if (*p == '#') {
            while (p < e && *p != '\n') p++;
            if (p < e) buf[j++] = '\n';
        } else {
            buf[j++] = *p;
        }
    }
    return (Str){buf, j};
}

/* fstring_full_format_spec: ':' fstring_format_spec*
 * fstring_format_spec: FSTRING_MIDDLE | fstring_replacement_field */
static Node *parse_format_spec(Parser *P, char prefix) {
    int32_t start = P->pos++;
    int32_t mark = P->sp;
    for (;;) {
        Token *t = peek(P);
        if (t->kind == TOK_FSTRING_MIDDLE) {
            P->pos++;
            Node *c = tok_const(P, t);
            c->Constant.value.s = tok_str(P, t);
            decode_part(P, c, false, t);
            if (!is_empty_str(c)) push(P, c);
        } else if (t->kind == TOK_LBRACE) {
            Node *f = parse_replacement_field(P, prefix, false);
            push(P, f);
        } else {
            break;
        }
    }
    int32_t n = P->sp - mark;
    if (n == 0 || (n == 1 && P->stack[mark]->kind == AST_CONSTANT)) {
        Node *j = node_from(P, AST_JOINED_STR, start);
        j->JoinedStr.values = list_from(P, mark);
        return j;
    }
    return concatenate(P, mark, start);
}

/* fstring_replacement_field:
 *   '{' annotated_rhs '='? [fstring_conversion] [fstring_full_format_spec] '}'
 * and tstring_replacement_field, the same with an Interpolation (interpolation: at the top of a
 * t-string; a format spec's fields are FormattedValues in both). prefix: 'f' or 't'. */
static Node *parse_replacement_field(Parser *P, char prefix, bool interpolation) {
    int32_t start = P->pos;
    Token *lbrace = advance(P);
    int k = kind(P);
    if (k == TOK_RBRACE || k == TOK_EXCLAMATION || k == TOK_COLON || k == TOK_EQUAL ||
        k == TOK_NOTEQUAL)
        syntax_error_tok(P, peek(P), "%c-string: valid expression required before '%c'", prefix,
                         P->text[peek(P)->start]);
    if (k == TOK_FSTRING_END || k == TOK_FSTRING_MIDDLE)
        syntax_error_tok(P, peek(P), "%c-string: expecting '}'", prefix);
    if (k == TOK_KW_LAMBDA) /* (CPython's invalid_replacement_field, as the next two) */
        syntax_error_tok(P, peek(P),
                         "%c-string: lambda expressions are not allowed without "
                         "parentheses",
                         prefix);
    if (!starts_expression(k) || (k == TOK_STAR && !starts_expression(kind_at(P, 1))))
        syntax_error_tok(P, peek(P), "%c-string: expecting a valid expression after '{'", prefix);
    Node *value = parse_annotated_rhs(P);
    const Token *value_end = &P->toks[P->pos - 1]; /* Interpolation.str ends with it */
    const Token *debug = NULL;
    if (kind(P) == TOK_EQUAL) debug = advance(P);
    int32_t conversion = -1;
    Node *spec = NULL;
    const Token *after_debug = peek(P);
    if (kind(P) == TOK_EXCLAMATION) {
        Token *bang = advance(P);
        Token *name = peek(P);
        if (name->kind != TOK_NAME && name->kind < TOK_KW_FALSE)
            syntax_error_tok(P, name, "%c-string: missing conversion character", prefix);
        if (name->start != bang->end) /* (CPython: from the '!' to the name) */
            syntax_error_at(P, bang->lineno, tcol(P, bang), name->end_lineno, tend(P, name),
                            "%c-string: conversion type must come right after the "
                            "exclamanation mark",
                            prefix);
        Str cs = tok_str(P, name);
        if (cs.len != 1 || (cs.s[0] != 's' && cs.s[0] != 'r' && cs.s[0] != 'a'))
            syntax_error_tok(P, name,
                             "%c-string: invalid conversion character '%.*s': expected 's', 'r', "
                             "or 'a'",
                             prefix, (int)cs.len, cs.s);
        P->pos++;
        conversion = cs.s[0];
    }
    if (kind(P) == TOK_COLON) spec = parse_format_spec(P, prefix);
    if (kind(P) != TOK_RBRACE) {
        Token *t = peek(P);
        if (t->kind == TOK_FSTRING_END || t->kind == TOK_FSTRING_MIDDLE || t->kind == TOK_NEWLINE ||
            t->kind == TOK_ENDMARKER)
            syntax_error_tok(P, t, "%c-string: expecting '}'", prefix);
        if (debug || conversion >= 0 || spec)
            syntax_error_tok(P, t, "%c-string: expecting '}'", prefix);
        syntax_error_tok(P, t, "%c-string: expecting '=', or '!', or ':', or '}'", prefix);
    }
    P->pos++;
    if (debug && conversion < 0 && !spec) conversion = 'r';
    Node *fv;
    if (interpolation) {
        fv = node_from(P, AST_INTERPOLATION, start);
        fv->Interpolation.value = value;
        fv->Interpolation.str =
            (Str){P->text + lbrace->end, (int32_t)(value_end->end - lbrace->end)};
        fv->Interpolation.conversion = conversion;
        fv->Interpolation.format_spec = spec;
    } else {
        fv = node_from(P, AST_FORMATTED_VALUE, start);
        fv->FormattedValue.value = value;
        fv->FormattedValue.conversion = conversion;
        fv->FormattedValue.format_spec = spec;
    }
    if (!debug) return fv;
    Node *text =
        const_node(P, fv->lineno, fv->col_offset + 1, after_debug->lineno, tcol(P, after_debug));
    text->Constant.value.s = debug_text(P, lbrace, after_debug);
    Node *j = node_new(P, AST_JOINED_STR);
    j->lineno = fv->lineno;
    j->col_offset = fv->col_offset;
    j->end_lineno = after_debug->lineno;
    j->end_col_offset = tcol(P, after_debug) + 1;
    j->JoinedStr.values.items = palloc(P, sizeof(Node *) * 2);
    j->JoinedStr.values.items[0] = text;
    j->JoinedStr.values.items[1] = fv;
    j->JoinedStr.values.len = 2;
    return j;
}

/* fstring: FSTRING_START fstring_middle* FSTRING_END, and tstring (a TemplateStr) */
static Node *parse_fstring(Parser *P) {
    Token *st = advance(P);
    bool is_t = st->flags & TOKF_TSTRING;
    char prefix = is_t ? 't' : 'f';
    bool raw = false;
    for (uint32_t i = st->start; i < st->end; i++) raw |= (P->text[i] | 0x20) == 'r';
    int32_t mark = P->sp;
    for (;;) {
        Token *t = peek(P);
        if (t->kind == TOK_FSTRING_MIDDLE) {
            P->pos++;
            Node *c = tok_const(P, t);
            c->Constant.value.s = tok_str(P, t);
            push(P, c);
        } else if (t->kind == TOK_LBRACE) {
            Node *f = parse_replacement_field(P, prefix, is_t);
            if (f->kind == AST_JOINED_STR) { /* unpack_top_level_joined_strs */
                for (int32_t i = 0; i < f->JoinedStr.values.len; i++)
                    push(P, f->JoinedStr.values.items[i]);
            } else {
                push(P, f);
            }
        } else if (t->kind == TOK_FSTRING_END) {
            break;
        } else {
            syntax_error_tok(P, t, "%c-string: expecting '}'", prefix);
        }
    }
    Token *end = advance(P);
    int32_t out = mark;
    for (int32_t i = mark; i < P->sp; i++) {
        Node *e = P->stack[i];
        if (e->kind == AST_CONSTANT) {
            decode_part(P, e, raw, end);
            if (is_empty_str(e)) continue;
        }
        P->stack[out++] = e;
    }
    P->sp = out;
    Node *j = node_new(P, is_t ? AST_TEMPLATE_STR : AST_JOINED_STR);
    j->lineno = st->lineno;
    j->col_offset = tcol(P, st);
    j->end_lineno = end->end_lineno;
    j->end_col_offset = tend(P, end);
    if (is_t)
        j->TemplateStr.values = list_from(P, mark);
    else
        j->JoinedStr.values = list_from(P, mark);
    return j;
}

/* CPython's invalid_string_tstring_concat: t-strings and other strings in one concatenation,
 * located at the last string before the first one of the other sort. */
static void check_tstring_mix(Parser *P, int32_t mark) {
    int32_t n = P->sp - mark;
    bool first_t = P->stack[mark]->kind == AST_TEMPLATE_STR;
    for (int32_t i = 1; i < n; i++)
        if ((P->stack[mark + i]->kind == AST_TEMPLATE_STR) != first_t)
            syntax_error_node(P, P->stack[mark + i - 1],
                              "cannot mix t-string literals with string or bytes literals");
}

/* CPython's _PyPegen_concatenate_tstrings: the t-strings' values in one TemplateStr, adjacent
 * text merged. */
static Node *concatenate_tstrings(Parser *P, int32_t mark, int32_t start) {
    int32_t n = P->sp - mark, nflat = 0;
    for (int32_t i = 0; i < n; i++) nflat += P->stack[mark + i]->TemplateStr.values.len;
    Node **flat = palloc(P, sizeof(Node *) * (size_t)(nflat ? nflat : 1));
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++) {
        const NodeList *v = &P->stack[mark + i]->TemplateStr.values;
        for (int32_t j = 0; j < v->len; j++) flat[k++] = v->items[j];
    }
    P->sp = mark;
    for (int32_t i = 0; i < nflat; i++) {
        Node *e = flat[i];
        if (e->kind == AST_CONSTANT && i + 1 < nflat && flat[i + 1]->kind == AST_CONSTANT) {
            int32_t j = i;
            while (j < nflat && flat[j]->kind == AST_CONSTANT) j++;
            Node *c = node_span(P, AST_CONSTANT, flat[i], flat[j - 1]);
            c->Constant.value.kind = CONST_STR;
            c->Constant.value.s = concat(P, &flat[i], j - i);
            e = c;
            i = j - 1;
        }
        if (is_empty_str(e)) continue;
        push(P, e);
    }
    Node *t = node_from(P, AST_TEMPLATE_STR, start);
    t->TemplateStr.values = list_from(P, mark);
    return t;
}

/* strings: (fstring | string)+ */
Node *parse_strings(Parser *P) {
    int32_t start = P->pos;
    int32_t mark = P->sp;
    bool tstrings = false;
    for (;;) {
        Token *t = peek(P);
        if (t->kind == TOK_STRING) {
            P->pos++;
            push(P, string_token(P, t));
        } else if (t->kind == TOK_FSTRING_START) {
            push(P, parse_fstring(P));
            tstrings |= P->stack[P->sp - 1]->kind == AST_TEMPLATE_STR;
        } else {
            break;
        }
    }
    if (tstrings) {
        check_tstring_mix(P, mark);
        return concatenate_tstrings(P, mark, start);
    }
    return concatenate(P, mark, start);
}
