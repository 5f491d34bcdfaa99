/* parse_expr.c — expressions: from `expression` down to `atom`, with comprehensions, calls,
 * subscripts, lambdas and the conversion of expressions into assignment targets. */
#include <string.h>

#include "literal.h"
#include "parser_internal.h"

/* The leftmost operand of an expression, parsed ahead: parse_expression() parses an expression's
 * first primary itself and hands it down the precedence chain (disjunction ... power) only when
 * an operator follows it, so that a lone operand, most of them, skips the dozen levels. `start`
 * is its first token; `node` NULL means none: each level parses its own first operand. */
typedef struct Lead {
    int32_t start;
    Node *node;
} Lead;
static inline Lead no_lead(const Parser *P) {
    return (Lead){P->pos, NULL};
}

static Node *parse_factor(Parser *P, Lead lead);
static Node *parse_binary(Parser *P, int min_prec, Lead lead);
static Node *parse_disjunction_lead(Parser *P, Lead lead);
static Node *parse_lambdef(Parser *P);
static NodeList parse_for_if_clauses(Parser *P);
static Node *parse_slices(Parser *P);

bool starts_expression(int k) {
    switch (k) {
    case TOK_NAME:
    case TOK_NUMBER:
    case TOK_STRING:
    case TOK_FSTRING_START:
    case TOK_LPAR:
    case TOK_LSQB:
    case TOK_LBRACE:
    case TOK_MINUS:
    case TOK_PLUS:
    case TOK_TILDE:
    case TOK_ELLIPSIS:
    case TOK_KW_NOT:
    case TOK_KW_LAMBDA:
    case TOK_KW_AWAIT:
    case TOK_KW_NONE:
    case TOK_KW_TRUE:
    case TOK_KW_FALSE:
    case TOK_STAR:
    case TOK_KW_YIELD: return true;
    default: return false;
    }
}

/* Whether k may start CPython's `expression` rule: no '*', no 'yield'. */
bool starts_plain_expression(int k) {
    return starts_expression(k) && k != TOK_STAR && k != TOK_KW_YIELD;
}

Node *name_node(Parser *P, const Token *t, int ctx) {
    Node *n = node_new(P, AST_NAME);
    n->lineno = t->lineno;
    n->col_offset = tcol(P, t);
    n->end_lineno = t->end_lineno;
    n->end_col_offset = tend(P, t);
    n->Name.id = ident(P, t);
    n->Name.ctx = (uint8_t)ctx;
    return n;
}

/* ---- targets ------------------------------------------------------------------------------ */

const char *expr_description(const Node *e) {
    switch (e->kind) {
    case AST_ATTRIBUTE: return "attribute";
    case AST_SUBSCRIPT: return "subscript";
    case AST_STARRED: return "starred";
    case AST_NAME: return "name";
    case AST_LIST: return "list";
    case AST_TUPLE: return "tuple";
    case AST_LAMBDA: return "lambda";
    case AST_CALL: return "function call";
    case AST_BOOL_OP:
    case AST_BIN_OP:
    case AST_UNARY_OP: return "expression";
    case AST_GENERATOR_EXP: return "generator expression";
    case AST_YIELD:
    case AST_YIELD_FROM: return "yield expression";
    case AST_AWAIT: return "await expression";
    case AST_LIST_COMP: return "list comprehension";
    case AST_SET_COMP: return "set comprehension";
    case AST_DICT_COMP: return "dict comprehension";
    case AST_DICT: return "dict literal";
    case AST_SET: return "set display";
    case AST_JOINED_STR:
    case AST_FORMATTED_VALUE: return "f-string expression";
    case AST_TEMPLATE_STR:
    case AST_INTERPOLATION: return "t-string expression";
    case AST_CONSTANT:
        switch (e->Constant.value.kind) {
        case CONST_NONE: return "None";
        case CONST_TRUE: return "True";
        case CONST_FALSE: return "False";
        case CONST_ELLIPSIS: return "ellipsis";
        default: return "literal";
        }
    case AST_COMPARE: return "comparison";
    case AST_IF_EXP: return "conditional expression";
    case AST_NAMED_EXPR: return "named expression";
    default: return "expression";
    }
}

/* Sets ctx (AST_STORE or AST_DEL) on a target and its elements; raises CPython's error for what
 * cannot be a target. verb: "assign to" or "delete". */
void set_store(Parser *P, Node *e, int ctx, const char *verb) {
    switch (e->kind) {
    case AST_NAME: e->Name.ctx = (uint8_t)ctx; return;
    case AST_ATTRIBUTE: e->Attribute.ctx = (uint8_t)ctx; return;
    case AST_SUBSCRIPT: e->Subscript.ctx = (uint8_t)ctx; return;
    case AST_STARRED:
        if (ctx == AST_DEL) syntax_error_node(P, e, "cannot delete starred");
        e->Starred.ctx = (uint8_t)ctx;
        set_store(P, e->Starred.value, ctx, verb);
        return;
    case AST_TUPLE:
    case AST_LIST: {
        NodeList *l = e->kind == AST_TUPLE ? &e->Tuple.elts : &e->List.elts;
        for (int32_t i = 0; i < l->len; i++) set_store(P, l->items[i], ctx, verb);
        if (e->kind == AST_TUPLE)
            e->Tuple.ctx = (uint8_t)ctx;
        else
            e->List.ctx = (uint8_t)ctx;
        return;
    }
    default: syntax_error_node(P, e, "cannot %s %s", verb, expr_description(e));
    }
}

/* star_targets: star_target !',' | star_target (',' star_target)* [','] — the targets of `for`
 * loops and comprehensions; parsed above the comparison level so that `in` ends them. */
static Node *parse_star_target_expr(Parser *P) {
    int32_t start = P->pos;
    if (accept(P, TOK_STAR)) {
        if (kind(P) == TOK_STAR) syntax_error_here(P);
        Node *v = parse_star_target_expr(P);
        Node *s = node_from(P, AST_STARRED, start);
        s->Starred.value = v;
        s->Starred.ctx = AST_STORE;
        return s;
    }
    return parse_bitwise_or(P);
}

