/* leaves.c — see leaves.h. */
#include "leaves.h"

#include <string.h>

static Exit goes_on(void) {
    Exit e;
    e.how = e.ways = 0;
    e.why = NULL;
    e.ncalls = 0;
    return e;
}

static Exit leaves(uint8_t how, const Node *why) {
    Exit e = goes_on();
    e.how = e.ways = how;
    e.why = why;
    return e;
}

static bool ends(const Exit *e) {
    return e->how || e->ncalls > 0;
}

static bool named(const Node *e, const char *name) {
    Str s = e->kind == AST_NAME        ? e->Name.id
            : e->kind == AST_ATTRIBUTE ? e->Attribute.attr
                                       : (Str){NULL, 0};
    return s.s && str_eq_c(s, name);
}

bool leaves_exit_call(const Node *e) {
    if (e->kind != AST_CALL || e->Call.func->kind != AST_ATTRIBUTE) return false;
    const Node *f = e->Call.func, *m = f->Attribute.value;
    if (m->kind != AST_NAME) return false;
    if (str_eq_c(m->Name.id, "sys")) return str_eq_c(f->Attribute.attr, "exit");
    return str_eq_c(m->Name.id, "os") &&
           (str_eq_c(f->Attribute.attr, "_exit") || str_eq_c(f->Attribute.attr, "abort"));
}

/* A test whose outcome is fixed, or differs between environments on purpose: a constant,
 * `not` one, TYPE_CHECKING. */
static bool fixed_test(const Node *t) {
    while (t->kind == AST_UNARY_OP && t->UnaryOp.op == AST_NOT) t = t->UnaryOp.operand;
    return t->kind == AST_CONSTANT || named(t, "TYPE_CHECKING");
}

static bool always_true(const Node *t) {
    if (t->kind != AST_CONSTANT) return false;
    const Const *c = &t->Constant.value;
    return c->kind == CONST_TRUE || (c->kind == CONST_INT && c->i != 0);
}

/* Whether a loop body holds a `break` of its own (not of a loop nested in it). */
static bool has_break(const NodeList *l) {
    for (int32_t i = 0; i < l->len; i++) {
        const Node *s = l->items[i];
        switch (s->kind) {
        case AST_BREAK: return true;
        case AST_IF:
            if (has_break(&s->If.body) || has_break(&s->If.orelse)) return true;
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            if (has_break(&s->For.orelse)) return true; /* (a break in a loop's else is ours) */
            break;
        case AST_WHILE:
            if (has_break(&s->While.orelse)) return true;
            break;
        case AST_WITH:
        case AST_ASYNC_WITH:
            if (has_break(&s->With.body)) return true;
            break;
        case AST_TRY:
        case AST_TRY_STAR:
            if (has_break(&s->Try.body) || has_break(&s->Try.orelse) ||
                has_break(&s->Try.finalbody))
                return true;
            for (int32_t k = 0; k < s->Try.handlers.len; k++)
                if (has_break(&s->Try.handlers.items[k]->ExceptHandler.body)) return true;
            break;
        case AST_MATCH:
            for (int32_t k = 0; k < s->Match.cases.len; k++)
                if (has_break(&s->Match.cases.items[k]->match_case.body)) return true;
            break;
        default: break;
        }
    }
    return false;
}

/* A context manager that swallows the exceptions it expects: contextlib.suppress, pytest.raises,
 * unittest's assertRaises and assertRaisesRegex. */
static bool suppresses(const Node *with) {
    for (int32_t i = 0; i < with->With.items.len; i++) {
        const Node *e = with->With.items.items[i]->withitem.context_expr;
        if (e->kind == AST_CALL &&
            (named(e->Call.func, "suppress") || named(e->Call.func, "raises") ||
             named(e->Call.func, "assertRaises") || named(e->Call.func, "assertRaisesRegex")))
            return true;
    }
    return false;
}

static bool def_lets_through(const Node *def, bool is_async);

/* A context manager known to let every exception through: a call of `open` (any `x.open(...)`),
 * `fdopen`, the temporary files and directories of tempfile, `ZipFile`, `TarFile`, `Popen`, the
 * locks of threading (`Lock`, `RLock`, `Semaphore`, `BoundedSemaphore`, `Condition`), a mock
 * patch (`patch`, `patch.object`, ...), `catch_warnings`, `redirect_stdout`/`redirect_stderr`,
 * `closing`, `nullcontext`, `chdir`; a lock held in a variable (`lock`, `rlock`, `mutex`, a name
 * ending in `_lock`, `Lock`, `_LOCK`, `_mutex` or `Mutex`); and, through lv->cm_def, one the module
 * defines (def_lets_through). Any other may swallow what its body raises (Heat's
 * `ignore_not_found`, trio's cancel scopes), so the code after it may run. */
