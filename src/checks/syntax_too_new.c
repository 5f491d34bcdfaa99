/* DW002 syntax-too-new
 *
 * What it does: finds syntax that the project's oldest supported Python cannot parse: the
 * `target-version` (configuration key or `--target-version`; when neither is given, the lower
 * bound of `[project] requires-python` in the nearest pyproject.toml; otherwise no target, and
 * this rule finds nothing). Each construct is reported once, with the version that introduced
 * it, and the file is analyzed as usual:
 *     3.9   parenthesized context managers (CPython 3.9's parser already takes them), any
 *           expression as a decorator (PEP 614)
 *     3.10  `match` statements
 *     3.11  `except*`, `*` in a subscript, `*args: *Ts`
 *     3.12  `type` aliases and type parameter lists (PEP 695); f-strings with the PEP 701 forms
 *           (the string's own quote, a backslash or a comment inside a replacement field)
 *     3.13  type parameter defaults (PEP 696)
 *     3.14  t-strings (PEP 750), `except A, B:` without parentheses (PEP 758)
 *     3.15  lazy imports (PEP 810), unpacking in comprehensions (PEP 798), `case +1:`
 *
 * Why is this a bug: the file is a syntax error on the oldest Python the project says it runs
 * on: an import of it fails there, usually far from where it was written.
 *
 * Example (target-version = "py311"):
 *     try:
 *         connect()
 *     except TimeoutError, ConnectionError:
 *         retry()
 *
 * Use instead:
 *     except (TimeoutError, ConnectionError):
 *
 * Not reported: a file whose name says which Python it is for, as test suites name their
 * version-specific files (`test_match_py310.py`, `tstrings_py314.py`: 3.10, 3.14 and later);
 * syntax older than 3.9 (the oldest target is py38, and 3.8's own forms are
 * accepted by it); anything an older Python rejects for another reason (that is DW000's business
 * when the newest Python rejects it too); library features (new modules, functions, methods):
 * they are not syntax.
 */
#include <string.h>

#include "check/check.h"
#include "rule_docs.h"

/* The version a file's name says it is for: `test_match_py310.py` (or .pyi) is for 3.10 and
 * later, the convention by which test suites keep version-specific files apart; 0 when none. */
static int named_minor(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    const char *dot = strrchr(base, '.');
    size_t n = dot ? (size_t)(dot - base) : strlen(base);
    for (size_t d = 2; d >= 1; d--) { /* `_py3` and the minor version's one or two digits */
        if (n < d + 4 || memcmp(base + n - d - 4, "_py3", 4) != 0) continue;
        int minor = 0;
        for (size_t i = n - d; i < n; i++) {
            if (base[i] < '0' || base[i] > '9') return 0;
            minor = minor * 10 + (base[i] - '0');
        }
        return minor;
    }
    return 0;
}

static void too_new(CheckCtx *cx, const Node *at, int minor, const char *what) {
    int target = cx->opt ? cx->opt->target_minor : 0;
    if (!target || target >= minor) return;
    if (named_minor(cx->path) >= minor) return;
    check_report(cx, at, NULL, 0, "%s requires Python 3.%d; target-version is py3%d", what, minor,
                 target);
}

/* The source byte at a node's start (its line's column), or 0. */
static const char *at_text(const CheckCtx *cx, int32_t line, int32_t col) {
    if (line < 1 || line > cx->lines.count) return NULL;
    return cx->src->text + cx->lines.starts[line - 1] + col;
}

static bool only_names(const Node *e) {
    while (e->kind == AST_ATTRIBUTE) e = e->Attribute.value;
    return e->kind == AST_NAME;
}

/* Before PEP 614 a decorator was a dotted name, optionally called once. */
static bool old_decorator(const Node *d) {
    if (d->kind == AST_CALL) d = d->Call.func;
    return only_names(d);
}

static void decorators(CheckCtx *cx, const NodeList *l) {
    for (int32_t i = 0; i < l->len; i++)
        if (!old_decorator(l->items[i]))
            too_new(cx, l->items[i], 9, "a decorator that is not a dotted name or a call of one");
}

