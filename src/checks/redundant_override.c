/* DW302 redundant-override
 *
 * What it does: finds a method identical to the base-class method it overrides (found in the
 * tree): the same parameters, decorators, return annotation and body, as syntax trees.
 *
 * Why is this a bug: the override does nothing but hide the base method. When the base is fixed
 * or changed, the subclass silently keeps the old copy — the first step of the drift DW301
 * reports.
 *
 * Example:
 *     class Base:
 *         def close(self):
 *             self._file.close()
 *     class Child(Base):
 *         def close(self):
 *             self._file.close()
 *
 * Use instead: delete the override.
 *
 * Reported at the override's `def`, with the base method as a related location.
 *
 * Not reported: overrides that call super() (zero-argument super() depends on the class the
 * method is written in, so the copies are not equivalent); stubs (`pass`, `...`, a docstring,
 * `raise NotImplementedError`) repeated over a stub; a base found only past a base class outside
 * the tree.
 */
#include <string.h>

#include "check/tree.h"
#include "rule_docs.h"

void redundant_override_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    for (int32_t i = 0; i < ix->npairs; i++) {
        const ModuleSummary *ms = ix->modules[ix->pairs[i].method.module];
        const FuncSum *f = &ms->functions[ix->pairs[i].method.fn];
        const ModuleSummary *bm = ix->modules[ix->pairs[i].base.module];
        const FuncSum *b = &bm->functions[ix->pairs[i].base.fn];
        if (f->flags & FN_CALLS_SUPER) continue;
        const MethodCode *fc = func_code(ms, ix->pairs[i].method.fn);
        const MethodCode *bc = func_code(bm, ix->pairs[i].base.fn);
        if (!fc || !bc) continue; /* the code could not be read */
        if (fc->body_hash != bc->body_hash || fc->sig_hash != bc->sig_hash ||
            (f->flags & FN_ASYNC) != (b->flags & FN_ASYNC))
            continue;
        if (f->flags & FN_STUB) continue; /* `pass` over `pass`: says "nothing", twice */
        const char *file = strrchr(bm->path, '/');
        file = file ? file + 1 : bm->path;
        SumLoc fdef = func_def(f), bdef = func_def(b);
        char fname[QUALNAME_MAX], bname[QUALNAME_MAX];
        tree_report(tx, ms, &fdef, bm, &bdef, "the identical base method",
                    "redundant override: `%s` is identical to %s (%s:%d); delete it",
                    func_qualname(ms, f, fname, sizeof fname),
                    func_qualname(bm, b, bname, sizeof bname), file, b->line);
    }
}

const Check check_redundant_override = {
    .info = {"DW302", "redundant-override", "An override is identical to the method it overrides.",
             DOC_DW302, true, "warning"},
};
