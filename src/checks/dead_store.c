/* DW108 dead-store
 *
 * What it does: finds a value assigned to a local variable of a function that is never read:
 * on every path from the assignment, the variable is assigned again, or the function returns,
 * before anything reads it. Reading includes every use of the name in the function's own code
 * (an attribute, a subscript, a call with it as argument, an f-string, `del`); an augmented
 * assignment (`x += 1`) reads the variable and assigns it. Exceptions are followed: a value
 * that a handler may read, after a statement of the `try` raised, is read.
 *
 * Why is this a bug: the computation is thrown away. Either the second assignment was meant for
 * another variable, or the value was meant to be used before it is replaced, or the first
 * assignment is left over and misleads the reader about where the value comes from.
 *
 * Example:
 *     def load(path, **kwargs):
 *         quantization = kwargs.get("quantization", False)   # never read
 *         quantization = True
 *         return Model(path, quantization=quantization)
 *
 * Use instead: use the value, or delete the assignment.
 *
 * Reported at the assigned name, with the assignment that replaces the value (if one does) as
 * a related location.
 *
 * Off by default (select it with `extend-select = ["DW108"]` or `--extend-select DW108`): on 31
 * real projects, 26 of a sample of 30 of its findings were worth acting on (87%); the other 4 are
 * deliberate (a call made for its effect whose result is named and then replaced, or
 * `module = module.to(device)` on an object the call changes in place), and a rule goes on by
 * default only at 90%.
 *
 * Not reported: values that initialize a variable by convention (`None`, `True`, `False`, `0`,
 * `1`, `-1`, `""`, `b""`, `[]`, `{}`, `()`, and `list()`, `dict()`, `set()`, `tuple()` with no
 * argument); names starting with `_`; names declared `global` or `nonlocal`; names that a
 * nested function, lambda, class or comprehension mentions; functions that call `locals()`,
 * `vars()`, `exec` or `eval`; unpacking targets (`a, b = f()`), `for`, `with`, `except`,
 * `import` and `match` targets, walrus targets and augmented assignments (they are assignments
 * that replace a value, but are not reported themselves); a variable that is never read at all
 * (pyflakes' F841 reports those); assignments no path reaches (DW105 reports those); module and
 * class bodies. Written so on purpose: a value set just before a loop or a `try` that sets it
 * again (the loop's starting point, the default if the `try` fails, spelled out); a name beside
 * another target (`cache[key] = value = compute()`); a lookup stored in a `try` body with handlers
 * (`entry = table[key]`, there for the KeyError); an assignment inside a `with` whose context
 * manager expects an exception or a warning (`pytest.raises`, `assertRaises`,
 * `assert_raises_regex`, `pytest.warns`, `expect_deprecated`: any whose name holds raise, warn,
 * deprecat or expect); in a test (a function named test*, a file named test_*.py, *_test.py or
 * conftest.py), a call's result named and dropped (`table = Table("t", metadata)`: the test wants
 * what the call does).
 *
 * Fix (sometimes available): when the value cannot have side effects (names, constants,
 * attributes read without calls, tuples, lists and comparisons of those), the assignment
 * `x = value` is deleted (a block it leaves empty gets `pass`), and `x: T = value` becomes
 * `x: T` (the annotation stays, for the later assignments). Safe: the value is never read and
 * computing it does nothing (a property with effects, or a name that is not bound, is not
 * modelled; ruff's assumption too). Unsafe when a comment on the deleted line would be lost, and
 * in a `finally` or `except` block, where rebinding a variable is the idiom that drops a
 * reference a traceback would keep alive (`exc_info = (None, None, None)` in a `finally:`, to
 * break a cycle). No fix when the value may have an effect (a call, an operator, a subscript:
 * deleting it would drop the effect; the finding is for a person to judge); when it reads a
 * variable that has dead stores itself (`x = x`: deleting the read may leave that variable never
 * read, which is F841's to report, and its dead stores unfixed); for a name beside other targets
 * (`x = y = value`), or for a parenthesized annotation or value.
 */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "cfg/names.h"
#include "check/check.h"
#include "flow/flow.h"
#include "rule_docs.h"

enum { MAX_STORES = 256 }; /* reported assignments followed per function (the first ones) */
_Static_assert(AST_FUNCTION_DEF < 64 && AST_ASYNC_FUNCTION_DEF < 64, "kinds[0]");

/* An assignment that may be reported. */
typedef struct Store {
    const Node *target; /* the Name node */
    const Node *stmt;
    int32_t name;         /* its variable, in Scan.names */
    const Node *next;     /* the statement after it in its list, or NULL */
    const NodeList *list; /* that list, and the statement's place in it (for the fix) */
    int32_t at;
    bool cleanup; /* in a `finally` or `except` block */
} Store;

