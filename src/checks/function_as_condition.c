/* DW107 function-as-condition
 *
 * What it does: finds a function, a method or a class tested for truth without being called:
 * `if self.is_ready:`, `not helper`, `x and obj.method` (a condition's operand), a conditional
 * expression's test, `while f:`. Only where the name resolves, in the tree, to a
 * `def` or a class: `self.name` and `cls.name` through the class's MRO, a module-level name that
 * the module binds once, by that `def` or class (or by an import of one that its module binds
 * once), and `module.name` or `Class.name` through them. A function in another file is
 * followed.
 *
 * Why is this a bug: a function object is always true, so the test decides nothing: the branch
 * always runs (or never does), whatever the function would have answered. It is nearly always a
 * missing `()`.
 *
 * Example:
 *     class Job:
 *         def is_done(self):
 *             return self.state == "done"
 *         def wait(self):
 *             while not self.is_done:      # always false: the loop never runs
 *                 time.sleep(1)
 *
 * Use instead: call it: `self.is_done()`.
 *
 * Reported at the tested name, with its definition as a related location.
 *
 * Not reported: a name that is a parameter or a local of the function (or of a function it is
 * in, or of a lambda or comprehension: `if callback:` tests an argument that may be None);
 * properties, `cached_property` and every other decorated function or class (a decorator may
 * make it something that is not always true); a method whose name some code of the tree
 * assigns as an attribute (`self.handler = None`, a class attribute of that name in any class),
 * or that a class deriving from the caller's defines with a decorator; a module-level name bound
 * more than once or by anything but a def, a class or an import (`try: from x import f` /
 * `except ImportError: f = None` makes `if f:` meaningful); `is None` tests and comparisons
 * (they do not test the function's truth); `assert f` (a test that the name exists, in test
 * suites); names resolved through an unknown base class.
 *
 * Fix (sometimes available): `()` is added after the name (`if self.is_ready():`). Always unsafe:
 * the call runs code the test did not, and whether it is the call meant (and what it needs as
 * arguments) only the author knows. No fix for a class (calling it makes an object, which is as
 * true as the class: the test would still decide nothing), for a method reached without an
 * instance (`Class.method`, `cls.method` of a plain method: the call needs one), nor for a
 * function with a parameter that has no default (`if self.has:` where `def has(self, key)`: what
 * to pass is the author's to write, and `()` would raise TypeError).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg/names.h"
#include "check/tree.h"
#include "check/tree_text.h"
#include "index/collect.h"
#include "rule_docs.h"

extern const Check check_function_as_condition;

/* A name tested for truth that may be a function of the tree. */
typedef struct Tested {
    CallRef ref;
    SumLoc at;
} Tested;

typedef struct Facts {
    const Tested *tests;
    int32_t ntests;
    const char **stored; /* attribute names the file assigns (and class attributes), each once */
    int32_t nstored;
} Facts;

/* ---- collecting ---- */

typedef struct State {
    SumBuilder *sb;
    VEC(Tested) tests;
    VEC(const char *) stored;
    NameSet seen; /* (stored, for a quick look) */
    int nested;   /* comprehensions the walk is in (their variables are no summary's) */
} State;

static void tested(State *st, const Node *e) {
    SumBuilder *sb = st->sb;
    if (st->nested || summary_in_lambda(sb)) return;
    if (e->kind != AST_NAME && e->kind != AST_ATTRIBUTE) return;
    if (!summary_may_resolve_ref(sb, e)) return;
    Tested t;
    /* (a name's locals looked up now: tests are few, and no file is read again for them) */
    if (!summary_ref(sb, e, summary_current_unit(sb), CALLREF_RESOLVABLE, &t.ref)) return;
    t.at = summary_loc(sb, e);
    if (VEC_PUSH(summary_scratch(sb), st->tests, t)) summary_fail(sb);
}

/* Whether node n, the parent's child, is tested for truth there. */
static bool truth_position(const Node *n, const Node *parent) {
    switch (parent->kind) {
    case AST_IF:
    case AST_WHILE: return parent->If.test == n;
    case AST_IF_EXP: return parent->IfExp.test == n;
    case AST_UNARY_OP: return parent->UnaryOp.op == AST_NOT;
    default: return false;
    }
}

static void store_name(State *st, Str name) {
    if (name_set_has(&st->seen, name)) return;
    if (!name_set_add(summary_scratch(st->sb), &st->seen, name) ||
        VEC_PUSH(summary_scratch(st->sb), st->stored, summary_str(st->sb, name)))
        summary_fail(st->sb);
}