static bool lets_through(const Node *e, const Leaves *lv, bool is_async) {
    static const char *const calls[] = {
        "open",
        "fdopen",
        "TemporaryDirectory",
        "NamedTemporaryFile",
        "TemporaryFile",
        "SpooledTemporaryFile",
        "ZipFile",
        "TarFile",
        "Popen",
        "Lock",
        "RLock",
        "Semaphore",
        "BoundedSemaphore",
        "Condition",
        "patch",
        "catch_warnings",
        "redirect_stdout",
        "redirect_stderr",
        "closing",
        "nullcontext",
        "chdir",
    };
    if (e->kind == AST_CALL) {
        const Node *f = e->Call.func;
        for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
            if (named(f, calls[i])) return true;
        /* patch.object(...), patch.dict(...), mock.patch.multiple(...) */
        if (f->kind == AST_ATTRIBUTE && named(f->Attribute.value, "patch")) return true;
        const Node *def = f->kind == AST_NAME && lv && lv->cm_def ? lv->cm_def(lv->ud, e) : NULL;
        return def && def_lets_through(def, is_async);
    }
    Str s = e->kind == AST_NAME        ? e->Name.id
            : e->kind == AST_ATTRIBUTE ? e->Attribute.attr
                                       : (Str){NULL, 0};
    if (!s.s) return false;
    if (str_eq_c(s, "lock") || str_eq_c(s, "rlock") || str_eq_c(s, "mutex")) return true;
    static const char *const ends_in[] = {"_lock", "Lock", "_LOCK", "_mutex", "Mutex"};
    for (size_t i = 0; i < sizeof ends_in / sizeof *ends_in; i++) {
        size_t n = strlen(ends_in[i]);
        if ((size_t)s.len >= n && memcmp(s.s + s.len - n, ends_in[i], n) == 0) return true;
    }
    return false;
}

static bool is_yield(const Node *v) {
    return v && (v->kind == AST_YIELD || v->kind == AST_YIELD_FROM);
}

/* A statement that leaves its block early without raising: `return`, `break`, `continue`. */
static bool leaves_early(const Node *s, void *ud) {
    (void)ud;
    return s->kind == AST_RETURN || s->kind == AST_BREAK || s->kind == AST_CONTINUE;
}

/* A handler that re-raises what it caught, and nothing else: its last statement is a `raise`,
 * and nothing in it returns, breaks or continues first. */
static bool reraises(const Node *h) {
    const NodeList *b = &h->ExceptHandler.body;
    return b->len && b->items[b->len - 1]->kind == AST_RAISE &&
           !ast_stmts_any(b, leaves_early, NULL);
}

/* Whether a generator's statements may swallow an exception thrown in at a `yield`: one that
 * stands in a `try` with a handler that does not re-raise, or a `finally` that returns, breaks
 * or continues (which drops the exception), or in a `with` not known to let exceptions through.
 * *found is set when a `yield` statement is met. */
static bool yield_swallows(const NodeList *l, bool guarded, bool *found) {
    for (int32_t i = 0; i < l->len; i++) {
        const Node *s = l->items[i];
        switch (s->kind) {
        case AST_EXPR:
        case AST_ASSIGN:
        case AST_ANN_ASSIGN: {
            const Node *v = s->kind == AST_EXPR     ? s->Expr.value
                            : s->kind == AST_ASSIGN ? s->Assign.value
                                                    : s->AnnAssign.value;
            if (!is_yield(v)) break;
            *found = true;
            if (guarded) return true;
            break;
        }
        case AST_IF:
            if (yield_swallows(&s->If.body, guarded, found) ||
                yield_swallows(&s->If.orelse, guarded, found))
                return true;
            break;
        case AST_WHILE:
            if (yield_swallows(&s->While.body, guarded, found) ||
                yield_swallows(&s->While.orelse, guarded, found))
                return true;
            break;
        case AST_FOR:
        case AST_ASYNC_FOR:
            if (yield_swallows(&s->For.body, guarded, found) ||
                yield_swallows(&s->For.orelse, guarded, found))
                return true;
            break;
        case AST_WITH:
        case AST_ASYNC_WITH: {
            bool g = guarded;
            for (int32_t k = 0; k < s->With.items.len && !g; k++)
                g = !lets_through(s->With.items.items[k]->withitem.context_expr, NULL,
                                  s->kind == AST_ASYNC_WITH);
            if (yield_swallows(&s->With.body, g, found)) return true;
            break;
        }
        case AST_TRY:
        case AST_TRY_STAR: {
            bool dropped = ast_stmts_any(&s->Try.finalbody, leaves_early, NULL);
            bool g = guarded || dropped;
            for (int32_t k = 0; k < s->Try.handlers.len && !g; k++)
                g = !reraises(s->Try.handlers.items[k]);
            if (yield_swallows(&s->Try.body, g, found)) return true;
            for (int32_t k = 0; k < s->Try.handlers.len; k++)
                if (yield_swallows(&s->Try.handlers.items[k]->ExceptHandler.body,
                                   guarded || dropped, found))
                    return true;
            if (yield_swallows(&s->Try.orelse, guarded || dropped, found) ||
                yield_swallows(&s->Try.finalbody, guarded, found))
                return true;
            break;
        }
        case AST_MATCH:
            for (int32_t k = 0; k < s->Match.cases.len; k++)
                if (yield_swallows(&s->Match.cases.items[k]->match_case.body, guarded, found))
                    return true;
            break;
        default: break; /* (nested functions and classes yield for themselves) */
        }
    }
    return false;
}

