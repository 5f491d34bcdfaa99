/* DW204 none-check-deviation
 *
 * What it does: finds the result of a call to a function or method of the tree dereferenced
 * without a None test, where most other calls of the same function test the result first: at
 * least 4 other call sites, and at least two thirds of the sites that use the result, test it
 * for None or for truth before any other use (`if x is None:`, `if not x: return`,
 * `x = f() or default`, `assert x`, `if (x := f()):`, `y if x else z`); and either the
 * function can return None (a bare `return`, `return None`, `return d.get(k)`,
 * `return getattr(o, n, None)`, a conditional expression with a None arm, or an end of its
 * body that it can reach), or at least 4 in 5 of at least 5 sites test. Calls are resolved as
 * DW203 resolves them (a function of the module or imported from the tree, `module.f()`,
 * `Class.method()`, `self.m()` through the class's MRO), so call sites in every file count.
 *
 * A site dereferences the result when it does so directly (`f().y`, `f()[0]`, `f()()`,
 * `for _ in f()`) or through a name assigned it whose first mention is a dereference (`x = f()`
 * then `x.y`); it tests the result when that first mention is the test (Engler's "bugs as
 * deviant behaviour": the callers agree, by what they do, that the result can be None).
 *
 * Why is this a bug: when the function returns None, the dereference raises AttributeError or
 * TypeError: the other callers handle that case, this one forgot to.
 *
 * Example:
 *     def find(key):
 *         return _TABLE.get(key)
 *     ...
 *     entry = find(name)
 *     if entry is None:        # (and four more callers like this one)
 *         raise KeyError(name)
 *     ...
 *     size = find(name).size   # AttributeError when name is not in the table
 *
 * Use instead: test the result here too, or make the function raise instead of returning None.
 *
 * Reported at the dereference, with the function's `def` as a related location; the message
 * gives the counts, how the function returns None and one site that tests.
 *
 * Not reported, and counted neither way: a dereference inside an `if`, `while`, conditional
 * expression or `and`/`or` whose test names one of the arguments or a name holding the
 * callee's (`if key in table: find(key).x`, `if not is_current_empty(): current().x`), or, for
 * a method called without arguments, calls another method of its receiver
 * (`if self.count(): self.current().x`); a call whose arguments are all constants
 * (`get_conf("font")`, `import_module("numpy")`: the entry named decides the result, and
 * the caller knows it), or that passes a literal after its first argument (`get(key, "")`,
 * `split(e, as_dict=True)`: a default, or a mode the other callers may not ask for; their
 * tests do not count either); a dereference inside a `try` that catches AttributeError or
 * TypeError; results passed on, returned or stored (into a name mentioned otherwise first, an
 * attribute, a container); the sites in test modules (`tests`/`test` packages, test_*.py,
 * *_test.py, conftest.py), which dereference what they know their inputs give. Nor are generators,
 * async functions and properties. A decorated function, stub or abstract method needs 4 in 5 of at
 * least 5 sites to test; and unless the function has a `return` that gives None, one of the sites
 * must test with `is None`/`is not None` (truth tests alone are as much about bools, numbers and
 * lists). Calls that cannot be resolved (see DW203) count neither way; a local name that
 * shadows the callee is looked for at the reported site only, so the counts may include it.
 *
 * Off by default: on 31 real projects (tools/ecosystem) none of its 14 findings was judged real
 * (11 debatable: the function can return None and the other callers test it, but an invariant
 * of the program keeps the site safe; 3 false: a call just before makes the value exist);
 * select it with `--extend-select DW204`.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/tree.h"
#include "none_result.h"
#include "rule_docs.h"

enum { MIN_TESTS = 4 }; /* the other call sites that test, at least */

/* What the call sites of one function do with its result. */
typedef struct Tally {
    int32_t tests, derefs, is_none; /* (is_none: of the tests, those with `is None` or `==`) */
    int32_t test_in;                /* one site that tests: its module (-1: none yet) and place */
    SumLoc test_at;
    const NoneReturn *why; /* how the function returns None, or NULL */
} Tally;

typedef struct Deviation {
    const ProjectIndex *ix;
    Tally *tally; /* per function of the tree: first[module] + its index */
    int32_t *first;
    int32_t **site; /* per module, per recorded site: its function's tally, or -1 */
} Deviation;

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* Whether module m is a test module (a package `tests` or `test` on its dotted name, or a
 * module test_*, *_test or conftest): a test dereferences what it knows its inputs give, and an
 * AttributeError there fails the test, which is what it is for. (By the module's name, not its
 * path: the tree may itself be under a tests/ directory.) */
static bool test_module(const ModuleSummary *m) {
    const char *s = m->module;
    while (*s) {
        size_t n = strcspn(s, ".");
        bool last = !s[n];
        if ((n == 5 && !strncmp(s, "tests", 5)) || (n == 4 && !strncmp(s, "test", 4)) ||
            (last &&
             ((n >= 5 && !strncmp(s, "test_", 5)) || (n >= 5 && !strncmp(s + n - 5, "_test", 5)) ||
              (n == 8 && !strncmp(s, "conftest", 8)))))
            return true;
        s += last ? n : n + 1;
    }
    return false;
}

