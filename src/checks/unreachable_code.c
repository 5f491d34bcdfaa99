/* DW105 unreachable-code
 *
 * What it does: finds statements that can never run: those after a `return`, `raise`, `break`
 * or `continue` in the same block; after an `if`/`elif`/`else` or a `match` every arm of which
 * leaves (a `match` whose last case is `case _:`); after `while True:` with no `break`; after a
 * `try` whose body and every handler leave; after a call of `sys.exit`, `os._exit` or
 * `os.abort`, or of a function of the tree that can only raise or exit (one with no `return`
 * whose every path ends in `raise` or in such a call: a whole-tree fact, so a call in one file
 * of a function in another is followed); and an `except` clause that an earlier clause of the
 * same `try` always catches first (`except Exception:` before `except ValueError:`, by the
 * builtin exception hierarchy and the tree's own exception classes). Reported once per
 * unreachable block, at its first statement.
 *
 * Why is this a bug: code that cannot run does nothing, yet reads as if it did: either it is
 * left over and should go, or the statement before it was not meant to leave (a `return`
 * indented one level too deep, a handler shadowed by a broader one written above it).
 *
 * Example:
 *     def load(path):
 *         if not os.path.exists(path):
 *             fail(f"no such file: {path}")    # fail() always raises
 *             log.info("skipping %s", path)    # never runs
 *         try:
 *             return parse(path)
 *         except Exception:
 *             return None
 *         except ValueError:                   # never runs: Exception catches it first
 *             log.warning("bad file")
 *
 * Use instead: delete the dead code, or fix the statement that leaves too early.
 *
 * Not reported: code switched off on purpose: under `if TYPE_CHECKING:` or a constant test
 * (`if False:`, `if 0:`; an `if` whose test is a constant or TYPE_CHECKING never counts as
 * leaving), after a function body's first statement when it leaves (a stub's `raise`, a
 * `return`), after a bare `return`, after `raise NotImplementedError`,
 * `raise AssertionError(...)` or `assert False` (the author says it is not reached), after a
 * module-level `raise` (a module that refuses to be imported), and wherever a comment follows
 * the statement that leaves or stands between it and the dead code (a `# TODO` on the `raise`,
 * `# the slower way, kept for reference:` above the code); a lone `yield` after `return` (the idiom
 * that makes a function a generator); the fallback written for readers and type checkers after
 * a statement that leaves only through what it holds (an `if` every arm of which returns,
 * `while True:`, a call that never returns): a lone `return None`, `raise`, `sys.exit(...)` or
 * `NAME = None`, or a `return` of what that statement already returns (`return out` after a
 * `while True:` that returns `out`); blocks of docstrings, `...` and `pass` only. Code after a
 * call that never returns, and after `sys.exit()`, inside a `try` with handlers or a `with` that
 * suppresses exceptions (`pytest.raises`, `assertRaises`, `suppress`), where what the call
 * raises may be caught (the test idiom `func(); self.fail()`); code after a `with` whose body
 * raises (the context manager may swallow it), and after one whose body returns when a context
 * manager of it is not known to let exceptions through: only files (`open`, any `x.open(...)`,
 * `fdopen`, tempfile's files and directories, `ZipFile`, `TarFile`), `Popen`, locks
 * (threading's, and `lock`, `self._lock`, `self.writeLock`, `mutex` and the like), mock patches,
 * `catch_warnings`, output redirection, `closing`, `nullcontext` and `chdir` are, and those the
 * module defines once itself, unless the function binds the name, that never catch (a
 * `@contextmanager` generator whose `yield` stands in no `try` with a handler that may end
 * otherwise than by `raise` or a `finally` that returns, a class whose `__exit__`, for
 * `async with` its `__aexit__`, returns nothing true); any other may swallow what the body
 * raises before it returns (`with client.ignore_not_found:`, a timeout's cancel scope), and the
 * code after it runs then. As functions that never return: none
 * that may return or loop forever, generators, async functions, decorated functions (a decorator
 * may catch), abstract methods and stubs (`raise NotImplementedError`), and not `self.m()` when a
 * class deriving from the caller's defines `m` again. `except` clauses naming anything but builtin
 * exceptions (unless the module binds the name) and classes of the tree whose ancestry is
 * known, and `except*` clauses.
 *
 * Fix (sometimes available): the unreachable statements are deleted, to the end of their block
 * (whole lines; a statement sharing its line with reachable ones goes with its `;`), and an
 * `except` clause an earlier one always catches first is deleted, body and all (the `try` keeps
 * that earlier clause). Safe: the code deleted never runs. Unsafe when a comment in it would be
 * lost; when it is unreachable only because a call never returns (`sys.exit()`, or a function
 * of the tree that can only raise: a mock or a monkeypatch may make it return); and when it
 * binds a name that the rest of its def or class mentions and nothing else there binds, or
 * declares one `global` or `nonlocal` (a binding makes the name the scope's own even where it
 * never runs: deleting it may turn the other mentions into reads of a global). No fix when it
 * holds the only `yield` of its def (deleting it would make a generator a plain function; an
 * `await` changes nothing, an `async def` is a coroutine either way), or when the file cannot
 * be read again as analyzed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/names.h"
#include "check/tree.h"
#include "check/tree_text.h"
#include "index/collect.h"
#include "leaves.h"
#include "rule_docs.h"

extern const Check check_unreachable_code;

/* ---- what each file gives: its facts ------------------------------------------------------ */

/* A call that must never return for some code to be unreachable. */
typedef struct CallAt {
    CallRef ref;
    int32_t line;
} CallAt;

/* A block of statements that never runs: certainly (why), or if calls never return. */
typedef struct Dead {
    SumLoc at;            /* its first statement */
    int32_t last_line;    /* its last line */
    const char *why;      /* what leaves before it ("the `return` on line 12"), or NULL: */
    int32_t call, ncalls; /* Facts.calls[call ..] all never return */
} Dead;

/* A function with no `return` whose every path raises (ncalls 0), or ends in one of calls. */
typedef struct NeverFn {
    int32_t fn;
    int32_t call, ncalls;
} NeverFn;

/* An `except` clause of a `try` with several: what it names. */
typedef struct Handler {
    SumLoc at;            /* `except NAME` */
    int32_t group;        /* the clauses of one `try` share it, in order */
    int32_t name, nnames; /* Facts.names[name ..]: dotted names; nnames -1: something else */
} Handler;

typedef struct Facts {
    const Dead *dead;
    int32_t ndead;
    const CallAt *calls;
    int32_t ncalls;
    const NeverFn *fns;
    int32_t nfns;
    const Handler *handlers;
    int32_t nhandlers;
    const char **names;
    int32_t nnames;
} Facts;

/* ---- collecting them during the walk ------------------------------------------------------ */

/* A def or class bound once at the module's top level, by name (a context manager it may make). */
typedef struct OwnDef {
    Str name;
    const Node *def;
} OwnDef;

typedef struct State {
    SumBuilder *sb;
    const Node *first; /* the first statement of the function being looked at (its docstring
                          aside), or NULL */
    const NodeList *module_body;
    OwnDef *own; /* the module's defs and classes it binds nothing else to, sorted by name */
    int32_t nown;
    bool own_made;
    const Node *names_of; /* the function whose names `bound` holds, or NULL */
    UnitNames bound;
    VEC(Dead) dead;
    VEC(CallAt) calls;
    VEC(NeverFn) fns;
    VEC(Handler) handlers;
    VEC(const char *) names;
    int32_t groups;
} State;

