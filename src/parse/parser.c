/* parser.c — the parser's core: token access, errors and their priority, node construction, and
 * the entry points. The grammar itself is in parse_stmt.c, parse_expr.c, parse_string.c and
 * parse_pattern.c. */
#include "parser_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../lex/unicode.h"

const NodeList EMPTY_LIST = {NULL, 0};

/* ---- errors ------------------------------------------------------------------------------- */

static _Noreturn void stop(Parser *P, int why) {
    longjmp(*P->jb, why);
}

_Noreturn void parse_no_memory(Parser *P) {
    stop(P, STOP_MEMORY);
}
_Noreturn void parse_lex_error(Parser *P) {
    stop(P, STOP_LEXER);
}
static _Noreturn void too_deep(Parser *P, const char *msg) {
    Token *t = &P->toks[P->pos < P->ntoks ? P->pos : P->ntoks - 1];
    P->err->line = P->err->end_line = t->lineno;
    P->err->col = tcol(P, t);
    P->err->end_col = tend(P, t);
    snprintf(P->err->msg, sizeof P->err->msg, "%s", msg);
    stop(P, STOP_TOO_DEEP);
}

/* CPython's messages (a MemoryError and a RecursionError, without a line: deadwood names the
 * line where it stopped). */
static const char STACK_OVERFLOW[] = "Parser stack overflowed - Python source too complex to parse";
static const char TREE_TOO_DEEP[] = "maximum recursion depth exceeded during ast construction";

_Noreturn void enter_deep(Parser *P) {
    too_deep(P, STACK_OVERFLOW);
}
_Noreturn void chain_too_long(Parser *P) {
    too_deep(P, TREE_TOO_DEEP);
}

static void verror(Parser *P, int32_t line, int32_t col, int32_t end_line, int32_t end_col,
                   const char *fmt, va_list ap) {
    ParseError *e = P->err;
    if (P->forced_lpar && strcmp(fmt, "invalid syntax") == 0) {
        const Token *t = &P->toks[P->forced_lpar];
        e->line = t->lineno, e->col = tcol(P, t);
        e->end_line = t->end_lineno, e->end_col = tend(P, t);
        snprintf(e->msg, sizeof e->msg, "expected '('");
        return;
    }
    e->line = line;
    e->col = col;
    e->end_line = end_line;
    e->end_col = end_col;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
}

_Noreturn void syntax_error_at(Parser *P, int32_t line, int32_t col, int32_t end_line,
                               int32_t end_col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(P, line, col, end_line, end_col, fmt, ap);
    va_end(ap);
    stop(P, STOP_SYNTAX);
}

_Noreturn void syntax_error_tok(Parser *P, const Token *t, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(P, t->lineno, tcol(P, t), t->end_lineno, tend(P, t), fmt, ap);
    va_end(ap);
    stop(P, STOP_SYNTAX);
}

_Noreturn void syntax_error_node(Parser *P, const Node *n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    verror(P, n->lineno, n->col_offset, n->end_lineno, n->end_col_offset, fmt, ap);
    va_end(ap);
    stop(P, STOP_SYNTAX);
}

/* An INDENT token has no column in CPython: its error takes the tokenizer's cursor, past the
 * indentation, as the 1-based offset, which puts it on the indentation's last character. */
_Noreturn void unexpected_indent(Parser *P, const Token *t) {
    int32_t col = 0;
    for (const char *p = P->text + t->start - tok_col(P->lines, t);
         *p == ' ' || *p == '\t' || *p == '\f'; p++)
        col++;
    col = col > 0 ? col - 1 : 0;
    syntax_error_at(P, t->lineno, col, t->lineno, col + 1, "unexpected indent");
}

_Noreturn void syntax_error_here(Parser *P) {
    Token *t = peek(P);
    if (t->kind == TOK_INDENT) unexpected_indent(P, t);
    if (t->kind == TOK_DEDENT) syntax_error_tok(P, t, "unexpected unindent");
    if (t->kind == TOK_ENDMARKER) syntax_error_tok(P, t, "unexpected EOF while parsing");
    syntax_error_tok(P, t, "invalid syntax");
}