/* A variable the function assigns. */
typedef struct Var {
    Str name;
    int32_t stores; /* assignments of any kind, its parameter counting as one */
    bool reported;  /* one assignment at least may be reported */
    bool excluded;  /* global, nonlocal, or mentioned in a nested scope */
    bool read;      /* read in the function's own code */
    bool eligible;  /* one assignment at least is of a kind that may be reported */
} Var;

/* A statement list the scan is in: the statement at `at` is being scanned; `owner` is the
 * compound statement the list belongs to (NULL: the function's body). */
typedef struct Frame {
    const NodeList *l;
    int32_t at;
    const Node *owner;
} Frame;

enum { MAX_FRAMES = 64 };

typedef struct Scan {
    Arena *a;
    Frame *frames; /* [MAX_FRAMES] */
    bool looking;  /* the second pass: assignments are counted, candidates looked at */
    int nframes;
    int64_t budget; /* nodes the look-ahead may still visit (then it gives up: read) */
    VEC(Var) vars;
    int32_t *slots; /* open addressing over vars, by name */
    int32_t cap;
    VEC(Store) stores;
    bool dynamic; /* calls locals(), vars(), exec or eval */
    bool failed;
    int trying;       /* `try` bodies with handlers the statement is in */
    int raising;      /* `with` blocks the statement is in that expect an exception */
    const Node *next; /* the statement after the one being scanned, in its list */
} Scan;

static uint32_t slot_of(const Scan *sc, Str name) {
    uint32_t k =
        (uint32_t)hash_bytes(name.s, (size_t)name.len, HASH_SEED) & (uint32_t)(sc->cap - 1);
    while (sc->slots[k] >= 0 && !str_eq(sc->vars.items[sc->slots[k]].name, name))
        k = (k + 1) & (uint32_t)(sc->cap - 1);
    return k;
}

enum { FEW_VARS = 12 }; /* up to this many, variables are looked up one by one, with no table */

static int32_t var_of(Scan *sc, Str name, bool add) {
    if (sc->cap) {
        int32_t v = sc->slots[slot_of(sc, name)];
        if (v >= 0) return v;
    } else {
        for (int32_t i = 0; i < sc->vars.len; i++)
            if (str_eq(sc->vars.items[i].name, name)) return i;
    }
    if (!add || sc->failed) return -1;
    if (!sc->cap && sc->vars.len < FEW_VARS) {
        Var v = {name, 0, false, false, false, false};
        if (VEC_PUSH(sc->a, sc->vars, v)) {
            sc->failed = true;
            return -1;
        }
        return sc->vars.len - 1;
    }
    if ((sc->vars.len + 1) * 2 > sc->cap) { /* grow the table */
        int32_t cap = sc->cap ? sc->cap * 2 : 32;
        int32_t *slots = arena_alloc(sc->a, sizeof(int32_t) * (size_t)cap);
        if (!slots) {
            sc->failed = true;
            return -1;
        }
        memset(slots, 0xff, sizeof(int32_t) * (size_t)cap);
        sc->slots = slots, sc->cap = cap;
        for (int32_t i = 0; i < sc->vars.len; i++) slots[slot_of(sc, sc->vars.items[i].name)] = i;
    }
    Var v = {name, 0, false, false, false, false};
    if (VEC_PUSH(sc->a, sc->vars, v)) {
        sc->failed = true;
        return -1;
    }
    sc->slots[slot_of(sc, name)] = sc->vars.len - 1;
    return sc->vars.len - 1;
}

/* ---- the assignments: a scan of the statements -------------------------------------------- */

/* A value that initializes by convention: None, True, False, 0, 1, -1, "", b"", [], {}, (), and
 * list(), dict(), set(), tuple(). */
static bool initializer(const Node *v) {
    switch (v->kind) {
    case AST_CONSTANT: {
        const Const *c = &v->Constant.value;
        switch (c->kind) {
        case CONST_NONE:
        case CONST_TRUE:
        case CONST_FALSE: return true;
        case CONST_INT: return c->i == 0 || c->i == 1;
        case CONST_STR:
        case CONST_BYTES: return c->s.len == 0;
        default: return false;
        }
    }
    case AST_UNARY_OP:
        return v->UnaryOp.op == AST_USUB && v->UnaryOp.operand->kind == AST_CONSTANT &&
               v->UnaryOp.operand->Constant.value.kind == CONST_INT &&
               v->UnaryOp.operand->Constant.value.i == 1;
    case AST_LIST: return v->List.elts.len == 0;
    case AST_TUPLE: return v->Tuple.elts.len == 0;
    case AST_DICT: return v->Dict.keys.len == 0;
    case AST_CALL: {
        const Node *f = v->Call.func;
        if (v->Call.args.len || v->Call.keywords.len || f->kind != AST_NAME) return false;
        return str_eq_c(f->Name.id, "list") || str_eq_c(f->Name.id, "dict") ||
               str_eq_c(f->Name.id, "set") || str_eq_c(f->Name.id, "tuple");
    }
    default: return false;
    }
}

