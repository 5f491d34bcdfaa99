/* units.c — the statements behind a method's units, and their text; see units.h. The order is
 * that of the index's flattening (summary.c): keep the two in step. */
#include "units.h"

#include <string.h>

typedef struct Units {
    UnitNode *out;
    int32_t n, cap;
} Units;

static void put(Units *u, const Node *n, UnitPart part) {
    if (u->n < u->cap) u->out[u->n] = (UnitNode){n, (uint8_t)part};
    u->n++;
}

static void flatten(Units *u, const NodeList *body, int depth);

static void flatten_stmt(Units *u, const Node *s, int depth) {
    switch (s->kind) {
    case AST_IF:
    case AST_WHILE:
        put(u, s, UNIT_HEADER);
        flatten(u, &s->If.body, depth + 1);
        if (s->If.orelse.len) {
            put(u, s->If.orelse.items[0], UNIT_ELSE);
            flatten(u, &s->If.orelse, depth + 1);
        }
        return;
    case AST_FOR:
    case AST_ASYNC_FOR:
        put(u, s, UNIT_HEADER);
        flatten(u, &s->For.body, depth + 1);
        flatten(u, &s->For.orelse, depth + 1);
        return;
    case AST_WITH:
    case AST_ASYNC_WITH:
        put(u, s, UNIT_HEADER);
        flatten(u, &s->With.body, depth + 1);
        return;
    case AST_TRY:
    case AST_TRY_STAR:
        put(u, s, UNIT_HEADER);
        flatten(u, &s->Try.body, depth + 1);
        for (int32_t i = 0; i < s->Try.handlers.len; i++) {
            put(u, s->Try.handlers.items[i], UNIT_HANDLER);
            flatten(u, &s->Try.handlers.items[i]->ExceptHandler.body, depth + 1);
        }
        flatten(u, &s->Try.orelse, depth + 1);
        flatten(u, &s->Try.finalbody, depth + 1);
        return;
    default: put(u, s, UNIT_WHOLE); return;
    }
}

static void flatten(Units *u, const NodeList *body, int depth) {
    if (depth > 1000) return; /* (the parser nests statements far less deeply) */
    for (int32_t i = 0; i < body->len; i++) flatten_stmt(u, body->items[i], depth);
}

int32_t units_of(const Node *fn, UnitNode *out, int32_t cap) {
    Units u = {out, 0, cap};
    const NodeList *body = &fn->FunctionDef.body;
    int32_t first = body->len && body->items[0]->kind == AST_EXPR &&
                            body->items[0]->Expr.value->kind == AST_CONSTANT &&
                            body->items[0]->Expr.value->Constant.value.kind == CONST_STR
                        ? 1
                        : 0; /* the docstring, as summary.c drops it */
    NodeList rest = {body->items + first, body->len - first};
    flatten(&u, &rest, 0);
    return u.n;
}

/* ---- text --------------------------------------------------------------------------------- */

static size_t offset_of(const SourceText *src, const LineIndex *li, int32_t line, int32_t col) {
    if (line < 1 || line > li->count) return src->len;
    size_t at = li->starts[line - 1] + (size_t)(col > 0 ? col : 0);
    return at < src->len ? at : src->len;
}

/* Where a header that starts at `from` ends: after its ':' at bracket depth 0, outside strings
 * and comments (a walrus's ':' is not one). */
static size_t header_end(const char *s, size_t from, size_t len) {
    int depth = 0;
    for (size_t i = from; i < len; i++) {
        char c = s[i];
        if (c == '#') {
            while (i < len && s[i] != '\n') i++;
        } else if (c == '\'' || c == '"') {
            bool triple = i + 2 < len && s[i + 1] == c && s[i + 2] == c;
            i += triple ? 3 : 1;
            while (i < len &&
                   !(s[i] == c && (!triple || (i + 2 < len && s[i + 1] == c && s[i + 2] == c)))) {
                if (s[i] == '\\') i++;
                if (!triple && s[i] == '\n') break;
                i++;
            }
            if (triple) i += 2;
        } else if (c == '(' || c == '[' || c == '{') {
            depth++;
        } else if (c == ')' || c == ']' || c == '}') {
            depth--;
        } else if (c == ':' && depth <= 0 && !(i + 1 < len && s[i + 1] == '=')) {
            return i + 1;
        }
    }
    return len;
}

/* Appends s[from, to) to buf on one line: line breaks, indentation and comments become one space
 * (none after an opening bracket or before a closing one), strings are kept as written. */