static void fail(State *st) {
    summary_fail(st->sb);
}

static bool exits(void *ud, const Node *call) {
    State *st = ud;
    CallRef r; /* (sys imported by the module, and no local of the function) */
    return summary_may_resolve(st->sb, call) &&
           summary_call_ref(st->sb, call, summary_current_unit(st->sb), CALLREF_RESOLVABLE, &r);
}

static int by_own_name(const void *a, const void *b) {
    Str x = ((const OwnDef *)a)->name, y = ((const OwnDef *)b)->name;
    int c = memcmp(x.s, y.s, (size_t)(x.len < y.len ? x.len : y.len));
    return c ? c : (x.len > y.len) - (x.len < y.len);
}

static Str def_name(const Node *s) {
    return s->kind == AST_FUNCTION_DEF         ? s->FunctionDef.name
           : s->kind == AST_ASYNC_FUNCTION_DEF ? s->AsyncFunctionDef.name
           : s->kind == AST_CLASS_DEF          ? s->ClassDef.name
                                               : (Str){NULL, 0};
}

/* The module's defs and classes whose names nothing else binds at module level (not another def,
 * nor an import, an assignment or a def inside an `if` or a `try`), once per file. */
static bool make_own(State *st) {
    Arena *a = summary_scratch(st->sb);
    const NodeList *m = st->module_body;
    NameSet defs = {0}, other = {0};
    st->own_made = true;
    for (int32_t i = 0; m && i < m->len; i++) {
        Str n = def_name(m->items[i]);
        bool ok = !n.s                     ? names_bound_by(a, m->items[i], &other)
                  : name_set_has(&defs, n) ? name_set_add(a, &other, n)
                                           : name_set_add(a, &defs, n);
        if (!ok) return false;
    }
    st->own = defs.count ? arena_alloc(a, sizeof *st->own * (size_t)defs.count) : NULL;
    if (defs.count && !st->own) return false;
    for (int32_t i = 0; m && i < m->len; i++) {
        Str n = def_name(m->items[i]);
        if (n.s && !name_set_has(&other, n)) st->own[st->nown++] = (OwnDef){n, m->items[i]};
    }
    if (st->nown) qsort(st->own, (size_t)st->nown, sizeof *st->own, by_own_name);
    return true;
}

/* Leaves.cm_def: the module's def or class that `NAME(...)` calls, unless the function the call
 * is in binds NAME itself. */
static const Node *cm_def(void *ud, const Node *call) {
    State *st = ud;
    Str name = call->Call.func->Name.id;
    if (!st->own_made && !make_own(st)) return NULL;
    OwnDef key = {name, NULL};
    const OwnDef *d =
        st->nown ? bsearch(&key, st->own, (size_t)st->nown, sizeof *st->own, by_own_name) : NULL;
    if (!d) return NULL;
    const Node *unit = summary_current_unit(st->sb);
    if (unit->kind == AST_FUNCTION_DEF || unit->kind == AST_ASYNC_FUNCTION_DEF) {
        if (st->names_of != unit) {
            if (!unit_names_scan(summary_scratch(st->sb), unit, &st->bound)) return NULL;
            st->names_of = unit;
        }
        if (name_set_has(&st->bound.bound, name)) return NULL;
    }
    return d->def;
}

static bool maybe_never(void *ud, const Node *call) {
    State *st = ud;
    return summary_may_resolve(st->sb, call);
}

/* The calls of e, recorded: their first index in st->calls, or -1 when one is not a call the
 * index can resolve. */
static int32_t add_calls(State *st, const Exit *e) {
    int32_t first = st->calls.len;
    for (int32_t i = 0; i < e->ncalls; i++) {
        CallAt c = {.line = e->calls[i]->lineno};
        if (!summary_call_ref(st->sb, e->calls[i], summary_current_unit(st->sb),
                              CALLREF_RESOLVABLE | CALLREF_LATER, &c.ref)) {
            st->calls.len = first;
            return -1;
        }
        if (VEC_PUSH(summary_scratch(st->sb), st->calls, c)) fail(st);
    }
    return first;
}

/* What leaves before an unreachable block, for the message. */
static const char *why_text(State *st, const Exit *e) {
    char buf[160];
    const Node *w = e->why;
    int line = w->lineno;
    switch (w->kind) {
    case AST_RETURN: snprintf(buf, sizeof buf, "it follows the `return` on line %d", line); break;
    case AST_RAISE: snprintf(buf, sizeof buf, "it follows the `raise` on line %d", line); break;
    case AST_BREAK: snprintf(buf, sizeof buf, "it follows the `break` on line %d", line); break;
    case AST_CONTINUE:
        snprintf(buf, sizeof buf, "it follows the `continue` on line %d", line);
        break;
    case AST_IF: snprintf(buf, sizeof buf, "every arm of the `if` on line %d leaves", line); break;
    case AST_MATCH:
        snprintf(buf, sizeof buf, "every case of the `match` on line %d leaves", line);
        break;
    case AST_WHILE:
        snprintf(buf, sizeof buf, "the `while` loop on line %d never ends (it has no `break`)",
                 line);
        break;
    case AST_TRY:
    case AST_TRY_STAR:
        snprintf(buf, sizeof buf, "the `try` on line %d leaves on every path", line);
        break;
    case AST_EXPR: {
        const Node *f = w->Expr.value->Call.func;
        snprintf(buf, sizeof buf, "`%.*s.%.*s()` on line %d never returns",
                 (int)f->Attribute.value->Name.id.len, f->Attribute.value->Name.id.s,
                 (int)f->Attribute.attr.len, f->Attribute.attr.s, line);
        break;
    }
    default: snprintf(buf, sizeof buf, "the statement on line %d leaves", line); break;
    }
    return summary_str(st->sb, (Str){buf, (int32_t)strlen(buf)});
}

static bool is_const(const Node *e, ConstKind k) {
    return e && e->kind == AST_CONSTANT && e->Constant.value.kind == k;
}

/* A statement that does nothing: a string (a docstring left behind), `...`, `pass`. */
static bool no_op(const Node *s) {
    return s->kind == AST_PASS || (s->kind == AST_EXPR && s->Expr.value->kind == AST_CONSTANT);
}

/* Whether statement s is `raise NAME` or `raise NAME(...)`. */
static bool raises(const Node *s, const char *name) {
    if (s->kind != AST_RAISE || !s->Raise.exc) return false;
    const Node *e = s->Raise.exc->kind == AST_CALL ? s->Raise.exc->Call.func : s->Raise.exc;
    return e->kind == AST_NAME && str_eq_c(e->Name.id, name);
}

/* A statement that says, for readers or for tools, that control does not get there: `assert
 * False`, `raise AssertionError(...)`. */
static bool not_reached(const Node *s) {
    if (s->kind == AST_ASSERT) {
        const Node *t = s->Assert.test;
        return is_const(t, CONST_FALSE) || is_const(t, CONST_NONE) ||
               (t->kind == AST_CONSTANT && t->Constant.value.kind == CONST_INT &&
                t->Constant.value.i == 0);
    }
    return raises(s, "AssertionError");
}

/* After a statement that leaves only through what it holds (a call that never returns, an `if`
 * every arm of which returns, `while True:`), the fallback written for readers and for type
 * checkers, which cannot know: a `return` (of None), a `raise`, `sys.exit(...)`, `NAME = None`. */