/* The variable (-1: out of memory), its assignments counted (in the first pass). */
static int32_t count_store(Scan *sc, Str name) {
    if (sc->looking) return var_of(sc, name, false);
    int32_t v = var_of(sc, name, true);
    if (v >= 0) sc->vars.items[v].stores++;
    return v;
}

/* Every name a target binds (an unpacking's, a starred one's): assignments not reported. */
static void count_target(Scan *sc, const Node *t) {
    switch (t->kind) {
    case AST_NAME: count_store(sc, t->Name.id); return;
    case AST_STARRED: count_target(sc, t->Starred.value); return;
    case AST_TUPLE:
    case AST_LIST: {
        const NodeList *l = t->kind == AST_TUPLE ? &t->Tuple.elts : &t->List.elts;
        for (int32_t i = 0; i < l->len; i++) count_target(sc, l->items[i]);
        return;
    }
    default: return;
    }
}

/* ---- a look ahead, before any graph: is the value read next? --------------------------------
 *
 * Most assignments are read by the next statement that mentions their name. Such an assignment
 * is no candidate, and a function with no candidate gets no graph. The look ahead follows the
 * statements after the assignment in evaluation order, its list's, then the enclosing ones' (a
 * loop's from its start again, as its next round does, and after it); the first mention of the
 * name decides: a read (and so on some path the value is read: not dead), or an assignment, or
 * none (then the graph decides). Exception paths are not followed here: the graph follows them. */

enum { M_NONE, M_LOAD, M_STORE };

/* A node whose names are a scope of their own: a def, a class, a lambda, a comprehension. */
static bool opens_scope(const Node *n) {
    switch (n->kind) {
    case AST_FUNCTION_DEF:
    case AST_ASYNC_FUNCTION_DEF:
    case AST_CLASS_DEF:
    case AST_LAMBDA:
    case AST_LIST_COMP:
    case AST_SET_COMP:
    case AST_DICT_COMP:
    case AST_GENERATOR_EXP: return true;
    default: return false;
    }
}

typedef struct Look {
    Scan *sc;
    Str name;
    int found;
} Look;

static int look(Node *n, void *ud);

/* Whether a nested scope mentions the name at all (a closure: taken as a read). */
static int look_nested(Node *n, void *ud) {
    Look *lk = ud;
    if (--lk->sc->budget < 0) return lk->found = M_LOAD;
    if (n->kind == AST_NAME && str_eq(n->Name.id, lk->name)) return lk->found = M_LOAD;
    return ast_children(n, look_nested, ud);
}

/* The first mention of the name in n, in evaluation order, into lk->found (nonzero: stop). */
static int look(Node *n, void *ud) {
    Look *lk = ud;
    if (--lk->sc->budget < 0) return lk->found = M_LOAD;
    switch (n->kind) {
    case AST_NAME:
        if (!str_eq(n->Name.id, lk->name)) return 0;
        return lk->found = n->Name.ctx == AST_STORE ? M_STORE : M_LOAD; /* (del reads it) */
    case AST_ASSIGN:
        if (look(n->Assign.value, ud)) return lk->found;
        for (int32_t i = 0; i < n->Assign.targets.len; i++)
            if (look(n->Assign.targets.items[i], ud)) return lk->found;
        return 0;
    case AST_AUG_ASSIGN:
        if (n->AugAssign.target->kind == AST_NAME && str_eq(n->AugAssign.target->Name.id, lk->name))
            return lk->found = M_LOAD;
        if (look(n->AugAssign.value, ud)) return lk->found;
        return look(n->AugAssign.target, ud);
    case AST_ANN_ASSIGN:
        if (n->AnnAssign.value && look(n->AnnAssign.value, ud)) return lk->found;
        return look(n->AnnAssign.target, ud);
    case AST_NAMED_EXPR:
        if (look(n->NamedExpr.value, ud)) return lk->found;
        return look(n->NamedExpr.target, ud);
    case AST_FOR:
    case AST_ASYNC_FOR:
        if (look(n->For.iter, ud) || look(n->For.target, ud)) return lk->found;
        for (int32_t i = 0; i < n->For.body.len; i++)
            if (look(n->For.body.items[i], ud)) return lk->found;
        for (int32_t i = 0; i < n->For.orelse.len; i++)
            if (look(n->For.orelse.items[i], ud)) return lk->found;
        return 0;
    default: return opens_scope(n) ? look_nested(n, ud) : ast_children(n, look, ud);
    }
}