static size_t put_flat(char *buf, size_t at, size_t cap, const char *s, size_t from, size_t to) {
    bool space = false;
    for (size_t i = from; i < to && at + 1 < cap; i++) {
        char c = s[i];
        if (c == '#') {
            while (i + 1 < to && s[i + 1] != '\n') i++;
            space = true;
            continue;
        }
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\\' || c == '\f') {
            space = true;
            continue;
        }
        if (space && at && !strchr("([{", buf[at - 1]) && !strchr(")]},", c)) buf[at++] = ' ';
        space = false;
        if (at + 1 >= cap) break;
        buf[at++] = c;
        if (c == '\'' || c == '"') { /* a string, as written */
            bool triple = i + 2 < to && s[i + 1] == c && s[i + 2] == c;
            size_t close = i + (triple ? 3 : 1);
            while (close < to &&
                   !(s[close] == c &&
                     (!triple || (close + 2 < to && s[close + 1] == c && s[close + 2] == c)))) {
                if (s[close] == '\\') close++;
                close++;
            }
            close += triple ? 3 : 1;
            for (size_t k = i + 1; k < close && k < to && at + 1 < cap; k++)
                buf[at++] = s[k] == '\n' ? ' ' : s[k];
            i = close - 1;
        }
    }
    buf[at] = 0;
    return at;
}

const char *unit_text(const UnitNode *u, const SourceText *src, const LineIndex *lines, char *buf,
                      size_t cap) {
    if (cap < 8) return buf[0] = 0, buf;
    const Node *n = u->node;
    if (u->part == UNIT_ELSE) return strcpy(buf, "else:");
    size_t from = offset_of(src, lines, n->lineno, n->col_offset), to;
    bool whole_def =
        u->part == UNIT_WHOLE && (n->kind == AST_FUNCTION_DEF ||
                                  n->kind == AST_ASYNC_FUNCTION_DEF || n->kind == AST_CLASS_DEF);
    if (u->part == UNIT_WHOLE && !whole_def)
        to = offset_of(src, lines, n->end_lineno, n->end_col_offset);
    else
        to = header_end(src->text, from, src->len);
    size_t room = cap - 4; /* (for " …" or "…") */
    size_t at = put_flat(buf, 0, room, src->text, from, to);
    bool cut = at + 1 >= room;
    if (cut) {
        while (at && ((unsigned char)buf[at] & 0xc0) == 0x80) at--;
        buf[at] = 0;
    }
    if (cut || whole_def) strcat(buf, cut ? "…" : " …");
    return buf;
}

/* ---- finding a def ------------------------------------------------------------------------ */

static const Node *find_in(const NodeList *body, const char *name, int32_t line, int depth) {
    if (depth > 200) return NULL;
    for (int32_t i = 0; i < body->len; i++) {
        const Node *s = body->items[i];
        if (s->lineno > line || s->end_lineno < line) continue;
        if ((s->kind == AST_FUNCTION_DEF || s->kind == AST_ASYNC_FUNCTION_DEF) &&
            s->lineno == line && str_eq_c(s->FunctionDef.name, name))
            return s;
        const NodeList *inner[4] = {NULL, NULL, NULL, NULL};
        switch (s->kind) {
        case AST_CLASS_DEF: inner[0] = &s->ClassDef.body; break;
        case AST_FUNCTION_DEF:
        case AST_ASYNC_FUNCTION_DEF: inner[0] = &s->FunctionDef.body; break;
        case AST_IF:
        case AST_WHILE: inner[0] = &s->If.body, inner[1] = &s->If.orelse; break;
        case AST_FOR:
        case AST_ASYNC_FOR: inner[0] = &s->For.body, inner[1] = &s->For.orelse; break;
        case AST_WITH:
        case AST_ASYNC_WITH: inner[0] = &s->With.body; break;
        case AST_TRY:
        case AST_TRY_STAR:
            inner[0] = &s->Try.body, inner[1] = &s->Try.orelse, inner[2] = &s->Try.finalbody;
            for (int32_t k = 0; k < s->Try.handlers.len; k++) {
                const Node *r =
                    find_in(&s->Try.handlers.items[k]->ExceptHandler.body, name, line, depth + 1);
                if (r) return r;
            }
            break;
        default: break;
        }
        for (int k = 0; k < 4 && inner[k]; k++) {
            const Node *r = find_in(inner[k], name, line, depth + 1);
            if (r) return r;
        }
    }
    return NULL;
}

const Node *units_find_def(const Node *module, const char *name, int32_t line) {
    return find_in(&module->Module.body, name, line, 0);
}

bool units_param(const Node *fn, Str name, const Node **dflt) {
    const Node *a = fn->FunctionDef.args;
    if (!a) return false;
    const NodeList *pos[] = {&a->arguments.posonlyargs, &a->arguments.args};
    int32_t npos = pos[0]->len + pos[1]->len, first_default = npos - a->arguments.defaults.len;
    for (int32_t k = 0, at = 0; k < 2; k++)
        for (int32_t i = 0; i < pos[k]->len; i++, at++)
            if (str_eq(pos[k]->items[i]->arg.arg, name)) {
                *dflt =
                    at >= first_default ? a->arguments.defaults.items[at - first_default] : NULL;
                return true;
            }
    const NodeList *kw = &a->arguments.kwonlyargs;
    for (int32_t i = 0; i < kw->len; i++)
        if (str_eq(kw->items[i]->arg.arg, name)) {
            *dflt = i < a->arguments.kw_defaults.len ? a->arguments.kw_defaults.items[i] : NULL;
            return true;
        }
    return false;
}