static bool fallback(const Node *s) {
    return (s->kind == AST_RETURN && (!s->Return.value || is_const(s->Return.value, CONST_NONE))) ||
           s->kind == AST_RAISE || (s->kind == AST_EXPR && leaves_exit_call(s->Expr.value)) ||
           (s->kind == AST_ASSIGN && s->Assign.targets.len == 1 &&
            s->Assign.targets.items[0]->kind == AST_NAME && is_const(s->Assign.value, CONST_NONE));
}

/* Whether statement s is `return v` (ud). */
static bool returns_value(const Node *s, void *ud) {
    return s->kind == AST_RETURN && s->Return.value && ast_equal(s->Return.value, ud);
}

/* Whether the tail l[at..] after e is there on purpose, not worth a finding. */
static bool deliberate(const State *st, const NodeList *l, int32_t at, const Exit *e) {
    const Node *first = l->items[at], *why = e->why;
    /* (a call that never returns, or a compound statement: leaving through what it holds) */
    bool held = !e->how || why->kind == AST_EXPR || ast_is_compound(why);
    /* code switched off on purpose: a body that starts by leaving (by a `return`, a `raise` or
     * a call), a bare `return` above code, a module that refuses to be imported, `raise
     * NotImplementedError` above an old body, and code after `raise AssertionError` / `assert
     * False` (the author says it is not reached) */
    if ((why == st->first && !ast_is_compound(why)) ||
        (why->kind == AST_RETURN && !why->Return.value) ||
        (l == st->module_body && why->kind == AST_RAISE) || not_reached(why) ||
        raises(why, "NotImplementedError"))
        return true;
    /* a comment after the statement that leaves, or between it and the dead code: the author
     * knows (`raise X  # TODO: can this happen?`, `# the old way, kept for reference:`) */
    if (held ? summary_has_comment(st->sb, why->end_lineno + 1, 0, first->lineno)
             : summary_has_comment(st->sb, why->end_lineno, why->end_col_offset, first->lineno))
        return true;
    bool all_no_op = true;
    for (int32_t i = at; i < l->len && all_no_op; i++) all_no_op = no_op(l->items[i]);
    if (all_no_op) return true;
    if (at != l->len - 1) return false;
    /* a lone `yield`: the idiom that makes a function a generator */
    if (first->kind == AST_EXPR &&
        (first->Expr.value->kind == AST_YIELD || first->Expr.value->kind == AST_YIELD_FROM))
        return true;
    /* the fallback that repeats what the statement before returns on its way out (`return out`
     * after a `while True:` that returns `out`) */
    return not_reached(first) || (held && fallback(first)) ||
           (held && ast_is_compound(why) && first->kind == AST_RETURN && first->Return.value &&
            ast_stmt_any(why, returns_value, (void *)first->Return.value));
}

static void unreachable(void *ud, const NodeList *l, int32_t at, const Exit *e) {
    State *st = ud;
    const Node *first = l->items[at], *last = l->items[l->len - 1];
    if (deliberate(st, l, at, e)) return;
    Dead d = {summary_loc(st->sb, first), last->end_lineno, NULL, 0, 0};
    if (e->how) {
        d.why = why_text(st, e);
    } else if ((d.call = add_calls(st, e)) < 0) {
        return;
    } else {
        d.ncalls = e->ncalls;
    }
    if (VEC_PUSH(summary_scratch(st->sb), st->dead, d)) fail(st);
}

/* The statements of a code unit (the walk enters it); for a function, whether it never returns. */
static void unit_body(State *st, const NodeList *body, int32_t fn) {
    Leaves lv = {exits, maybe_never, unreachable, st, fn >= 0, false, false, 0, cm_def};
    int32_t doc = body->len > 1 && body->items[0]->kind == AST_EXPR &&
                  is_const(body->items[0]->Expr.value, CONST_STR);
    st->first = fn >= 0 && body->len ? body->items[doc] : NULL;
    if (summary_current_unit(st->sb)->kind == AST_MODULE) st->module_body = body;
    Exit e = leaves_list(&lv, body);
    if (fn < 0 || lv.returns || (e.ways & ~LEAVE_RAISE) || !(e.how || e.ncalls)) return;
    NeverFn nf = {fn, 0, 0};
    if (!e.how && (nf.call = add_calls(st, &e)) < 0) return;
    nf.ncalls = e.how ? 0 : e.ncalls;
    if (VEC_PUSH(summary_scratch(st->sb), st->fns, nf)) fail(st);
}

/* A dotted name's text ("socket.error"), or NULL when e is no such name. */
static const char *dotted(State *st, const Node *e) {
    char buf[256];
    size_t n = 0;
    const Node *parts[16];
    int np = 0;
    while (e->kind == AST_ATTRIBUTE && np < 15) parts[np++] = e, e = e->Attribute.value;
    if (e->kind != AST_NAME) return NULL;
    parts[np++] = e;
    for (int i = np - 1; i >= 0; i--) {
        Str s = parts[i]->kind == AST_NAME ? parts[i]->Name.id : parts[i]->Attribute.attr;
        if (n + (size_t)s.len + 2 >= sizeof buf) return NULL;
        if (i != np - 1) buf[n++] = '.';
        memcpy(buf + n, s.s, (size_t)s.len);
        n += (size_t)s.len;
    }
    return summary_str(st->sb, (Str){buf, (int32_t)n});
}

/* The clauses of a `try` with two or more, for the whole-tree comparison. */
static void try_handlers(State *st, const Node *t) {
    const NodeList *hs = &t->Try.handlers;
    if (hs->len < 2) return;
    int32_t group = st->groups++;
    for (int32_t i = 0; i < hs->len; i++) {
        const Node *h = hs->items[i], *type = h->ExceptHandler.type;
        if (!type) return; /* a bare `except:` (the last one) */
        Handler hd = {summary_loc(st->sb, h), group, st->names.len, 0};
        SumLoc tl = summary_loc(st->sb, type);
        hd.at.end_line = tl.end_line, hd.at.end_col = tl.end_col;
        const NodeList one = {(Node **)&type, 1};
        const NodeList *items = type->kind == AST_TUPLE ? &type->Tuple.elts : &one;
        for (int32_t k = 0; k < items->len && hd.nnames >= 0; k++) {
            const char *name = dotted(st, items->items[k]);
            if (!name)
                hd.nnames = -1;
            else if (VEC_PUSH(summary_scratch(st->sb), st->names, name))
                fail(st);
            else
                hd.nnames++;
        }
        if (VEC_PUSH(summary_scratch(st->sb), st->handlers, hd)) fail(st);
    }
}

static bool enter(SumBuilder *sb, void *state, const Node *n, const Node *parent) {
    (void)parent;
    State *st = state;
    st->sb = sb;
    switch (n->kind) {
    case AST_MODULE: unit_body(st, &n->Module.body, -1); break;
    case AST_CLASS_DEF: unit_body(st, &n->ClassDef.body, -1); break;
    case AST_TRY: try_handlers(st, n); break;
    default: /* a def: the walk has made it the current function (unless nested too deep) */
        if (summary_current_unit(sb) == n)
            unit_body(st, &n->FunctionDef.body, summary_current_function(sb));
        break;
    }
    return false;
}

