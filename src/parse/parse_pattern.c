/* parse_pattern.c — the patterns of match statements (PEP 634), as CPython's grammar builds
 * them: sequence, mapping, class, value, literal, capture, wildcard, or- and as-patterns. */
#include <string.h>

#include "parser_internal.h"

static Node *parse_pattern(Parser *P);

static Node *pat_from(Parser *P, AstKind k, int32_t start) {
    return node_from(P, k, start);
}

static bool is_wildcard(Parser *P) {
    return at_name(P, "_");
}

/* pattern_capture_target: !"_" NAME !('.' | '(' | '=') */
static Str capture_target(Parser *P) {
    Token *t = peek(P);
    if (t->kind != TOK_NAME) syntax_error_here(P);
    if (tok_is_name(P, t, "_")) syntax_error_tok(P, t, "cannot use '_' as a target");
    P->pos++;
    return ident(P, t);
}

/* name_or_attr: attr | NAME;  attr: name_or_attr '.' NAME */
static Node *name_or_attr(Parser *P) {
    int32_t start = P->pos;
    Node *e = name_node(P, advance(P), AST_LOAD);
    while (kind(P) == TOK_DOT) e = parse_trailer(P, e, start);
    return e;
}

/* signed_number: NUMBER | '-' NUMBER, and complex_number: signed_real_number ('+'|'-')
 * imaginary_number — the literal expressions of patterns */
static Node *number_expr(Parser *P) {
    return parse_atom(P);
}

static Node *signed_number(Parser *P) {
    int32_t start = P->pos;
    if (kind(P) == TOK_PLUS && P->minor >= 15) {
        /* 3.15: '+' NUMBER is the number itself (no UnaryOp; the pattern spans the '+') */
        P->pos++;
        if (kind(P) != TOK_NUMBER) syntax_error_here(P);
        return number_expr(P);
    }
    if (kind(P) == TOK_MINUS) {
        P->pos++;
        if (kind(P) != TOK_NUMBER) syntax_error_here(P);
        Node *v = number_expr(P);
        Node *u = node_from(P, AST_UNARY_OP, start);
        u->UnaryOp.op = AST_USUB;
        u->UnaryOp.operand = v;
        return u;
    }
    return number_expr(P);
}

static bool is_imaginary(const Node *n) {
    if (n->kind == AST_UNARY_OP) n = n->UnaryOp.operand;
    return n->kind == AST_CONSTANT && n->Constant.value.kind == CONST_COMPLEX;
}

/* literal_expr without the singletons: numbers, complex numbers and strings */
static Node *literal_value(Parser *P) {
    int32_t start = P->pos;
    if (kind(P) == TOK_STRING || kind(P) == TOK_FSTRING_START) {
        return parse_strings(P); /* an f-string is the compiler's error, not the parser's */
    }
    Node *real = signed_number(P);
    if (kind(P) != TOK_PLUS && kind(P) != TOK_MINUS) return real;
    int op = kind(P) == TOK_PLUS ? AST_ADD : AST_SUB;
    if (is_imaginary(real)) syntax_error_node(P, real, "real number required in complex literal");
    P->pos++;
    if (kind(P) != TOK_NUMBER) syntax_error_here(P);
    Node *imag = number_expr(P);
    if (!is_imaginary(imag))
        syntax_error_node(P, imag, "imaginary number required in complex literal");
    Node *b = node_from(P, AST_BIN_OP, start);
    b->BinOp.left = real;
    b->BinOp.op = (uint8_t)op;
    b->BinOp.right = imag;
    return b;
}

/* maybe_star_pattern: star_pattern | pattern */
static Node *maybe_star_pattern(Parser *P) {
    if (kind(P) != TOK_STAR) return parse_pattern(P);
    int32_t start = P->pos++;
    Str name = {NULL, 0};
    if (is_wildcard(P))
        P->pos++;
    else
        name = capture_target(P);
    Node *s = pat_from(P, AST_MATCH_STAR, start);
    s->MatchStar.name = name;
    return s;
}

/* '(' or '[' sequence patterns up to the closer; returns the MatchSequence, or for a
 * parenthesized single pattern without a comma the pattern itself (group_pattern). */