/* Every site's function, and the tallies. */
static bool count(Deviation *d, Arena *a) {
    const ProjectIndex *ix = d->ix;
    int32_t total = 0;
    d->first = arena_alloc(a, sizeof(int32_t) * (size_t)(ix->nmodules + 1));
    d->site = arena_zalloc(a, sizeof(int32_t *) * (size_t)(ix->nmodules + 1));
    if (!d->first || !d->site) return false;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        d->first[m] = total;
        total += ix->modules[m]->nfunctions;
    }
    d->tally = arena_zalloc(a, sizeof(Tally) * (size_t)(total + 1));
    if (!d->tally) return false;
    for (int32_t m = 0; m < ix->nmodules; m++) {
        const DerefFacts *df = summary_facts(ix->modules[m], &none_check_collector);
        for (int32_t i = 0; df && i < df->nreturns; i++)
            d->tally[d->first[m] + df->returns[i].fn].why = &df->returns[i];
        if (!df || !df->n || test_module(ix->modules[m])) continue; /* (tests count neither way) */
        int32_t *site = d->site[m] = arena_alloc(a, sizeof(int32_t) * (size_t)df->n);
        if (!site) return false;
        for (int32_t i = 0; i < df->n; i++) {
            const DerefCall *c = &df->calls[i];
            int32_t w = -1;
            const FuncSum *f = none_result_resolve(ix, NULL, m, &c->call, &w);
            site[i] = -1;
            if (!f || (f->flags & (FN_GENERATOR | FN_ASYNC | FN_PROPERTY)) ||
                (site_derefs(c->use) && (c->use & SITE_GUARDED)))
                continue;
            site[i] = d->first[w] + (int32_t)(f - ix->modules[w]->functions);
            Tally *t = &d->tally[site[i]];
            t->is_none += c->use == SITE_IS_NONE;
            if (site_derefs(c->use)) {
                t->derefs++;
            } else if (!t->tests++) {
                t->test_in = m;
                t->test_at = c->at;
            }
        }
    }
    return true;
}

/* Whether a dereference of function f's result deviates from what its callers do. Tests for
 * truth alone do not tell that a value is None (a bool, a number or a list is tested so too):
 * a caller must test for None itself, or the function give None by a `return`. */
static bool deviates(const Tally *t, const FuncSum *f) {
    int32_t uses = t->tests + t->derefs;
    if (t->tests < MIN_TESTS || 3 * t->tests < 2 * uses) return false;
    if (!t->is_none && !(t->why && t->why->text)) return false;
    bool can_none = t->why && !(f->flags & (FN_DECORATED | FN_STUB | FN_ABSTRACT));
    return can_none || (uses >= 5 && 5 * t->tests >= 4 * uses);
}

/* "line N" in the reported file, "file.py:N" in another. */
static void place(char *buf, size_t n, const ModuleSummary *here, const ModuleSummary *m,
                  int32_t line) {
    if (m == here)
        snprintf(buf, n, "line %d", line);
    else
        snprintf(buf, n, "%s:%d", base_name(m->path), line);
}

void none_check_deviation_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    Deviation d = {.ix = ix};
    Arena a;
    arena_init(&a);
    ReadAgain ra;
    index_read_again_init(&ra);
    if (!count(&d, &a)) tx->failed = true;
    for (int32_t m = 0; !tx->failed && m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        const DerefFacts *df = summary_facts(ms, &none_check_collector);
        for (int32_t i = 0; df && i < df->n; i++) {
            const DerefCall *c = &df->calls[i];
            int32_t k = d.site[m] ? d.site[m][i] : -1;
            if (k < 0 || !site_derefs(c->use)) continue;
            int32_t w = -1;
            const FuncSum *f = none_result_resolve(ix, NULL, m, &c->call, &w);
            const Tally *t = &d.tally[k];
            if (!f || !deviates(t, f) || none_result_shadowed(ix, &ra, m, &c->call)) continue;
            const ModuleSummary *where = ix->modules[w];
            char how[160] = "", at[96], test[96];
            if (t->why && !(f->flags & (FN_DECORATED | FN_STUB | FN_ABSTRACT))) {
                place(at, sizeof at, ms, where, t->why->line);
                if (t->why->text)
                    snprintf(how, sizeof how, " can return None (`%s`, %s),", t->why->text, at);
                else
                    snprintf(how, sizeof how, " can return None (its end, %s, is reachable),", at);
            }
            place(test, sizeof test, ms, ix->modules[t->test_in], t->test_at.line);
            SumLoc def = func_def(f);
            tree_report(tx, ms, &c->at, where, &def, "defined here",
                        "`%s()`%s and %d of %d callers test its result for None first (e.g. %s); "
                        "this one dereferences it",
                        c->call.callee, how, t->tests, t->tests + t->derefs, test);
        }
    }
    arena_free(&a);
    index_read_again_free(&ra);
}

const Check check_none_check_deviation = {
    .info = {"DW204", "none-check-deviation",
             "The result of a call that most callers test for None is dereferenced untested.",
             DOC_DW204, false, "warning"},
};