Node *parse_star_targets(Parser *P) {
    int32_t start = P->pos;
    Node *first = parse_star_target_expr(P);
    if (kind(P) != TOK_COMMA) {
        set_store(P, first, AST_STORE, "assign to");
        return first;
    }
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, TOK_COMMA)) {
        int k = kind(P);
        if (k == TOK_KW_IN || k == TOK_EQUAL || k == TOK_RPAR || k == TOK_COLON) break;
        push(P, parse_star_target_expr(P));
    }
    Node *t = node_from(P, AST_TUPLE, start);
    t->Tuple.elts = list_from(P, mark);
    set_store(P, t, AST_STORE, "assign to");
    return t;
}

Node *parse_star_target_single(Parser *P) {
    Node *t = parse_star_target_expr(P);
    set_store(P, t, AST_STORE, "assign to");
    return t;
}

/* ---- top levels --------------------------------------------------------------------------- */

/* The tokens after a primary that make it the left operand of something: '**', the binary and
 * comparison operators, 'not' (of 'not in'), 'and', 'or', and 'if'. It restates what
 * parse_power, binop_prec, compare_op and bool_chain accept: a token missing here would end an
 * expression early, which the stdlib conformance run and fuzz_parse's oracle would show. */
static const bool continues_operand[TOK_KIND_COUNT] = {
    [TOK_DOUBLESTAR] = 1, [TOK_VBAR] = 1,       [TOK_CIRCUMFLEX] = 1,   [TOK_AMPER] = 1,
    [TOK_LEFTSHIFT] = 1,  [TOK_RIGHTSHIFT] = 1, [TOK_PLUS] = 1,         [TOK_MINUS] = 1,
    [TOK_STAR] = 1,       [TOK_SLASH] = 1,      [TOK_DOUBLESLASH] = 1,  [TOK_PERCENT] = 1,
    [TOK_AT] = 1,         [TOK_EQEQUAL] = 1,    [TOK_NOTEQUAL] = 1,     [TOK_LESS] = 1,
    [TOK_LESSEQUAL] = 1,  [TOK_GREATER] = 1,    [TOK_GREATEREQUAL] = 1, [TOK_NOTEQUAL_OLD] = 1,
    [TOK_KW_IN] = 1,      [TOK_KW_NOT] = 1,     [TOK_KW_IS] = 1,        [TOK_KW_AND] = 1,
    [TOK_KW_OR] = 1,      [TOK_KW_IF] = 1,
};

/* expression: disjunction 'if' disjunction 'else' expression | disjunction | lambdef */
Node *parse_expression(Parser *P) {
    ENTER(P);
    Node *r;
    int k = kind(P);
    if (k == TOK_KW_LAMBDA) {
        r = parse_lambdef(P);
    } else {
        int32_t start = P->pos;
        Lead lead = {start, NULL};
        if (k != TOK_KW_NOT && k != TOK_PLUS && k != TOK_MINUS && k != TOK_TILDE &&
            k != TOK_KW_AWAIT) {
            /* every level down to primary would parse this first, with nothing in between */
            lead.node = parse_primary(P);
            if (!continues_operand[kind(P)]) {
                LEAVE(P);
                return lead.node;
            }
        }
        Node *body = parse_disjunction_lead(P, lead);
        if (kind(P) == TOK_KW_IF) {
            P->pos++;
            Node *test = parse_disjunction(P);
            if (kind(P) != TOK_KW_ELSE) /* (CPython's invalid_expression: from body to test) */
                syntax_error_at(P, body->lineno, body->col_offset, test->end_lineno,
                                test->end_col_offset, "expected 'else' after 'if' expression");
            P->pos++;
            Node *orelse = parse_expression(P);
            r = node_from(P, AST_IF_EXP, start);
            r->IfExp.test = test;
            r->IfExp.body = body;
            r->IfExp.orelse = orelse;
        } else {
            r = body;
        }
    }
    LEAVE(P);
    return r;
}

/* named_expression: NAME ':=' expression | expression !':=' */
Node *parse_named_expression(Parser *P) {
    if (kind(P) == TOK_NAME && kind_at(P, 1) == TOK_COLONEQUAL) {
        int32_t start = P->pos;
        Node *target = name_node(P, advance(P), AST_STORE);
        P->pos++;
        Node *value = parse_expression(P);
        Node *n = node_from(P, AST_NAMED_EXPR, start);
        P->walrus = true;
        n->NamedExpr.target = target;
        n->NamedExpr.value = value;
        return n;
    }
    Node *e = parse_expression(P);
    if (kind(P) == TOK_COLONEQUAL)
        syntax_error_node(P, e, "cannot use assignment expressions with %s", expr_description(e));
    return e;
}

/* `*value`, from the star at start. */
static Node *starred(Parser *P, int32_t start, Node *value) {
    Node *s = node_from(P, AST_STARRED, start);
    s->Starred.value = value;
    s->Starred.ctx = AST_LOAD;
    return s;
}

/* star_named_expression: '*' bitwise_or | named_expression */
Node *parse_star_named_expression(Parser *P) {
    if (kind(P) == TOK_STAR) {
        int32_t start = P->pos++;
        return starred(P, start, parse_bitwise_or(P));
    }
    return parse_named_expression(P);
}

/* star_expression: '*' bitwise_or | expression */
static Node *parse_star_expression(Parser *P) {
    if (kind(P) == TOK_STAR) {
        int32_t start = P->pos++;
        return starred(P, start, parse_bitwise_or(P));
    }
    return parse_expression(P);
}

/* Ends an expression list: what may follow a trailing comma. */
static bool ends_list(int k) {
    return !starts_expression(k) || k == TOK_KW_YIELD;
}

/* star_expressions: star_expression (',' star_expression)* [','] */
Node *parse_star_expressions(Parser *P) {
    int32_t start = P->pos;
    Node *first = parse_star_expression(P);
    if (kind(P) != TOK_COMMA) return first;
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, TOK_COMMA)) {
        if (ends_list(kind(P))) break;
        push(P, parse_star_expression(P));
    }
    Node *t = node_from(P, AST_TUPLE, start);
    t->Tuple.elts = list_from(P, mark);
    t->Tuple.ctx = AST_LOAD;
    return t;
}

