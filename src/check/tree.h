/* tree.h — the rules that need the whole tree (override drift, redundant overrides, calls whose
 * result is always None). Each lives in its own file in src/checks/ like every rule, with an
 * ordinary Check entry (for its code, name, documentation and selection) and a tree function;
 * tree.c lists them. */
#ifndef DW_TREE_H
#define DW_TREE_H

#include "check/check.h"
#include "index/index.h"

typedef struct TreeCtx {
    const ProjectIndex *ix;
    const CheckOptions *opt;
    FindingList *out;
    const Check *current;
    bool failed;
    Noqa **noqa; /* per module, its noqa comments once parsed (each knows what it silenced) */
    int32_t *nnoqa;
    int32_t last_mi;
    Arena arena;
    const Fix *fix;    /* the fix the next report carries (tree_fix), or NULL */
    const bool *fixes; /* by module: whether its findings get their fixes; NULL: all do */
} TreeCtx;

struct Collector;
typedef struct TreeRule {
    const Check *check;
    void (*run)(TreeCtx *tx);
    const struct Collector *collect; /* what it gathers from each file during the walk, or NULL */
} TreeRule;

/* What the enabled tree rules need the summaries to record; false when none is enabled. */
bool tree_rules_needs(const CheckOptions *opt, SummaryOptions *so);

/* Runs every enabled tree rule; false when out of memory. fixes, by module: whether its findings
 * get their fixes (the language server wants those of the open documents only: making a fix
 * reads and parses its file again); NULL: every finding does. */
bool tree_rules_run(const ProjectIndex *ix, const CheckOptions *opt, const bool *fixes,
                    FindingList *out);

/* Whether DW303 counts path as a test file (test_*.py, *_test.py, conftest.py, a tests/
 * directory), where it reports nothing unless asked to (CheckOptions.stale_in_tests). */
bool stale_override_in_test_file(const char *path);
/* Whether a DW303 finding's message is one of a clone's (CheckOptions.stale_clones). */
bool stale_override_is_clone(const char *message);

/* Whether c is a rule of this stage (whose findings `# noqa` comments are judged here). */
bool tree_rule(const Check *c);

/* Module mi's noqa comments (n of them), parsed on first use; NULL when it has none. */
Noqa *tree_noqa(TreeCtx *tx, int32_t mi, int32_t *n);

/* Whether module m's findings get their fixes (TreeCtx.fixes): a rule asks before it makes one. */
static inline bool tree_wants_fix(const TreeCtx *tx, int32_t m) {
    return !tx->fixes || tx->fixes[m];
}

/* The next report of the current rule carries `fix` (made on the module's text read again, with
 * fix/edits.h; NULL: none), as check_fix does for the per-file rules. */
void tree_fix(TreeCtx *tx, const Fix *fix);

/* Reports a finding of the current rule in module m at loc, with an optional related location
 * (rel_m may be NULL), honouring the file's `# noqa` comments. */
void tree_report(TreeCtx *tx, const ModuleSummary *m, const SumLoc *loc, const ModuleSummary *rel_m,
                 const SumLoc *rel_loc, const char *rel_msg, const char *fmt, ...)
    __attribute__((format(printf, 7, 8)));

#endif
