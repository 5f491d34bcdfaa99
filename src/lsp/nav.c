/* nav.c — navigation, answered from the whole-tree index as the queries answer:
 *   call hierarchy   prepare on a def; incoming calls are the `callers` query's (each call's
 *                    conditions in the item's detail), outgoing calls the calls in a def's body
 *                    whose callee the index resolves (a function, a method through self/cls or a
 *                    class, a dotted name);
 *   type hierarchy   prepare on a class or a method; a class's supertypes are its resolved bases
 *                    and its subtypes its direct subclasses (the `hierarchy` query); a method's
 *                    supertype is the method it overrides, its subtypes the methods overriding
 *                    it (the `overrides` query);
 *   hover            on a method's name: what it overrides, who overrides it and who inherits it
 *                    unchanged; on a class's name: its MRO.
 * An item's data names its file and the line of its def, so that it is found again in the index
 * of a later version of the tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/run.h"
#include "index/query.h"
#include "internal.h"
#include "parse/parser.h"

enum { KIND_MODULE = 2, KIND_CLASS = 5, KIND_METHOD = 6, KIND_FUNCTION = 12 };

/* A def or class of the index: module m, and a function (fn >= 0) or a class (cls >= 0). */
typedef struct Sym {
    int32_t m, fn, cls;
} Sym;

static void null_result(LspServer *s, const JsonValue *id) {
    result_begin(s, id);
    jw_null(&s->w);
    result_end(s);
}

static void empty_result(LspServer *s, const JsonValue *id) {
    result_begin(s, id);
    jw_open(&s->w, '[');
    jw_close(&s->w, ']');
    result_end(s);
}

/* The def or class whose name is at params' position in its document. */
static bool sym_at(LspServer *s, const JsonValue *id, const JsonValue *params, Sym *out) {
    Doc *d = param_doc(s, id, params);
    TextPos p;
    if (!d) return false;
    if (!json_position(json_get(params, "position"), &p)) {
        reply_error(s, id, RPC_INVALID_PARAMS, "position is missing");
        return false;
    }
    const ProjectIndex *ix = ws_index(s->ws);
    int32_t m = d->path && ix ? ws_module(s->ws, d->path) : -1;
    const char *ls;
    size_t n;
    if (m < 0 || !text_line(&d->text, p.line, &ls, &n)) {
        null_result(s, id);
        return false;
    }
    size_t at = text_offset(&d->text, p, s->enc) - (size_t)(ls - d->text.buf.data);
    int32_t line = p.line + 1, col = text_byte_to_char_col(ls, n, at, line == 1);
    const ModuleSummary *ms = ix->modules[m];
    for (int32_t i = 0; i < ms->nfunctions; i++) {
        const FuncSum *f = &ms->functions[i];
        if (f->line == line && col >= f->def_col && col <= f->def_end_col)
            return *out = (Sym){m, i, f->cls}, true;
    }
    for (int32_t i = 0; i < ms->nclasses; i++) {
        const SumLoc *l = &ms->classes[i].def;
        if (l->line == line && col >= l->col && col <= l->end_col)
            return *out = (Sym){m, -1, i}, true;
    }
    null_result(s, id);
    return false;
}

/* The symbol an item's data names, in the current index. */
static bool sym_of_item(LspServer *s, const JsonValue *item, Sym *out) {
    const JsonValue *data = json_get(item, "data");
    const char *path = json_string(json_get(data, "path"));
    int64_t line, fn;
    const ProjectIndex *ix = ws_index(s->ws);
    int32_t m = path && ix ? ws_module(s->ws, path) : -1;
    if (m < 0 || !json_as_int(json_get(data, "line"), &line) ||
        !json_as_int(json_get(data, "fn"), &fn))
        return false;
    const ModuleSummary *ms = ix->modules[m];
    const char *name = json_string(json_get(item, "name"));
    for (int32_t i = 0; fn && i < ms->nfunctions; i++) /* (fn: 1 for a def, 0 for a class) */
        if (ms->functions[i].line == line) return *out = (Sym){m, i, ms->functions[i].cls}, true;
    for (int32_t i = 0; !fn && i < ms->nclasses; i++)
        if (ms->classes[i].line == line && name && strcmp(ms->classes[i].qualname, name) == 0)
            return *out = (Sym){m, -1, i}, true;
    return false;
}

