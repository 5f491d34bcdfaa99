/* parse_stmt.c — statements: simple statements and assignments, compound statements and their
 * blocks, function and class definitions with their parameters and PEP 695 type parameters,
 * imports. Each parse function pushes or returns nodes positioned by CPython's EXTRA rule. */
#include <string.h>

#include "parser_internal.h"

/* ---- blocks ------------------------------------------------------------------------------- */

static void parse_simple_stmts(Parser *P);

/* block: NEWLINE INDENT statements DEDENT | simple_stmts */
NodeList parse_block(Parser *P, const Token *kw, const char *what) {
    int32_t mark = P->sp;
    if (kind(P) == TOK_NEWLINE) {
        P->pos++;
        if (kind(P) != TOK_INDENT)
            syntax_error_tok(P, peek(P), "expected an indented block after %s on line %d", what,
                             kw->lineno);
        P->pos++;
        while (kind(P) != TOK_DEDENT) parse_statement(P);
        P->pos++;
    } else {
        parse_simple_stmts(P);
    }
    return list_from(P, mark);
}

/* The ':' of a compound statement. CPython forces it (&&':', "expected ':'" whatever stands
 * there) after def, try, else and finally; after the others its invalid_*_stmt rules say
 * "expected ':'" only before a NEWLINE, and anything else is the generic error. */
enum { COLON_FORCED = 1, COLON_BEFORE_NEWLINE = 0 };
static Token *expect_colon(Parser *P, int forced) {
    if (kind(P) != TOK_COLON) {
        if (!forced && kind(P) != TOK_NEWLINE) syntax_error_here(P);
        syntax_error_tok(P, peek(P), "expected ':'");
    }
    return advance(P);
}

/* ---- simple statements -------------------------------------------------------------------- */

static int augassign_op(int k) {
    switch (k) {
    case TOK_PLUSEQUAL: return AST_ADD;
    case TOK_MINEQUAL: return AST_SUB;
    case TOK_STAREQUAL: return AST_MULT;
    case TOK_ATEQUAL: return AST_MAT_MULT;
    case TOK_SLASHEQUAL: return AST_DIV;
    case TOK_PERCENTEQUAL: return AST_MOD;
    case TOK_AMPEREQUAL: return AST_BIT_AND;
    case TOK_VBAREQUAL: return AST_BIT_OR;
    case TOK_CIRCUMFLEXEQUAL: return AST_BIT_XOR;
    case TOK_LEFTSHIFTEQUAL: return AST_LSHIFT;
    case TOK_RIGHTSHIFTEQUAL: return AST_RSHIFT;
    case TOK_DOUBLESTAREQUAL: return AST_POW;
    case TOK_DOUBLESLASHEQUAL: return AST_FLOOR_DIV;
    default: return -1;
    }
}