#define KEEP(f, vec)                                                                               \
    do {                                                                                           \
        f->n##vec = st->vec.len;                                                                   \
        if (st->vec.len && !(f->vec = arena_memdup(summary_out(sb), st->vec.items,                 \
                                                   sizeof *st->vec.items * (size_t)st->vec.len)))  \
            summary_fail(sb);                                                                      \
    } while (0)

static const void *finish(SumBuilder *sb, void *state) {
    State *st = state;
    if (!st->dead.len && !st->fns.len && !st->handlers.len) return NULL;
    Facts *f = arena_zalloc(summary_out(sb), sizeof *f);
    if (!f) {
        summary_fail(sb);
        return NULL;
    }
    KEEP(f, dead);
    KEEP(f, calls);
    KEEP(f, fns);
    KEEP(f, handlers);
    KEEP(f, names);
    return f;
}

static void encode(Buf *b, const void *facts) {
    const Facts *f = facts;
    wire_i32(b, f->ndead);
    for (int32_t i = 0; i < f->ndead; i++) {
        const Dead *d = &f->dead[i];
        sum_write_loc(b, d->at);
        wire_i32(b, d->last_line), wire_str(b, d->why), wire_i32(b, d->call);
        wire_i32(b, d->ncalls);
    }
    wire_i32(b, f->ncalls);
    for (int32_t i = 0; i < f->ncalls; i++)
        sum_write_call(b, &f->calls[i].ref), wire_i32(b, f->calls[i].line);
    wire_i32(b, f->nfns);
    for (int32_t i = 0; i < f->nfns; i++)
        wire_i32(b, f->fns[i].fn), wire_i32(b, f->fns[i].call), wire_i32(b, f->fns[i].ncalls);
    wire_i32(b, f->nhandlers);
    for (int32_t i = 0; i < f->nhandlers; i++) {
        const Handler *h = &f->handlers[i];
        sum_write_loc(b, h->at);
        wire_i32(b, h->group), wire_i32(b, h->name), wire_i32(b, h->nnames);
    }
    wire_i32(b, f->nnames);
    for (int32_t i = 0; i < f->nnames; i++) wire_str(b, f->names[i]);
}

/* A range [first, first + n) inside [0, len). */
static bool in_range(int32_t first, int32_t n, int32_t len) {
    return first >= 0 && n >= 0 && first <= len && n <= len - first;
}

static const void *decode(SumReader *r, const ModuleSummary *m) {
    Facts *f = sum_read_items(r, 1, sizeof *f);
    if (!f) return NULL;
    f->ndead = sum_read_count(r, 8);
    Dead *d = sum_read_items(r, f->ndead, sizeof *d);
    for (int32_t i = 0; d && i < f->ndead && !r->r.bad; i++) {
        d[i].at = sum_read_loc(r);
        d[i].last_line = wire_get_i32(&r->r), d[i].why = sum_read_str(r, true);
        d[i].call = wire_get_i32(&r->r), d[i].ncalls = wire_get_i32(&r->r);
    }
    f->dead = d;
    f->ncalls = sum_read_count(r, 8);
    CallAt *c = sum_read_items(r, f->ncalls, sizeof *c);
    for (int32_t i = 0; c && i < f->ncalls && !r->r.bad; i++)
        sum_read_call(r, m, &c[i].ref), c[i].line = wire_get_i32(&r->r);
    f->calls = c;
    f->nfns = sum_read_count(r, 3);
    NeverFn *fn = sum_read_items(r, f->nfns, sizeof *fn);
    for (int32_t i = 0; fn && i < f->nfns && !r->r.bad; i++) {
        fn[i].fn = sum_read_index(r, m->nfunctions, false);
        fn[i].call = wire_get_i32(&r->r), fn[i].ncalls = wire_get_i32(&r->r);
        if (!in_range(fn[i].call, fn[i].ncalls, f->ncalls)) r->r.bad = true;
    }
    f->fns = fn;
    f->nhandlers = sum_read_count(r, 7);
    Handler *h = sum_read_items(r, f->nhandlers, sizeof *h);
    for (int32_t i = 0; h && i < f->nhandlers && !r->r.bad; i++) {
        h[i].at = sum_read_loc(r);
        h[i].group = wire_get_i32(&r->r);
        h[i].name = wire_get_i32(&r->r), h[i].nnames = wire_get_i32(&r->r);
    }
    f->handlers = h;
    f->nnames = sum_read_count(r, 2);
    const char **names = sum_read_items(r, f->nnames, sizeof *names);
    for (int32_t i = 0; names && i < f->nnames && !r->r.bad; i++) names[i] = sum_read_str(r, false);
    f->names = names;
    for (int32_t i = 0; d && i < f->ndead && !r->r.bad; i++)
        if (!d[i].why && !in_range(d[i].call, d[i].ncalls, f->ncalls)) r->r.bad = true;
    for (int32_t i = 0; h && i < f->nhandlers && !r->r.bad; i++)
        if (h[i].nnames != -1 && !in_range(h[i].name, h[i].nnames, f->nnames)) r->r.bad = true;
    return r->r.bad ? NULL : f;
}

static const int16_t enter_on[] = {AST_MODULE,    AST_FUNCTION_DEF, AST_ASYNC_FUNCTION_DEF,
                                   AST_CLASS_DEF, AST_TRY,          -1};

const Collector unreachable_code_collector = {
    .name = "DW105",
    .enter_on = enter_on,
    .state_size = sizeof(State),
    .reads_again = true, /* (index_bound_locally) */
    .enter = enter,
    .finish = finish,
    .encode = encode,
    .decode = decode,
};

/* ---- the whole tree: functions that never return ------------------------------------------ */

enum { NEVER_BITS = 1 << 16 }; /* (Tree.never_bits: a power of two) */

/* Where the ending calls of a function go (Tree.resolved). */
enum { ENDS_UNKNOWN, ENDS_RESOLVED, ENDS_CANNOT, ENDS_CERTAIN };

typedef struct Tree {
    TreeCtx *tx;
    const ProjectIndex *ix;
    int32_t *first; /* per module: the number of its first function */
    int32_t nfuncs;
    uint8_t *never;       /* per function (by number): it never returns */
    uint8_t *resolved;    /* per function: where its ending calls go (ENDS_*) */
    int32_t *target;      /* per function: where its ending calls' functions are in targets */
    VEC(int32_t) targets; /* (the numbers of the functions those calls go to) */
    TreeText text;        /* the module read again, for the fixes */
    NameSet never_names;  /* their names: most calls are of none of them, as a glance tells */
    uint64_t never_bits[NEVER_BITS / 64]; /* the same at a glance: a bit per hash of a name */
    ReadAgain ra;
    Arena a;
} Tree;

static int32_t func_id(const Tree *t, FuncRef f) {
    return t->first[f.module] + f.fn;
}

/* A function that can count as never returning: not one whose call returns at once (a
 * generator, an async function), nor one a decorator may change, nor a stub or an abstract
 * method (a subclass defines the real one). */
static bool may_count(const FuncSum *f) {
    return !(f->flags & (FN_GENERATOR | FN_ASYNC | FN_STUB | FN_ABSTRACT | FN_DECORATED));
}

/* Whether the call (of module m) goes to function f for certain: not through a name that is a
 * local of the caller, nor through self or cls to a method that a class deriving from the
 * caller's defines again. */