/* The symbol params.item names, in the current index: NULL (and an empty answer sent) when it
 * is gone, or is not a def (need_fn) or not in a class (need_cls). */
static const ProjectIndex *item_of(LspServer *s, const JsonValue *id, const JsonValue *params,
                                   Sym *y, bool need_fn, bool need_cls) {
    if (!sym_of_item(s, json_get(params, "item"), y) || (need_fn && y->fn < 0) ||
        (need_cls && y->cls < 0)) {
        empty_result(s, id);
        return NULL;
    }
    return ws_index(s->ws);
}

static const Text *text_for(LspServer *s, const char *path, Text *t, bool *owned) {
    return file_text(s, path, t, owned);
}

/* An item (CallHierarchyItem or TypeHierarchyItem: the same fields). */
static void put_item(LspServer *s, Sym y, const char *detail) {
    const ProjectIndex *ix = ws_index(s->ws);
    const ModuleSummary *ms = ix->modules[y.m];
    JsonWriter *w = &s->w;
    Text t;
    bool owned;
    const Text *tt = text_for(s, ms->path, &t, &owned);
    char q[QUALNAME_MAX];
    jw_open(w, '{');
    jw_key(w, "name");
    if (y.fn >= 0) {
        const FuncSum *f = &ms->functions[y.fn];
        jw_str(w, func_qualname(ms, f, q, sizeof q));
        jw_key(w, "kind");
        jw_int(w, f->cls >= 0 ? KIND_METHOD : KIND_FUNCTION);
    } else {
        jw_str(w, ms->classes[y.cls].qualname);
        jw_key(w, "kind");
        jw_int(w, KIND_CLASS);
    }
    jw_key(w, "detail");
    jw_str(w, detail ? detail : ms->module);
    jw_key(w, "uri");
    put_uri(s, ms->path);
    SumLoc sel;
    int32_t first, last;
    if (y.fn >= 0) {
        const FuncSum *f = &ms->functions[y.fn];
        sel = func_def(f), first = f->first_line, last = f->end_line;
    } else {
        const ClassSum *c = &ms->classes[y.cls];
        sel = c->def, first = c->line, last = c->end_line;
    }
    const char *le;
    size_t ln = 0;
    if (tt) text_line(tt, last - 1, &le, &ln);
    jw_key(w, "range");
    put_range(s, tt, first, 1, last, (int32_t)ln + 1);
    jw_key(w, "selectionRange");
    put_range(s, tt, sel.line, sel.col, sel.end_line, sel.end_col);
    jw_key(w, "data");
    jw_open(w, '{');
    jw_key(w, "path");
    jw_str(w, ms->path);
    jw_key(w, "line");
    jw_int(w, y.fn >= 0 ? ms->functions[y.fn].line : ms->classes[y.cls].line);
    jw_key(w, "fn");
    jw_int(w, y.fn >= 0);
    jw_close(w, '}');
    jw_close(w, '}');
    if (owned) text_free(&t);
}

/* prepareCallHierarchy (calls: a def) and prepareTypeHierarchy (a class, or a method). */
static void prepare(LspServer *s, const JsonValue *id, const JsonValue *params, bool calls) {
    Sym y;
    if (!sym_at(s, id, params, &y)) return;
    if (calls ? y.fn < 0 : y.fn >= 0 && y.cls < 0) {
        null_result(s, id);
        return;
    }
    result_begin(s, id);
    jw_open(&s->w, '[');
    put_item(s, y, NULL);
    jw_close(&s->w, ']');
    result_end(s);
}

