/* unparse.c — see unparse.h. The rules are Python's grammar: each place an expression can stand
 * says how loosely its operator may bind there (an operand of `or` may be an `and`, not an `or`:
 * `a or (b or c)` is another tree than `a or b or c`). */
#include "unparse.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_DEPTH = 200 }; /* nesting: deeper expressions are not written (see unparse.h) */

typedef struct Writer {
    Buf *b;
    const UnparseSource *src;
    size_t start, max;
    int depth;
    bool failed;
} Writer;

static void put(Writer *w, const char *s, size_t n) {
    if (w->failed) return;
    if (w->b->len - w->start + n > w->max) {
        w->failed = true;
        return;
    }
    buf_put(w->b, s, n);
    w->failed = w->b->failed;
}

static void puts_(Writer *w, const char *s) {
    put(w, s, strlen(s));
}

static void expr(Writer *w, const Node *e, int place);

int unparse_prec(const Node *e) {
    switch (e->kind) {
    case AST_NAMED_EXPR: return PREC_NAMED_EXPR;
    case AST_TUPLE: return e->Tuple.elts.len ? PREC_TUPLE : PREC_ATOM; /* `()` */
    case AST_YIELD:
    case AST_YIELD_FROM: return PREC_YIELD;
    case AST_IF_EXP:
    case AST_LAMBDA: return PREC_TEST;
    case AST_BOOL_OP: return e->BoolOp.op == AST_OR ? PREC_OR : PREC_AND;
    case AST_UNARY_OP: return e->UnaryOp.op == AST_NOT ? PREC_NOT : PREC_FACTOR;
    case AST_COMPARE: return PREC_CMP;
    case AST_BIN_OP:
        switch (e->BinOp.op) {
        case AST_BIT_OR: return PREC_BOR;
        case AST_BIT_XOR: return PREC_BXOR;
        case AST_BIT_AND: return PREC_BAND;
        case AST_LSHIFT:
        case AST_RSHIFT: return PREC_SHIFT;
        case AST_ADD:
        case AST_SUB: return PREC_ARITH;
        case AST_POW: return PREC_POWER;
        default: return PREC_TERM;
        }
    case AST_AWAIT: return PREC_AWAIT;
    default: return PREC_ATOM;
    }
}

static const char *binop_text(uint8_t op) {
    switch (op) {
    case AST_ADD: return " + ";
    case AST_SUB: return " - ";
    case AST_MULT: return " * ";
    case AST_MAT_MULT: return " @ ";
    case AST_DIV: return " / ";
    case AST_MOD: return " % ";
    case AST_POW: return " ** ";
    case AST_LSHIFT: return " << ";
    case AST_RSHIFT: return " >> ";
    case AST_BIT_OR: return " | ";
    case AST_BIT_XOR: return " ^ ";
    case AST_BIT_AND: return " & ";
    default: return " // ";
    }
}

static const char *cmpop_text(uint8_t op) {
    switch (op) {
    case AST_EQ: return " == ";
    case AST_NOT_EQ: return " != ";
    case AST_LT: return " < ";
    case AST_LT_E: return " <= ";
    case AST_GT: return " > ";
    case AST_GT_E: return " >= ";
    case AST_IS: return " is ";
    case AST_IS_NOT: return " is not ";
    case AST_IN: return " in ";
    default: return " not in ";
    }
}

/* The comparison that is true exactly when `op` is false, or 0. */
static uint8_t cmpop_inverse(uint8_t op) {
    switch (op) {
    case AST_EQ: return AST_NOT_EQ;
    case AST_NOT_EQ: return AST_EQ;
    case AST_LT: return AST_GT_E;
    case AST_LT_E: return AST_GT;
    case AST_GT: return AST_LT_E;
    case AST_GT_E: return AST_LT;
    case AST_IS: return AST_IS_NOT;
    case AST_IS_NOT: return AST_IS;
    case AST_IN: return AST_NOT_IN;
    case AST_NOT_IN: return AST_IN;
    default: return 0;
    }
}

/* The node's text as written, when it is on one line. */
static bool copy_source(Writer *w, const Node *e) {
    const UnparseSource *s = w->src;
    if (!s || !s->lines || e->lineno < 1 || e->lineno != e->end_lineno ||
        e->lineno > s->lines->count)
        return false;
    size_t from = s->lines->starts[e->lineno - 1] + (size_t)e->col_offset;
    size_t to = s->lines->starts[e->lineno - 1] + (size_t)e->end_col_offset;
    if (to <= from || to > s->len || memchr(s->text + from, '\n', to - from)) return false;
    put(w, s->text + from, to - from);
    return true;
}