static void stored_targets(State *st, const Node *t, bool class_body) {
    switch (t->kind) {
    case AST_ATTRIBUTE: store_name(st, t->Attribute.attr); return;
    case AST_NAME:
        if (class_body) store_name(st, t->Name.id);
        return;
    case AST_TUPLE:
    case AST_LIST: {
        const NodeList *l = t->kind == AST_TUPLE ? &t->Tuple.elts : &t->List.elts;
        for (int32_t i = 0; i < l->len; i++) stored_targets(st, l->items[i], class_body);
        return;
    }
    case AST_STARRED: stored_targets(st, t->Starred.value, class_body); return;
    default: return;
    }
}

static bool enter(SumBuilder *sb, void *state, const Node *n, const Node *parent) {
    State *st = state;
    st->sb = sb;
    bool class_body = summary_current_unit(sb)->kind == AST_CLASS_DEF;
    switch (n->kind) {
    case AST_IF:
    case AST_WHILE: tested(st, n->If.test); break;
    case AST_IF_EXP: tested(st, n->IfExp.test); break;
    case AST_UNARY_OP:
        if (n->UnaryOp.op == AST_NOT) tested(st, n->UnaryOp.operand);
        break;
    case AST_BOOL_OP: {
        /* every operand but the last, whose value is the result; that one too in a test */
        const NodeList *v = &n->BoolOp.values;
        bool last = parent && truth_position(n, parent);
        for (int32_t i = 0; i < v->len - (last ? 0 : 1); i++) tested(st, v->items[i]);
        break;
    }
    case AST_ASSIGN:
        for (int32_t i = 0; i < n->Assign.targets.len; i++)
            stored_targets(st, n->Assign.targets.items[i], class_body);
        break;
    case AST_ANN_ASSIGN: stored_targets(st, n->AnnAssign.target, class_body); break;
    case AST_AUG_ASSIGN: stored_targets(st, n->AugAssign.target, class_body); break;
    default: st->nested++; break; /* a comprehension */
    }
    return false;
}

static void leave(SumBuilder *sb, void *state, const Node *n) {
    (void)sb, (void)n;
    State *st = state;
    st->nested--;
}

static const void *finish(SumBuilder *sb, void *state) {
    State *st = state;
    if (!st->tests.len && !st->stored.len) return NULL;
    Facts *f = arena_zalloc(summary_out(sb), sizeof *f);
    if (!f) {
        summary_fail(sb);
        return NULL;
    }
    f->ntests = st->tests.len;
    f->nstored = st->stored.len;
    if ((f->ntests && !(f->tests = arena_memdup(summary_out(sb), st->tests.items,
                                                sizeof *st->tests.items * (size_t)f->ntests))) ||
        (f->nstored && !(f->stored = arena_memdup(summary_out(sb), st->stored.items,
                                                  sizeof *st->stored.items * (size_t)f->nstored))))
        summary_fail(sb);
    return f;
}

static void encode(Buf *b, const void *facts) {
    const Facts *f = facts;
    wire_i32(b, f->ntests);
    for (int32_t i = 0; i < f->ntests; i++)
        sum_write_call(b, &f->tests[i].ref), sum_write_loc(b, f->tests[i].at);
    wire_i32(b, f->nstored);
    for (int32_t i = 0; i < f->nstored; i++) wire_str(b, f->stored[i]);
}

static const void *decode(SumReader *r, const ModuleSummary *m) {
    Facts *f = sum_read_items(r, 1, sizeof *f);
    if (!f) return NULL;
    f->ntests = sum_read_count(r, 12);
    Tested *t = sum_read_items(r, f->ntests, sizeof *t);
    for (int32_t i = 0; t && i < f->ntests && !r->r.bad; i++)
        sum_read_call(r, m, &t[i].ref), t[i].at = sum_read_loc(r);
    f->tests = t;
    f->nstored = sum_read_count(r, 2);
    const char **s = sum_read_items(r, f->nstored, sizeof *s);
    for (int32_t i = 0; s && i < f->nstored && !r->r.bad; i++) s[i] = sum_read_str(r, false);
    f->stored = s;
    return r->r.bad ? NULL : f;
}

static const int16_t enter_on[] = {AST_IF,
                                   AST_WHILE,
                                   AST_IF_EXP,
                                   AST_UNARY_OP,
                                   AST_BOOL_OP,
                                   AST_ASSIGN,
                                   AST_ANN_ASSIGN,
                                   AST_AUG_ASSIGN,
                                   AST_LIST_COMP,
                                   AST_SET_COMP,
                                   AST_DICT_COMP,
                                   AST_GENERATOR_EXP,
                                   -1};