static bool certain(Tree *t, int32_t m, const CallRef *c) {
    const ProjectIndex *ix = t->ix;
    if (c->local == LOCAL_UNCHECKED) {
        char root[256];
        const char *name = c->kind == RECV_DOTTED ? c->receiver : c->callee;
        size_t n = strcspn(name, ".");
        if (n >= sizeof root) return false;
        memcpy(root, name, n);
        root[n] = 0;
        if (index_bound_locally(ix, &t->ra, m, c->func, root)) return false;
    }
    if (c->kind != RECV_SELF && c->kind != RECV_CLS) return true;
    ClassRef k = {m, c->cls};
    if (!index_class_info(ix, k)->nsub) return true;
    Arena a;
    arena_init(&a);
    ClassRef *d;
    int32_t n = index_descendants(ix, k, false, &a, &d);
    bool again = n < 0;
    for (int32_t i = 0; i < n && !again; i++) again = index_class_method(ix, d[i], c->callee) >= 0;
    arena_free(&a);
    return !again;
}

/* The function a recorded call resolves to, if it never returns (-1: it may). */
static int32_t never_target(Tree *t, int32_t m, const CallRef *c, FuncRef *to) {
    if (!index_resolve_call(t->ix, m, c, to)) return -1;
    return t->never[func_id(t, *to)] ? func_id(t, *to) : -1;
}

static uint32_t name_bit(const char *name) {
    return (uint32_t)hash_quick(name, strlen(name)) & (NEVER_BITS - 1);
}

/* Whether a function named so may never return: its bit first (most names are of none). */
static bool may_be_never(const Tree *t, const char *name) {
    uint32_t b = name_bit(name);
    return (t->never_bits[b >> 6] >> (b & 63) & 1) &&
           name_set_has(&t->never_names, (Str){name, (int32_t)strlen(name)});
}

static bool add_never(Tree *t, int32_t m, int32_t fn) {
    const char *name = t->ix->modules[m]->functions[fn].name;
    t->never[t->first[m] + fn] = 1;
    uint32_t b = name_bit(name);
    t->never_bits[b >> 6] |= 1ull << (b & 63);
    return name_set_add(&t->a, &t->never_names, (Str){name, (int32_t)strlen(name)});
}

/* Whether every call of entry nf goes, for certain, to a function known never to return (its
 * callees' names tell at a glance for nearly all entries that it does not). Where the calls go
 * is found once, not again in each round. */
static bool ends_in_never(Tree *t, int32_t m, const Facts *f, const NeverFn *nf) {
    int32_t id = t->first[m] + nf->fn;
    if (t->resolved[id] == ENDS_CANNOT) return false;
    for (int32_t c = nf->call; c < nf->call + nf->ncalls; c++)
        if (!may_be_never(t, f->calls[c].ref.callee)) return false;
    if (t->resolved[id] == ENDS_UNKNOWN) {
        t->resolved[id] = ENDS_RESOLVED;
        t->target[id] = t->targets.len;
        for (int32_t c = nf->call; c < nf->call + nf->ncalls; c++) {
            FuncRef to;
            if (!index_resolve_call(t->ix, m, &f->calls[c].ref, &to)) {
                t->resolved[id] = ENDS_CANNOT;
                return false;
            }
            if (VEC_PUSH(&t->a, t->targets, func_id(t, to))) {
                t->resolved[id] = ENDS_CANNOT;
                t->tx->failed = true;
                return false;
            }
        }
    }
    for (int32_t c = 0; c < nf->ncalls; c++)
        if (!t->never[t->targets.items[t->target[id] + c]]) return false;
    if (t->resolved[id] == ENDS_RESOLVED) { /* (asked last: it may read the file again) */
        t->resolved[id] = ENDS_CERTAIN;
        for (int32_t c = nf->call; c < nf->call + nf->ncalls; c++)
            if (!certain(t, m, &f->calls[c].ref)) {
                t->resolved[id] = ENDS_CANNOT;
                return false;
            }
    }
    return true;
}

/* A function that ends in calls, and the bits of its callees' names (never_bits). */
typedef struct Ending {
    int32_t m;
    const Facts *f;
    const NeverFn *nf;
    uint32_t bit[LEAVE_MAX_CALLS];
} Ending;

/* Marks the functions that never return: those that raise on every path, then, round by round
 * as long as one is found, those whose every path ends in calls of them (a chain of calls deeper
 * than MAX_ROUNDS is not followed to its end: fewer findings, never a wrong one). A round looks
 * at each function ending in calls through the bits of its callees' names, a few instructions,
 * and looks further only when every name may be one of a function that never returns. */
static bool find_never(Tree *t) {
    enum { MAX_ROUNDS = 32 };
    const ProjectIndex *ix = t->ix;
    int32_t n = 0;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const Facts *f = summary_facts(ix->modules[m], &unreachable_code_collector);
        for (int32_t i = 0; f && i < f->nfns; i++) {
            if (!may_count(&ix->modules[m]->functions[f->fns[i].fn])) continue;
            if (f->fns[i].ncalls)
                n++;
            else if (!add_never(t, m, f->fns[i].fn))
                return false;
        }
    }
    Ending *es = arena_alloc(&t->a, sizeof *es * ((size_t)n + 1));
    if (!es) return false;
    n = 0;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const Facts *f = summary_facts(ix->modules[m], &unreachable_code_collector);
        for (int32_t i = 0; f && i < f->nfns; i++) {
            const NeverFn *nf = &f->fns[i];
            if (!nf->ncalls || !may_count(&ix->modules[m]->functions[nf->fn])) continue;
            Ending *e = &es[n++];
            e->m = m, e->f = f, e->nf = nf;
            for (int32_t c = 0; c < nf->ncalls && c < LEAVE_MAX_CALLS; c++)
                e->bit[c] = name_bit(f->calls[nf->call + c].ref.callee);
        }
    }
    bool changed = true;
    for (int round = 0; changed && round < MAX_ROUNDS; round++) {
        changed = false;
        for (int32_t k = 0; k < n; k++) {
            const Ending *e = &es[k];
            if (t->never[t->first[e->m] + e->nf->fn]) continue;
            bool glance = true;
            for (int32_t c = 0; c < e->nf->ncalls && glance; c++)
                glance =
                    c < LEAVE_MAX_CALLS && (t->never_bits[e->bit[c] >> 6] >> (e->bit[c] & 63) & 1);
            if (!glance || !ends_in_never(t, e->m, e->f, e->nf)) continue;
            if (!add_never(t, e->m, e->nf->fn)) return false;
            changed = true;
        }
    }
    return true;
}

/* ---- the fix ------------------------------------------------------------------------------ */

/* Where a finding's code is in the module read again: the statement list holding its first
 * statement (deleted to the end of the list), or the `except` clause; and the def or class it
 * is in (NULL: the module). */
typedef struct Place {
    const FixText *t;
    size_t off; /* where the code starts */
    const NodeList *list;
    int32_t at;
    const Node *handler;
    const Node *unit, *in; /* (in: the def or class the walk is in) */
} Place;

static void seek_in(Place *p, const NodeList *l) {
    for (int32_t i = 0; i < l->len && !p->list && !p->handler; i++)
        if (fix_node_start(p->t, l->items[i]) == p->off) {
            if (l->items[i]->kind == AST_EXCEPT_HANDLER)
                p->handler = l->items[i];
            else
                p->list = l, p->at = i;
            p->unit = p->in;
        }
}

