/* DW301 override-drift
 *
 * What it does: finds a method that overrides a base-class method found in the tree, whose body
 * is a near copy of the base method's but not identical, and which does not call super(). "Near
 * copy": the bodies, flattened into statements (a compound statement counts as its header plus
 * its inner statements), have at least `similarity` (default 0.6) of their statements in common
 * in order, counted as 2 x common / (statements of both), and at least 4 in common. Statements
 * are compared as syntax trees (comments and layout do not count).
 *
 * Why is this a bug: the copies have drifted. A fix made to one of them is likely missing from
 * the other; this is exactly how deadwood's founding bug came back: a subclass copied its base
 * method before the base was fixed, and kept the defect.
 *
 * Example:
 *     class DeepSpeedZeroOptimizer:
 *         def copy_grad(self, param):
 *             grad = self.get_grad(param)
 *             assert grad is not None
 *             src = grad.view(-1)
 *             ...
 *     class ZenFlowOptimizer(DeepSpeedZeroOptimizer):
 *         def copy_grad(self, param):        # a copy from before the fix
 *             grad = self.get_grad(param)
 *             if grad is None:
 *                 src = grad.view(-1)
 *             ...
 *
 * Use instead: override only what differs and call super() for the rest, or move the shared
 * part into a helper both use.
 *
 * Reported at the override's `def`, with the base method as a related location; the message
 * says in how many statements they differ and where the first difference is. The threshold is
 * set with `[tool.deadwood.rules.DW301] similarity = 0.6`.
 *
 * A name defined more than once in a class (a property's getter, setter and deleter) is
 * compared def by def with the base's, in order: a getter with the base's getter.
 *
 * Off by default (opt-in: `--extend-select DW301`, or `extend-select = ["DW301"]`): a near copy
 * is not in itself a defect, and most near copies on real projects are overrides written to differ
 * (10 on DeepSpeed, 42 of the 105 findings on the CPython standard library). DW303
 * (stale-override) reports the defect this rule is a symptom of, with evidence from the
 * repository's history: an override that still has the statements its base method's own later
 * commits removed.
 *
 * Not reported: overrides calling super(); identical overrides (DW302), also when only the
 * docstrings differ; overrides of a stub or abstract method; methods sharing fewer than 4
 * statements or less than the threshold; a base found only past a base class outside the tree
 * (the real overridden method may be there), or a class whose bases lead back to it (a class
 * named as the base it imports derives from the imported class, never from itself).
 */
#include <stdio.h>
#include <stdlib.h>

#include "check/tree.h"
#include "rule_docs.h"

/* Longest common subsequence of two unit sequences; fills the first mismatch positions. */
static int32_t lcs(const StmtUnit *a, int32_t n, const StmtUnit *b, int32_t m, int32_t *first_a,
                   int32_t *first_b) {
    int32_t *t = calloc((size_t)(n + 1) * (size_t)(m + 1), sizeof *t);
    if (!t) return -1;
#define T(i, j) t[(size_t)(i) * (size_t)(m + 1) + (size_t)(j)]
    for (int32_t i = n - 1; i >= 0; i--)
        for (int32_t j = m - 1; j >= 0; j--)
            T(i, j) = a[i].hash == b[j].hash      ? T(i + 1, j + 1) + 1
                      : T(i + 1, j) > T(i, j + 1) ? T(i + 1, j)
                                                  : T(i, j + 1);
    /* walk the alignment to the first pair that is not matched */
    int32_t i = 0, j = 0;
    *first_a = *first_b = -1;
    while (i < n && j < m) {
        if (a[i].hash == b[j].hash) {
            i++, j++;
        } else {
            *first_a = i;
            *first_b = j;
            break;
        }
    }
    if (*first_a < 0 && (i < n || j < m))
        *first_a = i < n ? i : n - 1, *first_b = j < m ? j : m - 1;
    int32_t r = T(0, 0);
#undef T
    free(t);
    return r;
}

/* Reports def fi of module ms if it is a near copy of def bi of module bm. */
static void drift(TreeCtx *tx, const ModuleSummary *ms, int32_t fi, const ModuleSummary *bm,
                  int32_t bi, double threshold) {
    const FuncSum *f = &ms->functions[fi], *b = &bm->functions[bi];
    if (ms == bm && fi == bi) return;      /* (never a copy of itself) */
    if (f->flags & FN_CALLS_SUPER) return; /* an extension, not a copy */
    if (b->flags & (FN_STUB | FN_ABSTRACT)) return;
    const MethodCode *fc = func_code(ms, fi), *bc = func_code(bm, bi);
    if (!fc || !bc) return;                     /* the code could not be read */
    if (fc->body_hash == bc->body_hash) return; /* identical bodies: DW302's */
    if (fc->nunits > DRIFT_MAX_UNITS || bc->nunits > DRIFT_MAX_UNITS) return;
    int32_t fa, fb;
    int32_t common = lcs(fc->units, fc->nunits, bc->units, bc->nunits, &fa, &fb);
    if (common < DRIFT_MIN_COMMON) {
        if (common < 0) tx->failed = true;
        return;
    }
    if (common == fc->nunits && common == bc->nunits) return; /* only docstrings differ */
    double sim = 2.0 * common / (double)(fc->nunits + bc->nunits);
    if (sim < threshold) return;
    int32_t differ = (fc->nunits > bc->nunits ? fc->nunits : bc->nunits) - common;
    char where[120] = "";
    if (fa >= 0 && fa < fc->nunits && fb >= 0 && fb < bc->nunits)
        snprintf(where, sizeof where, ": line %d vs base line %d", fc->units[fa].line,
                 bc->units[fb].line);
    const char *file = strrchr(bm->path, '/');
    file = file ? file + 1 : bm->path;
    char fname[QUALNAME_MAX], bname[QUALNAME_MAX];
    SumLoc fdef = func_def(f), bdef = func_def(b);
    tree_report(tx, ms, &fdef, bm, &bdef, "the base method",
                "override drift: `%s` is a near copy of %s (%s:%d) that differs in "
                "%d of %d statements%s",
                func_qualname(ms, f, fname, sizeof fname),
                func_qualname(bm, b, bname, sizeof bname), file, b->line, differ,
                fc->nunits > bc->nunits ? fc->nunits : bc->nunits, where);
}

void override_drift_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    double threshold =
        tx->opt && tx->opt->drift_threshold > 0 ? tx->opt->drift_threshold : DRIFT_THRESHOLD;
    for (int32_t i = 0; i < ix->npairs; i++) {
        const OverridePair *p = &ix->pairs[i];
        /* a name defined more than once (a property's getter and setter): def by def */
        for (int32_t k = 0; k < p->ndefs && k < p->nbase_defs; k++)
            drift(tx, ix->modules[p->method.module], p->defs[k], ix->modules[p->base.module],
                  p->base_defs[k], threshold);
    }
}

const Check check_override_drift = {
    .info = {"DW301", "override-drift",
             "An override is a near copy of the base method it overrides, but differs from it.",
             DOC_DW301, false, "warning"},
};