static void type_params(CheckCtx *cx, const Node *n, const NodeList *tp) {
    if (!tp->len) return;
    too_new(cx, n, 12, "a type parameter list");
    for (int32_t i = 0; i < tp->len; i++) {
        const Node *p = tp->items[i];
        const Node *def = p->kind == AST_TYPE_VAR     ? p->TypeVar.default_value
                          : p->kind == AST_PARAM_SPEC ? p->ParamSpec.default_value
                                                      : p->TypeVarTuple.default_value;
        if (def) too_new(cx, p, 13, "a type parameter default");
    }
}

/* `with (a as b, c):` — the parentheses belong to the statement, not to an expression: after
 * the last item come (spaces, a comma) a ')' and the ':'. */
static bool parenthesized_with(const CheckCtx *cx, const Node *n) {
    const NodeList *items = &n->With.items;
    if (!items->len) return false;
    const char *s = at_text(cx, n->lineno, n->col_offset);
    if (!s) return false;
    s += n->kind == AST_ASYNC_WITH ? 5 : 0;
    while (*s == ' ' || *s == '\t' || *s == 'a' || *s == 's' || *s == 'y' || *s == 'n' || *s == 'c')
        s++; /* "async " */
    if (strncmp(s, "with", 4) != 0) return false;
    s += 4;
    while (*s == ' ' || *s == '\t' || *s == '\\' || *s == '\n') s++;
    if (*s != '(') return false;
    const Node *last = items->items[items->len - 1];
    const Node *end =
        last->withitem.optional_vars ? last->withitem.optional_vars : last->withitem.context_expr;
    const char *e = at_text(cx, end->end_lineno, end->end_col_offset);
    if (!e || e <= s) return false;
    for (;;) {
        while (*e == ' ' || *e == '\t' || *e == '\n' || *e == '\\' || *e == ',') e++;
        if (*e != '#') break;
        while (*e && *e != '\n') e++;
    }
    if (*e != ')') return false;
    e++;
    while (*e == ' ' || *e == '\t') e++;
    return *e == ':';
}

/* PEP 701. Before 3.12 the tokenizer found an f-string's end first and parsed its replacement
 * fields afterwards, so a field could not hold the string's own quote, a backslash, a comment, or
 * (in a single-quoted string) a line break. The scan below reads the node's source: each part of
 * an implicit concatenation with its own prefix and quotes, and in each f-string part its fields
 * (their brackets, nested strings and format specs). The file parsed, so the text is well formed.
 */
typedef struct Scan {
    const char *p, *end;
    char quote;  /* the enclosing f-string part's quote */
    bool triple; /* and whether it is tripled */
} Scan;

static bool field(Scan *s, int depth);

/* A string literal inside a field, from its prefix; true when it holds what 3.12 needed. */
static bool nested_string(Scan *s, int depth) {
    bool f = false;
    while (s->p < s->end && *s->p != '\'' && *s->p != '"') f |= (*s->p++ | 0x20) == 'f';
    if (s->p >= s->end) return false;
    char q = *s->p;
    if (q == s->quote && !s->triple) return true; /* the enclosing quote, reused */
    bool triple = s->p + 2 < s->end && s->p[1] == q && s->p[2] == q;
    s->p += triple ? 3 : 1;
    while (s->p < s->end) {
        char c = *s->p;
        if (c == '\\') return true; /* no backslash anywhere in a field before 3.12 */
        if (c == '\n' && !s->triple) return true;
        if (c == q && (!triple || (s->p + 2 < s->end && s->p[1] == q && s->p[2] == q))) {
            s->p += triple ? 3 : 1;
            return false;
        }
        if (f && c == '{') {
            if (s->p + 1 < s->end && s->p[1] == '{') {
                s->p += 2;
                continue;
            }
            s->p++;
            if (field(s, depth + 1)) return true;
            continue;
        }
        s->p++;
    }
    return false;
}