static int look_list(Look *lk, const NodeList *l, int32_t from, int32_t to) {
    for (int32_t i = from; i < to; i++)
        if (look(l->items[i], lk)) return lk->found;
    return M_NONE;
}

static bool is_loop(const Node *s) {
    return s && (s->kind == AST_FOR || s->kind == AST_ASYNC_FOR || s->kind == AST_WHILE);
}

/* Whether the value assigned to `name` by the statement being scanned may be read by the next
 * mention of the name. */
static bool read_next(Scan *sc, Str name) {
    Look lk = {sc, name, M_NONE};
    for (int f = sc->nframes - 1; f >= 0; f--) {
        const Frame *fr = &sc->frames[f];
        int m = look_list(&lk, fr->l, fr->at + 1, fr->l->len);
        if (m) return m == M_LOAD;
        const Node *o = fr->owner;
        if (!o) return false;
        bool body = is_loop(o) && fr->l == (o->kind == AST_WHILE ? &o->While.body : &o->For.body);
        if (body) { /* the next round: the loop's test or target, then its body up to here */
            m = o->kind == AST_WHILE ? (look(o->While.test, &lk), lk.found)
                                     : (look(o->For.target, &lk), lk.found);
            if (!m) m = look_list(&lk, fr->l, 0, fr->at + 1);
            if (m == M_LOAD) return true;
            lk.found = M_NONE;
            /* or the loop ends: its `else`, then what follows it */
            m = look_list(&lk, o->kind == AST_WHILE ? &o->While.orelse : &o->For.orelse, 0,
                          o->kind == AST_WHILE ? o->While.orelse.len : o->For.orelse.len);
            if (m) return m == M_LOAD;
        } else if ((o->kind == AST_TRY || o->kind == AST_TRY_STAR) && fr->l != &o->Try.finalbody) {
            /* after the body its `else`, after either the `finally` (handlers are left to the
             * graph) */
            if (fr->l == &o->Try.body) m = look_list(&lk, &o->Try.orelse, 0, o->Try.orelse.len);
            if (!m) m = look_list(&lk, &o->Try.finalbody, 0, o->Try.finalbody.len);
            if (m) return m == M_LOAD;
        }
        if (sc->budget < 0) return true;
    }
    return false;
}

/* Whether a later target of the same assignment stores the name again (`x = x = f()`). */
static bool stored_again(const Node *stmt, const Node *target) {
    if (stmt->kind != AST_ASSIGN) return false;
    const NodeList *t = &stmt->Assign.targets;
    bool after = false;
    for (int32_t i = 0; i < t->len; i++) {
        if (after && t->items[i]->kind == AST_NAME && str_eq(t->items[i]->Name.id, target->Name.id))
            return true;
        after |= t->items[i] == target;
    }
    return false;
}

static void assigned(Scan *sc, const Node *stmt, const Node *target, const Node *value) {
    if (target->kind != AST_NAME) {
        count_target(sc, target);
        return;
    }
    int32_t v = count_store(sc, target->Name.id);
    Str name = target->Name.id;
    if (v < 0 || !value || initializer(value) || (name.len && name.s[0] == '_') || sc->raising)
        return;
    /* `try: v = table[key]` / `except KeyError:`: a lookup stored only for the exception it
     * may raise (a bare `table[key]` reads as a statement with no effect) */
    if (sc->trying && (value->kind == AST_SUBSCRIPT || value->kind == AST_ATTRIBUTE)) return;
    Var *var = &sc->vars.items[v];
    if (!sc->looking) {
        var->eligible = true;
        return;
    }
    if (var->stores < 2 || var->excluded || sc->stores.len >= MAX_STORES) return;
    if (!stored_again(stmt, target) && read_next(sc, name)) return;
    sc->vars.items[v].reported = true;
    const Frame *fr = &sc->frames[sc->nframes - 1];
    bool cleanup = false;
    for (int i = 0; i < sc->nframes && !cleanup; i++) {
        const Node *o = sc->frames[i].owner;
        cleanup = o && (o->kind == AST_TRY || o->kind == AST_TRY_STAR) &&
                  sc->frames[i].l != &o->Try.body && sc->frames[i].l != &o->Try.orelse;
    }
    if (VEC_PUSH(sc->a, sc->stores, ((Store){target, stmt, v, sc->next, fr->l, fr->at, cleanup})))
        sc->failed = true;
}

static void exclude(Scan *sc, Str name) {
    int32_t v = var_of(sc, name, true);
    if (v >= 0) sc->vars.items[v].excluded = true;
}