/* ---- call hierarchy -------------------------------------------------------------------------- */

void call_prepare(LspServer *s, const JsonValue *id, const JsonValue *params) {
    prepare(s, id, params, true);
}

/* Whether the file's text (its buffer, or the file) holds `name`: a file that does not cannot
 * call it (an alias is imported by that name too). */
static bool mentions(LspServer *s, const char *path, const char *name) {
    size_t len;
    const char *b = ws_buffer(s->ws, path, &len);
    Text t;
    bool owned = false;
    if (!b) {
        const Text *tt = file_text(s, path, &t, &owned);
        if (!tt) return false;
        b = tt->buf.data ? tt->buf.data : "", len = tt->buf.len;
    }
    bool yes = memmem(b, len, name, strlen(name)) != NULL;
    if (owned) text_free(&t);
    return yes;
}

/* Whether call c of module m is one of name's that reaches target t (as the callers query
 * says). */
static bool reaches(const ProjectIndex *ix, int32_t m, const CallSum *c, const Target *t,
                    const char *name, Reach *how) {
    return (strcmp(c->callee, name) == 0 || c->kind == RECV_NAME) &&
           query_call_reaches(ix, m, c, t, 1, how);
}

void call_incoming(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Sym y;
    const ProjectIndex *ix = item_of(s, id, params, &y, true, false);
    if (!ix) return;
    const char *name = ix->modules[y.m]->functions[y.fn].name;
    /* the callers query: the files that mention the name are summarized again with its call
     * sites and their conditions; the index over them and the other files' summaries answers */
    const char **files = dw_malloc(sizeof *files * (size_t)(ix->nmodules + 1));
    ModuleSummary **mods = dw_malloc(sizeof *mods * (size_t)(ix->nmodules + 1));
    int32_t nfiles = 0;
    for (int32_t m = 0; files && m < ix->nmodules; m++)
        if (mentions(s, ix->modules[m]->path, name)) files[nfiles++] = ix->modules[m]->path;
    SummaryOptions so = {.callers_of = name};
    bool *none = calloc((size_t)check_count + 1, 1); /* (no rule runs: the summaries are wanted) */
    CheckOptions co = {.enabled = none};
    RunOptions ro = {.check = &co, .jobs = 1, .summary = &so, .overlay = ws_overlay(s->ws)};
    RunResult rr;
    bool ok = files && mods && none && run_files(files, nfiles, &ro, &rr);
    ProjectIndex qix;
    bool built = false;
    if (ok) {
        int32_t k = 0;
        for (int32_t m = 0; m < ix->nmodules; m++) {
            ModuleSummary *again = NULL; /* (both lists are sorted by path) */
            while (k < rr.index.nmodules &&
                   strcmp(rr.index.modules[k]->path, ix->modules[m]->path) < 0)
                k++;
            if (k < rr.index.nmodules &&
                strcmp(rr.index.modules[k]->path, ix->modules[m]->path) == 0)
                again = rr.index.modules[k];
            mods[m] = again ? again : ix->modules[m];
        }
        built = ok = index_build(&qix, mods, ix->nmodules);
    }
    result_begin(s, id);
    jw_open(&s->w, '[');
    Buf line;
    buf_init(&line);
    Target t = {y.m, y.fn, y.cls};
    for (int32_t m = 0; built && m < qix.nmodules; m++) {
        const ModuleSummary *ms = qix.modules[m];
        /* the calls of one function together: one item, its call ranges */
        for (int32_t i = 0; i < ms->ncalls; i++) {
            const CallSum *c = &ms->calls[i];
            Reach how;
            if (strcmp(c->callee, name) != 0 && c->kind != RECV_NAME) continue;
            if (!query_call_reaches(&qix, m, c, &t, 1, &how)) continue;
            bool first = true;
            for (int32_t j = 0; j < i && first; j++) {
                Reach h2;
                first =
                    !(ms->calls[j].func == c->func && ms->calls[j].cls == c->cls &&
                      (strcmp(ms->calls[j].callee, name) == 0 || ms->calls[j].kind == RECV_NAME) &&
                      query_call_reaches(&qix, m, &ms->calls[j], &t, 1, &h2));
            }
            if (!first) continue;
            Buf detail;
            buf_init(&detail);
            buf_puts(&detail, query_reach_name(how));
            if (c->nguards)
                buf_printf(&detail, "; when: %s", query_conjunction(&line, c->guards, c->nguards));
            if (c->ncalled)
                buf_printf(&detail, "; unless a call changed it since: %s",
                           query_conjunction(&line, c->called, c->ncalled));
            if (c->flags & CALL_IN_FINALLY) buf_puts(&detail, "; in finally");
            jw_open(&s->w, '{');
            jw_key(&s->w, "from");
            /* the caller: its def, its class, or the module */
            Sym from = {ws_module(s->ws, ms->path), c->func, c->func >= 0 ? -1 : c->cls};
            if (from.m >= 0 && (from.fn >= 0 || from.cls >= 0)) {
                put_item(s, from, buf_cstr(&detail));
            } else {
                Text tx;
                bool owned;
                const Text *tt = text_for(s, ms->path, &tx, &owned);
                jw_open(&s->w, '{');
                jw_key(&s->w, "name");
                jw_str(&s->w, ms->module);
                jw_key(&s->w, "kind");
                jw_int(&s->w, KIND_MODULE);
                jw_key(&s->w, "detail");
                jw_str(&s->w, buf_cstr(&detail));
                jw_key(&s->w, "uri");
                put_uri(s, ms->path);
                jw_key(&s->w, "range");
                put_range(s, tt, c->loc.line, c->loc.col, c->loc.end_line, c->loc.end_col);
                jw_key(&s->w, "selectionRange");
                put_range(s, tt, c->loc.line, c->loc.col, c->loc.end_line, c->loc.end_col);
                jw_close(&s->w, '}');
                if (owned) text_free(&tx);
            }
            buf_free(&detail);
            jw_key(&s->w, "fromRanges");
            jw_open(&s->w, '[');
            Text tx;
            bool owned;
            const Text *tt = text_for(s, ms->path, &tx, &owned);
            for (int32_t j = i; j < ms->ncalls; j++) {
                const CallSum *o = &ms->calls[j];
                Reach h3;
                if (o->func != c->func || o->cls != c->cls || !reaches(&qix, m, o, &t, name, &h3))
                    continue;
                put_range(s, tt, o->loc.line, o->loc.col, o->loc.end_line, o->loc.end_col);
            }
            if (owned) text_free(&tx);
            jw_close(&s->w, ']');
            jw_close(&s->w, '}');
        }
    }
    jw_close(&s->w, ']');
    result_end(s);
    buf_free(&line);
    if (built) index_free(&qix);
    if (files && mods && none && ok) run_result_free(&rr);
    free(none);
    dw_free(files);
    dw_free(mods);
}