/* yield_expr: 'yield' 'from' expression | 'yield' [star_expressions] */
Node *parse_yield_expr(Parser *P) {
    int32_t start = P->pos++;
    if (accept(P, TOK_KW_FROM)) {
        Node *v = parse_expression(P);
        Node *n = node_from(P, AST_YIELD_FROM, start);
        n->YieldFrom.value = v;
        return n;
    }
    Node *v = NULL;
    if (starts_expression(kind(P)) && kind(P) != TOK_KW_YIELD) v = parse_star_expressions(P);
    Node *n = node_from(P, AST_YIELD, start);
    n->Yield.value = v;
    return n;
}

Node *parse_annotated_rhs(Parser *P) {
    return kind(P) == TOK_KW_YIELD ? parse_yield_expr(P) : parse_star_expressions(P);
}

/* ---- boolean and comparison --------------------------------------------------------------- */

static Node *parse_inversion(Parser *P, Lead lead);
static Node *parse_comparison(Parser *P, Lead lead);

static Node *bool_chain(Parser *P, int tok, int op, Node *(*operand)(Parser *, Lead), Lead lead) {
    Node *first = operand(P, lead);
    if (kind(P) != tok) return first;
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, tok)) push(P, operand(P, no_lead(P)));
    Node *n = node_from(P, AST_BOOL_OP, lead.start);
    n->BoolOp.op = (uint8_t)op;
    n->BoolOp.values = list_from(P, mark);
    return n;
}

static Node *parse_conjunction(Parser *P, Lead lead) {
    return bool_chain(P, TOK_KW_AND, AST_AND, parse_inversion, lead);
}

/* disjunction: conjunction ('or' conjunction)+ | conjunction */
static Node *parse_disjunction_lead(Parser *P, Lead lead) {
    return bool_chain(P, TOK_KW_OR, AST_OR, parse_conjunction, lead);
}
Node *parse_disjunction(Parser *P) {
    return parse_disjunction_lead(P, no_lead(P));
}

/* inversion: 'not' inversion | comparison */
static Node *parse_inversion(Parser *P, Lead lead) {
    if (lead.node || kind(P) != TOK_KW_NOT) return parse_comparison(P, lead);
    ENTER(P);
    int32_t start = P->pos++;
    Node *v = parse_inversion(P, no_lead(P));
    Node *n = node_from(P, AST_UNARY_OP, start);
    n->UnaryOp.op = AST_NOT;
    n->UnaryOp.operand = v;
    LEAVE(P);
    return n;
}

static int compare_op(Parser *P, int *ntoks) {
    *ntoks = 1;
    switch (kind(P)) {
    case TOK_EQEQUAL: return AST_EQ;
    case TOK_NOTEQUAL:
        if (P->barry) syntax_error_tok(P, peek(P), "with Barry as BDFL, use '<>' instead of '!='");
        return AST_NOT_EQ;
    case TOK_LESS: return AST_LT;
    case TOK_LESSEQUAL: return AST_LT_E;
    case TOK_GREATER: return AST_GT;
    case TOK_GREATEREQUAL: return AST_GT_E;
    case TOK_KW_IN: return AST_IN;
    case TOK_KW_NOT:
        if (kind_at(P, 1) == TOK_KW_IN) {
            *ntoks = 2;
            return AST_NOT_IN;
        }
        return -1;
    case TOK_KW_IS:
        if (kind_at(P, 1) == TOK_KW_NOT) {
            *ntoks = 2;
            return AST_IS_NOT;
        }
        return AST_IS;
    case TOK_NOTEQUAL_OLD:
        if (P->barry) return AST_NOT_EQ;
        syntax_error_tok(P, peek(P), "invalid syntax");
    default: return -1;
    }
}

/* comparison: bitwise_or compare_op_bitwise_or_pair+ | bitwise_or */
static Node *parse_comparison(Parser *P, Lead lead) {
    Node *left = parse_binary(P, 1, lead);
    int n;
    int op = compare_op(P, &n);
    if (op < 0) return left;
    uint8_t opbuf[64];
    uint8_t *ops = opbuf;
    int32_t nops = 0, cap = 64;
    int32_t mark = P->sp;
    while (op >= 0) {
        P->pos += n;
        if (nops == cap) {
            uint8_t *nb = palloc(P, (size_t)cap * 2);
            memcpy(nb, ops, (size_t)cap);
            ops = nb;
            cap *= 2;
        }
        ops[nops++] = (uint8_t)op;
        push(P, parse_bitwise_or(P));
        op = compare_op(P, &n);
    }
    Node *c = node_from(P, AST_COMPARE, lead.start);
    c->Compare.left = left;
    c->Compare.ops.items = palloc(P, (size_t)nops);
    memcpy(c->Compare.ops.items, ops, (size_t)nops);
    c->Compare.ops.len = nops;
    c->Compare.comparators = list_from(P, mark);
    return c;
}

/* ---- binary operators, by precedence climbing --------------------------------------------- */

/* bitwise_or < bitwise_xor < bitwise_and < shift_expr < sum < term: 1..6; 0 when not binary. */
static int binop_prec(int k, int *op) {
    switch (k) {
    case TOK_VBAR: *op = AST_BIT_OR; return 1;
    case TOK_CIRCUMFLEX: *op = AST_BIT_XOR; return 2;
    case TOK_AMPER: *op = AST_BIT_AND; return 3;
    case TOK_LEFTSHIFT: *op = AST_LSHIFT; return 4;
    case TOK_RIGHTSHIFT: *op = AST_RSHIFT; return 4;
    case TOK_PLUS: *op = AST_ADD; return 5;
    case TOK_MINUS: *op = AST_SUB; return 5;
    case TOK_STAR: *op = AST_MULT; return 6;
    case TOK_SLASH: *op = AST_DIV; return 6;
    case TOK_DOUBLESLASH: *op = AST_FLOOR_DIV; return 6;
    case TOK_PERCENT: *op = AST_MOD; return 6;
    case TOK_AT: *op = AST_MAT_MULT; return 6;
    default: return 0;
    }
}

/* Precedence climbing over the six binary levels: every operator of this invocation is
 * left-associative and starts at the token where its left operand started (CPython's EXTRA). */