static void scan_list(Scan *sc, const NodeList *l, const Node *owner);

/* Whether s holds word w, in any case. */
static bool holds_word(Str s, const char *w) {
    size_t n = strlen(w);
    for (int32_t i = 0; i + (int32_t)n <= s.len; i++)
        if ((s.s[i] | 0x20) == w[0] && strncasecmp(s.s + i, w, n) == 0) return true;
    return false;
}

/* A context manager that expects the block to raise or warn: `pytest.raises(...)`,
 * `self.assertRaises(...)`, `assert_raises_regex(...)`, `pytest.warns(...)`,
 * `deprecated_call()`, `expect_raises(...)`, `expect_deprecated(...)`. The block's last
 * assignment is most often there for the call it makes (which may never assign). */
static bool expects_exception(const Node *e) {
    if (e->kind != AST_CALL) return false;
    const Node *f = e->Call.func;
    Str name = f->kind == AST_NAME        ? f->Name.id
               : f->kind == AST_ATTRIBUTE ? f->Attribute.attr
                                          : (Str){NULL, 0};
    return name.s && (holds_word(name, "raise") || holds_word(name, "warn") ||
                      holds_word(name, "deprecat") || holds_word(name, "expect"));
}

static void scan_stmt(Scan *sc, const Node *s) {
    switch (s->kind) {
    case AST_ASSIGN: {
        /* `cache[key] = value = compute()`: the name is a convenience beside the store that
         * matters (not so `x = x = f()`, a typo) */
        const NodeList *t = &s->Assign.targets;
        bool alias = false;
        for (int32_t i = 1; i < t->len && !alias; i++)
            alias = t->items[i]->kind != AST_NAME || t->items[0]->kind != AST_NAME ||
                    !str_eq(t->items[i]->Name.id, t->items[0]->Name.id);
        for (int32_t i = 0; i < t->len; i++)
            assigned(sc, s, t->items[i], alias ? NULL : s->Assign.value);
        return;
    }
    case AST_ANN_ASSIGN:
        if (s->AnnAssign.value) assigned(sc, s, s->AnnAssign.target, s->AnnAssign.value);
        return;
    case AST_AUG_ASSIGN: count_target(sc, s->AugAssign.target); return;
    case AST_FOR:
    case AST_ASYNC_FOR:
        count_target(sc, s->For.target);
        scan_list(sc, &s->For.body, s);
        scan_list(sc, &s->For.orelse, s);
        return;
    case AST_WHILE:
    case AST_IF:
        scan_list(sc, &s->If.body, s);
        scan_list(sc, &s->If.orelse, s);
        return;
    case AST_WITH:
    case AST_ASYNC_WITH: {
        bool raising = false;
        for (int32_t i = 0; i < s->With.items.len; i++) {
            const Node *v = s->With.items.items[i]->withitem.optional_vars;
            if (v) count_target(sc, v);
            raising |= expects_exception(s->With.items.items[i]->withitem.context_expr);
        }
        sc->raising += raising;
        scan_list(sc, &s->With.body, s);
        sc->raising -= raising;
        return;
    }
    case AST_TRY:
    case AST_TRY_STAR:
        sc->trying += s->Try.handlers.len > 0;
        scan_list(sc, &s->Try.body, s);
        sc->trying -= s->Try.handlers.len > 0;
        for (int32_t i = 0; i < s->Try.handlers.len; i++) {
            const Node *h = s->Try.handlers.items[i];
            if (h->ExceptHandler.name.s) count_store(sc, h->ExceptHandler.name);
            scan_list(sc, &h->ExceptHandler.body, s);
        }
        scan_list(sc, &s->Try.orelse, s);
        scan_list(sc, &s->Try.finalbody, s);
        return;
    case AST_MATCH:
        for (int32_t i = 0; i < s->Match.cases.len; i++)
            scan_list(sc, &s->Match.cases.items[i]->match_case.body, s);
        return;
    case AST_GLOBAL:
    case AST_NONLOCAL:
        for (int32_t i = 0; i < s->Global.names.len; i++) exclude(sc, s->Global.names.items[i]);
        return;
    default: return; /* (a nested def or class binds its name: not a value of ours) */
    }
}

static void scan_list(Scan *sc, const NodeList *l, const Node *owner) {
    if (sc->nframes == MAX_FRAMES) return; /* (nested too deep to look at) */
    Frame *fr = &sc->frames[sc->nframes++];
    fr->l = l, fr->owner = owner;
    for (int32_t i = 0; i < l->len; i++) {
        fr->at = i;
        sc->next = i + 1 < l->len ? l->items[i + 1] : NULL;
        scan_stmt(sc, l->items[i]);
    }
    sc->nframes--;
}

/* ---- the reads: a walk of the whole function, for the few that have candidates ---------- */