static Node *sequence_pattern(Parser *P, int closer) {
    int32_t start = P->pos++;
    int32_t mark = P->sp;
    bool comma = false;
    while (kind(P) != closer) {
        push(P, maybe_star_pattern(P));
        if (!accept(P, TOK_COMMA)) break;
        comma = true;
    }
    if (kind(P) != closer) syntax_error_here(P);
    P->pos++;
    if (closer == TOK_RPAR && !comma && P->sp - mark == 1 &&
        P->stack[mark]->kind != AST_MATCH_STAR) {
        Node *inner = P->stack[mark];
        P->sp = mark;
        return inner;
    }
    Node *s = pat_from(P, AST_MATCH_SEQUENCE, start);
    s->MatchSequence.patterns = list_from(P, mark);
    return s;
}

/* mapping_pattern: '{' [items_pattern] [double_star_pattern] ','? '}' */
static Node *mapping_pattern(Parser *P) {
    int32_t start = P->pos++;
    int32_t mark = P->sp;
    Str rest = {NULL, 0};
    while (kind(P) != TOK_RBRACE) {
        if (accept(P, TOK_DOUBLESTAR)) {
            rest = capture_target(P);
            accept(P, TOK_COMMA);
            break;
        }
        Node *key;
        switch (kind(P)) {
        case TOK_KW_NONE:
        case TOK_KW_TRUE:
        case TOK_KW_FALSE: key = parse_atom(P); break;
        case TOK_NAME:
            if (kind_at(P, 1) != TOK_DOT) syntax_error_here(P);
            key = name_or_attr(P);
            break;
        default: key = literal_value(P); break;
        }
        if (kind(P) != TOK_COLON) syntax_error_here(P);
        P->pos++;
        push(P, key);
        push(P, parse_pattern(P));
        if (!accept(P, TOK_COMMA)) break;
    }
    if (kind(P) != TOK_RBRACE) syntax_error_here(P);
    P->pos++;
    int32_t n = (P->sp - mark) / 2;
    Node *m = pat_from(P, AST_MATCH_MAPPING, start);
    m->MatchMapping.keys.len = m->MatchMapping.patterns.len = n;
    if (n) {
        m->MatchMapping.keys.items = palloc(P, sizeof(Node *) * (size_t)n);
        m->MatchMapping.patterns.items = palloc(P, sizeof(Node *) * (size_t)n);
        for (int32_t i = 0; i < n; i++) {
            m->MatchMapping.keys.items[i] = P->stack[mark + 2 * i];
            m->MatchMapping.patterns.items[i] = P->stack[mark + 2 * i + 1];
        }
    }
    m->MatchMapping.rest = rest;
    P->sp = mark;
    return m;
}

/* class_pattern: name_or_attr '(' [positional_patterns] [keyword_patterns] ','? ')' */
static Node *class_pattern(Parser *P, int32_t start, Node *cls) {
    P->pos++;
    int32_t pmark = P->sp;
    int32_t npos = 0, nkw = 0;
    int32_t kwfirst = -1;
    while (kind(P) != TOK_RPAR) {
        if (kind(P) == TOK_NAME && kind_at(P, 1) == TOK_EQUAL) {
            if (kwfirst < 0) kwfirst = P->pos;
            Token *nt = advance(P);
            P->pos++;
            push(P, (Node *)nt); /* the name token, resolved below */
            push(P, parse_pattern(P));
            nkw++;
        } else {
            Node *p = parse_pattern(P);
            if (nkw) syntax_error_node(P, p, "positional patterns follow keyword patterns");
            push(P, p);
            npos++;
        }
        if (!accept(P, TOK_COMMA)) break;
    }
    if (kind(P) != TOK_RPAR) syntax_error_here(P);
    P->pos++;
    Node *c = pat_from(P, AST_MATCH_CLASS, start);
    c->MatchClass.cls = cls;
    Node **items = npos + nkw ? P->stack + pmark : NULL; /* no stack yet when both are 0 */
    c->MatchClass.patterns.len = npos;
    if (npos) {
        c->MatchClass.patterns.items = palloc(P, sizeof(Node *) * (size_t)npos);
        memcpy(c->MatchClass.patterns.items, items, sizeof(Node *) * (size_t)npos);
    }
    c->MatchClass.kwd_attrs.len = c->MatchClass.kwd_patterns.len = nkw;
    if (nkw) {
        c->MatchClass.kwd_attrs.items = palloc(P, sizeof(Str) * (size_t)nkw);
        c->MatchClass.kwd_patterns.items = palloc(P, sizeof(Node *) * (size_t)nkw);
        for (int32_t i = 0; i < nkw; i++) {
            c->MatchClass.kwd_attrs.items[i] = ident(P, (const Token *)items[npos + 2 * i]);
            c->MatchClass.kwd_patterns.items[i] = items[npos + 2 * i + 1];
        }
    }
    P->sp = pmark;
    return c;
}