/* A replacement field, after its '{', to after its '}'. */
static bool field(Scan *s, int depth) {
    if (depth > 8) return false; /* deeper than Python nests format specs */
    int brackets = 0;
    bool spec = false;
    while (s->p < s->end) {
        char c = *s->p;
        if (spec) { /* the format spec: text, and fields of its own */
            if (c == '}') return s->p++, false;
            if (c == '\\') return true;
            s->p++;
            if (c == '{' && field(s, depth + 1)) return true;
            continue;
        }
        switch (c) {
        case '\\':
        case '#': return true;
        case '\n':
            if (!s->triple) return true;
            s->p++;
            break;
        case '\'':
        case '"':
            if (nested_string(s, depth)) return true;
            break;
        case '(':
        case '[':
        case '{': brackets++, s->p++; break;
        case ')':
        case ']': brackets--, s->p++; break;
        case '}':
            s->p++;
            if (brackets-- == 0) return false;
            break;
        case ':':
            s->p++;
            spec |= brackets == 0;
            break;
        default:
            if (str_word_byte(
                    (unsigned char)c)) { /* a name, or the prefix of a string (r'', b"", f'') */
                const char *w = s->p;
                while (s->p < s->end && str_word_byte((unsigned char)*s->p)) s->p++;
                if (s->p < s->end && (*s->p == '\'' || *s->p == '"') && s->p - w <= 2) {
                    s->p = w;
                    if (nested_string(s, depth)) return true;
                }
                break;
            }
            s->p++;
        }
    }
    return false;
}

static bool pep701_fstring(const CheckCtx *cx, const Node *j) {
    const char *p = at_text(cx, j->lineno, j->col_offset);
    const char *end = at_text(cx, j->end_lineno, j->end_col_offset);
    if (!p || !end) return false;
    Scan s = {p, end, 0, false};
    while (s.p < s.end) { /* each part of the concatenation */
        bool f = false;
        while (s.p < s.end && *s.p != '\'' && *s.p != '"') {
            if (*s.p == '#') /* a comment between parts */
                while (s.p < s.end && *s.p != '\n') s.p++;
            else
                f |= (*s.p++ | 0x20) == 'f';
        }
        if (s.p >= s.end) break;
        s.quote = *s.p;
        s.triple = s.p + 2 < s.end && s.p[1] == s.quote && s.p[2] == s.quote;
        s.p += s.triple ? 3 : 1;
        for (;;) { /* the part's body */
            if (s.p >= s.end) return false;
            char c = *s.p;
            if (c == '\\') {
                s.p += 2;
                continue;
            }
            if (c == s.quote && (!s.triple || (s.p + 2 < s.end && s.p[1] == c && s.p[2] == c))) {
                s.p += s.triple ? 3 : 1;
                break;
            }
            s.p++;
            if (f && c == '{') {
                if (s.p < s.end && *s.p == '{')
                    s.p++;
                else if (field(&s, 0))
                    return true;
            }
        }
    }
    return false;
}

/* `x[a, *b]` (3.11); not `x[(a, *b)]`, a parenthesized tuple, which any version takes. A tuple
 * is parenthesized when it opens with '(' and a ')' follows its last element (in `x[(a), *(b)]`
 * the last element's own parenthesis ends the tuple). */