/* The calls in a def's body (not in the defs and classes nested in it), walked without
 * recursion. */
typedef struct Calls {
    const Node **stack;
    int32_t sp, cap;
    bool failed;
} Calls;

static int push_child(Node *n, void *ud) {
    Calls *c = ud;
    if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
        n->kind == AST_CLASS_DEF || n->kind == AST_LAMBDA)
        return 0;
    if (c->sp == c->cap && hvec_grow_((void **)&c->stack, &c->cap, sizeof *c->stack, c->sp + 1)) {
        c->failed = true;
        return 1;
    }
    c->stack[c->sp++] = n;
    return 0;
}

static int push_any(Node *n, void *ud) {
    Calls *c = ud;
    if (c->sp == c->cap && hvec_grow_((void **)&c->stack, &c->cap, sizeof *c->stack, c->sp + 1)) {
        c->failed = true;
        return 1;
    }
    c->stack[c->sp++] = n;
    return 0;
}

/* The def that starts at `line` (its `def`, decorators aside). */
static const Node *def_at(Node *module, int32_t line, Calls *c) {
    c->sp = 0;
    push_any(module, c);
    while (c->sp) {
        const Node *n = c->stack[--c->sp];
        if ((n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF) && n->lineno == line)
            return n;
        if (n->kind == AST_MODULE || ast_is_stmt(n)) ast_children((Node *)n, push_any, c);
    }
    return NULL;
}