static int seek(Node *n, void *ud) {
    Place *p = ud;
    if (p->list || p->handler) return 1;
    const Node *outer = p->in;
    switch (n->kind) {
    case AST_MODULE: seek_in(p, &n->Module.body); break;
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF: p->in = n, seek_in(p, &n->FunctionDef.body); break;
    case AST_CLASS_DEF: p->in = n, seek_in(p, &n->ClassDef.body); break;
    case AST_IF: seek_in(p, &n->If.body), seek_in(p, &n->If.orelse); break;
    case AST_WHILE: seek_in(p, &n->While.body), seek_in(p, &n->While.orelse); break;
    case AST_FOR:
    case AST_ASYNC_FOR: seek_in(p, &n->For.body), seek_in(p, &n->For.orelse); break;
    case AST_WITH:
    case AST_ASYNC_WITH: seek_in(p, &n->With.body); break;
    case AST_TRY:
    case AST_TRY_STAR:
        seek_in(p, &n->Try.body), seek_in(p, &n->Try.handlers);
        seek_in(p, &n->Try.orelse), seek_in(p, &n->Try.finalbody);
        break;
    case AST_EXCEPT_HANDLER: seek_in(p, &n->ExceptHandler.body); break;
    case AST_MATCH_CASE: seek_in(p, &n->match_case.body); break;
    default:
        if (!ast_is_stmt(n)) return 0; /* (no statement list in an expression) */
        break;
    }
    if (!p->list && !p->handler) ast_children(n, seek, ud);
    p->in = outer;
    return p->list || p->handler;
}

/* What the code deleted does to its def or class beside running: the names it binds there
 * (which make them the scope's own, for all its code), its `yield`s (which make a def a
 * generator). */
typedef struct Effects {
    int32_t from_line, from_col, to_line, to_col; /* the code deleted */
    Arena *a;
    NameSet bound;     /* names the code deleted binds */
    NameSet mentioned; /* those of them the rest of the def or class mentions */
    NameSet kept;      /* names the rest binds (its parameters too) */
    int yields;        /* `yield`s of the def's own code: in the code deleted, and outside it */
    int yields_kept;
    bool declares; /* the code deleted declares a name `global` or `nonlocal` */
    bool failed;   /* out of memory */
    bool own;      /* (the walk is in the def's own scope) */
    bool scanned;  /* (the statement the walk is in has had its bindings added to kept) */
} Effects;

static bool before(int32_t line, int32_t col, int32_t line2, int32_t col2) {
    return line < line2 || (line == line2 && col < col2);
}

static bool inside(const Effects *e, const Node *n) {
    return !before(n->lineno, n->col_offset, e->from_line, e->from_col) &&
           before(n->lineno, n->col_offset, e->to_line, e->to_col);
}

/* Whether statement n holds the code deleted. */
static bool holds(const Effects *e, const Node *n) {
    return !before(e->from_line, e->from_col, n->lineno, n->col_offset) &&
           !before(n->end_lineno, n->end_col_offset, e->to_line, e->to_col);
}

/* The yields and declarations of the code deleted (in the def's own scope). */
static int deleted_effects(Node *n, void *ud) {
    Effects *e = ud;
    e->declares |= n->kind == AST_GLOBAL || n->kind == AST_NONLOCAL;
    e->yields += n->kind == AST_YIELD || n->kind == AST_YIELD_FROM;
    if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
        n->kind == AST_CLASS_DEF || n->kind == AST_LAMBDA)
        return 0; /* (their bodies are scopes of their own) */
    return ast_children(n, deleted_effects, ud);
}

static void mention(Effects *e, Str name) {
    if (name_set_has(&e->bound, name) && !name_set_add(e->a, &e->mentioned, name)) e->failed = true;
}

/* The rest of the def or class: the names the code deleted binds that it mentions (nested scopes
 * too), what it binds itself (statements that do not hold the code deleted), its own yields. */
static int kept_effects(Node *n, void *ud) {
    Effects *e = ud;
    if ((ast_is_stmt(n) || n->kind == AST_EXCEPT_HANDLER) && inside(e, n)) return 0;
    if (n->kind == AST_NAME) mention(e, n->Name.id);
    if (n->kind == AST_GLOBAL || n->kind == AST_NONLOCAL)
        for (int32_t i = 0; i < n->Global.names.len; i++) mention(e, n->Global.names.items[i]);
    if (e->own) e->yields_kept += n->kind == AST_YIELD || n->kind == AST_YIELD_FROM;
    bool own = e->own, scanned = e->scanned;
    if (own && !scanned && ast_is_stmt(n) && !holds(e, n)) {
        e->scanned = true;
        if (!names_bound_by(e->a, n, &e->kept)) e->failed = true;
    }
    if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
        n->kind == AST_CLASS_DEF || n->kind == AST_LAMBDA)
        e->own = false; /* (their yields and bindings are theirs) */
    ast_children(n, kept_effects, ud);
    e->own = own, e->scanned = scanned;
    return 0;
}

/* Whether deleting the code changes what a name of the def or class refers to elsewhere: a name
 * it binds, that no other code of the scope binds (nor a parameter), becomes a global there. */
static bool rebinds(Effects *e, const Node *unit) {
    if (unit->kind != AST_CLASS_DEF) {
        const Node *args = unit->FunctionDef.args;
        const NodeList *lists[] = {&args->arguments.posonlyargs, &args->arguments.args,
                                   &args->arguments.kwonlyargs};
        for (int k = 0; k < 3; k++)
            for (int32_t i = 0; i < lists[k]->len; i++)
                if (!name_set_add(e->a, &e->kept, lists[k]->items[i]->arg.arg)) e->failed = true;
        const Node *star[] = {args->arguments.vararg, args->arguments.kwarg};
        for (int k = 0; k < 2; k++)
            if (star[k] && !name_set_add(e->a, &e->kept, star[k]->arg.arg)) e->failed = true;
    }
    const NodeList *body =
        unit->kind == AST_CLASS_DEF ? &unit->ClassDef.body : &unit->FunctionDef.body;
    e->own = true;
    for (int32_t i = 0; i < body->len; i++) kept_effects(body->items[i], e);
    for (int32_t i = 0; i < e->mentioned.cap; i++)
        if (e->mentioned.slots[i].s && !name_set_has(&e->kept, e->mentioned.slots[i])) return true;
    return e->declares;
}

/* Whether a call of sys.exit, os._exit or os.abort is in s (not in a def or lambda it holds). */
static int exit_call(Node *n, void *ud) {
    (void)ud;
    if (n->kind == AST_CALL && leaves_exit_call(n)) return 1;
    if (n->kind == AST_FUNCTION_DEF || n->kind == AST_ASYNC_FUNCTION_DEF ||
        n->kind == AST_CLASS_DEF || n->kind == AST_LAMBDA)
        return 0;
    return ast_children(n, exit_call, ud);
}

/* The code found unreachable at (line, col) deleted, in module m (in arena a): the statements to
 * the end of their block, or the `except` clause. Unsafe when it is unreachable only if calls
 * never return (by_call: a function of the tree, or sys.exit and the like, may be replaced by a
 * mock), or when it binds a name its def or class mentions elsewhere and binds nowhere else, or
 * declares one `global` or `nonlocal` (the binding makes the name the scope's own even where it
 * never runs). (line, col) is a summary's position (a column in characters). NULL when it holds the
 * only `yield` of its def (deleting it would make the generator a plain function), or when the
 * module cannot be read again as analyzed. */