static Node *parse_binary(Parser *P, int min_prec, Lead lead) {
    Node *left = parse_factor(P, lead);
    int op = 0, prec;
    int saved = P->chain;
    while ((prec = binop_prec(kind(P), &op)) >= min_prec) {
        if (++P->chain > MAX_CHAIN) chain_too_long(P);
        P->pos++;
        Node *right = parse_binary(P, prec + 1, no_lead(P));
        Node *b = node_from(P, AST_BIN_OP, lead.start);
        b->BinOp.left = left;
        b->BinOp.op = (uint8_t)op;
        b->BinOp.right = right;
        left = b;
    }
    P->chain = saved;
    return left;
}

/* bitwise_or: bitwise_or '|' bitwise_xor | bitwise_xor (and every binary level below it) */
Node *parse_bitwise_or(Parser *P) {
    return parse_binary(P, 1, no_lead(P));
}

/* power: await_primary '**' factor | await_primary
 * await_primary: 'await' primary | primary */
static Node *parse_power(Parser *P, Lead lead) {
    int32_t start = lead.start;
    Node *base = lead.node;
    if (base) {
        /* parsed ahead */
    } else if (kind(P) == TOK_KW_AWAIT) {
        P->pos++;
        Node *v = parse_primary(P);
        base = node_from(P, AST_AWAIT, start);
        base->Await.value = v;
    } else {
        base = parse_primary(P);
    }
    if (kind(P) != TOK_DOUBLESTAR) return base;
    ENTER(P);
    P->pos++;
    Node *exp = parse_factor(P, no_lead(P));
    Node *b = node_from(P, AST_BIN_OP, start);
    b->BinOp.left = base;
    b->BinOp.op = AST_POW;
    b->BinOp.right = exp;
    LEAVE(P);
    return b;
}

/* factor: '+' factor | '-' factor | '~' factor | power */
static Node *parse_factor(Parser *P, Lead lead) {
    if (lead.node) return parse_power(P, lead);
    int op;
    switch (kind(P)) {
    case TOK_PLUS: op = AST_UADD; break;
    case TOK_MINUS: op = AST_USUB; break;
    case TOK_TILDE: op = AST_INVERT; break;
    default: return parse_power(P, lead);
    }
    ENTER(P);
    int32_t start = P->pos++;
    Node *v = parse_factor(P, no_lead(P));
    Node *n = node_from(P, AST_UNARY_OP, start);
    n->UnaryOp.op = (uint8_t)op;
    n->UnaryOp.operand = v;
    LEAVE(P);
    return n;
}

static _Noreturn void comma_error(Parser *P, const Node *elt);
static bool comp_follows(Parser *P);
static const Node *last_of_tuple(const Node *n);
static const Node *slice_anchor(const Node *n);

/* ---- calls -------------------------------------------------------------------------------- */

/* `*a=1` or `**a=1` in a call, the unpacking at star followed by '=' and a value: CPython's
 * invalid_starred_expression and invalid_kwarg say it cannot be assigned to, over both. */
static void unpacking_assigned(Parser *P, int32_t star, const char *what) {
    if (kind(P) != TOK_EQUAL || !starts_plain_expression(kind_at(P, 1))) return;
    P->pos++;
    parse_expression(P);
    const Token *s = &P->toks[star], *end = &P->toks[P->pos - 1];
    syntax_error_at(P, s->lineno, tcol(P, s), end->end_lineno, tend(P, end),
                    "cannot assign to %s argument unpacking", what);
}