/* One character of a string literal's body, escaped as Python's repr() does for ASCII (`quote`
 * is the literal's quote; in an f-string, braces are doubled). */
static void put_escaped(Writer *w, unsigned char c, char quote, bool fstring) {
    char t[8];
    if (c == '\\' || c == (unsigned char)quote)
        snprintf(t, sizeof t, "\\%c", c);
    else if (c == '\n')
        snprintf(t, sizeof t, "\\n");
    else if (c == '\r')
        snprintf(t, sizeof t, "\\r");
    else if (c == '\t')
        snprintf(t, sizeof t, "\\t");
    else if (c < 0x20 || c == 0x7f)
        snprintf(t, sizeof t, "\\x%02x", c);
    else if (fstring && (c == '{' || c == '}'))
        snprintf(t, sizeof t, "%c%c", c, c);
    else
        snprintf(t, sizeof t, "%c", c);
    puts_(w, t);
}

/* A string's body (WTF-8): ASCII escaped as above, lone surrogates and C1 controls as escapes,
 * the rest of the characters as they are. */
static void put_str_body(Writer *w, Str s, char quote, bool fstring) {
    const unsigned char *p = (const unsigned char *)s.s;
    for (int32_t i = 0; i < s.len;) {
        char t[12];
        if (p[i] < 0x80) {
            put_escaped(w, p[i++], quote, fstring);
        } else if (p[i] == 0xc2 && i + 1 < s.len && p[i + 1] < 0xa0) { /* U+0080..U+009F */
            snprintf(t, sizeof t, "\\x%02x", p[i + 1]);
            puts_(w, t);
            i += 2;
        } else if (p[i] == 0xed && i + 2 < s.len && p[i + 1] >= 0xa0) { /* a lone surrogate */
            unsigned cp = 0xd000u | (unsigned)(p[i + 1] & 0x3f) << 6 | (p[i + 2] & 0x3f);
            snprintf(t, sizeof t, "\\u%04x", cp);
            puts_(w, t);
            i += 3;
        } else {
            int n = p[i] >= 0xf0 ? 4 : p[i] >= 0xe0 ? 3 : p[i] >= 0xc0 ? 2 : 1;
            if (i + n > s.len) n = s.len - i;
            put(w, (const char *)p + i, (size_t)n);
            i += n;
        }
    }
}

/* The quote repr() chooses: ' unless the text holds ' and no ". */
static char quote_for(Str s) {
    bool single = s.len && memchr(s.s, '\'', (size_t)s.len);
    bool dbl = s.len && memchr(s.s, '"', (size_t)s.len);
    return single && !dbl ? '"' : '\'';
}

static void constant(Writer *w, const Node *e) {
    if (copy_source(w, e)) return;
    const Const *c = &e->Constant.value;
    char t[64];
    switch (c->kind) {
    case CONST_NONE: puts_(w, "None"); return;
    case CONST_TRUE: puts_(w, "True"); return;
    case CONST_FALSE: puts_(w, "False"); return;
    case CONST_ELLIPSIS: puts_(w, "..."); return;
    case CONST_INT: snprintf(t, sizeof t, "%lld", (long long)c->i); break;
    case CONST_BIGINT: put(w, c->s.s, (size_t)c->s.len); return;
    case CONST_FLOAT:
    case CONST_COMPLEX: {
        int p = 1; /* the shortest text that reads back as the same double, as repr() */
        for (; p < 17; p++) {
            snprintf(t, sizeof t, "%.*g", p, c->f);
            if (strtod(t, NULL) == c->f) break;
        }
        snprintf(t, sizeof t, "%.*g", p, c->f);
        if (strstr(t, "inf")) snprintf(t, sizeof t, "1e309");
        if (c->kind == CONST_COMPLEX)
            strcat(t, "j");
        else if (!strpbrk(t, ".en"))
            strcat(t, ".0");
        break;
    }
    case CONST_STR:
    case CONST_BYTES: {
        char q = quote_for(c->s);
        if (c->kind == CONST_BYTES) puts_(w, "b");
        put(w, &q, 1);
        if (c->kind == CONST_STR) {
            put_str_body(w, c->s, q, false);
        } else {
            for (int32_t i = 0; i < c->s.len; i++) {
                unsigned char b = (unsigned char)c->s.s[i];
                if (b >= 0x80) {
                    snprintf(t, sizeof t, "\\x%02x", b);
                    puts_(w, t);
                } else {
                    put_escaped(w, b, q, false);
                }
            }
        }
        put(w, &q, 1);
        return;
    }
    default: return;
    }
    puts_(w, t);
}