static const Fix *deletion(Tree *t, int32_t m, int32_t line, int32_t col, bool by_call, Arena *a) {
    const FixText *ft = tree_text_load(&t->text, t->ix, m);
    if (!ft) return NULL;
    Place p = {.t = ft, .off = tree_text_offset(ft, line, col)};
    seek(t->text.pr.module, &p);
    if (!p.list && !p.handler) return NULL;
    const Node *first = p.handler ? p.handler : p.list->items[p.at];
    const Node *last = p.handler ? p.handler : p.list->items[p.list->len - 1];
    Effects e = {.from_line = first->lineno,
                 .from_col = first->col_offset,
                 .to_line = last->end_lineno,
                 .to_col = last->end_col_offset,
                 .a = a};
    if (p.handler) {
        deleted_effects((Node *)p.handler, &e);
        if (!names_bound_by(a, p.handler, &e.bound)) return NULL;
    } else {
        for (int32_t i = p.at; i < p.list->len; i++) {
            deleted_effects(p.list->items[i], &e);
            if (!names_bound_by(a, p.list->items[i], &e.bound)) return NULL;
        }
        by_call = by_call || (p.at > 0 && exit_call(p.list->items[p.at - 1], NULL));
    }
    bool unsafe = by_call || (p.unit && rebinds(&e, p.unit));
    if (e.failed || (e.yields && !e.yields_kept && p.unit)) return NULL;
    FixBuilder fb;
    fix_begin(&fb, a, ft);
    if (p.handler) {
        size_t from = fix_node_start(ft, p.handler), ls = fix_line_start(ft, from);
        if (!fix_blank(ft, ls, from)) fix_fail(&fb);
        fix_delete(&fb, ls, fix_next_line(ft, fix_node_end(ft, p.handler)));
    } else {
        fix_delete_stmts(&fb, p.list, p.at, p.list->len - 1, false);
    }
    if (unsafe) fix_unsafe(&fb);
    return fix_end(&fb, p.handler ? "Delete the unreachable `except` clause"
                                  : "Delete the unreachable code");
}

/* ---- reporting ---------------------------------------------------------------------------- */