typedef struct Reads {
    Scan *sc;
    int nested; /* scopes of their own the walk is in */
} Reads;

static int reads(Node *n, void *ud) {
    Reads *r = ud;
    Scan *sc = r->sc;
    switch (n->kind) {
    case AST_NAME: {
        int32_t v = var_of(sc, n->Name.id, false);
        if (v >= 0 && r->nested) sc->vars.items[v].excluded = true;
        if (v >= 0 && !r->nested && n->Name.ctx == AST_LOAD) sc->vars.items[v].read = true;
        return 0;
    }
    case AST_CALL: {
        const Node *f = n->Call.func;
        if (f->kind == AST_NAME &&
            (str_eq_c(f->Name.id, "locals") || str_eq_c(f->Name.id, "vars") ||
             str_eq_c(f->Name.id, "exec") || str_eq_c(f->Name.id, "eval")))
            sc->dynamic = true;
        break;
    }
    case AST_GLOBAL:
    case AST_NONLOCAL:
        for (int32_t i = 0; i < n->Global.names.len; i++) exclude(sc, n->Global.names.items[i]);
        return 0;
    default:
        if (!opens_scope(n)) break;
        r->nested++;
        ast_children(n, reads, ud);
        r->nested--;
        return 0;
    }
    return ast_children(n, reads, ud);
}

/* ---- the flow: which assigned values may still be read ------------------------------------ */

typedef struct Flow {
    const Scan *sc;
    const Cfg *g;
    int32_t *var_of_path; /* per path: its variable (a candidate), or -1 */
    int32_t words;
    bool *used, *reached;
    const Node **replaced_by; /* per store: an assignment that replaces its value */
} Flow;

static uint64_t *bits(void *s) {
    return s;
}

static void fl_empty(void *s, void *ud) {
    const Flow *f = ud;
    memset(s, 0, sizeof(uint64_t) * (size_t)f->words);
}

static bool fl_join(void *dst, const void *src, void *ud) {
    const Flow *f = ud;
    bool changed = false;
    for (int32_t w = 0; w < f->words; w++) {
        uint64_t v = bits(dst)[w] | ((const uint64_t *)src)[w];
        changed |= v != bits(dst)[w];
        bits(dst)[w] = v;
    }
    return changed;
}

/* The variable an event is about: its path's root. */
static int32_t event_var(const Flow *f, const CfgEvent *ev) {
    int32_t p = ev->path;
    for (int depth = 0; p >= 0 && f->g->paths[p].parent >= 0 && depth < 16; depth++)
        p = f->g->paths[p].parent;
    return p >= 0 ? f->var_of_path[p] : -1;
}

static void fl_event(void *s, const CfgEvent *ev, void *ud) {
    Flow *f = ud;
    const Scan *sc = f->sc;
    int32_t v = ev->path >= 0 ? event_var(f, ev) : -1;
    if (v < 0) return;
    switch ((CfgEventKind)ev->kind) {
    case EV_LOAD:
    case EV_DEREF:
    case EV_DEL: /* a read: every value of v that may still be there is read */
        for (int32_t i = 0; i < sc->stores.len; i++)
            if (sc->stores.items[i].name == v && (bits(s)[i / 64] >> (i % 64) & 1))
                f->used[i] = true;
        return;
    case EV_ASSIGN:
    case EV_ASSIGN_NONE:
        if (f->g->paths[ev->path].parent >= 0) return; /* (an attribute of it) */
        for (int32_t i = 0; i < sc->stores.len; i++) {
            if (sc->stores.items[i].name != v) continue;
            if ((bits(s)[i / 64] >> (i % 64) & 1) &&
                (!f->replaced_by[i] || ev->node->lineno < f->replaced_by[i]->lineno))
                f->replaced_by[i] = ev->node; /* (the first one, to name in the message) */
            bits(s)[i / 64] &= ~(1ull << (i % 64));
        }
        for (int32_t i = 0; i < sc->stores.len; i++)
            if (sc->stores.items[i].target == ev->node) {
                bits(s)[i / 64] |= 1ull << (i % 64);
                f->reached[i] = true;
            }
        return;
    default: return;
    }
}

static void fl_edge(void *s, const CfgEdge *e, void *ud) {
    (void)s, (void)e, (void)ud;
}

/* A statement that may set again what is set just before it: a loop, a `try`. */
static bool sets_again(const Node *s) {
    return s && (s->kind == AST_FOR || s->kind == AST_ASYNC_FOR || s->kind == AST_WHILE ||
                 s->kind == AST_TRY || s->kind == AST_TRY_STAR);
}

/* Whether the code is a test's: a function named test*, or a file named test_*.py, *_test.py
 * or conftest.py. */