static bool starred_index(const CheckCtx *cx, const Node *e) {
    if (e->kind == AST_STARRED) return true;
    if (e->kind != AST_TUPLE || !e->Tuple.elts.len) return false;
    bool star = false;
    for (int32_t i = 0; i < e->Tuple.elts.len; i++)
        star |= e->Tuple.elts.items[i]->kind == AST_STARRED;
    if (!star) return false;
    const char *open = at_text(cx, e->lineno, e->col_offset);
    const Node *last = e->Tuple.elts.items[e->Tuple.elts.len - 1];
    bool after = e->end_lineno > last->end_lineno ||
                 (e->end_lineno == last->end_lineno && e->end_col_offset > last->end_col_offset);
    const char *close = at_text(cx, e->end_lineno, e->end_col_offset);
    return !(open && *open == '(' && after && close && close[-1] == ')');
}

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    (void)parent;
    switch (n->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
        decorators(cx, &n->FunctionDef.decorator_list);
        type_params(cx, n, &n->FunctionDef.type_params);
        if (n->FunctionDef.args->arguments.vararg &&
            n->FunctionDef.args->arguments.vararg->arg.annotation &&
            n->FunctionDef.args->arguments.vararg->arg.annotation->kind == AST_STARRED)
            too_new(cx, n->FunctionDef.args->arguments.vararg, 11, "a starred annotation");
        break;
    case AST_CLASS_DEF:
        decorators(cx, &n->ClassDef.decorator_list);
        type_params(cx, n, &n->ClassDef.type_params);
        break;
    case AST_TYPE_ALIAS:
        too_new(cx, n, 12, "a `type` statement");
        type_params(cx, n, &n->TypeAlias.type_params);
        break;
    case AST_WITH:
    case AST_ASYNC_WITH:
        if (parenthesized_with(cx, n)) too_new(cx, n, 9, "parenthesized context managers");
        break;
    case AST_MATCH: too_new(cx, n, 10, "a `match` statement"); break;
    case AST_TRY_STAR: /* at its first `except*` */
        too_new(cx, n->TryStar.handlers.len ? n->TryStar.handlers.items[0] : n, 11, "`except*`");
        break;
    case AST_EXCEPT_HANDLER: {
        const Node *t = n->ExceptHandler.type;
        const char *s = t && t->kind == AST_TUPLE ? at_text(cx, t->lineno, t->col_offset) : NULL;
        if (s && *s != '(') too_new(cx, t, 14, "`except A, B:` without parentheses");
        break;
    }
    case AST_SUBSCRIPT:
        if (starred_index(cx, n->Subscript.slice)) too_new(cx, n, 11, "`*` in a subscript");
        break;
    case AST_JOINED_STR:
        if (pep701_fstring(cx, n)) too_new(cx, n, 12, "this f-string (PEP 701)");
        break;
    case AST_TEMPLATE_STR: too_new(cx, n, 14, "a t-string"); break;
    case AST_IMPORT:
        if (n->Import.is_lazy) too_new(cx, n, 15, "`lazy import`");
        break;
    case AST_IMPORT_FROM:
        if (n->ImportFrom.is_lazy) too_new(cx, n, 15, "`lazy from ... import`");
        break;
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_GENERATOR_EXP:
        if (n->ListComp.elt->kind == AST_STARRED)
            too_new(cx, n, 15, "unpacking in a comprehension");
        break;
    case AST_DICT_COMP:
        if (!n->DictComp.value) too_new(cx, n, 15, "unpacking in a comprehension");
        break;
    case AST_MATCH_VALUE: {
        const char *s = at_text(cx, n->lineno, n->col_offset);
        if (s && *s == '+') too_new(cx, n, 15, "a `+` before a number in a pattern");
        break;
    }
    default: break;
    }
}

#define LO(k) ((k) < 64 ? 1ull << ((k)&63) : 0)
#define HI(k) ((k) >= 64 ? 1ull << ((k)&63) : 0)
#define KINDS(B)                                                                                   \
    (B(AST_FUNCTION_DEF) | B(AST_ASYNC_FUNCTION_DEF) | B(AST_CLASS_DEF) | B(AST_TYPE_ALIAS) |      \
     B(AST_WITH) | B(AST_ASYNC_WITH) | B(AST_MATCH) | B(AST_TRY_STAR) | B(AST_EXCEPT_HANDLER) |    \
     B(AST_SUBSCRIPT) | B(AST_JOINED_STR) | B(AST_TEMPLATE_STR) | B(AST_IMPORT) |                  \
     B(AST_IMPORT_FROM) | B(AST_LIST_COMP) | B(AST_SET_COMP) | B(AST_GENERATOR_EXP) |              \
     B(AST_DICT_COMP) | B(AST_MATCH_VALUE))

const Check check_syntax_too_new = {
    .info = {"DW002", "syntax-too-new",
             "Syntax that the project's oldest supported Python cannot parse.", DOC_DW002, true,
             "error"},
    .kinds = {KINDS(LO), KINDS(HI)},
    .visit = visit,
};