static const int16_t leave_on[] = {AST_LIST_COMP, AST_SET_COMP, AST_DICT_COMP, AST_GENERATOR_EXP,
                                   -1};

const Collector function_as_condition_collector = {
    .name = "DW107",
    .enter_on = enter_on,
    .leave_on = leave_on,
    .state_size = sizeof(State),
    .reads_again = true, /* (index_module_bindings) */
    .enter = enter,
    .leave = leave,
    .finish = finish,
    .encode = encode,
    .decode = decode,
};

/* ---- the whole tree ---- */

typedef struct Tree {
    TreeCtx *tx;
    const ProjectIndex *ix;
    const ModuleBindings **bindings; /* per module, read when first asked */
    uint8_t *read;
    NameSet stored; /* every attribute name some file assigns */
    Arena a;
    TreeText text; /* (for the fixes) */
} Tree;

static bool is_stored(const Tree *t, const char *name) {
    return name_set_has(&t->stored, (Str){name, (int32_t)strlen(name)});
}

/* Whether module m binds `name` once, by a def, a class or an import. */
static bool bound_once(Tree *t, int32_t m, const char *name) {
    if (!t->read[m]) {
        t->read[m] = 1;
        t->bindings[m] = index_module_bindings(t->ix, m, &t->a);
    }
    return t->bindings[m] && module_binding(t->bindings[m], name) == MODULE_BOUND_ONCE;
}