/* The inside of an f-string's quotes: literal parts escaped, replacement fields as {expr!c:spec}.
 */
static void fstring_body(Writer *w, const NodeList *values) {
    for (int32_t i = 0; i < values->len; i++) {
        const Node *v = values->items[i];
        if (v->kind == AST_CONSTANT && v->Constant.value.kind == CONST_STR) {
            put_str_body(w, v->Constant.value.s, '\'', true);
            continue;
        }
        if (v->kind != AST_FORMATTED_VALUE) {
            w->failed = true;
            return;
        }
        size_t at = w->b->len;
        puts_(w, "{");
        expr(w, v->FormattedValue.value, PREC_OR);     /* lambda, walrus, if-else in parentheses */
        if (!w->failed && w->b->data[at + 1] == '{') { /* `{ {a}}`, not `{{` */
            size_t n = w->b->len - (at + 1);
            puts_(w, " ");
            if (!w->failed) {
                memmove(w->b->data + at + 2, w->b->data + at + 1, n);
                w->b->data[at + 1] = ' ';
            }
        }
        if (v->FormattedValue.conversion > 0) {
            char t[3] = {'!', (char)v->FormattedValue.conversion, 0};
            puts_(w, t);
        }
        if (v->FormattedValue.format_spec) {
            puts_(w, ":");
            fstring_body(w, &v->FormattedValue.format_spec->JoinedStr.values);
        }
        puts_(w, "}");
    }
}

static void list(Writer *w, const NodeList *l, int place) {
    for (int32_t i = 0; i < l->len; i++) {
        if (i) puts_(w, ", ");
        expr(w, l->items[i], place);
    }
}

static void comprehensions(Writer *w, const NodeList *gens) {
    for (int32_t i = 0; i < gens->len; i++) {
        const Node *g = gens->items[i];
        puts_(w, g->comprehension.is_async ? " async for " : " for ");
        expr(w, g->comprehension.target, PREC_TUPLE);
        puts_(w, " in ");
        expr(w, g->comprehension.iter, PREC_OR);
        for (int32_t k = 0; k < g->comprehension.ifs.len; k++) {
            puts_(w, " if ");
            expr(w, g->comprehension.ifs.items[k], PREC_OR);
        }
    }
}

static void lambda_args(Writer *w, const Node *a) {
    const NodeList *pos = &a->arguments.posonlyargs, *args = &a->arguments.args;
    const NodeList *defs = &a->arguments.defaults;
    int32_t npos = pos->len + args->len, first_default = npos - defs->len;
    bool any = false;
    for (int32_t i = 0; i < npos; i++) {
        const Node *p = i < pos->len ? pos->items[i] : args->items[i - pos->len];
        if (any) puts_(w, ", ");
        any = true;
        put(w, p->arg.arg.s, (size_t)p->arg.arg.len);
        if (i >= first_default) {
            puts_(w, "=");
            expr(w, defs->items[i - first_default], PREC_TEST);
        }
        if (i + 1 == pos->len) puts_(w, ", /");
    }
    const Node *va = a->arguments.vararg;
    if (va || a->arguments.kwonlyargs.len) {
        puts_(w, any ? ", *" : "*");
        any = true;
        if (va) put(w, va->arg.arg.s, (size_t)va->arg.arg.len);
    }
    for (int32_t i = 0; i < a->arguments.kwonlyargs.len; i++) {
        const Node *p = a->arguments.kwonlyargs.items[i];
        puts_(w, ", ");
        put(w, p->arg.arg.s, (size_t)p->arg.arg.len);
        const Node *d = i < a->arguments.kw_defaults.len ? a->arguments.kw_defaults.items[i] : NULL;
        if (d) {
            puts_(w, "=");
            expr(w, d, PREC_TEST);
        }
    }
    if (a->arguments.kwarg) {
        puts_(w, any ? ", **" : "**");
        put(w, a->arguments.kwarg->arg.arg.s, (size_t)a->arguments.kwarg->arg.arg.len);
    }
}

static void call(Writer *w, const Node *e) {
    expr(w, e->Call.func, PREC_ATOM);
    const NodeList *args = &e->Call.args, *kws = &e->Call.keywords;
    /* f(x for x in y): a lone generator argument needs no parentheses of its own */
    if (args->len == 1 && kws->len == 0 && args->items[0]->kind == AST_GENERATOR_EXP) {
        const Node *g = args->items[0];
        puts_(w, "(");
        expr(w, g->GeneratorExp.elt, PREC_TEST);
        comprehensions(w, &g->GeneratorExp.generators);
        puts_(w, ")");
        return;
    }
    puts_(w, "(");
    list(w, args, PREC_TEST);
    for (int32_t i = 0; i < kws->len; i++) {
        const Node *k = kws->items[i];
        if (i || args->len) puts_(w, ", ");
        if (k->keyword.arg.s) {
            put(w, k->keyword.arg.s, (size_t)k->keyword.arg.len);
            puts_(w, "=");
        } else {
            puts_(w, "**");
        }
        expr(w, k->keyword.value, PREC_TEST);
    }
    puts_(w, ")");
}