/* args ')' — positional arguments, keywords and their order rules; at the token after '('. */
void parse_call_args(Parser *P, Node *call, int32_t lpar) {
    int32_t amark = P->sp;
    NodeList args;
    int32_t nkw = 0;
    Node *kwbuf[16];
    Node **kws = kwbuf;
    int32_t kwcap = 16;
    bool seen_kw = false, seen_dstar = false;
    /* A positional argument after keywords: CPython's invalid_arguments parses every argument
     * first, and puts the error at the token its lookahead stopped at, after them. */
    const char *follows = NULL;
    const Node *last = NULL; /* the last argument, for the missing-comma error */
    while (kind(P) != TOK_RPAR) {
        int32_t start = P->pos;
        Node *kw = NULL;
        if (kind(P) == TOK_DOUBLESTAR) {
            P->pos++;
            Node *v = parse_expression(P);
            unpacking_assigned(P, start, "keyword");
            kw = node_from(P, AST_KEYWORD, start);
            kw->keyword.value = v;
            seen_dstar = true;
        } else if (kind(P) == TOK_STAR) {
            P->pos++;
            Node *s = starred(P, start, parse_expression(P));
            unpacking_assigned(P, start, "iterable");
            if (seen_dstar) /* (CPython's invalid_arguments: at the comma before it) */
                syntax_error_tok(P, &P->toks[start - 1],
                                 "iterable argument unpacking follows keyword argument "
                                 "unpacking");
            if (P->minor >= 15 && comp_follows(P)) {
                /* 3.15 (PEP 798): f(*x for x in y), a generator expression of unpacking */
                NodeList gens = parse_for_if_clauses(P);
                if (P->sp != amark || nkw || kind(P) != TOK_RPAR || call->kind != AST_CALL)
                    syntax_error_node(P, s, "Generator expression must be parenthesized");
                Node *g = node_new(P, AST_GENERATOR_EXP);
                const Token *lp = &P->toks[lpar], *rp = peek(P);
                g->lineno = lp->lineno;
                g->col_offset = tcol(P, lp);
                g->end_lineno = rp->end_lineno;
                g->end_col_offset = tend(P, rp);
                g->GeneratorExp.elt = s;
                g->GeneratorExp.generators = gens;
                s = g;
            }
            push(P, s);
            last = s->kind == AST_GENERATOR_EXP ? NULL : s;
        } else if (kind(P) == TOK_NAME && kind_at(P, 1) == TOK_EQUAL) {
            Token *name = advance(P), *eq = advance(P);
            if (kind(P) == TOK_COMMA || kind(P) == TOK_RPAR) /* (CPython's invalid_kwarg) */
                syntax_error_at(P, name->lineno, tcol(P, name), eq->end_lineno, tend(P, eq),
                                "expected argument value expression");
            Node *v = parse_expression(P);
            if (kind(P) == TOK_KW_FOR || kind(P) == TOK_KW_ASYNC)
                syntax_error_at(P, name->lineno, tcol(P, name), eq->end_lineno, tend(P, eq),
                                "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
            kw = node_from(P, AST_KEYWORD, start);
            kw->keyword.arg = ident(P, name);
            kw->keyword.value = v;
            seen_kw = true;
        } else {
            Node *e = parse_named_expression(P);
            last = e;
            if (kind(P) == TOK_EQUAL) {
                syntax_error_node(P, e,
                                  "expression cannot contain assignment, perhaps you "
                                  "meant \"==\"?");
            }
            if (kind(P) == TOK_KW_FOR || kind(P) == TOK_KW_ASYNC) {
                NodeList gens = parse_for_if_clauses(P);
                if (kind(P) != TOK_COMMA && kind(P) != TOK_RPAR) syntax_error_here(P);
                /* only `f(x for x in y)`: the genexp takes the call's parentheses */
                bool alone = P->sp == amark && nkw == 0 && kind(P) == TOK_RPAR;
                if (!alone || call->kind != AST_CALL) {
                    if (kind(P) == TOK_COMMA && P->sp == amark && nkw == 0 &&
                        kind_at(P, 1) == TOK_RPAR) {
                        /* f(x for x in y,) */
                        syntax_error_node(P, e, "Generator expression must be parenthesized");
                    }
                    syntax_error_node(P, e, "Generator expression must be parenthesized");
                }
                Node *g = node_new(P, AST_GENERATOR_EXP);
                Token *lp = &P->toks[lpar];
                g->lineno = lp->lineno;
                g->col_offset = tcol(P, lp);
                Token *rp = peek(P);
                g->end_lineno = rp->end_lineno;
                g->end_col_offset = tend(P, rp);
                g->GeneratorExp.elt = e;
                g->GeneratorExp.generators = gens;
                e = g;
                last = NULL;
            } else if ((seen_kw || seen_dstar) && !follows) {
                follows = seen_dstar ? "positional argument follows keyword argument unpacking"
                                     : "positional argument follows keyword argument";
            }
            push(P, e);
        }
        if (kw) {
            last = kw;
            if (nkw == kwcap) {
                Node **nk = palloc(P, sizeof(Node *) * (size_t)kwcap * 2);
                memcpy(nk, kws, sizeof(Node *) * (size_t)kwcap);
                kws = nk;
                kwcap *= 2;
            }
            kws[nkw++] = kw;
        }
        if (!accept(P, TOK_COMMA)) break;
    }
    args = list_from(P, amark);
    if (follows) syntax_error_tok(P, peek(P), "%s", follows);
    if (kind(P) != TOK_RPAR) comma_error(P, last);
    P->pos++;
    call->Call.args = args;
    call->Call.keywords.len = nkw;
    if (nkw) {
        call->Call.keywords.items = palloc(P, sizeof(Node *) * (size_t)nkw);
        memcpy(call->Call.keywords.items, kws, sizeof(Node *) * (size_t)nkw);
    }
}

/* One trailer of the primary e that starts at token `start`: `.name`, a call or a subscript, or
 * NULL when none follows. */
Node *parse_trailer(Parser *P, Node *e, int32_t start) {
    int k = kind(P);
    if (k == TOK_DOT) {
        P->pos++;
        Token *name = peek(P);
        if (name->kind != TOK_NAME) syntax_error_here(P);
        P->pos++;
        Node *a = node_from(P, AST_ATTRIBUTE, start);
        a->Attribute.value = e;
        a->Attribute.attr = ident(P, name);
        a->Attribute.ctx = AST_LOAD;
        return a;
    }
    if (k == TOK_LPAR) {
        int32_t lpar = P->pos++;
        Node *c = node_new(P, AST_CALL);
        c->Call.func = e;
        parse_call_args(P, c, lpar);
        const Token *s = &P->toks[start];
        c->lineno = s->lineno;
        c->col_offset = tcol(P, s);
        set_end_last(P, c);
        return c;
    }
    if (k == TOK_LSQB) {
        P->pos++;
        Node *slice = parse_slices(P);
        if (kind(P) != TOK_RSQB) comma_error(P, slice_anchor(last_of_tuple(slice)));
        P->pos++;
        Node *s = node_from(P, AST_SUBSCRIPT, start);
        s->Subscript.value = e;
        s->Subscript.slice = slice;
        s->Subscript.ctx = AST_LOAD;
        return s;
    }
    return NULL;
}

/* primary: primary '.' NAME | primary genexp | primary '(' [arguments] ')' |
 *          primary '[' slices ']' | atom */
Node *parse_primary(Parser *P) {
    int32_t start = P->pos;
    Node *e = parse_atom(P);
    int saved = P->chain;
    for (Node *t; (t = parse_trailer(P, e, start)) != NULL; e = t)
        if (++P->chain > MAX_CHAIN) chain_too_long(P);
    P->chain = saved;
    return e;
}

/* slice: [expression] ':' [expression] [':' [expression]] | named_expression */
static Node *parse_slice(Parser *P) {
    int32_t start = P->pos;
    Node *lower = NULL;
    if (kind(P) != TOK_COLON) {
        lower = parse_named_expression(P);
        if (kind(P) != TOK_COLON) return lower;
        /* `x[a := 0:]` is refused, `x[(a := 0):]` is an expression like any other */
        if (lower->kind == AST_NAMED_EXPR && P->toks[start].kind != TOK_LPAR)
            syntax_error_tok(P, peek(P), "invalid syntax");
    }
    P->pos++;
    Node *upper = NULL, *step = NULL;
    if (kind(P) != TOK_COLON && kind(P) != TOK_COMMA && kind(P) != TOK_RSQB)
        upper = parse_expression(P);
    if (accept(P, TOK_COLON)) {
        if (kind(P) != TOK_COMMA && kind(P) != TOK_RSQB) step = parse_expression(P);
    }
    Node *s = node_from(P, AST_SLICE, start);
    s->Slice.lower = lower;
    s->Slice.upper = upper;
    s->Slice.step = step;
    return s;
}

/* starred_expression: '*' expression (in a subscript a starred conditional, lambda or `not`
 * is valid: `a[*b if c else d]`) */
static Node *parse_starred_expression(Parser *P) {
    int32_t start = P->pos++;
    return starred(P, start, parse_expression(P));
}

/* slices: slice !',' | ','.(slice | starred_expression)+ [','] */
static Node *parse_slices(Parser *P) {
    int32_t start = P->pos;
    Node *first;
    if (kind(P) == TOK_STAR) {
        first = parse_starred_expression(P);
        if (kind(P) != TOK_COMMA) goto tuple_of_one;
    } else {
        first = parse_slice(P);
        if (kind(P) != TOK_COMMA) return first;
    }
tuple_of_one:;
    int32_t mark = P->sp;
    push(P, first);
    while (accept(P, TOK_COMMA)) {
        if (kind(P) == TOK_RSQB) break;
        push(P, kind(P) == TOK_STAR ? parse_starred_expression(P) : parse_slice(P));
    }
    Node *t = node_from(P, AST_TUPLE, start);
    t->Tuple.elts = list_from(P, mark);
    t->Tuple.ctx = AST_LOAD;
    return t;
}

/* ---- comprehensions ----------------------------------------------------------------------- */

/* for_if_clauses: (['async'] 'for' star_targets 'in' disjunction ('if' disjunction)*)+ */
static NodeList parse_for_if_clauses(Parser *P) {
    int32_t mark = P->sp;
    while (kind(P) == TOK_KW_FOR || (kind(P) == TOK_KW_ASYNC && kind_at(P, 1) == TOK_KW_FOR)) {
        bool is_async = accept(P, TOK_KW_ASYNC);
        P->pos++;
        Node *c = node_new(P, AST_COMPREHENSION);
        c->comprehension.target = parse_star_targets(P);
        if (kind(P) != TOK_KW_IN) syntax_error_here(P);
        P->pos++;
        c->comprehension.iter = parse_disjunction(P);
        int32_t imark = P->sp;
        while (accept(P, TOK_KW_IF)) push(P, parse_disjunction(P));
        c->comprehension.ifs = list_from(P, imark);
        c->comprehension.is_async = is_async;
        push(P, c);
    }
    return list_from(P, mark);
}

/* ---- atoms -------------------------------------------------------------------------------- */

static Node *constant(Parser *P, const Token *t, ConstKind k) {
    Node *n = node_new(P, AST_CONSTANT);
    n->lineno = t->lineno;
    n->col_offset = tcol(P, t);
    n->end_lineno = t->end_lineno;
    n->end_col_offset = tend(P, t);
    n->Constant.value.kind = (uint8_t)k;
    return n;
}

static Node *number(Parser *P, const Token *t) {
    Node *n = constant(P, t, CONST_INT);
    LitError le;
    Str s = tok_str(P, t);
    if (!lit_number(P->arena, s.s, (size_t)s.len, &n->Constant.value, &le))
        syntax_error_tok(P, t, "%s", le.msg);
    return n;
}

static bool comp_follows(Parser *P) {
    return kind(P) == TOK_KW_FOR || (kind(P) == TOK_KW_ASYNC && kind_at(P, 1) == TOK_KW_FOR);
}

/* Whether pegen's SOFT_KEYWORD matches the name: up to 3.13 it compares only the name's own
 * length of bytes (strncmp(keyword, name, len)), so any prefix of a soft keyword counts (`c`,
 * `ma`, `t`); 3.14 compares whole names (and knows `lazy` from 3.15). */
static bool pegen_soft_keyword(Parser *P, const Token *t) {
    static const char *const soft[] = {"_", "case", "match", "type", "lazy"};
    size_t n = t->end - t->start, nsoft = P->minor >= 15 ? 5 : 4;
    for (size_t i = 0; i < nsoft; i++) {
        size_t k = strlen(soft[i]);
        if ((P->minor >= 14 ? n == k : n <= k) && memcmp(soft[i], P->text + t->start, n) == 0)
            return true;
    }
    return false;
}

/* Whether n ends where the last consumed token ends (it is not inside parentheses). */
static bool ends_at_last_token(Parser *P, const Node *n) {
    const Token *t = &P->toks[P->pos - 1];
    return n->end_lineno == t->end_lineno && n->end_col_offset == tend(P, t);
}

/* The last element of an unparenthesized tuple (a parenthesized one ends after it), else n. */
static const Node *last_of_tuple(const Node *n) {
    if (n && n->kind == AST_TUPLE && n->Tuple.elts.len) {
        const Node *e = n->Tuple.elts.items[n->Tuple.elts.len - 1];
        if (e->end_lineno == n->end_lineno && e->end_col_offset == n->end_col_offset) return e;
    }
    return n;
}

/* Where a slice's last `expression` rule starts: its step, else its upper bound. */
static const Node *slice_anchor(const Node *n) {
    if (n && n->kind == AST_SLICE) return n->Slice.step ? n->Slice.step : n->Slice.upper;
    return n;
}

/* An expression followed by another inside brackets, where the rules around stop: CPython's
 * invalid_expression, `!(NAME STRING | SOFT_KEYWORD) a=disjunction b=expression_without_invalid`,
 * says "Perhaps you forgot a comma?" at `a`, the leading disjunction of the last `expression`
 * rule parsed (a keyword's, a starred or named expression's value; the `else` arm of an
 * unparenthesized conditional, a lambda's body), unless `a` is `print`/`exec` (then
 * invalid_legacy_expression's "Missing parentheses") or starts with a NAME followed by a STRING
 * or with a name pegen takes for a soft keyword: then it is the generic error at `b`. elt NULL:
 * no expression rule ends there (a comprehension's last clause is a disjunction). */
static _Noreturn void comma_error(Parser *P, const Node *elt) {
    Token *b = peek(P);
    if (!elt || !starts_expression(b->kind) || b->kind == TOK_KW_YIELD) syntax_error_here(P);
    const Node *a = elt;
    for (;;) {
        if (a->kind == AST_KEYWORD)
            a = a->keyword.value;
        else if (a->kind == AST_STARRED)
            a = a->Starred.value;
        else if (a->kind == AST_NAMED_EXPR)
            a = a->NamedExpr.value;
        else if (a->kind == AST_IF_EXP && ends_at_last_token(P, a))
            a = a->IfExp.orelse;
        else if (a->kind == AST_LAMBDA && ends_at_last_token(P, a))
            a = a->Lambda.body;
        else
            break;
    }
    if (a->kind == AST_NAME && (str_eq_c(a->Name.id, "print") || str_eq_c(a->Name.id, "exec")))
        syntax_error_at(P, a->lineno, a->col_offset, b->end_lineno, tend(P, b),
                        "Missing parentheses in call to '%.*s'. Did you mean %.*s(...)?",
                        (int)a->Name.id.len, a->Name.id.s, (int)a->Name.id.len, a->Name.id.s);
    int32_t i = P->pos - 1; /* a's first token */
    while (i > 0 && (P->toks[i].lineno > a->lineno ||
                     (P->toks[i].lineno == a->lineno && tcol(P, &P->toks[i]) > a->col_offset)))
        i--;
    const Token *first = &P->toks[i];
    if (first->kind == TOK_NAME &&
        (P->toks[i + 1].kind == TOK_STRING || pegen_soft_keyword(P, first)))
        syntax_error_here(P);
    syntax_error_at(P, a->lineno, a->col_offset, b->end_lineno, tend(P, b),
                    "invalid syntax. Perhaps you forgot a comma?");
}

/* The rest of a comprehension after its element: the for/if clauses, then the closer. */
static NodeList comprehension_tail(Parser *P, const Node *elt, int closer) {
    if (elt->kind == AST_STARRED && P->minor < 15) /* 3.15 (PEP 798) unpacks it */
        syntax_error_node(P, elt, "iterable unpacking cannot be used in comprehension");
    NodeList gens = parse_for_if_clauses(P);
    if (kind(P) != closer) comma_error(P, NULL);
    P->pos++;
    return gens;
}

/* The rest of a display after its first element: `, elt`* [','] then the closer. */
static NodeList display_tail(Parser *P, int32_t mark, int closer) {
    while (accept(P, TOK_COMMA)) {
        if (kind(P) == closer) break;
        push(P, parse_star_named_expression(P));
    }
    if (kind(P) != closer) comma_error(P, P->sp > mark ? P->stack[P->sp - 1] : NULL);
    P->pos++;
    return list_from(P, mark);
}

/* tuple | group | genexp, at '(' */
static Node *parse_paren(Parser *P) {
    int32_t start = P->pos++;
    if (kind(P) == TOK_RPAR) {
        P->pos++;
        Node *t = node_from(P, AST_TUPLE, start);
        t->Tuple.ctx = AST_LOAD;
        return t;
    }
    if (kind(P) == TOK_KW_YIELD) {
        Node *y = parse_yield_expr(P);
        if (kind(P) != TOK_RPAR) comma_error(P, last_of_tuple(y->Yield.value));
        P->pos++;
        return y;
    }
    Node *first = parse_star_named_expression(P);
    if (comp_follows(P)) {
        NodeList gens = comprehension_tail(P, first, TOK_RPAR);
        Node *g = node_from(P, AST_GENERATOR_EXP, start);
        g->GeneratorExp.elt = first;
        g->GeneratorExp.generators = gens;
        return g;
    }
    if (kind(P) == TOK_RPAR) {
        P->pos++;
        if (first->kind == AST_STARRED)
            syntax_error_node(P, first, "cannot use starred expression here");
        return first; /* a group: the inner node keeps its own positions */
    }
    if (kind(P) != TOK_COMMA) {
        if (kind(P) == TOK_COLONEQUAL) syntax_error_here(P);
        comma_error(P, first);
    }
    int32_t mark = P->sp;
    push(P, first);
    NodeList elts = display_tail(P, mark, TOK_RPAR);
    Node *t = node_from(P, AST_TUPLE, start);
    t->Tuple.elts = elts;
    t->Tuple.ctx = AST_LOAD;
    return t;
}

/* list | listcomp, at '[' */
static Node *parse_bracket(Parser *P) {
    int32_t start = P->pos++;
    int32_t mark = P->sp;
    if (kind(P) != TOK_RSQB) {
        Node *first = parse_star_named_expression(P);
        if (comp_follows(P)) {
            NodeList gens = comprehension_tail(P, first, TOK_RSQB);
            Node *c = node_from(P, AST_LIST_COMP, start);
            c->ListComp.elt = first;
            c->ListComp.generators = gens;
            return c;
        }
        push(P, first);
    }
    NodeList elts = display_tail(P, mark, TOK_RSQB);
    Node *l = node_from(P, AST_LIST, start);
    l->List.elts = elts;
    l->List.ctx = AST_LOAD;
    return l;
}

/* The value after a dictionary key's ':', which CPython's invalid_kvpair names when it is missing
 * (at the ':') or starred (from the '*'). */
static Node *dict_value(Parser *P) {
    const Token *colon = &P->toks[P->pos - 1];
    if (kind(P) == TOK_RBRACE || kind(P) == TOK_COMMA)
        syntax_error_tok(P, colon, "expression expected after dictionary key and ':'");
    if (kind(P) == TOK_STAR && starts_expression(kind_at(P, 1)) && kind_at(P, 1) != TOK_STAR) {
        const Token *star = advance(P);
        parse_bitwise_or(P);
        syntax_error_at(P, star->lineno, tcol(P, star), P->toks[P->pos - 1].end_lineno,
                        tend(P, &P->toks[P->pos - 1]),
                        "cannot use a starred expression in a dictionary value");
    }
    return parse_expression(P);
}

/* The value after `**` in a dict display or comprehension: a bitwise_or, in every version. From
 * 3.15 a conditional expression there is refused with its own message, over `**` and the whole
 * conditional (CPython's test_unpack_ex); `**(a if c else b)` is fine. */
static Node *double_starred_value(Parser *P, const Token *dstar) {
    int32_t after = P->pos;
    Node *value = parse_bitwise_or(P);
    if (P->minor < 15 || kind(P) != TOK_KW_IF) return value;
    P->pos = after;
    Node *cond = parse_expression(P);
    if (cond->kind != AST_IF_EXP) syntax_error_here(P);
    syntax_error_at(P, dstar->lineno, tcol(P, dstar), cond->end_lineno, cond->end_col_offset,
                    "invalid double starred expression. Did you forget to wrap the conditional "
                    "expression in parentheses?");
}

/* dict | set | dictcomp | setcomp, at '{' */
static Node *parse_brace(Parser *P) {
    int32_t start = P->pos++;
    if (accept(P, TOK_RBRACE)) {
        Node *d = node_from(P, AST_DICT, start);
        return d;
    }
    int32_t kmark = P->sp;
    Node *key = NULL, *value;
    bool is_dict;
    if (kind(P) == TOK_DOUBLESTAR) {
        const Token *dstar = advance(P);
        key = NULL;
        value = double_starred_value(P, dstar);
        is_dict = true;
        if (comp_follows(P)) {
            if (P->minor >= 15) {
                /* 3.15 (PEP 798): '{' '**' expression for_if_clauses '}', value None */
                NodeList gens = comprehension_tail(P, value, TOK_RBRACE);
                Node *c = node_from(P, AST_DICT_COMP, start);
                c->DictComp.key = value;
                c->DictComp.generators = gens;
                return c;
            }
            /* invalid_dict_comprehension: '{' '**' bitwise_or for_if_clauses '}' */
            parse_for_if_clauses(P);
            if (kind(P) == TOK_RBRACE)
                syntax_error_tok(P, dstar, "dict unpacking cannot be used in dict comprehension");
            syntax_error_here(P);
        }
    } else {
        int32_t fstart = P->pos;
        Node *first = parse_star_named_expression(P);
        if (kind(P) == TOK_COLON && first->kind != AST_STARRED) {
            if (first->kind == AST_NAMED_EXPR && P->toks[fstart].kind != TOK_LPAR)
                syntax_error_here(P);
            P->pos++;
            key = first;
            value = dict_value(P);
            is_dict = true;
            if (comp_follows(P)) {
                NodeList gens = comprehension_tail(P, key, TOK_RBRACE);
                Node *c = node_from(P, AST_DICT_COMP, start);
                c->DictComp.key = key;
                c->DictComp.value = value;
                c->DictComp.generators = gens;
                return c;
            }
        } else {
            is_dict = false;
            value = first;
            if (comp_follows(P)) {
                NodeList gens = comprehension_tail(P, first, TOK_RBRACE);
                Node *c = node_from(P, AST_SET_COMP, start);
                c->SetComp.elt = first;
                c->SetComp.generators = gens;
                return c;
            }
        }
    }
    if (is_dict) {
        /* keys and values on the stack, interleaved */
        push(P, key);
        push(P, value);
        while (accept(P, TOK_COMMA)) {
            if (kind(P) == TOK_RBRACE) break;
            if (kind(P) == TOK_DOUBLESTAR) {
                const Token *dstar = advance(P);
                push(P, NULL);
                push(P, double_starred_value(P, dstar));
                continue;
            }
            Node *k = parse_expression(P);
            if (kind(P) != TOK_COLON) {
                if (kind(P) == TOK_RBRACE || kind(P) == TOK_COMMA)
                    syntax_error_node(P, k, "':' expected after dictionary key");
                syntax_error_here(P);
            }
            P->pos++;
            push(P, k);
            push(P, dict_value(P));
        }
        if (kind(P) != TOK_RBRACE) {
            if (kind(P) == TOK_COLON || kind(P) == TOK_KW_FOR) syntax_error_here(P);
            /* after `**x` the value is a bitwise_or, not an expression: no hint */
            comma_error(P, P->stack[P->sp - 2] ? P->stack[P->sp - 1] : NULL);
        }
        P->pos++;
        int32_t n = (P->sp - kmark) / 2;
        Node *d = node_from(P, AST_DICT, start);
        d->Dict.keys.len = d->Dict.values.len = n;
        d->Dict.keys.items = palloc(P, sizeof(Node *) * (size_t)n);
        d->Dict.values.items = palloc(P, sizeof(Node *) * (size_t)n);
        for (int32_t i = 0; i < n; i++) {
            d->Dict.keys.items[i] = P->stack[kmark + 2 * i];
            d->Dict.values.items[i] = P->stack[kmark + 2 * i + 1];
        }
        P->sp = kmark;
        return d;
    }
    push(P, value);
    NodeList elts = display_tail(P, kmark, TOK_RBRACE);
    Node *s = node_from(P, AST_SET, start);
    s->Set.elts = elts;
    return s;
}

/* atom: NAME | 'True' | 'False' | 'None' | strings | NUMBER | tuple | group | genexp | list |
 *       listcomp | dict | set | dictcomp | setcomp | '...' */
Node *parse_atom(Parser *P) {
    Token *t = peek(P);
    switch (t->kind) {
    case TOK_NAME: P->pos++; return name_node(P, t, AST_LOAD);
    case TOK_NUMBER: P->pos++; return number(P, t);
    case TOK_STRING:
    case TOK_FSTRING_START: return parse_strings(P);
    case TOK_KW_TRUE: P->pos++; return constant(P, t, CONST_TRUE);
    case TOK_KW_FALSE: P->pos++; return constant(P, t, CONST_FALSE);
    case TOK_KW_NONE: P->pos++; return constant(P, t, CONST_NONE);
    case TOK_ELLIPSIS: P->pos++; return constant(P, t, CONST_ELLIPSIS);
    case TOK_LPAR: return parse_paren(P);
    case TOK_LSQB: return parse_bracket(P);
    case TOK_LBRACE: return parse_brace(P);
    case TOK_STAR:
        /* `*a` where only an expression may stand */
        syntax_error_here(P);
    default:
        if (t->kind >= TOK_KW_FALSE && t->kind != TOK_KW_NOT && t->kind != TOK_KW_LAMBDA &&
            t->kind != TOK_KW_AWAIT)
            syntax_error_tok(P, t, "invalid syntax");
        syntax_error_here(P);
    }
}

/* ---- lambda ------------------------------------------------------------------------------- */

/* lambdef: 'lambda' [lambda_params] ':' expression */
static Node *parse_lambdef(Parser *P) {
    ENTER(P);
    int32_t start = P->pos++;
    Node *args = parse_arguments_def(P, true, TOK_COLON);
    expect(P, TOK_COLON);
    Node *body = parse_expression(P);
    Node *l = node_from(P, AST_LAMBDA, start);
    l->Lambda.args = args;
    l->Lambda.body = body;
    LEAVE(P);
    return l;
}