static const char *file_of(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Whether a class deriving from k defines `name` with a decorator (a property, say). */
static bool decorated_below(const ProjectIndex *ix, ClassRef k, const char *name) {
    if (!index_class_info(ix, k)->nsub) return false;
    Arena a;
    arena_init(&a);
    ClassRef *d;
    int32_t n = index_descendants(ix, k, false, &a, &d);
    bool found = n < 0;
    for (int32_t i = 0; i < n && !found; i++) {
        int32_t f = index_class_method(ix, d[i], name);
        found = f >= 0 && (ix->modules[d[i].module]->functions[f].flags & FN_DECORATED);
    }
    arena_free(&a);
    return found;
}

/* What a tested name is, when it is certainly a def or an undecorated class of the tree:
 * ENT_FUNCTION or ENT_CLASS (else ENT_NONE). */
static Entity what_is_tested(Tree *t, int32_t m, const Tested *ts) {
    const ProjectIndex *ix = t->ix;
    const CallRef *c = &ts->ref;
    Entity none = {ENT_NONE, -1, -1}, e = none;
    switch ((Receiver)c->kind) {
    case RECV_NAME:
        e = index_resolve_name(ix, m, c->callee);
        if (e.kind != ENT_FUNCTION && e.kind != ENT_CLASS) return none;
        /* bound once where it is tested, and where it is defined */
        if (!bound_once(t, m, c->callee)) return none;
        break;
    case RECV_DOTTED: {
        Entity r = index_resolve_dotted(ix, m, c->receiver);
        if (r.kind == ENT_MODULE) {
            e = index_resolve_name(ix, r.module, c->callee);
        } else if (r.kind == ENT_CLASS) {
            int32_t f = index_class_method(ix, (ClassRef){r.module, r.item}, c->callee);
            if (f >= 0) e = (Entity){ENT_FUNCTION, r.module, f};
        }
        if (e.kind != ENT_FUNCTION && e.kind != ENT_CLASS) return none;
        break;
    }
    case RECV_SELF:
    case RECV_CLS: {
        ClassRef owner, k = {m, c->cls};
        int32_t fn;
        bool uncertain;
        if (c->cls < 0 || !index_lookup_method(ix, k, c->callee, 0, &owner, &fn, &uncertain) ||
            uncertain || is_stored(t, c->callee) || decorated_below(ix, k, c->callee))
            return none;
        e = (Entity){ENT_FUNCTION, owner.module, fn};
        break;
    }
    default: return none;
    }
    const ModuleSummary *ms = ix->modules[e.module];
    const char *name =
        e.kind == ENT_FUNCTION ? ms->functions[e.item].name : ms->classes[e.item].name;
    if (e.kind == ENT_FUNCTION && (ms->functions[e.item].flags & (FN_DECORATED | FN_PROPERTY)))
        return none;
    if (e.kind == ENT_CLASS && ms->classes[e.item].decorated) return none;
    bool module_level = e.kind == ENT_CLASS
                            ? !strchr(ms->classes[e.item].qualname, '.')
                            : ms->functions[e.item].cls < 0 && ms->functions[e.item].outer < 0;
    if (c->kind != RECV_SELF && c->kind != RECV_CLS && module_level &&
        !bound_once(t, e.module, name))
        return none;
    if (c->local == LOCAL_UNCHECKED) return none; /* (the collector looks locals up) */
    return e;
}

/* The call added: `()` after the tested name, in module m (in arena a); NULL for a method that
 * needs an instance the receiver is not (`Class.method`, `cls.method`), for a function whose
 * parameters need arguments, or when the file cannot be read again as analyzed. */
static const Fix *call_it(Tree *t, int32_t m, const Tested *ts, const FuncSum *fs, Arena *a) {
    if (fs->cls >= 0 && ts->ref.kind != RECV_SELF && !(fs->flags & (FN_STATIC | FN_CLASSMETHOD)))
        return NULL;
    if (fs->flags & FN_NEEDS_ARGS) return NULL; /* `()` would raise TypeError */
    const FixText *ft = tree_text_load(&t->text, t->ix, m);
    if (!ft) return NULL;
    FixBuilder fb;
    fix_begin(&fb, a, ft);
    fix_insert(&fb, tree_text_offset(ft, ts->at.end_line, ts->at.end_col), "()");
    fix_unsafe(&fb); /* (what to call it with, and whether to, is the author's to judge) */
    return fix_end(&fb, "Call `%s%s%s()`", ts->ref.receiver, *ts->ref.receiver ? "." : "",
                   ts->ref.callee);
}

void function_as_condition_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    Tree t = {.tx = tx, .ix = ix};
    arena_init(&t.a);
    tree_text_init(&t.text);
    t.bindings = arena_zalloc(&t.a, sizeof *t.bindings * (size_t)(ix->nmodules + 1));
    t.read = arena_zalloc(&t.a, (size_t)ix->nmodules + 1);
    bool ok = t.bindings && t.read;
    for (int32_t m = 0; ok && m < ix->nmodules; m++) {
        const Facts *f = summary_facts(ix->modules[m], &function_as_condition_collector);
        for (int32_t i = 0; ok && f && i < f->nstored; i++)
            ok = name_set_add(&t.a, &t.stored, (Str){f->stored[i], (int32_t)strlen(f->stored[i])});
    }
    if (!ok) {
        tx->failed = true;
        arena_free(&t.a);
        tree_text_free(&t.text);
        return;
    }
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const Facts *f = summary_facts(ix->modules[m], &function_as_condition_collector);
        for (int32_t i = 0; f && i < f->ntests; i++) {
            const Tested *ts = &f->tests[i];
            Entity e = what_is_tested(&t, m, ts);
            if (e.kind == ENT_NONE) continue;
            const ModuleSummary *where = ix->modules[e.module];
            char shown[300];
            snprintf(shown, sizeof shown, "%s%s%s", ts->ref.receiver, *ts->ref.receiver ? "." : "",
                     ts->ref.callee);
            if (e.kind == ENT_CLASS) {
                const ClassSum *cs = &where->classes[e.item];
                tree_report(tx, ix->modules[m], &ts->at, where, &cs->def, "defined here",
                            "function as condition: `%s` is a class (%s at %s:%d): tested for "
                            "truth it is always true",
                            shown, cs->qualname, file_of(where->path), cs->line);
            } else {
                const FuncSum *fs = &where->functions[e.item];
                SumLoc def = func_def(fs);
                char q[QUALNAME_MAX];
                Arena fa;
                arena_init(&fa);
                if (tree_wants_fix(tx, m)) tree_fix(tx, call_it(&t, m, ts, fs, &fa));
                tree_report(tx, ix->modules[m], &ts->at, where, &def, "defined here",
                            "function as condition: `%s` is a %s (%s at %s:%d): tested for truth "
                            "it is always true; did you mean `%s(%s)`?",
                            shown, fs->cls >= 0 ? "method" : "function",
                            func_qualname(where, fs, q, sizeof q), file_of(where->path), fs->line,
                            shown, (fs->flags & FN_NEEDS_ARGS) ? "..." : "");
                arena_free(&fa);
            }
        }
    }
    arena_free(&t.a);
    tree_text_free(&t.text);
}

const Check check_function_as_condition = {
    .info = {"DW107", "function-as-condition",
             "A function, method or class is tested for truth without being called.", DOC_DW107,
             true, "error"},
};