Token *expect(Parser *P, int k) {
    Token *t = peek(P);
    if (t->kind != k) {
        /* Only ':' is a forced token (&&':') where this is called; a missing closer is
         * CPython's generic "invalid syntax" at the token found instead. */
        if (k == TOK_COLON)
            syntax_error_tok(P, P->pos > 0 ? &P->toks[P->pos - 1] : t, "expected '%s'",
                             tok_kind_text(k));
        syntax_error_here(P);
    }
    P->pos++;
    return t;
}

/* ---- nodes -------------------------------------------------------------------------------- */

void *palloc(Parser *P, size_t n) {
    void *p = arena_alloc(P->arena, n);
    if (!p) parse_no_memory(P);
    return p;
}

const Token *last_nonws_slow(Parser *P) {
    for (int32_t m = P->pos - 1; m > 0; m--) {
        int k = P->toks[m].kind;
        if (k != TOK_NEWLINE && k != TOK_INDENT && k != TOK_DEDENT && k != TOK_ENDMARKER)
            return &P->toks[m];
    }
    return &P->toks[0];
}

Node *node_span(Parser *P, AstKind k, const Node *first, const Node *last) {
    Node *n = node_new(P, k);
    n->lineno = first->lineno;
    n->col_offset = first->col_offset;
    n->end_lineno = last->end_lineno;
    n->end_col_offset = last->end_col_offset;
    return n;
}

Str ident(Parser *P, const Token *t) {
    Str s = tok_str(P, t);
    if (!(t->flags & TOKF_NONASCII)) return s;
    Str out;
    if (!uni_nfkc(P->arena, s, &out)) parse_no_memory(P);
    return out;
}

void push_slow(Parser *P, Node *n) {
    int32_t ncap = P->scap ? P->scap * 2 : 256;
    Node **ns = dw_realloc(P->stack, sizeof(Node *) * (size_t)ncap);
    if (!ns) parse_no_memory(P);
    P->stack = ns;
    P->scap = ncap;
    P->stack[P->sp++] = n;
}

NodeList list_from(Parser *P, int32_t mark) {
    NodeList l = {NULL, P->sp - mark};
    if (l.len) {
        l.items = palloc(P, sizeof(Node *) * (size_t)l.len);
        memcpy(l.items, P->stack + mark, sizeof(Node *) * (size_t)l.len);
    }
    P->sp = mark;
    return l;
}

NodeList list1(Parser *P, Node *n) {
    NodeList l = {palloc(P, sizeof(Node *)), 1};
    l.items[0] = n;
    return l;
}

bool try_parse(Parser *P, void (*fn)(Parser *P, void *ud), void *ud) {
    jmp_buf jb, *outer = P->jb;
    int32_t pos = P->pos, sp = P->sp;
    int depth = P->depth, chain = P->chain, if_nest = P->if_nest;
    ParseError saved = *P->err;
    P->jb = &jb;
    int why = setjmp(jb);
    if (why == 0) {
        fn(P, ud);
        P->jb = outer;
        return true;
    }
    P->jb = outer;
    if (why != STOP_SYNTAX) longjmp(*outer, why);
    P->last_failed = *P->err;
    if (P->pos > P->far) P->far = P->pos;
    P->pos = pos;
    P->sp = sp;
    P->depth = depth;
    P->chain = chain;
    P->if_nest = if_nest;
    *P->err = saved;
    return false;
}

/* ---- entry -------------------------------------------------------------------------------- */

/* CPython's raise_unclosed_parentheses_error(). */
static void report_unclosed(const LexError *le, ParseError *err) {
    err->line = err->end_line = le->paren_line;
    err->col = le->paren_col;
    err->end_col = le->paren_col + 1;
    snprintf(err->msg, sizeof err->msg, "'%c' was never closed", le->paren);
}

static bool is_decode_error(const char *msg) {
    return strncmp(msg, "(unicode error) 'utf-8'", 23) == 0;
}

/* The tokenizer's error, as CPython reports it once the parser reaches it. */
static void report_lex_error(const LexError *le, ParseError *err) {
    err->line = err->end_line = le->line;
    err->col = le->col;
    err->end_col = le->end_col;
    if (le->kind == LEXERR_EOF && le->paren)
        report_unclosed(le, err);
    else
        snprintf(err->msg, sizeof err->msg, "%s", le->msg);
    err->decode = is_decode_error(le->msg);
}