/* closed_pattern: literal_pattern | capture_pattern | wildcard_pattern | value_pattern |
 *   group_pattern | sequence_pattern | mapping_pattern | class_pattern */
static Node *closed_pattern(Parser *P) {
    int32_t start = P->pos;
    Token *t = peek(P);
    Node *p;
    switch (t->kind) {
    case TOK_KW_NONE:
    case TOK_KW_TRUE:
    case TOK_KW_FALSE:
        P->pos++;
        p = pat_from(P, AST_MATCH_SINGLETON, start);
        p->MatchSingleton.value.kind = t->kind == TOK_KW_NONE   ? CONST_NONE
                                       : t->kind == TOK_KW_TRUE ? CONST_TRUE
                                                                : CONST_FALSE;
        return p;
    case TOK_PLUS:
        if (P->minor < 15) syntax_error_here(P);
        /* fall through */
    case TOK_NUMBER:
    case TOK_MINUS:
    case TOK_STRING:
    case TOK_FSTRING_START: {
        Node *v = literal_value(P);
        p = pat_from(P, AST_MATCH_VALUE, start);
        p->MatchValue.value = v;
        return p;
    }
    case TOK_LPAR: return sequence_pattern(P, TOK_RPAR);
    case TOK_LSQB: return sequence_pattern(P, TOK_RSQB);
    case TOK_LBRACE: return mapping_pattern(P);
    case TOK_NAME: {
        int next = kind_at(P, 1);
        if (next != TOK_DOT && next != TOK_LPAR) {
            if (is_wildcard(P)) {
                P->pos++;
                return pat_from(P, AST_MATCH_AS, start);
            }
            if (next == TOK_EQUAL) syntax_error_here(P);
            Str name = capture_target(P);
            p = pat_from(P, AST_MATCH_AS, start);
            p->MatchAs.name = name;
            return p;
        }
        Node *cls = name_or_attr(P);
        if (kind(P) == TOK_LPAR) return class_pattern(P, start, cls);
        if (cls->kind != AST_ATTRIBUTE) syntax_error_here(P);
        p = pat_from(P, AST_MATCH_VALUE, start);
        p->MatchValue.value = cls;
        return p;
    }
    default: syntax_error_here(P);
    }
}

/* or_pattern: '|'.closed_pattern+ */
static Node *or_pattern(Parser *P) {
    int32_t start = P->pos;
    Node *first = closed_pattern(P);
    if (kind(P) != TOK_VBAR) return first;
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, TOK_VBAR)) push(P, closed_pattern(P));
    Node *o = pat_from(P, AST_MATCH_OR, start);
    o->MatchOr.patterns = list_from(P, mark);
    return o;
}

/* pattern: as_pattern | or_pattern;  as_pattern: or_pattern 'as' pattern_capture_target */
static Node *parse_pattern(Parser *P) {
    ENTER(P);
    int32_t start = P->pos;
    Node *p = or_pattern(P);
    if (accept(P, TOK_KW_AS)) {
        Token *t = peek(P);
        if (t->kind == TOK_NAME && kind_at(P, 1) != TOK_DOT && kind_at(P, 1) != TOK_LPAR &&
            kind_at(P, 1) != TOK_EQUAL) {
            Str name = capture_target(P);
            Node *a = pat_from(P, AST_MATCH_AS, start);
            a->MatchAs.pattern = p;
            a->MatchAs.name = name;
            p = a;
        } else {
            syntax_error_tok(P, t, "invalid pattern target");
        }
    }
    LEAVE(P);
    return p;
}

/* patterns: open_sequence_pattern | pattern */
Node *parse_patterns(Parser *P) {
    int32_t start = P->pos;
    Node *first = maybe_star_pattern(P);
    if (kind(P) != TOK_COMMA) {
        if (first->kind == AST_MATCH_STAR) syntax_error_here(P);
        return first;
    }
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, TOK_COMMA)) {
        if (kind(P) == TOK_COLON || kind(P) == TOK_KW_IF) break;
        push(P, maybe_star_pattern(P));
    }
    Node *s = pat_from(P, AST_MATCH_SEQUENCE, start);
    s->MatchSequence.patterns = list_from(P, mark);
    return s;
}