/* Whether s returns something that may be true (in an `__exit__`: the exception is swallowed):
 * anything but nothing, None or False. */
static bool returns_true(const Node *s, void *ud) {
    (void)ud;
    if (s->kind != AST_RETURN || !s->Return.value) return false;
    const Node *v = s->Return.value;
    return !(v->kind == AST_CONSTANT &&
             (v->Constant.value.kind == CONST_NONE || v->Constant.value.kind == CONST_FALSE));
}

/* Whether the module's own context manager `def` lets every exception through: a
 * `@contextmanager` (`@asynccontextmanager`) generator that never swallows what is thrown in at
 * its `yield`, or a class whose own `__exit__` (for `async with`, `__aexit__`) is undecorated and
 * returns nothing true. */
static bool def_lets_through(const Node *def, bool is_async) {
    const char *exit_name = is_async ? "__aexit__" : "__exit__";
    if (def->kind == AST_CLASS_DEF) {
        const NodeList *b = &def->ClassDef.body;
        for (int32_t i = 0; i < b->len; i++) {
            const Node *m = b->items[i];
            if (m->kind == AST_FUNCTION_DEF && str_eq_c(m->FunctionDef.name, exit_name))
                return !m->FunctionDef.decorator_list.len &&
                       !ast_stmts_any(&m->FunctionDef.body, returns_true, NULL);
            if (m->kind == AST_ASYNC_FUNCTION_DEF && str_eq_c(m->AsyncFunctionDef.name, exit_name))
                return !m->AsyncFunctionDef.decorator_list.len &&
                       !ast_stmts_any(&m->AsyncFunctionDef.body, returns_true, NULL);
        }
        return false; /* (an `__exit__` inherited: not known here) */
    }
    bool fn = def->kind == AST_FUNCTION_DEF;
    if (!fn && def->kind != AST_ASYNC_FUNCTION_DEF) return false;
    const NodeList *decos =
        fn ? &def->FunctionDef.decorator_list : &def->AsyncFunctionDef.decorator_list;
    const NodeList *body = fn ? &def->FunctionDef.body : &def->AsyncFunctionDef.body;
    bool cm = false;
    for (int32_t i = 0; i < decos->len && !cm; i++)
        cm = named(decos->items[i], is_async ? "asynccontextmanager" : "contextmanager");
    bool found = false;
    return cm && !yield_swallows(body, false, &found) && found;
}

/* Both a and b end (the arms of an `if`, a `try` and its handlers): how the whole ends. */
static Exit both(const Exit *a, const Exit *b, const Node *why) {
    if (!ends(a) || !ends(b)) return goes_on();
    Exit e = goes_on();
    e.why = why;
    e.ways = a->ways | b->ways;
    if (a->how && b->how) {
        e.how = a->how | b->how;
        return e;
    }
    /* one arm at least ends only if its calls never return: so does the whole */
    const Exit *arms[2] = {a, b};
    for (int k = 0; k < 2; k++)
        for (int32_t i = 0; i < arms[k]->ncalls; i++) {
            if (e.ncalls == LEAVE_MAX_CALLS) return goes_on(); /* (too many to ask about) */
            e.calls[e.ncalls++] = arms[k]->calls[i];
        }
    return e;
}

static Exit stmt(Leaves *lv, const Node *s);

Exit leaves_list(Leaves *lv, const NodeList *l) {
    Exit first_calls = goes_on();
    for (int32_t i = 0; i < l->len; i++) {
        Exit e = stmt(lv, l->items[i]);
        if (e.how) {
            if (i + 1 < l->len && lv->unreachable) lv->unreachable(lv->ud, l, i + 1, &e);
            if (first_calls.ncalls) e.ways |= first_calls.ways;
            return e;
        }
        if (e.ncalls && !first_calls.ncalls) {
            first_calls = e;
            if (i + 1 < l->len && lv->unreachable) lv->unreachable(lv->ud, l, i + 1, &e);
        }
    }
    return first_calls;
}