/* CPython turns its tree into Python objects recursively and refuses one deeper than its C
 * recursion limit (a RecursionError, "maximum recursion depth exceeded during ast
 * construction": 9,997 nodes from the Module to the deepest leaf, measured). deadwood refuses
 * the same trees, which is also what bounds every recursive walk after the parser (the JSON
 * dump, equality and hashing, the control-flow graphs, the rule walk, the summaries): none of
 * them ever sees a tree deeper than AST_MAX_HEIGHT nodes. */
#if defined(__SANITIZE_ADDRESS__)
#define DW_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DW_SANITIZED 1
#endif
#endif

static void check_height(Parser *P, const Node *m) {
    /* Most files cannot be that deep, which is known without walking the tree: on a path from
     * the Module down, every node but a few kinds without a token of their own (Module, Expr,
     * arguments, withitem, MatchValue, never two in a row below a statement) owns a token no
     * other node on the path owns. The expression part of a path lies in one logical line
     * (at most 2 * max_line_tokens + 1 nodes); above it, statements nest by indentation (at
     * most 100 levels, each a statement and an except/case clause) or by elif arms (counted). */
    int32_t bound = 1 + 2 * (LEX_MAX_INDENT + 1) + P->max_if_nest + 2 * P->max_line_tokens + 8;
    bool no_memory;
#ifdef DW_SANITIZED
    /* the sanitizer build (every test suite runs under it) proves the bound on every input */
    if (bound <= AST_MAX_HEIGHT && ast_deeper_than(m, bound, &no_memory)) abort();
#endif
    if (bound <= AST_MAX_HEIGHT) return;
    const Node *deep = ast_deeper_than(m, AST_MAX_HEIGHT, &no_memory);
    if (no_memory) parse_no_memory(P);
    if (!deep) return;
    P->err->line = P->err->end_line = deep->lineno ? deep->lineno : 1;
    P->err->col = deep->col_offset;
    P->err->end_col = deep->end_col_offset;
    snprintf(P->err->msg, sizeof P->err->msg, "%s", TREE_TOO_DEEP);
    stop(P, STOP_TOO_DEEP);
}

/* From 3.14 ast.parse runs CPython's future pass (Python/future.c) on the tree: the imports from
 * __future__ that open the module, after its docstring, must name features it knows. */
static void check_future(Parser *P, const Node *m) {
    static const char *const features[] = {
        "nested_scopes",  "generators",       "division",       "absolute_import", "with_statement",
        "print_function", "unicode_literals", "barry_as_FLUFL", "generator_stop",  "annotations",
    };
    const NodeList *body = &m->Module.body;
    int32_t i = 0;
    if (body->len && body->items[0]->kind == AST_EXPR) {
        const Node *v = body->items[0]->Expr.value;
        if (v->kind == AST_CONSTANT && v->Constant.value.kind == CONST_STR) i = 1;
    }
    for (; i < body->len; i++) {
        const Node *s = body->items[i];
        if (s->kind != AST_IMPORT_FROM || s->ImportFrom.level != 0 ||
            !str_eq_c(s->ImportFrom.module, "__future__"))
            return;
        for (int32_t k = 0; k < s->ImportFrom.names.len; k++) {
            const Node *a = s->ImportFrom.names.items[k];
            bool known = false;
            for (size_t f = 0; f < sizeof features / sizeof *features && !known; f++)
                known = str_eq_c(a->alias.name, features[f]);
            if (known) continue;
            P->err->future = true;
            if (str_eq_c(a->alias.name, "braces")) syntax_error_node(P, a, "not a chance");
            Str name = a->alias.name; /* CPython's "%.100s" */
            syntax_error_node(P, a, "future feature %.*s is not defined",
                              (int)(name.len < 100 ? name.len : 100), name.s);
        }
    }
}

/* The line of the last token the parser read before it failed: at least the error's end, and
 * as far as an alternative it tried and gave up had gone (`if x = f(a,` and a line more: the
 * hint is raised at `x`, but the call was read to the next line). */
static int32_t read_line(const Parser *P, const ParseError *err) {
    int32_t line = err->end_line > err->line ? err->end_line : err->line;
    if (P->far > 0 && P->far < P->ntoks && P->toks[P->far].lineno > line)
        line = P->toks[P->far].lineno;
    return line;
}

ParseStatus parse_module(Arena *a, const SourceText *src, ParseResult *out, ParseError *err) {
    return parse_module_as(a, src, LEX_PY_NEWEST, out, err);
}