static bool in_test(const CheckCtx *cx, const Node *fn) {
    Str name = fn->FunctionDef.name;
    if (name.len >= 4 && strncmp(name.s, "test", 4) == 0) return true;
    const char *base = strrchr(cx->path, '/');
    base = base ? base + 1 : cx->path;
    size_t n = strlen(base);
    return strncmp(base, "test_", 5) == 0 || strcmp(base, "conftest.py") == 0 ||
           (n > 8 && strcmp(base + n - 8, "_test.py") == 0);
}

/* Whether a dead store is written so on purpose: a value set before a loop or a `try` that sets
 * it again (`best = first` above `while ...: best = ...`: the loop's starting point, spelled
 * out); in a
 * test, a call's result named and dropped (`table = Table("t", metadata, ...)`, `result =
 * run(...)`: the test wants what the call does, and the name says what it is). */
static bool on_purpose(const CheckCtx *cx, const Node *fn, const Store *st, const Node *by) {
    if (by && sets_again(st->next) && by->lineno >= st->next->lineno &&
        by->end_lineno <= st->next->end_lineno)
        return true;
    const Node *v =
        st->stmt->kind == AST_ASSIGN ? st->stmt->Assign.value : st->stmt->AnnAssign.value;
    if (v->kind == AST_AWAIT)
        v = v->Await.value;
    else if (v->kind == AST_YIELD)
        v = v->Yield.value;
    else if (v->kind == AST_YIELD_FROM)
        v = v->YieldFrom.value;
    return v && v->kind == AST_CALL && in_test(cx, fn);
}

/* A value whose computation has no effect worth keeping: fix_pure_expr's, and lists of those. */
static bool pure_value(const Node *v) {
    if (v->kind != AST_LIST) return fix_pure_expr(v);
    for (int32_t i = 0; i < v->List.elts.len; i++)
        if (!pure_value(v->List.elts.items[i])) return false;
    return true;
}

/* Whether e reads a variable that has dead stores reported (`x = x`, `x = y` with y reported):
 * deleting the read may leave it never read, a case for F841, and its findings would go unfixed. */
typedef struct Reading {
    const Scan *sc;
    bool found;
} Reading;

static int reads_reported(Node *n, void *ud) {
    Reading *r = ud;
    if (n->kind == AST_NAME)
        for (int32_t i = 0; i < r->sc->vars.len && !r->found; i++)
            r->found =
                r->sc->vars.items[i].reported && str_eq(r->sc->vars.items[i].name, n->Name.id);
    return r->found || ast_children(n, reads_reported, ud);
}

/* The dead store deleted: `x = value` as a statement (a block left empty gets `pass`), the value
 * of `x: T = value` (the annotation stays, for the later assignments); NULL when the value may
 * have an effect or reads a variable with dead stores, or the statement assigns more than the
 * name. */
static const Fix *deletion(CheckCtx *cx, const Scan *sc, const Store *st) {
    const Node *s = st->stmt;
    const Node *value = s->kind == AST_ASSIGN ? s->Assign.value : s->AnnAssign.value;
    Reading r = {sc, false};
    reads_reported((Node *)value, &r);
    if (r.found) return NULL;
    const FixText *t = check_fix_text(cx);
    FixBuilder fb;
    fix_begin(&fb, cx->arena, t);
    if (s->kind == AST_ASSIGN && s->Assign.targets.len == 1 && pure_value(s->Assign.value)) {
        fix_delete_stmts(&fb, st->list, st->at, st->at, false);
    } else if (s->kind == AST_ANN_ASSIGN && s->AnnAssign.simple && pure_value(s->AnnAssign.value)) {
        /* from the annotation's end to the statement's: ` = value`, nothing else */
        size_t from = fix_node_end(t, s->AnnAssign.annotation);
        size_t eq = fix_node_start(t, s->AnnAssign.value), to = fix_node_end(t, s);
        while (eq > from && (t->text[eq - 1] == ' ' || t->text[eq - 1] == '\t')) eq--;
        if (eq <= from || t->text[eq - 1] != '=' || !fix_blank(t, from, eq - 1) ||
            fix_node_end(t, s->AnnAssign.value) != to)
            fix_fail(&fb);
        fix_delete(&fb, from, to);
    } else {
        return NULL;
    }
    if (st->cleanup) fix_unsafe(&fb); /* (see the head comment) */
    return fix_end(&fb, "Delete the dead store to `%.*s`", (int)st->target->Name.id.len,
                   st->target->Name.id.s);
}