/* What a call's function resolves to, from inside def y: a function of the tree, or a method
 * through self/cls or a class. */
static bool callee(const ProjectIndex *ix, Sym y, const Node *f, Sym *out) {
    char dotted[512];
    size_t n = 0;
    const Node *e = f;
    const char *parts[16];
    int32_t lens[16], np = 0;
    while (e->kind == AST_ATTRIBUTE && np < 16) {
        parts[np] = e->Attribute.attr.s, lens[np++] = e->Attribute.attr.len;
        e = e->Attribute.value;
    }
    if (e->kind != AST_NAME || np >= 16) return false;
    parts[np] = e->Name.id.s, lens[np++] = e->Name.id.len;
    for (int32_t i = np - 1; i >= 0; i--) {
        if (n + (size_t)lens[i] + 2 > sizeof dotted) return false;
        if (i != np - 1) dotted[n++] = '.';
        memcpy(dotted + n, parts[i], (size_t)lens[i]);
        n += (size_t)lens[i];
    }
    dotted[n] = 0;
    const ModuleSummary *ms = ix->modules[y.m];
    const FuncSum *fs = &ms->functions[y.fn];
    if (np == 2 && fs->cls >= 0 &&
        (strcmp(parts[1], "self") == 0 || strcmp(parts[1], "cls") == 0) &&
        lens[1] == (int32_t)strlen(parts[1])) {
        char meth[256];
        snprintf(meth, sizeof meth, "%.*s", (int)lens[0], parts[0]);
        ClassRef owner;
        int32_t fn;
        bool unc;
        if (!index_lookup_method(ix, (ClassRef){y.m, fs->cls}, meth, 0, &owner, &fn, &unc))
            return false;
        return *out = (Sym){owner.module, fn, owner.cls}, true;
    }
    Entity ent = index_resolve_dotted(ix, y.m, dotted);
    if (ent.kind == ENT_FUNCTION)
        return *out = (Sym){ent.module, ent.item, ix->modules[ent.module]->functions[ent.item].cls},
               true;
    if (ent.kind == ENT_CLASS) return *out = (Sym){ent.module, -1, ent.item}, true;
    return false;
}

void call_outgoing(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Sym y;
    const ProjectIndex *ix = item_of(s, id, params, &y, true, false);
    if (!ix) return;
    const ModuleSummary *ms = ix->modules[y.m];
    const FuncSum *fs = &ms->functions[y.fn];
    /* the def's text, parsed on its own (its lines shifted back to the file's) */
    Text t;
    bool owned;
    const Text *tt = text_for(s, ms->path, &t, &owned);
    Arena a;
    arena_init(&a);
    result_begin(s, id);
    jw_open(&s->w, '[');
    SourceText st;
    ParseResult pr;
    ParseError err;
    if (tt && parse_bytes(&a, tt->buf.data ? tt->buf.data : "", tt->buf.len, &st, &pr, &err) ==
                  PARSE_OK) {
        Calls c = {0};
        const Node *def = def_at(pr.module, fs->line, &c);
        c.sp = 0;
        Sym seen[256];
        int32_t nseen = 0;
        if (def) {
            for (int32_t i = 0; i < def->FunctionDef.body.len; i++)
                push_child(def->FunctionDef.body.items[i], &c);
        }
        while (c.sp) {
            const Node *n = c.stack[--c.sp];
            ast_children((Node *)n, push_child, &c);
            Sym to;
            if (n->kind != AST_CALL || !callee(ix, y, n->Call.func, &to)) continue;
            bool dup = false;
            for (int32_t k = 0; k < nseen && !dup; k++)
                dup = seen[k].m == to.m && seen[k].fn == to.fn && seen[k].cls == to.cls;
            if (dup || nseen == 256) continue;
            seen[nseen++] = to;
            jw_open(&s->w, '{');
            jw_key(&s->w, "to");
            put_item(s, to, NULL);
            jw_key(&s->w, "fromRanges");
            jw_open(&s->w, '[');
            const char *ls;
            size_t ln;
            int32_t col = 1, end_col = 1;
            if (text_line(tt, n->lineno - 1, &ls, &ln))
                col = text_byte_to_char_col(ls, ln, (size_t)n->col_offset, n->lineno == 1);
            if (text_line(tt, n->end_lineno - 1, &ls, &ln))
                end_col =
                    text_byte_to_char_col(ls, ln, (size_t)n->end_col_offset, n->end_lineno == 1);
            put_range(s, tt, n->lineno, col, n->end_lineno, end_col);
            jw_close(&s->w, ']');
            jw_close(&s->w, '}');
        }
        dw_free(c.stack);
    }
    jw_close(&s->w, ']');
    result_end(s);
    arena_free(&a);
    if (owned) text_free(&t);
}