static const char *file_of(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* "`die()` on line 12 never returns (die at util.py:4 can only raise)" for candidate d, or
 * NULL when one of its calls may return. */
static bool calls_never_return(Tree *t, int32_t m, const Facts *f, const Dead *d, char *msg,
                               size_t cap) {
    FuncRef first = {-1, -1};
    for (int32_t c = d->call; c < d->call + d->ncalls; c++) {
        const char *callee = f->calls[c].ref.callee;
        if (!may_be_never(t, callee)) return false;
    }
    for (int32_t c = d->call; c < d->call + d->ncalls; c++) {
        FuncRef to;
        if (never_target(t, m, &f->calls[c].ref, &to) < 0) return false;
        if (c == d->call) first = to;
    }
    for (int32_t c = d->call; c < d->call + d->ncalls; c++)
        if (!certain(t, m, &f->calls[c].ref)) return false;
    const CallAt *c = &f->calls[d->call];
    const ModuleSummary *where = t->ix->modules[first.module];
    char q[QUALNAME_MAX];
    int n = snprintf(msg, cap,
                     "`%s%s%s()` on line %d never returns (%s at %s:%d can only raise or exit)",
                     c->ref.receiver, *c->ref.receiver ? "." : "", c->ref.callee, c->line,
                     func_qualname(where, &where->functions[first.fn], q, sizeof q),
                     file_of(where->path), where->functions[first.fn].line);
    if (d->ncalls == 2 && n > 0 && (size_t)n < cap)
        snprintf(msg + n, cap - (size_t)n, ", and so does the other call it may end in");
    else if (d->ncalls > 2 && n > 0 && (size_t)n < cap)
        snprintf(msg + n, cap - (size_t)n, ", and so do the other %d calls it may end in",
                 d->ncalls - 1);
    return true;
}

typedef struct Found {
    const Dead *d;
    const char *msg;
} Found;

static int by_place(const void *x, const void *y) {
    const Dead *a = ((const Found *)x)->d, *b = ((const Found *)y)->d;
    if (a->at.line != b->at.line) return a->at.line < b->at.line ? -1 : 1;
    return (a->at.col > b->at.col) - (a->at.col < b->at.col);
}

/* Module m's unreachable blocks: each once, not again inside a block reported already. */
static void report_dead(Tree *t, int32_t m, const Facts *f) {
    Found *fs = arena_alloc(&t->a, sizeof *fs * (size_t)(f->ndead + 1));
    if (!fs) {
        t->tx->failed = true;
        return;
    }
    int32_t n = 0;
    for (int32_t i = 0; i < f->ndead; i++) {
        const Dead *d = &f->dead[i];
        char msg[512];
        if (d->why)
            snprintf(msg, sizeof msg, "%s", d->why);
        else if (!calls_never_return(t, m, f, d, msg, sizeof msg))
            continue;
        fs[n++] = (Found){d, arena_strndup(&t->a, msg, strlen(msg))};
    }
    qsort(fs, (size_t)n, sizeof *fs, by_place);
    int32_t until = 0;
    for (int32_t i = 0; i < n; i++) {
        if (fs[i].d->at.line <= until) continue; /* inside a block reported already */
        until = fs[i].d->last_line;
        Arena fa;
        arena_init(&fa);
        if (tree_wants_fix(t->tx, m))
            tree_fix(t->tx, deletion(t, m, fs[i].d->at.line, fs[i].d->at.col, !fs[i].d->why, &fa));
        tree_report(t->tx, t->ix->modules[m], &fs[i].d->at, NULL, NULL, NULL,
                    "unreachable code: %s, so this never runs", fs[i].msg ? fs[i].msg : "");
        arena_free(&fa);
    }
}

/* ---- `except` clauses caught by an earlier one -------------------------------------------- */

/* The builtin exceptions (CPython 3.13), each with its bases (indices; -1: none). */
static const struct {
    const char *name;
    int8_t base, base2;
} builtins[] = {
#define B(name, base)                                                                              \
    { #name, base, -1 }
    /* 0 */ B(BaseException, -1),
    B(BaseExceptionGroup, 0),
    B(GeneratorExit, 0),
    B(KeyboardInterrupt, 0),
    B(SystemExit, 0),
    /* 5 */ B(Exception, 0),
    B(ArithmeticError, 5),
    B(FloatingPointError, 6),
    B(OverflowError, 6),
    B(ZeroDivisionError, 6),
    /* 10 */ B(AssertionError, 5),
    B(AttributeError, 5),
    B(BufferError, 5),
    B(EOFError, 5),
    {"ExceptionGroup", 1, 5},
    /* 15 */ B(ImportError, 5),
    B(ModuleNotFoundError, 15),
    B(LookupError, 5),
    B(IndexError, 17),
    B(KeyError, 17),
    /* 20 */ B(MemoryError, 5),
    B(NameError, 5),
    B(UnboundLocalError, 21),
    B(OSError, 5),
    B(BlockingIOError, 23),
    /* 25 */ B(ChildProcessError, 23),
    B(ConnectionError, 23),
    B(BrokenPipeError, 26),
    B(ConnectionAbortedError, 26),
    B(ConnectionRefusedError, 26),
    /* 30 */ B(ConnectionResetError, 26),
    B(FileExistsError, 23),
    B(FileNotFoundError, 23),
    B(InterruptedError, 23),
    B(IsADirectoryError, 23),
    /* 35 */ B(NotADirectoryError, 23),
    B(PermissionError, 23),
    B(ProcessLookupError, 23),
    B(TimeoutError, 23),
    B(ReferenceError, 5),
    /* 40 */ B(RuntimeError, 5),
    B(NotImplementedError, 40),
    B(PythonFinalizationError, 40),
    B(RecursionError, 40),
    B(StopAsyncIteration, 5),
    /* 45 */ B(StopIteration, 5),
    B(SyntaxError, 5),
    B(IndentationError, 46),
    B(TabError, 47),
    B(SystemError, 5),
    /* 50 */ B(TypeError, 5),
    B(ValueError, 5),
    B(UnicodeError, 51),
    B(UnicodeDecodeError, 52),
    B(UnicodeEncodeError, 52),
    /* 55 */ B(UnicodeTranslateError, 52),
    B(Warning, 5),
    B(BytesWarning, 56),
    B(DeprecationWarning, 56),
    B(EncodingWarning, 56),
    /* 60 */ B(FutureWarning, 56),
    B(ImportWarning, 56),
    B(PendingDeprecationWarning, 56),
    B(ResourceWarning, 56),
    B(RuntimeWarning, 56),
    /* 65 */ B(SyntaxWarning, 56),
    B(UnicodeWarning, 56),
    B(UserWarning, 56),
#undef B
};
enum { OS_ERROR = 23 };

/* The builtin exception a bare name denotes (IOError and EnvironmentError are OSError), or -1. */
static int builtin_id(const char *name) {
    if (strcmp(name, "IOError") == 0 || strcmp(name, "EnvironmentError") == 0) return OS_ERROR;
    for (int i = 0; i < (int)(sizeof builtins / sizeof *builtins); i++)
        if (strcmp(builtins[i].name, name) == 0) return i;
    return -1;
}

/* Whether builtin b is builtin a or derives from it (bases come before: the depth is bounded). */
static bool builtin_under(int b, int a) {
    if (b == a) return true;
    if (b < 0) return false;
    return builtin_under(builtins[b].base, a) || builtin_under(builtins[b].base2, a);
}

/* What an `except` name denotes: a builtin exception (builtin >= 0), a class of the tree
 * (cls.module >= 0), or neither. */
typedef struct ExcType {
    int builtin;
    ClassRef cls;
} ExcType;

static ExcType exc_type(const ProjectIndex *ix, int32_t m, const char *name) {
    ExcType x = {-1, {-1, -1}};
    if (!strchr(name, '.') && !index_module_binds(ix->modules[m], name)) {
        x.builtin = builtin_id(name);
        return x;
    }
    Entity e = index_resolve_dotted(ix, m, name);
    if (e.kind == ENT_CLASS) x.cls = (ClassRef){e.module, e.item};
    return x;
}

/* Whether class r of the tree derives from builtin exception b: through a base of one of its
 * ancestors that is no class of the tree, named as the builtin (its module binding no such name).
 */
static bool class_under_builtin(Tree *t, ClassRef r, int b) {
    const ProjectIndex *ix = t->ix;
    Arena a;
    arena_init(&a);
    ClassRef *anc;
    int32_t n = index_ancestors(ix, r, &a, &anc);
    bool found = false;
    for (int32_t i = 0; i < n && !found; i++) {
        const ClassInfo *ci = index_class_info(ix, anc[i]);
        const ClassSum *cs = index_class(ix, anc[i]);
        for (int32_t k = 0; k < ci->nbases && !found; k++) {
            int32_t place = ci->bases[k].cls;
            if (ci->bases[k].module != -1 || place < 0 || place >= cs->nbases) continue;
            const char *text = cs->bases[place];
            if (strchr(text, '.') || index_module_binds(ix->modules[anc[i].module], text)) continue;
            found = builtin_under(builtin_id(text), b);
        }
    }
    arena_free(&a);
    return found;
}

/* Whether every exception `except x` catches, `except y` catches too. */
static bool caught_by(Tree *t, ExcType x, ExcType y) {
    if (x.builtin >= 0) return y.builtin >= 0 && builtin_under(x.builtin, y.builtin);
    if (x.cls.module < 0) return false;
    if (y.cls.module >= 0) return index_derives(t->ix, x.cls, y.cls);
    return y.builtin >= 0 && class_under_builtin(t, x.cls, y.builtin);
}

/* The clauses of module m that an earlier clause of their `try` always catches first. */
static void report_handlers(Tree *t, int32_t m, const Facts *f) {
    for (int32_t g = 0, end; g < f->nhandlers; g = end) {
        for (end = g + 1; end < f->nhandlers && f->handlers[end].group == f->handlers[g].group;)
            end++;
        for (int32_t j = g + 1; j < end; j++) {
            const Handler *h = &f->handlers[j];
            int32_t by = -1, first_by = -1;
            const char *first_name = NULL;
            for (int32_t k = 0; k < h->nnames; k++) {
                ExcType x = exc_type(t->ix, m, f->names[h->name + k]);
                by = -1;
                for (int32_t i = g; i < j && by < 0; i++)
                    for (int32_t q = 0; q < f->handlers[i].nnames && by < 0; q++) {
                        ExcType y = exc_type(t->ix, m, f->names[f->handlers[i].name + q]);
                        if (caught_by(t, x, y))
                            by = i, first_name =
                                        first_name ? first_name : f->names[f->handlers[i].name + q];
                    }
                if (by < 0) break;
                if (first_by < 0) first_by = by;
            }
            if (h->nnames <= 0 || by < 0) continue;
            Arena fa;
            arena_init(&fa);
            if (tree_wants_fix(t->tx, m))
                tree_fix(t->tx, deletion(t, m, h->at.line, h->at.col, false, &fa));
            tree_report(t->tx, t->ix->modules[m], &h->at, t->ix->modules[m],
                        &f->handlers[first_by].at, "catches it first",
                        "unreachable code: `except %s` on line %d catches every exception this "
                        "clause names first, so it never runs",
                        first_name, f->handlers[first_by].at.line);
            arena_free(&fa);
        }
    }
}

void unreachable_code_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    Tree t = {.tx = tx, .ix = ix};
    arena_init(&t.a);
    index_read_again_init(&t.ra);
    tree_text_init(&t.text);
    t.first = arena_zalloc(&t.a, sizeof(int32_t) * (size_t)(ix->nmodules + 1));
    for (int32_t m = 0; t.first && m < ix->nmodules; m++)
        t.first[m + 1] = t.first[m] + ix->modules[m]->nfunctions;
    t.nfuncs = t.first ? t.first[ix->nmodules] : 0;
    t.never = arena_zalloc(&t.a, (size_t)t.nfuncs + 1);
    t.resolved = arena_zalloc(&t.a, (size_t)t.nfuncs + 1);
    t.target = arena_alloc(&t.a, sizeof *t.target * ((size_t)t.nfuncs + 1));
    if (!t.first || !t.never || !t.resolved || !t.target || !find_never(&t)) tx->failed = true;
    for (int32_t m = 0; m < ix->nmodules && !tx->failed; m++) {
        const Facts *f = summary_facts(ix->modules[m], &unreachable_code_collector);
        if (!f) continue;
        report_dead(&t, m, f);
        report_handlers(&t, m, f);
    }
    index_read_again_free(&t.ra);
    tree_text_free(&t.text);
    arena_free(&t.a);
}

const Check check_unreachable_code = {
    .info = {"DW105", "unreachable-code", "A statement that can never run.", DOC_DW105, true,
             "warning"},
};