static void assign_target(Parser *P, Node *t) {
    if (t->kind == AST_YIELD || t->kind == AST_YIELD_FROM)
        syntax_error_node(P, t, "assignment to yield expression not possible");
    if (t->kind != AST_NAME && t->kind != AST_ATTRIBUTE && t->kind != AST_SUBSCRIPT &&
        t->kind != AST_TUPLE && t->kind != AST_LIST && t->kind != AST_STARRED)
        syntax_error_node(P, t, "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                          expr_description(t));
    set_store(P, t, AST_STORE, "assign to");
}

/* assignment | star_expressions — an expression statement or any form of assignment */
static Node *parse_expr_stmt(Parser *P) {
    int32_t start = P->pos;
    Node *first = parse_annotated_rhs(P);
    int k = kind(P);
    if (k == TOK_COLON) {
        /* NAME ':' expression ['=' annotated_rhs] | target ':' ... */
        if (first->kind == AST_TUPLE)
            syntax_error_node(P, first, "only single target (not tuple) can be annotated");
        if (first->kind == AST_LIST)
            syntax_error_node(P, first, "only single target (not list) can be annotated");
        if (first->kind != AST_NAME && first->kind != AST_ATTRIBUTE && first->kind != AST_SUBSCRIPT)
            syntax_error_node(P, first, "illegal target for annotation");
        P->pos++;
        Node *ann = parse_expression(P);
        Node *value = NULL;
        if (accept(P, TOK_EQUAL)) value = parse_annotated_rhs(P);
        set_store(P, first, AST_STORE, "assign to");
        Node *n = node_from(P, AST_ANN_ASSIGN, start);
        n->AnnAssign.target = first;
        n->AnnAssign.annotation = ann;
        n->AnnAssign.value = value;
        n->AnnAssign.simple = first->kind == AST_NAME && P->toks[start].kind != TOK_LPAR;
        return n;
    }
    if (k == TOK_EQUAL) {
        int32_t mark = P->sp;
        Node *value = first;
        while (accept(P, TOK_EQUAL)) {
            assign_target(P, value);
            push(P, value);
            value = parse_annotated_rhs(P);
        }
        Node *n = node_from(P, AST_ASSIGN, start);
        n->Assign.targets = list_from(P, mark);
        n->Assign.value = value;
        return n;
    }
    int op = augassign_op(k);
    if (op >= 0) {
        if (first->kind != AST_NAME && first->kind != AST_ATTRIBUTE && first->kind != AST_SUBSCRIPT)
            syntax_error_node(P, first, "'%s' is an illegal expression for augmented assignment",
                              expr_description(first));
        set_store(P, first, AST_STORE, "assign to");
        P->pos++;
        Node *value = parse_annotated_rhs(P);
        Node *n = node_from(P, AST_AUG_ASSIGN, start);
        n->AugAssign.target = first;
        n->AugAssign.op = (uint8_t)op;
        n->AugAssign.value = value;
        return n;
    }
    Node *n = node_from(P, AST_EXPR, start);
    n->Expr.value = first;
    return n;
}

static Str dotted_name(Parser *P) {
    Token *t = peek(P);
    if (t->kind != TOK_NAME) syntax_error_here(P);
    P->pos++;
    Str s = ident(P, t);
    if (kind(P) != TOK_DOT) return s;
    /* join the parts with '.' */
    int32_t first = P->pos - 1;
    int32_t len = s.len;
    while (kind(P) == TOK_DOT && kind_at(P, 1) == TOK_NAME) {
        P->pos += 2;
        len += 1 + ident(P, &P->toks[P->pos - 1]).len;
    }
    if (kind(P) == TOK_DOT) {
        P->pos++;
        syntax_error_here(P);
    }
    char *buf = palloc(P, (size_t)len + 1);
    int32_t off = 0;
    for (int32_t i = first; i < P->pos; i += 2) {
        Str part = ident(P, &P->toks[i]);
        if (off) buf[off++] = '.';
        memcpy(buf + off, part.s, (size_t)part.len);
        off += part.len;
    }
    buf[off] = 0;
    return (Str){buf, off};
}

static Node *alias_node(Parser *P, int32_t start, Str name) {
    Str asname = {NULL, 0};
    if (accept(P, TOK_KW_AS)) {
        Token *t = peek(P);
        if (t->kind != TOK_NAME) syntax_error_here(P);
        P->pos++;
        asname = ident(P, t);
    }
    Node *a = node_from(P, AST_ALIAS, start);
    a->alias.name = name;
    a->alias.asname = asname;
    return a;
}

/* import_name: 'import' dotted_as_names */
static Node *parse_import(Parser *P) {
    int32_t start = P->pos++;
    int32_t mark = P->sp;
    do {
        int32_t s = P->pos;
        push(P, alias_node(P, s, dotted_name(P)));
    } while (accept(P, TOK_COMMA));
    Node *n = node_from(P, AST_IMPORT, start);
    n->Import.names = list_from(P, mark);
    return n;
}

/* import_from: 'from' ('.' | '...')* dotted_name 'import' import_from_targets
 *            | 'from' ('.' | '...')+ 'import' import_from_targets */
static Node *parse_import_from(Parser *P) {
    int32_t start = P->pos++;
    int level = 0;
    for (;;) {
        if (accept(P, TOK_DOT))
            level++;
        else if (accept(P, TOK_ELLIPSIS))
            level += 3;
        else
            break;
    }
    Str module = {NULL, 0};
    if (kind(P) != TOK_KW_IMPORT || level == 0) module = dotted_name(P);
    if (kind(P) != TOK_KW_IMPORT) syntax_error_here(P);
    P->pos++;
    int32_t mark = P->sp;
    if (kind(P) == TOK_STAR) {
        Token *t = advance(P);
        Node *a = node_from(P, AST_ALIAS, P->pos - 1);
        (void)t;
        a->alias.name = STR_LIT("*");
        push(P, a);
    } else {
        bool paren = accept(P, TOK_LPAR);
        for (;;) {
            int32_t s = P->pos;
            Token *t = peek(P);
            if (t->kind != TOK_NAME) syntax_error_here(P);
            P->pos++;
            push(P, alias_node(P, s, ident(P, t)));
            if (!accept(P, TOK_COMMA)) break;
            if (paren && kind(P) == TOK_RPAR) break;
            if (!paren && (kind(P) == TOK_NEWLINE || kind(P) == TOK_SEMI))
                syntax_error_tok(P, peek(P), /* (CPython: at what ends the statement) */
                                 "trailing comma not allowed without surrounding parentheses");
        }
        if (paren) expect(P, TOK_RPAR);
    }
    Node *n = node_from(P, AST_IMPORT_FROM, start);
    n->ImportFrom.module = module;
    n->ImportFrom.names = list_from(P, mark);
    n->ImportFrom.level = level;
    /* From 3.14 CPython's parser honours the import wherever it is, for the rest of the file. */
    if (P->minor >= 14 && level == 0 && str_eq_c(module, "__future__"))
        for (int32_t i = 0; i < n->ImportFrom.names.len; i++)
            if (str_eq_c(n->ImportFrom.names.items[i]->alias.name, "barry_as_FLUFL"))
                P->barry = true;
    return n;
}

/* 3.15 (PEP 810): "lazy"? import_name | "lazy"? import_from, with is_lazy 1. CPython refuses
 * it outside module scope and in a try block (its compiler's errors, reported here as the file's
 * syntax error), with `*` and from __future__. */
static Node *parse_lazy_import(Parser *P) {
    const Token *lazy = advance(P);
    const char *where = P->in_def     ? "functions"
                        : P->in_class ? "classes"
                        : P->in_try   ? "try/except blocks"
                                      : NULL;
    if (where) syntax_error_tok(P, lazy, "lazy import not allowed inside %s", where);
    bool from = kind(P) == TOK_KW_FROM;
    Node *n = from ? parse_import_from(P) : parse_import(P);
    n->lineno = lazy->lineno;
    n->col_offset = tcol(P, lazy);
    if (!from) {
        n->Import.is_lazy = 1;
        return n;
    }
    n->ImportFrom.is_lazy = 1;
    if (n->ImportFrom.level == 0 && str_eq_c(n->ImportFrom.module, "__future__"))
        syntax_error_tok(P, lazy, "lazy from __future__ import is not allowed");
    if (n->ImportFrom.names.len == 1 && str_eq_c(n->ImportFrom.names.items[0]->alias.name, "*"))
        syntax_error_node(P, n, "lazy from ... import * is not allowed");
    return n;
}

static StrList name_list(Parser *P) {
    int32_t first = P->pos, n = 0;
    do {
        if (kind(P) != TOK_NAME) syntax_error_here(P);
        P->pos++;
        n++;
    } while (accept(P, TOK_COMMA));
    StrList l = {palloc(P, sizeof(Str) * (size_t)n), n};
    for (int32_t i = 0; i < n; i++) l.items[i] = ident(P, &P->toks[first + 2 * i]);
    return l;
}

/* type_alias: "type" NAME [type_params] '=' expression */
static Node *parse_type_alias(Parser *P) {
    int32_t start = P->pos++;
    Node *name = name_node(P, advance(P), AST_STORE);
    NodeList tp = EMPTY_LIST;
    if (kind(P) == TOK_LSQB) tp = parse_type_params(P);
    expect(P, TOK_EQUAL);
    Node *value = parse_expression(P);
    Node *n = node_from(P, AST_TYPE_ALIAS, start);
    n->TypeAlias.name = name;
    n->TypeAlias.type_params = tp;
    n->TypeAlias.value = value;
    return n;
}

/* simple_stmt: assignment | type_alias | star_expressions | return_stmt | import_stmt |
 *   raise_stmt | 'pass' | del_stmt | yield_stmt | assert_stmt | 'break' | 'continue' |
 *   global_stmt | nonlocal_stmt */
static Node *parse_simple_stmt(Parser *P) {
    int32_t start = P->pos;
    Node *n;
    switch (kind(P)) {
    case TOK_KW_PASS: P->pos++; return node_from(P, AST_PASS, start);
    case TOK_KW_BREAK: P->pos++; return node_from(P, AST_BREAK, start);
    case TOK_KW_CONTINUE: P->pos++; return node_from(P, AST_CONTINUE, start);
    case TOK_KW_RETURN: {
        P->pos++;
        Node *v = NULL;
        if (starts_expression(kind(P)) && kind(P) != TOK_KW_YIELD) v = parse_star_expressions(P);
        n = node_from(P, AST_RETURN, start);
        n->Return.value = v;
        return n;
    }
    case TOK_KW_RAISE: {
        P->pos++;
        Node *exc = NULL, *cause = NULL;
        if (starts_expression(kind(P)) && kind(P) != TOK_STAR && kind(P) != TOK_KW_YIELD) {
            exc = parse_expression(P);
            if (accept(P, TOK_KW_FROM)) cause = parse_expression(P);
        }
        n = node_from(P, AST_RAISE, start);
        n->Raise.exc = exc;
        n->Raise.cause = cause;
        return n;
    }
    case TOK_KW_GLOBAL:
    case TOK_KW_NONLOCAL: {
        bool global = kind(P) == TOK_KW_GLOBAL;
        P->pos++;
        StrList names = name_list(P);
        n = node_from(P, global ? AST_GLOBAL : AST_NONLOCAL, start);
        if (global)
            n->Global.names = names;
        else
            n->Nonlocal.names = names;
        return n;
    }
    case TOK_KW_DEL: {
        P->pos++;
        int32_t mark = P->sp;
        do {
            if (kind(P) == TOK_NEWLINE || kind(P) == TOK_SEMI) break;
            Node *t = parse_bitwise_or(P);
            set_store(P, t, AST_DEL, "delete");
            push(P, t);
        } while (accept(P, TOK_COMMA));
        if (P->sp == mark) syntax_error_here(P);
        if (kind(P) != TOK_NEWLINE && kind(P) != TOK_SEMI) syntax_error_here(P);
        n = node_from(P, AST_DELETE, start);
        n->Delete.targets = list_from(P, mark);
        return n;
    }
    case TOK_KW_ASSERT: {
        P->pos++;
        Node *test = parse_expression(P), *msg = NULL;
        if (accept(P, TOK_COMMA)) msg = parse_expression(P);
        n = node_from(P, AST_ASSERT, start);
        n->Assert.test = test;
        n->Assert.msg = msg;
        return n;
    }
    case TOK_KW_IMPORT: return parse_import(P);
    case TOK_KW_FROM: return parse_import_from(P);
    case TOK_NAME:
        if (P->minor >= 15 && at_name(P, "lazy") &&
            (kind_at(P, 1) == TOK_KW_IMPORT || kind_at(P, 1) == TOK_KW_FROM))
            return parse_lazy_import(P);
        if (at_name(P, "type") && kind_at(P, 1) == TOK_NAME &&
            (kind_at(P, 2) == TOK_EQUAL || kind_at(P, 2) == TOK_LSQB))
            return parse_type_alias(P);
        return parse_expr_stmt(P);
    case TOK_INDENT: unexpected_indent(P, peek(P));
    default:
        if (!starts_expression(kind(P))) syntax_error_here(P);
        return parse_expr_stmt(P);
    }
}

/* simple_stmts: ';'.simple_stmt+ [';'] NEWLINE */
static void parse_simple_stmts(Parser *P) {
    for (;;) {
        push(P, parse_simple_stmt(P));
        if (!accept(P, TOK_SEMI)) break;
        if (kind(P) == TOK_NEWLINE) break;
    }
    if (kind(P) != TOK_NEWLINE) {
        const Token *prev = &P->toks[P->pos - 1];
        Token *t = peek(P);
        if (prev->kind == TOK_NAME &&
            (tok_is_name(P, prev, "print") || tok_is_name(P, prev, "exec")) &&
            starts_expression(t->kind))
            syntax_error_tok(P, prev,
                             "Missing parentheses in call to '%.*s'. Did you mean %.*s(...)?",
                             (int)(prev->end - prev->start), P->text + prev->start,
                             (int)(prev->end - prev->start), P->text + prev->start);
        if (t->kind == TOK_EQUAL) syntax_error_here(P);
        syntax_error_here(P);
    }
    P->pos++;
}

/* ---- parameters --------------------------------------------------------------------------- */

/* param: NAME annotation? — annotation is ':' expression, or ':' star_expression for *args */
static Node *parse_param(Parser *P, bool lambda, bool star_annotation) {
    int32_t start = P->pos;
    Token *t = peek(P);
    if (t->kind != TOK_NAME) syntax_error_here(P);
    P->pos++;
    Node *ann = NULL;
    if (!lambda && accept(P, TOK_COLON)) {
        if (star_annotation && kind(P) == TOK_STAR) {
            int32_t s = P->pos++;
            Node *v = parse_expression(P);
            ann = node_from(P, AST_STARRED, s);
            ann->Starred.value = v;
            ann->Starred.ctx = AST_LOAD;
        } else {
            ann = parse_expression(P);
        }
    }
    Node *a = node_from(P, AST_ARG, start);
    a->arg.arg = ident(P, t);
    a->arg.annotation = ann;
    return a;
}

/* parameters / lambda_parameters, up to (not including) the closing token */
Node *parse_arguments_def(Parser *P, bool lambda, int closer) {
    Node *a = node_new(P, AST_ARGUMENTS);
    int32_t base = P->sp;
    /* collected in separate runs on the stack, then split */
    Node *buf_args[64], *buf_kwonly[64], *buf_kwd[64], *buf_def[64];
    Node **args = buf_args, **kwonly = buf_kwonly, **kwd = buf_kwd, **defs = buf_def;
    int32_t nargs = 0, nkwonly = 0, ndefs = 0, nposonly = 0, cap = 64;
    bool slash = false, star = false, bare_star = false;
    Node *vararg = NULL, *kwarg = NULL;
    const Token *star_tok = NULL;
    while (kind(P) != closer) {
        Token *t = peek(P);
        if (kwarg) syntax_error_tok(P, t, "arguments cannot follow var-keyword argument");
        if (nargs == cap || nkwonly == cap || ndefs == cap) {
            int32_t ncap = cap * 2;
            Node **n1 = palloc(P, sizeof(Node *) * (size_t)ncap * 4);
            memcpy(n1, args, sizeof(Node *) * (size_t)nargs);
            memcpy(n1 + ncap, kwonly, sizeof(Node *) * (size_t)nkwonly);
            memcpy(n1 + 2 * ncap, kwd, sizeof(Node *) * (size_t)nkwonly);
            memcpy(n1 + 3 * ncap, defs, sizeof(Node *) * (size_t)ndefs);
            args = n1, kwonly = n1 + ncap, kwd = n1 + 2 * ncap, defs = n1 + 3 * ncap;
            cap = ncap;
        }
        if (t->kind == TOK_SLASH) {
            if (star) syntax_error_tok(P, t, "/ must be ahead of *");
            if (slash) syntax_error_tok(P, t, "/ may appear only once");
            if (nargs == 0) syntax_error_tok(P, t, "at least one argument must precede /");
            P->pos++;
            slash = true;
            nposonly = nargs;
        } else if (t->kind == TOK_STAR) {
            if (star) syntax_error_tok(P, t, "* argument may appear only once");
            P->pos++;
            star = true;
            star_tok = t;
            if (kind(P) == TOK_NAME) {
                vararg = parse_param(P, lambda, true);
                if (kind(P) == TOK_EQUAL)
                    syntax_error_tok(P, peek(P),
                                     "var-positional argument cannot have default "
                                     "value");
            } else {
                bare_star = true;
                if (kind(P) != TOK_COMMA)
                    syntax_error_tok(P, t, "named arguments must follow bare *");
            }
        } else if (t->kind == TOK_DOUBLESTAR) {
            P->pos++;
            kwarg = parse_param(P, lambda, false);
            if (kind(P) == TOK_EQUAL)
                syntax_error_tok(P, peek(P), "var-keyword argument cannot have default value");
        } else if (t->kind == TOK_NAME) {
            Node *p = parse_param(P, lambda, false);
            Node *def = NULL;
            if (kind(P) == TOK_EQUAL) { /* (CPython's invalid_default: nothing after the '=') */
                if (kind_at(P, 1) == TOK_RPAR || kind_at(P, 1) == TOK_COMMA)
                    syntax_error_tok(P, peek(P), "expected default value expression");
                P->pos++;
                def = parse_expression(P);
            }
            if (star) {
                kwonly[nkwonly] = p;
                kwd[nkwonly++] = def;
            } else {
                args[nargs++] = p;
                if (def)
                    defs[ndefs++] = def;
                else if (ndefs)
                    syntax_error_node(P, p,
                                      "parameter without a default follows parameter with "
                                      "a default");
            }
        } else {
            syntax_error_here(P);
        }
        if (!accept(P, TOK_COMMA)) break;
    }
    if (bare_star && nkwonly == 0)
        syntax_error_tok(P, star_tok, "named arguments must follow bare *");
    P->sp = base;
    NodeList l;
    l.len = nposonly;
    l.items = nposonly ? palloc(P, sizeof(Node *) * (size_t)nposonly) : NULL;
    if (nposonly) memcpy(l.items, args, sizeof(Node *) * (size_t)nposonly);
    a->arguments.posonlyargs = l;
    l.len = nargs - nposonly;
    l.items = l.len ? palloc(P, sizeof(Node *) * (size_t)l.len) : NULL;
    if (l.len) memcpy(l.items, args + nposonly, sizeof(Node *) * (size_t)l.len);
    a->arguments.args = l;
    l.len = nkwonly;
    l.items = nkwonly ? palloc(P, sizeof(Node *) * (size_t)nkwonly) : NULL;
    if (nkwonly) memcpy(l.items, kwonly, sizeof(Node *) * (size_t)nkwonly);
    a->arguments.kwonlyargs = l;
    l.items = nkwonly ? palloc(P, sizeof(Node *) * (size_t)nkwonly) : NULL;
    if (nkwonly) memcpy(l.items, kwd, sizeof(Node *) * (size_t)nkwonly);
    a->arguments.kw_defaults = l;
    l.len = ndefs;
    l.items = ndefs ? palloc(P, sizeof(Node *) * (size_t)ndefs) : NULL;
    if (ndefs) memcpy(l.items, defs, sizeof(Node *) * (size_t)ndefs);
    a->arguments.defaults = l;
    a->arguments.vararg = vararg;
    a->arguments.kwarg = kwarg;
    return a;
}

/* type_params: '[' ','.type_param+ [','] ']'
 * type_param: NAME [':' expression] ['=' expression] | '*' NAME ['=' star_expression] |
 *             '**' NAME ['=' expression] */
NodeList parse_type_params(Parser *P) {
    P->pos++;
    int32_t mark = P->sp;
    if (kind(P) == TOK_RSQB) syntax_error_tok(P, peek(P), "Type parameter list cannot be empty");
    while (kind(P) != TOK_RSQB) {
        int32_t start = P->pos;
        int k = kind(P);
        if (k == TOK_STAR || k == TOK_DOUBLESTAR) P->pos++;
        Token *nt = peek(P);
        if (nt->kind != TOK_NAME) syntax_error_here(P);
        P->pos++;
        Node *bound = NULL, *def = NULL;
        if (kind(P) == TOK_COLON) {
            if (k == TOK_STAR || k == TOK_DOUBLESTAR) { /* (CPython's invalid_type_param) */
                const Token *colon = advance(P);
                const Node *e = parse_expression(P);
                syntax_error_tok(P, colon, "cannot use %s with %s",
                                 e->kind == AST_TUPLE ? "constraints" : "bound",
                                 k == TOK_STAR ? "TypeVarTuple" : "ParamSpec");
            }
            P->pos++;
            bound = parse_expression(P);
        }
        if (accept(P, TOK_EQUAL)) {
            if (k == TOK_STAR && kind(P) == TOK_STAR) {
                int32_t s = P->pos++;
                Node *v = parse_bitwise_or(P);
                def = node_from(P, AST_STARRED, s);
                def->Starred.value = v;
                def->Starred.ctx = AST_LOAD;
            } else {
                def = parse_expression(P);
            }
        }
        AstKind nk = k == TOK_STAR         ? AST_TYPE_VAR_TUPLE
                     : k == TOK_DOUBLESTAR ? AST_PARAM_SPEC
                                           : AST_TYPE_VAR;
        Node *tp = node_from(P, nk, start);
        Str name = ident(P, nt);
        if (nk == AST_TYPE_VAR) {
            tp->TypeVar.name = name;
            tp->TypeVar.bound = bound;
            tp->TypeVar.default_value = def;
        } else if (nk == AST_PARAM_SPEC) {
            tp->ParamSpec.name = name;
            tp->ParamSpec.default_value = def;
        } else {
            tp->TypeVarTuple.name = name;
            tp->TypeVarTuple.default_value = def;
        }
        push(P, tp);
        if (!accept(P, TOK_COMMA)) break;
    }
    expect(P, TOK_RSQB);
    return list_from(P, mark);
}

/* ---- compound statements ------------------------------------------------------------------ */

/* function_def_raw: ['async'] 'def' NAME [type_params] '(' [params] ')' ['->' expression] ':'
 *                   block */
static Node *parse_funcdef(Parser *P, NodeList decorators) {
    int32_t start = P->pos;
    bool is_async = accept(P, TOK_KW_ASYNC);
    Token *def = advance(P);
    Token *nt = peek(P);
    if (nt->kind != TOK_NAME) syntax_error_here(P);
    P->pos++;
    NodeList tp = EMPTY_LIST;
    if (kind(P) == TOK_LSQB) {
        P->forced_lpar = P->pos;
        tp = parse_type_params(P);
        P->forced_lpar = 0;
    }
    if (kind(P) != TOK_LPAR) syntax_error_tok(P, peek(P), "expected '('");
    P->pos++;
    Node *args = parse_arguments_def(P, false, TOK_RPAR);
    expect(P, TOK_RPAR);
    Node *returns = NULL;
    if (kind(P) == TOK_RARROW) { /* (CPython: no annotation after it, then ':' is expected) */
        if (!starts_plain_expression(kind_at(P, 1))) syntax_error_tok(P, peek(P), "expected ':'");
        P->pos++;
        returns = parse_expression(P);
    }
    expect_colon(P, COLON_FORCED);
    P->in_def++;
    NodeList body = parse_block(P, def, "function definition");
    P->in_def--;
    Node *f = node_from(P, is_async ? AST_ASYNC_FUNCTION_DEF : AST_FUNCTION_DEF, start);
    P->ndefs++;
    f->FunctionDef.name = ident(P, nt);
    f->FunctionDef.args = args;
    f->FunctionDef.body = body;
    f->FunctionDef.decorator_list = decorators;
    f->FunctionDef.returns = returns;
    f->FunctionDef.type_params = tp;
    return f;
}

/* class_def_raw: 'class' NAME [type_params] ['(' [arguments] ')'] ':' block */
static Node *parse_classdef(Parser *P, NodeList decorators) {
    int32_t start = P->pos;
    Token *kw = advance(P);
    Token *nt = peek(P);
    if (nt->kind != TOK_NAME) syntax_error_here(P);
    P->pos++;
    NodeList tp = EMPTY_LIST;
    if (kind(P) == TOK_LSQB) tp = parse_type_params(P);
    Node call = {0};
    call.kind = AST_CLASS_DEF; /* arguments without a lone generator expression */
    if (kind(P) == TOK_LPAR) {
        int32_t lpar = P->pos++;
        parse_call_args(P, &call, lpar);
    }
    expect_colon(P, COLON_BEFORE_NEWLINE);
    P->in_class++;
    NodeList body = parse_block(P, kw, "class definition");
    P->in_class--;
    Node *c = node_from(P, AST_CLASS_DEF, start);
    P->nclasses++;
    c->ClassDef.name = ident(P, nt);
    c->ClassDef.bases = call.Call.args;
    c->ClassDef.keywords = call.Call.keywords;
    c->ClassDef.body = body;
    c->ClassDef.decorator_list = decorators;
    c->ClassDef.type_params = tp;
    return c;
}

/* decorators: ('@' named_expression NEWLINE)+ then a function or class definition */
static Node *parse_decorated(Parser *P) {
    int32_t mark = P->sp;
    while (accept(P, TOK_AT)) {
        push(P, parse_named_expression(P));
        if (kind(P) != TOK_NEWLINE) syntax_error_here(P);
        P->pos++;
    }
    NodeList decorators = list_from(P, mark);
    if (kind(P) == TOK_KW_CLASS) return parse_classdef(P, decorators);
    if (kind(P) == TOK_KW_DEF || (kind(P) == TOK_KW_ASYNC && kind_at(P, 1) == TOK_KW_DEF))
        return parse_funcdef(P, decorators);
    syntax_error_here(P);
}

static NodeList parse_else_block(Parser *P) {
    if (kind(P) != TOK_KW_ELSE) return EMPTY_LIST;
    Token *kw = advance(P);
    expect_colon(P, COLON_FORCED);
    return parse_block(P, kw, "'else' statement");
}

/* The named_expression before a ':' (if, elif, while, a case guard). An `=` after it was meant
 * as `==` or `:=`: CPython's invalid_named_expression says so when a value follows that is not
 * itself followed by `=` or `:=`, over the name and the value, or at a target it cannot assign to
 * (another error otherwise, at the value or after it). */
static void condition_value(Parser *P, void *ud) {
    *(Node **)ud = parse_bitwise_or(P);
}

/* What CPython's bitwise_or keeps of a value that fails: its left-recursive operators and the
 * primary's trailers each backtrack over an extension that fails, so it is the value up to the
 * first operand or trailer that does not parse (`f(` is `f`, `a + b * (` is `a + b`; `-(` or `(`
 * leave nothing). Only where it ends matters (the hint's range), so it is walked as operands
 * (`+ - ~` then at most one `await`, an atom, its trailers) joined by binary operators. */
typedef struct ValuePart {
    const Node *last; /* the last operand or trailer that parsed: the part's end */
    Node *e;
    int32_t start;
} ValuePart;

static void part_operand(Parser *P, void *ud) {
    ValuePart *v = ud;
    if (v->last) P->pos++; /* (the operator before it) */
    while (kind(P) == TOK_PLUS || kind(P) == TOK_MINUS || kind(P) == TOK_TILDE) P->pos++;
    if (kind(P) == TOK_KW_AWAIT) P->pos++;
    v->start = P->pos;
    v->e = parse_atom(P);
}

static void part_trailer(Parser *P, void *ud) {
    ValuePart *v = ud;
    Node *t = parse_trailer(P, v->e, v->start);
    if (!t) syntax_error_here(P);
    v->e = t;
}

static bool binary_operator(int k) {
    switch (k) {
    case TOK_VBAR:
    case TOK_CIRCUMFLEX:
    case TOK_AMPER:
    case TOK_LEFTSHIFT:
    case TOK_RIGHTSHIFT:
    case TOK_PLUS:
    case TOK_MINUS:
    case TOK_STAR:
    case TOK_SLASH:
    case TOK_DOUBLESLASH:
    case TOK_PERCENT:
    case TOK_AT:
    case TOK_DOUBLESTAR: return true;
    default: return false;
    }
}

/* The part of the value at P->pos that CPython keeps, or NULL when none parses; P->pos is left
 * where it was. Linear: each step that parses consumes its tokens, and the first that fails ends
 * the walk. */
static const Node *value_part(Parser *P) {
    int32_t at = P->pos;
    ValuePart v = {0};
    while (try_parse(P, part_operand, &v)) {
        v.last = v.e;
        while ((kind(P) == TOK_DOT || kind(P) == TOK_LPAR || kind(P) == TOK_LSQB) &&
               try_parse(P, part_trailer, &v))
            v.last = v.e;
        if (!binary_operator(kind(P))) break;
    }
    P->pos = at;
    return v.last;
}

static Node *parse_condition(Parser *P) {
    int32_t first = P->pos;
    Node *test = parse_named_expression(P);
    int v = kind_at(P, 1); /* (what may start a bitwise_or) */
    if (kind(P) != TOK_EQUAL || !starts_plain_expression(v) || v == TOK_KW_NOT ||
        v == TOK_KW_LAMBDA)
        return test;
    int32_t at = P->pos++;
    Node *value = NULL;
    ParseError before = *P->err;
    if (!try_parse(P, condition_value, &value)) {
        /* an invalid_ rule's own message is raised as it is; on a generic failure CPython's
         * bitwise_or backtracks to the longest part that parses, which then is not followed by
         * `=` or `:=` (but by what failed); with no such part, back to the '=' */
        if (strcmp(P->last_failed.msg, "invalid syntax") != 0) {
            ParseError e = P->last_failed;
            syntax_error_at(P, e.line, e.col, e.end_line, e.end_col, "%s", e.msg);
        }
        *P->err = before;
        P->pos = at + 1;
        value = (Node *)value_part(P);
        *P->err = before;
        P->pos = at;
        if (!value) return test;
    }
    /* (back at the '=', the value is the part kept, followed by what failed) */
    if (P->pos == at || (kind(P) != TOK_EQUAL && kind(P) != TOK_COLONEQUAL)) {
        if (test->kind == AST_NAME && P->toks[first].kind == TOK_NAME && at == first + 1)
            syntax_error_at(P, test->lineno, test->col_offset, value->end_lineno,
                            value->end_col_offset,
                            "invalid syntax. Maybe you meant '==' or ':=' instead of '='?");
        bool constant = test->kind == AST_CONSTANT && P->toks[first].kind >= TOK_KW_FALSE &&
                        at == first + 1;   /* True, False, None */
        const Token *f0 = &P->toks[first]; /* (a wholly parenthesized test is an atom) */
        bool paren =
            f0->kind == TOK_LPAR && (test->lineno != f0->lineno || test->col_offset != tcol(P, f0));
        bool bitwise_or = paren || (test->kind != AST_BOOL_OP && test->kind != AST_COMPARE &&
                                    test->kind != AST_IF_EXP && test->kind != AST_LAMBDA &&
                                    test->kind != AST_NAMED_EXPR &&
                                    !(test->kind == AST_UNARY_OP && test->UnaryOp.op == AST_NOT));
        if (bitwise_or && !constant &&
            (paren || (test->kind != AST_LIST && test->kind != AST_TUPLE &&
                       test->kind != AST_GENERATOR_EXP)))
            syntax_error_node(P, test,
                              "cannot assign to %s here. Maybe you meant '==' instead of '='?",
                              expr_description(test));
    }
    P->pos = at;
    return test;
}

/* if_stmt: 'if' named_expression ':' block (elif_stmt | [else_block]) */
static Node *parse_if(Parser *P) {
    /* each elif is an If nested in the one before, parsed by a call nested in this one: the
     * chain's length is bounded like any recursive rule (CPython's elif_stmt recursion takes a
     * level of its parser stack per arm; its deepest point in the last arm is 5 levels deeper
     * than deadwood's count, measured: 5,962 arms parse, 5,963 do not) */
    ENTER(P);
    if (P->depth + 5 > MAX_DEPTH) enter_deep(P);
    if (++P->if_nest > P->max_if_nest) P->max_if_nest = P->if_nest;
    int32_t start = P->pos;
    Token *kw = advance(P);
    Node *test = parse_condition(P);
    expect_colon(P, COLON_BEFORE_NEWLINE);
    NodeList body =
        parse_block(P, kw, kw->kind == TOK_KW_IF ? "'if' statement" : "'elif' statement");
    NodeList orelse = EMPTY_LIST;
    if (kind(P) == TOK_KW_ELIF)
        orelse = list1(P, parse_if(P));
    else
        orelse = parse_else_block(P);
    Node *n = node_from(P, AST_IF, start);
    n->If.test = test;
    n->If.body = body;
    n->If.orelse = orelse;
    P->if_nest--;
    LEAVE(P);
    return n;
}

/* while_stmt: 'while' named_expression ':' block [else_block] */
static Node *parse_while(Parser *P) {
    int32_t start = P->pos;
    Token *kw = advance(P);
    Node *test = parse_condition(P);
    expect_colon(P, COLON_BEFORE_NEWLINE);
    NodeList body = parse_block(P, kw, "'while' statement");
    NodeList orelse = parse_else_block(P);
    Node *n = node_from(P, AST_WHILE, start);
    n->While.test = test;
    n->While.body = body;
    n->While.orelse = orelse;
    return n;
}

/* for_stmt: ['async'] 'for' star_targets 'in' star_expressions ':' block [else_block] */
static Node *parse_for(Parser *P) {
    int32_t start = P->pos;
    bool is_async = accept(P, TOK_KW_ASYNC);
    Token *kw = advance(P);
    Node *target = parse_star_targets(P);
    if (kind(P) != TOK_KW_IN) syntax_error_here(P);
    P->pos++;
    Node *iter = parse_star_expressions(P);
    expect_colon(P, COLON_BEFORE_NEWLINE);
    NodeList body = parse_block(P, kw, "'for' statement");
    NodeList orelse = parse_else_block(P);
    Node *n = node_from(P, is_async ? AST_ASYNC_FOR : AST_FOR, start);
    n->For.target = target;
    n->For.iter = iter;
    n->For.body = body;
    n->For.orelse = orelse;
    return n;
}

/* with_item: expression ['as' star_target &(',' | ')' | ':')] */
static Node *parse_with_item(Parser *P) {
    Node *w = node_new(P, AST_WITHITEM);
    w->withitem.context_expr = parse_expression(P);
    if (accept(P, TOK_KW_AS)) {
        w->withitem.optional_vars = parse_star_target_single(P);
        int k = kind(P);
        if (k != TOK_COMMA && k != TOK_RPAR && k != TOK_COLON) syntax_error_here(P);
    }
    return w;
}

/* '(' ','.with_item+ ','? ')' ':' — the parenthesized form, tried first */
static void with_paren_items(Parser *P, void *ud) {
    (void)ud;
    P->pos++;
    do {
        if (kind(P) == TOK_RPAR) break;
        push(P, parse_with_item(P));
    } while (accept(P, TOK_COMMA));
    expect(P, TOK_RPAR);
    if (kind(P) != TOK_COLON) syntax_error_here(P);
}

/* with_stmt: ['async'] 'with' ( '(' ','.with_item+ ','? ')' | ','.with_item+ ) ':' block */
static Node *parse_with(Parser *P) {
    int32_t start = P->pos;
    bool is_async = accept(P, TOK_KW_ASYNC);
    Token *kw = advance(P);
    int32_t mark = P->sp;
    if (!(kind(P) == TOK_LPAR && try_parse(P, with_paren_items, NULL) && P->sp > mark)) {
        P->sp = mark;
        do push(P, parse_with_item(P));
        while (accept(P, TOK_COMMA));
    }
    NodeList items = list_from(P, mark);
    expect_colon(P, COLON_BEFORE_NEWLINE);
    NodeList body = parse_block(P, kw, "'with' statement");
    Node *n = node_from(P, is_async ? AST_ASYNC_WITH : AST_WITH, start);
    n->With.items = items;
    n->With.body = body;
    return n;
}

/* try_stmt: 'try' ':' block (finally_block | except_block+ [else_block] [finally_block] |
 *           except_star_block+ [else_block] [finally_block]) */
static Node *parse_try(Parser *P) {
    int32_t start = P->pos;
    Token *kw = advance(P);
    expect_colon(P, COLON_FORCED);
    P->in_try++;
    NodeList body = parse_block(P, kw, "'try' statement");
    int32_t mark = P->sp;
    int star = -1;
    while (kind(P) == TOK_KW_EXCEPT) {
        int32_t hs = P->pos;
        Token *ek = advance(P);
        bool is_star = accept(P, TOK_STAR);
        if (star >= 0 && star != is_star)
            syntax_error_tok(P, ek, "cannot have both 'except' and 'except*' on the same 'try'");
        star = is_star;
        Node *type = NULL;
        Str name = {NULL, 0};
        if (kind(P) != TOK_COLON || is_star) {
            if (is_star && kind(P) == TOK_COLON)
                syntax_error_tok(P, peek(P), "expected one or more exception types");
            int32_t tstart = P->pos;
            type = parse_expression(P);
            if (kind(P) == TOK_COMMA && P->minor < 14)
                syntax_error_node(P, type, "multiple exception types must be parenthesized");
            if (kind(P) == TOK_COMMA) {
                /* 3.14 (PEP 758): 'except' expressions ':', a tuple without parentheses */
                int32_t emark = P->sp;
                push(P, type);
                while (accept(P, TOK_COMMA)) {
                    if (kind(P) == TOK_COLON || kind(P) == TOK_KW_AS) break;
                    push(P, parse_expression(P));
                }
                Node *first = type;
                type = node_from(P, AST_TUPLE, tstart);
                type->Tuple.elts = list_from(P, emark);
                type->Tuple.ctx = AST_LOAD;
                if (kind(P) == TOK_KW_AS)
                    syntax_error_node(P, first,
                                      "multiple exception types must be parenthesized "
                                      "when using 'as'");
            }
            if (accept(P, TOK_KW_AS)) {
                Token *nt = peek(P);
                if (nt->kind != TOK_NAME) syntax_error_tok(P, nt, "invalid syntax");
                P->pos++;
                name = ident(P, nt);
            }
        }
        expect_colon(P, COLON_BEFORE_NEWLINE);
        NodeList hbody = parse_block(P, ek, is_star ? "'except*' statement" : "'except' statement");
        Node *h = node_from(P, AST_EXCEPT_HANDLER, hs);
        h->ExceptHandler.type = type;
        h->ExceptHandler.name = name;
        h->ExceptHandler.body = hbody;
        push(P, h);
    }
    NodeList handlers = list_from(P, mark);
    P->in_try--;
    NodeList orelse = handlers.len ? parse_else_block(P) : EMPTY_LIST;
    NodeList finalbody = EMPTY_LIST;
    if (kind(P) == TOK_KW_FINALLY) {
        Token *fk = advance(P);
        expect_colon(P, COLON_FORCED);
        finalbody = parse_block(P, fk, "'finally' statement");
    }
    if (!handlers.len && !finalbody.len)
        syntax_error_tok(P, peek(P), "expected 'except' or 'finally' block");
    Node *n = node_from(P, star == 1 ? AST_TRY_STAR : AST_TRY, start);
    n->Try.body = body;
    n->Try.handlers = handlers;
    n->Try.orelse = orelse;
    n->Try.finalbody = finalbody;
    return n;
}

/* "match" subject_expr ':' NEWLINE — the part that decides a match statement */
static void match_head(Parser *P, void *ud) {
    Node **subject = ud;
    int32_t start = ++P->pos;
    Node *first = parse_star_named_expression(P);
    if (kind(P) == TOK_COMMA) {
        int32_t mark = P->sp;
        push(P, first);
        while (accept(P, TOK_COMMA)) {
            if (kind(P) == TOK_COLON) break;
            push(P, parse_star_named_expression(P));
        }
        Node *t = node_from(P, AST_TUPLE, start);
        t->Tuple.elts = list_from(P, mark);
        t->Tuple.ctx = AST_LOAD;
        first = t;
    } else if (first->kind == AST_STARRED) {
        syntax_error_here(P);
    }
    if (kind(P) != TOK_COLON || kind_at(P, 1) != TOK_NEWLINE) syntax_error_here(P);
    P->pos += 2;
    *subject = first;
}

/* match_stmt: "match" subject_expr ':' NEWLINE INDENT case_block+ DEDENT
 * case_block: "case" patterns guard? ':' block */
static bool parse_match(Parser *P) {
    int32_t start = P->pos;
    Token *kw = peek(P);
    Node *subject = NULL;
    if (!try_parse(P, match_head, &subject)) return false;
    if (kind(P) != TOK_INDENT)
        syntax_error_tok(P, peek(P),
                         "expected an indented block after 'match' statement on line %d",
                         kw->lineno);
    P->pos++;
    int32_t mark = P->sp;
    while (kind(P) != TOK_DEDENT) {
        if (!at_name(P, "case")) syntax_error_here(P);
        Token *ck = advance(P);
        Node *mc = node_new(P, AST_MATCH_CASE);
        mc->match_case.pattern = parse_patterns(P);
        if (accept(P, TOK_KW_IF)) mc->match_case.guard = parse_condition(P);
        expect_colon(P, COLON_BEFORE_NEWLINE);
        mc->match_case.body = parse_block(P, ck, "'case' statement");
        push(P, mc);
    }
    P->pos++;
    Node *n = node_from(P, AST_MATCH, start);
    n->Match.subject = subject;
    n->Match.cases = list_from(P, mark);
    push(P, n);
    return true;
}

/* statement: compound_stmt | simple_stmts — pushes the statement(s) */
void parse_statement(Parser *P) {
    switch (kind(P)) {
    case TOK_KW_DEF: push(P, parse_funcdef(P, EMPTY_LIST)); return;
    case TOK_KW_CLASS: push(P, parse_classdef(P, EMPTY_LIST)); return;
    case TOK_AT: push(P, parse_decorated(P)); return;
    case TOK_KW_IF: push(P, parse_if(P)); return;
    case TOK_KW_WHILE: push(P, parse_while(P)); return;
    case TOK_KW_FOR: push(P, parse_for(P)); return;
    case TOK_KW_WITH: push(P, parse_with(P)); return;
    case TOK_KW_TRY: push(P, parse_try(P)); return;
    case TOK_KW_ASYNC:
        switch (kind_at(P, 1)) {
        case TOK_KW_DEF: push(P, parse_funcdef(P, EMPTY_LIST)); return;
        case TOK_KW_FOR: push(P, parse_for(P)); return;
        case TOK_KW_WITH: push(P, parse_with(P)); return;
        default: P->pos++; syntax_error_here(P);
        }
    case TOK_NAME:
        if (at_name(P, "match") && kind_at(P, 1) != TOK_NEWLINE && parse_match(P)) return;
        break;
    case TOK_INDENT: unexpected_indent(P, peek(P));
    case TOK_KW_ELSE:
    case TOK_KW_ELIF:
    case TOK_KW_EXCEPT:
    case TOK_KW_FINALLY: syntax_error_here(P);
    default: break;
    }
    parse_simple_stmts(P);
}