/* ---- type hierarchy -------------------------------------------------------------------------- */

void type_prepare(LspServer *s, const JsonValue *id, const JsonValue *params) {
    prepare(s, id, params, false); /* (a function is in no type hierarchy) */
}

/* The method `name` overrides from class r: the next definition along r's MRO. */
static bool overridden(const ProjectIndex *ix, ClassRef r, const char *name, Sym *out) {
    ClassRef owner;
    int32_t fn;
    bool unc;
    if (!index_lookup_method(ix, r, name, 1, &owner, &fn, &unc)) return false;
    *out = (Sym){owner.module, fn, owner.cls};
    return true;
}

void type_supertypes(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Sym y;
    const ProjectIndex *ix = item_of(s, id, params, &y, false, true);
    if (!ix) return;
    result_begin(s, id);
    jw_open(&s->w, '[');
    if (y.fn >= 0) {
        Sym base;
        if (overridden(ix, (ClassRef){y.m, y.cls}, ix->modules[y.m]->functions[y.fn].name, &base))
            put_item(s, base, NULL);
    } else {
        const ClassInfo *ci = index_class_info(ix, (ClassRef){y.m, y.cls});
        for (int32_t b = 0; b < ci->nbases; b++)
            if (ci->bases[b].module >= 0)
                put_item(s, (Sym){ci->bases[b].module, -1, ci->bases[b].cls}, NULL);
    }
    jw_close(&s->w, ']');
    result_end(s);
}

void type_subtypes(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Sym y;
    const ProjectIndex *ix = item_of(s, id, params, &y, false, true);
    if (!ix) return;
    result_begin(s, id);
    jw_open(&s->w, '[');
    ClassRef r = {y.m, y.cls};
    if (y.fn >= 0) { /* the overrides of it: methods of derived classes whose base method it is */
        const char *name = ix->modules[y.m]->functions[y.fn].name;
        Arena a;
        arena_init(&a);
        ClassRef *ds;
        int32_t n = index_descendants(ix, r, false, &a, &ds);
        for (int32_t i = 0; i < n; i++) {
            int32_t fn = index_class_method(ix, ds[i], name);
            Sym base;
            if (fn >= 0 && overridden(ix, ds[i], name, &base) && base.m == y.m && base.fn == y.fn)
                put_item(s, (Sym){ds[i].module, fn, ds[i].cls}, NULL);
        }
        arena_free(&a);
    } else {
        const ClassInfo *ci = index_class_info(ix, r);
        for (int32_t i = 0; i < ci->nsub; i++)
            put_item(s, (Sym){ci->subclasses[i].module, -1, ci->subclasses[i].cls}, NULL);
    }
    jw_close(&s->w, ']');
    result_end(s);
}