/* Analyzed with calls not counted (inside a try with handlers, or a `with` that suppresses
 * exceptions: what the call raises may be caught). */
static Exit catching(Leaves *lv, const NodeList *l) {
    bool saved = lv->catching;
    lv->catching = true;
    Exit e = leaves_list(lv, l);
    lv->catching = saved;
    return e;
}

static Exit loop(Leaves *lv, const Node *s, const NodeList *body, const NodeList *orelse,
                 const Node *test) {
    lv->loops++;
    leaves_list(lv, body);
    lv->loops--;
    Exit o = leaves_list(lv, orelse);
    bool brk = has_break(body);
    if (!brk && test && always_true(test)) return leaves(LEAVE_LOOP, s);
    return !brk && orelse->len && ends(&o) ? o : goes_on();
}

static Exit stmt(Leaves *lv, const Node *s) {
    switch (s->kind) {
    case AST_RETURN:
        if (!lv->function) return goes_on();
        lv->returns = true;
        return leaves(LEAVE_RETURN, s);
    case AST_RAISE: return leaves(LEAVE_RAISE, s);
    case AST_BREAK: return lv->loops ? leaves(LEAVE_BREAK, s) : goes_on();
    case AST_CONTINUE: return lv->loops ? leaves(LEAVE_CONTINUE, s) : goes_on();
    case AST_EXPR: {
        const Node *v = s->Expr.value;
        if (v->kind != AST_CALL || lv->catching) return goes_on();
        if (leaves_exit_call(v) && (!lv->exits || lv->exits(lv->ud, v)))
            return leaves(LEAVE_RAISE, s);
        if (!lv->maybe_never || !lv->maybe_never(lv->ud, v)) return goes_on();
        Exit e = goes_on();
        e.why = s;
        e.ways = LEAVE_RAISE;
        e.calls[e.ncalls++] = v;
        return e;
    }
    case AST_IF: {
        Exit b = leaves_list(lv, &s->If.body), o = leaves_list(lv, &s->If.orelse);
        if (!s->If.orelse.len || fixed_test(s->If.test)) return goes_on();
        return both(&b, &o, s);
    }
    case AST_WHILE: return loop(lv, s, &s->While.body, &s->While.orelse, s->While.test);
    case AST_FOR:
    case AST_ASYNC_FOR: return loop(lv, s, &s->For.body, &s->For.orelse, NULL);
    case AST_WITH:
    case AST_ASYNC_WITH: {
        if (suppresses(s)) {
            catching(lv, &s->With.body);
            return goes_on();
        }
        Exit b = leaves_list(lv, &s->With.body);
        /* the context manager may swallow what the body raises, and unless it is known to let
         * everything through, what the statements before the `return` raise */
        if (!b.how || (b.ways & LEAVE_RAISE) || b.ncalls) return goes_on();
        for (int32_t i = 0; i < s->With.items.len; i++)
            if (!lets_through(s->With.items.items[i]->withitem.context_expr, lv,
                              s->kind == AST_ASYNC_WITH))
                return goes_on();
        return b;
    }
    case AST_TRY:
    case AST_TRY_STAR: {
        const NodeList *hs = &s->Try.handlers;
        Exit b = hs->len ? catching(lv, &s->Try.body) : leaves_list(lv, &s->Try.body);
        Exit o = leaves_list(lv, &s->Try.orelse);
        Exit e = ends(&b) || !s->Try.orelse.len ? b : o;
        for (int32_t i = 0; i < hs->len; i++) {
            Exit h = leaves_list(lv, &hs->items[i]->ExceptHandler.body);
            e = both(&e, &h, s);
        }
        Exit f = leaves_list(lv, &s->Try.finalbody);
        return f.how ? f : e;
    }
    case AST_MATCH: {
        const NodeList *cs = &s->Match.cases;
        Exit e = goes_on();
        for (int32_t i = 0; i < cs->len; i++) {
            Exit c = leaves_list(lv, &cs->items[i]->match_case.body);
            e = i == 0 ? c : both(&e, &c, s);
        }
        const Node *last = cs->len ? cs->items[cs->len - 1] : NULL;
        bool total = last && !last->match_case.guard &&
                     last->match_case.pattern->kind == AST_MATCH_AS &&
                     !last->match_case.pattern->MatchAs.pattern;
        if (!total || !ends(&e)) return goes_on();
        e.why = s;
        return e;
    }
    default: return goes_on(); /* (nested functions and classes are units of their own) */
    }
}