ParseStatus parse_module_as(Arena *a, const SourceText *src, int minor, ParseResult *out,
                            ParseError *err) {
    memset(err, 0, sizeof *err);
    TokenArray ta;
    if (!lex_tokenize_as(a, src, minor, &ta)) return PARSE_NO_MEMORY;
    Parser P = {0};
    P.minor = minor;
    jmp_buf jb;
    P.arena = a;
    P.text = src->text;
    P.valid_utf8 = src->valid_utf8;
    P.toks = ta.toks;
    P.lines = ta.lines.starts;
    P.ntoks = ta.count;
    P.lexerr = &ta.err;
    P.max_line_tokens = ta.max_line_tokens;
    P.jb = &jb;
    P.err = err;
    int why = setjmp(jb);
    if (why == 0) {
        int32_t mark = P.sp;
        while (kind(&P) != TOK_ENDMARKER) parse_statement(&P);
        Node *m = node_new(&P, AST_MODULE);
        m->Module.body = list_from(&P, mark);
        m->Module.type_ignores = EMPTY_LIST;
        check_height(&P, m);
        if (minor >= 14) check_future(&P, m);
        out->module = m;
        out->noqa = ta.noqa;
        out->nnoqa = ta.nnoqa;
        out->lines = ta.lines;
        out->walrus = P.walrus;
        out->ndefs = P.ndefs;
        out->nclasses = P.nclasses;
        out->toks = ta.toks;
        out->ntoks = ta.count;
        dw_free(P.stack);
        return PARSE_OK;
    }
    dw_free(P.stack);
    const LexError *le = &ta.err;
    switch (why) {
    case STOP_MEMORY: return PARSE_NO_MEMORY;
    case STOP_TOO_DEEP: return PARSE_SYNTAX_ERROR;
    case STOP_LEXER: report_lex_error(le, err); return PARSE_SYNTAX_ERROR;
    default: break;
    }
    /* The parser's own error. CPython raises its generic "unexpected indent/unindent" without
     * looking further; otherwise it tokenizes the rest of the file first
     * (_PyPegen_tokenize_full_source_to_check_for_errors): a later tokenizer exception takes
     * precedence, and a later "done" error (no exception) only names a bracket left open
     * before the line of the last token the parser read, which is at least the error's end
     * (a missing comma is reported on the line of the expression before it, the token after
     * it read). */
    err->decode = is_decode_error(err->msg);
    if (strcmp(err->msg, "unexpected indent") == 0 || strcmp(err->msg, "unexpected unindent") == 0)
        return PARSE_SYNTAX_ERROR;
    if (le->kind == LEXERR_EXCEPTION && !le->in_fstring) {
        report_lex_error(le, err);
    } else if ((le->kind == LEXERR_EOF || le->kind == LEXERR_LINECONT) && le->paren &&
               le->paren_line < read_line(&P, err)) {
        report_unclosed(le, err);
    }
    return PARSE_SYNTAX_ERROR;
}

ParseStatus parse_bytes(Arena *a, const char *bytes, size_t len, SourceText *src, ParseResult *out,
                        ParseError *err) {
    return parse_bytes_as(a, bytes, len, LEX_PY_NEWEST, src, out, err);
}

ParseStatus parse_bytes_as(Arena *a, const char *bytes, size_t len, int minor, SourceText *src,
                           ParseResult *out, ParseError *err) {
    SourceError se;
    if (!source_decode(a, bytes, len, src, &se)) {
        memset(err, 0, sizeof *err);
        err->line = err->end_line = se.line ? se.line : 1;
        err->col = se.col;
        err->end_col = se.col + 1;
        snprintf(err->msg, sizeof err->msg, "%s", se.msg);
        err->decode = true;
        return strcmp(se.msg, "out of memory") == 0 ? PARSE_NO_MEMORY : PARSE_SYNTAX_ERROR;
    }
    return parse_module_as(a, src, minor, out, err);
}

int parse_target_minor(const char *name) {
    if (strncmp(name, "py3", 3) != 0 || !name[3] || strlen(name) > 5) return -1;
    int minor = 0;
    for (const char *p = name + 3; *p; p++) {
        if (*p < '0' || *p > '9') return -1;
        minor = minor * 10 + (*p - '0');
    }
    if (name[3] == '0' || minor < LEX_PY_OLDEST || minor > LEX_PY_NEWEST) return -1;
    return minor;
}