/* ---- hover ----------------------------------------------------------------------------------- */

static void put_ref(Buf *b, const ProjectIndex *ix, Sym y) {
    const ModuleSummary *ms = ix->modules[y.m];
    const char *file = strrchr(ms->path, '/');
    char q[QUALNAME_MAX];
    int32_t line = y.fn >= 0 ? ms->functions[y.fn].line : ms->classes[y.cls].line;
    buf_printf(b, "`%s` (%s:%d)",
               y.fn >= 0 ? func_qualname(ms, &ms->functions[y.fn], q, sizeof q)
                         : ms->classes[y.cls].qualname,
               file ? file + 1 : ms->path, (int)line);
}

void hover(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Sym y;
    if (!sym_at(s, id, params, &y)) return;
    const ProjectIndex *ix = ws_index(s->ws);
    Buf b;
    buf_init(&b);
    if (y.fn >= 0 && y.cls >= 0) {
        const char *name = ix->modules[y.m]->functions[y.fn].name;
        ClassRef r = {y.m, y.cls};
        Sym base;
        put_ref(&b, ix, y);
        buf_puts(&b, "\n\n");
        if (overridden(ix, r, name, &base)) {
            buf_puts(&b, "Overrides ");
            put_ref(&b, ix, base);
            buf_puts(&b, ".\n\n");
        }
        Arena a;
        arena_init(&a);
        ClassRef *ds;
        int32_t n = index_descendants(ix, r, false, &a, &ds);
        int32_t over = 0, inh = 0;
        for (int pass = 0; pass < 2; pass++)
            for (int32_t i = 0; i < n; i++) {
                int32_t fn = index_class_method(ix, ds[i], name);
                ClassRef owner;
                int32_t got;
                bool unc;
                if (pass == 0 && fn >= 0 && overridden(ix, ds[i], name, &base) && base.m == y.m &&
                    base.fn == y.fn) {
                    buf_puts(&b, over++ ? ", " : "Overridden by ");
                    put_ref(&b, ix, (Sym){ds[i].module, fn, ds[i].cls});
                } else if (pass == 1 && fn < 0 &&
                           index_lookup_method(ix, ds[i], name, 0, &owner, &got, &unc) &&
                           class_same(owner, r) && got == y.fn) {
                    buf_puts(&b, inh++ ? ", " : "Inherited unchanged by ");
                    put_ref(&b, ix, (Sym){ds[i].module, -1, ds[i].cls});
                }
                if (i == n - 1 && ((pass == 0 && over) || (pass == 1 && inh)))
                    buf_puts(&b, ".\n\n");
            }
        if (!over && !inh) buf_puts(&b, "No class of the tree overrides or inherits it.\n");
        arena_free(&a);
    } else if (y.fn < 0) {
        ClassRef r = {y.m, y.cls}, x;
        put_ref(&b, ix, y);
        buf_puts(&b, "\n\nMRO: ");
        int32_t k = 0;
        for (MroIter it = mro_begin(ix, r); mro_next(&it, &x) && k < 64; k++)
            buf_printf(&b, "%s%s", k ? " → " : "", index_class(ix, x)->qualname);
        if (!index_class_info(ix, r)->mro_complete) buf_puts(&b, k ? " → …" : "unknown");
        buf_puts(&b, "\n");
    } else {
        put_ref(&b, ix, y);
        buf_puts(&b, "\n");
    }
    result_begin(s, id);
    jw_open(&s->w, '{');
    jw_key(&s->w, "contents");
    jw_open(&s->w, '{');
    jw_key(&s->w, "kind");
    jw_str(&s->w, s->hover_markdown ? "markdown" : "plaintext");
    jw_key(&s->w, "value");
    jw_str(&s->w, buf_cstr(&b));
    jw_close(&s->w, '}');
    jw_close(&s->w, '}');
    result_end(s);
    buf_free(&b);
}