static void subscript(Writer *w, const Node *e) {
    expr(w, e->Subscript.value, PREC_ATOM);
    puts_(w, "[");
    const Node *s = e->Subscript.slice;
    if (s->kind == AST_TUPLE && s->Tuple.elts.len) /* a[1:2, 3]: no parentheses (nor allowed) */
        list(w, &s->Tuple.elts, PREC_TEST);
    else
        expr(w, s, PREC_TEST);
    puts_(w, "]");
}

static void body(Writer *w, const Node *e) {
    switch (e->kind) {
    case AST_NAME: put(w, e->Name.id.s, (size_t)e->Name.id.len); return;
    case AST_CONSTANT: constant(w, e); return;
    case AST_JOINED_STR:
        if (copy_source(w, e)) return;
        puts_(w, "f'");
        fstring_body(w, &e->JoinedStr.values);
        puts_(w, "'");
        return;
    case AST_BOOL_OP: {
        int inner = unparse_prec(e) + 1; /* `a or (b or c)` keeps its parentheses */
        for (int32_t i = 0; i < e->BoolOp.values.len; i++) {
            if (i) puts_(w, e->BoolOp.op == AST_OR ? " or " : " and ");
            expr(w, e->BoolOp.values.items[i], inner);
        }
        return;
    }
    case AST_NAMED_EXPR:
        expr(w, e->NamedExpr.target, PREC_ATOM);
        puts_(w, " := ");
        expr(w, e->NamedExpr.value, PREC_TEST);
        return;
    case AST_BIN_OP: {
        int p = unparse_prec(e);
        bool pow = e->BinOp.op == AST_POW; /* right-associative: power: primary '**' factor */
        expr(w, e->BinOp.left, pow ? PREC_AWAIT : p);
        puts_(w, binop_text(e->BinOp.op));
        expr(w, e->BinOp.right, pow ? PREC_FACTOR : p + 1);
        return;
    }
    case AST_UNARY_OP: {
        uint8_t op = e->UnaryOp.op;
        puts_(w, op == AST_NOT ? "not " : op == AST_INVERT ? "~" : op == AST_UADD ? "+" : "-");
        expr(w, e->UnaryOp.operand, unparse_prec(e));
        return;
    }
    case AST_LAMBDA: {
        size_t at = w->b->len;
        puts_(w, "lambda ");
        lambda_args(w, e->Lambda.args);
        if (!w->failed && w->b->len == at + 7) w->b->len--; /* `lambda: x` */
        puts_(w, ": ");
        expr(w, e->Lambda.body, PREC_TEST);
        return;
    }
    case AST_IF_EXP:
        expr(w, e->IfExp.body, PREC_OR);
        puts_(w, " if ");
        expr(w, e->IfExp.test, PREC_OR);
        puts_(w, " else ");
        expr(w, e->IfExp.orelse, PREC_TEST);
        return;
    case AST_DICT:
        puts_(w, "{");
        for (int32_t i = 0; i < e->Dict.values.len; i++) {
            if (i) puts_(w, ", ");
            const Node *k = i < e->Dict.keys.len ? e->Dict.keys.items[i] : NULL;
            if (k) {
                expr(w, k, PREC_TEST);
                puts_(w, ": ");
                expr(w, e->Dict.values.items[i], PREC_TEST);
            } else {
                puts_(w, "**");
                expr(w, e->Dict.values.items[i], PREC_BOR);
            }
        }
        puts_(w, "}");
        return;
    case AST_SET:
        if (!e->Set.elts.len) {
            puts_(w, "{*()}");
            return;
        }
        puts_(w, "{");
        list(w, &e->Set.elts, PREC_TEST);
        puts_(w, "}");
        return;
    case AST_LIST:
        puts_(w, "[");
        list(w, &e->List.elts, PREC_TEST);
        puts_(w, "]");
        return;
    case AST_TUPLE:
        list(w, &e->Tuple.elts, PREC_TEST);
        if (e->Tuple.elts.len == 1) puts_(w, ",");
        return;
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_GENERATOR_EXP: {
        const char *open = e->kind == AST_LIST_COMP ? "[" : e->kind == AST_SET_COMP ? "{" : "(";
        const char *close = e->kind == AST_LIST_COMP ? "]" : e->kind == AST_SET_COMP ? "}" : ")";
        puts_(w, open);
        expr(w, e->ListComp.elt, PREC_TEST);
        comprehensions(w, &e->ListComp.generators);
        puts_(w, close);
        return;
    }
    case AST_DICT_COMP:
        puts_(w, "{");
        expr(w, e->DictComp.key, PREC_TEST);
        puts_(w, ": ");
        expr(w, e->DictComp.value, PREC_TEST);
        comprehensions(w, &e->DictComp.generators);
        puts_(w, "}");
        return;
    case AST_AWAIT:
        puts_(w, "await ");
        expr(w, e->Await.value, PREC_ATOM);
        return;
    case AST_YIELD:
        puts_(w, "yield");
        if (e->Yield.value) {
            puts_(w, " ");
            expr(w, e->Yield.value, PREC_TUPLE);
        }
        return;
    case AST_YIELD_FROM:
        puts_(w, "yield from ");
        expr(w, e->YieldFrom.value, PREC_TEST);
        return;
    case AST_COMPARE:
        expr(w, e->Compare.left, PREC_BOR);
        for (int32_t i = 0; i < e->Compare.ops.len && i < e->Compare.comparators.len; i++) {
            puts_(w, cmpop_text(e->Compare.ops.items[i]));
            expr(w, e->Compare.comparators.items[i], PREC_BOR);
        }
        return;
    case AST_CALL: call(w, e); return;
    case AST_ATTRIBUTE: {
        const Node *v = e->Attribute.value;
        expr(w, v, PREC_ATOM);
        if (v->kind == AST_CONSTANT &&
            (v->Constant.value.kind == CONST_INT || v->Constant.value.kind == CONST_BIGINT))
            puts_(w, " "); /* `1 .real`: `1.real` reads as a float */
        puts_(w, ".");
        put(w, e->Attribute.attr.s, (size_t)e->Attribute.attr.len);
        return;
    }
    case AST_SUBSCRIPT: subscript(w, e); return;
    case AST_STARRED:
        puts_(w, "*");
        expr(w, e->Starred.value, PREC_BOR);
        return;
    case AST_SLICE:
        if (e->Slice.lower) expr(w, e->Slice.lower, PREC_TEST);
        puts_(w, ":");
        if (e->Slice.upper) expr(w, e->Slice.upper, PREC_TEST);
        if (e->Slice.step) {
            puts_(w, ":");
            expr(w, e->Slice.step, PREC_TEST);
        }
        return;
    default:
        if (!copy_source(w, e)) w->failed = true; /* a kind this file does not know */
        return;
    }
}

