/* tree.c — running the whole-tree rules; see tree.h. */
#include "tree.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

extern const Check check_override_drift, check_redundant_override, check_none_result_dereference;
void override_drift_run(TreeCtx *tx);
void redundant_override_run(TreeCtx *tx);
void none_result_dereference_run(TreeCtx *tx);

static const TreeRule tree_rules[] = {
    {&check_none_result_dereference, none_result_dereference_run},
    {&check_override_drift, override_drift_run},
    {&check_redundant_override, redundant_override_run},
};

bool tree_rules_needs(const CheckOptions *opt, SummaryOptions *so) {
    memset(so, 0, sizeof *so);
    so->call_results = check_enabled(opt, &check_none_result_dereference);
    so->identical = check_enabled(opt, &check_redundant_override);
    so->similar = !check_enabled(opt, &check_override_drift) ? 0
                  : opt && opt->drift_threshold > 0          ? opt->drift_threshold
                                                             : DRIFT_THRESHOLD;
    so->method_bodies = so->identical || so->similar > 0;
    return so->call_results || so->method_bodies;
}

bool tree_rules_run(const ProjectIndex *ix, const CheckOptions *opt, FindingList *out) {
    TreeCtx tx = {ix, opt, out, NULL, false};
    for (size_t i = 0; i < sizeof tree_rules / sizeof *tree_rules; i++) {
        if (!check_enabled(opt, tree_rules[i].check)) continue;
        tx.current = tree_rules[i].check;
        tree_rules[i].run(&tx);
    }
    return !tx.failed;
}

static bool silenced(const ModuleSummary *m, int32_t line, const char *code) {
    for (int32_t i = 0; i < m->nnoqa; i++)
        if (m->noqa[i].line == line &&
            noqa_silences(m->noqa[i].text, strlen(m->noqa[i].text), code))
            return true;
    return false;
}

static Location loc_of(const SumLoc *l) {
    return (Location){l->line, l->col, l->end_line, l->end_col};
}

void tree_report(TreeCtx *tx, const ModuleSummary *m, const SumLoc *loc, const ModuleSummary *rel_m,
                 const SumLoc *rel_loc, const char *rel_msg, const char *fmt, ...) {
    const Check *rule = tx->current;
    if (silenced(m, loc->line, rule->info.code)) return;
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    Related rel = {0};
    Finding f = {0};
    f.code = rule->info.code;
    f.name = rule->info.name;
    f.path = m->path;
    f.loc = loc_of(loc);
    f.message = msg;
    f.noqa_line = loc->line;
    if (rel_m) {
        rel.path = rel_m->path;
        rel.loc = loc_of(rel_loc);
        rel.message = rel_msg;
        f.related = &rel;
        f.nrelated = 1;
    }
    if (!findings_add(tx->out, &f)) tx->failed = true;
}