static void report(CheckCtx *cx, const Node *fn, const Flow *f) {
    const Scan *sc = f->sc;
    for (int32_t i = 0; i < sc->stores.len; i++) {
        const Store *st = &sc->stores.items[i];
        const Var *v = &sc->vars.items[st->name];
        if (!f->reached[i] || f->used[i] || v->excluded || !v->read) continue;
        const Node *by = f->replaced_by[i];
        if (on_purpose(cx, fn, st, by)) continue;
        char text[120];
        check_node_text(cx, st->stmt, text, sizeof text);
        check_fix(cx, deletion(cx, sc, st));
        if (by) {
            CheckRelated rel = {by, "assigned again here"};
            check_report(cx, st->target, &rel, 1,
                         "dead store: the value `%s` assigns is never read: `%.*s` is assigned "
                         "again on line %d first",
                         text, (int)v->name.len, v->name.s, by->lineno);
        } else {
            check_report(cx, st->target, NULL, 0,
                         "dead store: the value `%s` assigns is never read: the function "
                         "returns first",
                         text);
        }
    }
}

static void visit(CheckCtx *cx, const Node *fn, const Node *parent) {
    (void)parent;
    Frame frames[MAX_FRAMES];
    Scan sc = {.a = cx->arena, .frames = frames};
    const Node *args = fn->FunctionDef.args;
    const NodeList *params[] = {&args->arguments.posonlyargs, &args->arguments.args,
                                &args->arguments.kwonlyargs};
    for (int k = 0; k < 3; k++)
        for (int32_t i = 0; i < params[k]->len; i++) count_store(&sc, params[k]->items[i]->arg.arg);
    if (args->arguments.vararg) count_store(&sc, args->arguments.vararg->arg.arg);
    if (args->arguments.kwarg) count_store(&sc, args->arguments.kwarg->arg.arg);
    sc.budget = 20000 + 64 * (int64_t)(fn->end_lineno - fn->lineno); /* (linear in its size) */
    /* the first pass counts each variable's assignments; the second looks ahead from those of
     * variables assigned twice or more (most are assigned once) */
    scan_list(&sc, &fn->FunctionDef.body, NULL);
    bool twice = false;
    for (int32_t i = 0; i < sc.vars.len && !twice; i++)
        twice =
            sc.vars.items[i].stores >= 2 && sc.vars.items[i].eligible && !sc.vars.items[i].excluded;
    if (!twice || sc.failed) return;
    sc.looking = true;
    scan_list(&sc, &fn->FunctionDef.body, NULL);
    /* candidates: assigned more than once, once at least with a value that is reported */
    NameSet loads = {0};
    bool any = false;
    for (int32_t i = 0; i < sc.vars.len && !sc.failed; i++) {
        const Var *v = &sc.vars.items[i];
        if (!v->reported || v->excluded || v->stores < 2) continue;
        any = true;
        if (!name_set_add(cx->arena, &loads, v->name)) sc.failed = true;
    }
    if (!any || sc.failed) return;
    Reads r = {&sc, 0};
    for (int32_t i = 0; i < fn->FunctionDef.body.len; i++) reads(fn->FunctionDef.body.items[i], &r);
    if (sc.dynamic) return;
    Cfg *g = cfg_build_loads(cx->arena, fn, &loads);
    if (!g) return;
    Flow f = {&sc, g, NULL, (sc.stores.len + 63) / 64, NULL, NULL, NULL};
    f.var_of_path = arena_alloc(cx->arena, sizeof(int32_t) * (size_t)(g->npaths + 1));
    f.used = arena_zalloc(cx->arena, (size_t)sc.stores.len + 1);
    f.reached = arena_zalloc(cx->arena, (size_t)sc.stores.len + 1);
    f.replaced_by = arena_zalloc(cx->arena, sizeof(Node *) * (size_t)(sc.stores.len + 1));
    if (!f.var_of_path || !f.used || !f.reached || !f.replaced_by) return;
    for (int32_t p = 0; p < g->npaths; p++) {
        const CfgPath *cp = &g->paths[p];
        int32_t v =
            cp->parent < 0 && name_set_has(&loads, cp->name) ? var_of(&sc, cp->name, false) : -1;
        f.var_of_path[p] = v;
    }
    FlowLattice L = {sizeof(uint64_t) * (size_t)(f.words ? f.words : 1),
                     fl_empty,
                     fl_empty,
                     fl_join,
                     fl_event,
                     fl_edge};
    FlowResult res;
    if (!flow_solve(cx->arena, g, &L, &f, &res)) return;
    report(cx, fn, &f);
}

const Check check_dead_store = {
    .info = {"DW108", "dead-store", "A value assigned to a local variable is never read.",
             DOC_DW108, false, "warning"},
    .kinds = {1ull << AST_FUNCTION_DEF | 1ull << AST_ASYNC_FUNCTION_DEF, 0},
    .visit = visit,
};