static void expr(Writer *w, const Node *e, int place) {
    if (w->failed) return;
    if (++w->depth > MAX_DEPTH) {
        w->failed = true;
        return;
    }
    bool paren = unparse_prec(e) < place || (e->kind == AST_TUPLE && e->Tuple.elts.len == 0);
    if (paren) puts_(w, "(");
    body(w, e);
    if (paren) puts_(w, ")");
    w->depth--;
}

static bool finish(Writer *w) {
    if (w->failed) w->b->len = w->start;
    return !w->failed && !w->b->failed;
}

bool unparse(Buf *b, const Node *e, int place, const UnparseSource *src, size_t max) {
    Writer w = {b, src, b->len, max, 0, false};
    expr(&w, e, place);
    return finish(&w);
}

bool unparse_not(Buf *b, const Node *e, int place, const UnparseSource *src, size_t max,
                 int *prec) {
    Writer w = {b, src, b->len, max, 0, false};
    uint8_t inv = e->kind == AST_COMPARE && e->Compare.ops.len == 1
                      ? cmpop_inverse(e->Compare.ops.items[0])
                      : 0;
    if (e->kind == AST_UNARY_OP && e->UnaryOp.op == AST_NOT) {
        *prec = unparse_prec(e->UnaryOp.operand);
        expr(&w, e->UnaryOp.operand, place);
    } else if (inv) {
        *prec = PREC_CMP;
        if (place > PREC_CMP) puts_(&w, "(");
        expr(&w, e->Compare.left, PREC_BOR);
        puts_(&w, cmpop_text(inv));
        expr(&w, e->Compare.comparators.items[0], PREC_BOR);
        if (place > PREC_CMP) puts_(&w, ")");
    } else {
        *prec = PREC_NOT;
        if (place > PREC_NOT) puts_(&w, "(");
        puts_(&w, "not ");
        expr(&w, e, PREC_NOT);
        if (place > PREC_NOT) puts_(&w, ")");
    }
    return finish(&w);
}
