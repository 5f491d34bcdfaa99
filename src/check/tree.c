/* tree.c — running the whole-tree rules; see tree.h. */
#include "tree.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "index/collect.h"

extern const Check check_override_drift, check_redundant_override, check_none_result_dereference,
    check_stale_override, check_unused_noqa, check_unreachable_code, check_function_as_condition;
void override_drift_run(TreeCtx *tx);
void redundant_override_run(TreeCtx *tx);
void stale_override_run(TreeCtx *tx);
void none_result_dereference_run(TreeCtx *tx);
void unused_noqa_tree_run(TreeCtx *tx);
extern const Check check_none_check_deviation;
void none_check_deviation_run(TreeCtx *tx);
void unreachable_code_run(TreeCtx *tx);
void function_as_condition_run(TreeCtx *tx);
extern const Collector none_result_collector, none_check_collector, unreachable_code_collector,
    function_as_condition_collector;

/* unused-noqa last: it reads what the others' findings used */
static const TreeRule tree_rules[] = {
    {&check_unreachable_code, unreachable_code_run, &unreachable_code_collector},
    {&check_function_as_condition, function_as_condition_run, &function_as_condition_collector},
    {&check_none_result_dereference, none_result_dereference_run, &none_result_collector},
    {&check_none_check_deviation, none_check_deviation_run, &none_check_collector},
    {&check_override_drift, override_drift_run, NULL},
    {&check_redundant_override, redundant_override_run, NULL},
    {&check_stale_override, stale_override_run, NULL},
    {&check_unused_noqa, unused_noqa_tree_run, NULL},
};

bool tree_rule(const Check *c) {
    for (size_t i = 0; i < sizeof tree_rules / sizeof *tree_rules; i++)
        if (tree_rules[i].check == c && c != &check_unused_noqa) return true;
    return false;
}

bool tree_rules_needs(const CheckOptions *opt, SummaryOptions *so) {
    memset(so, 0, sizeof *so);
    for (size_t i = 0; i < sizeof tree_rules / sizeof *tree_rules; i++)
        if (tree_rules[i].collect && check_enabled(opt, tree_rules[i].check) &&
            so->ncollect < SUMMARY_MAX_COLLECTORS)
            so->collect[so->ncollect++] = tree_rules[i].collect;
    so->identical = check_enabled(opt, &check_redundant_override);
    so->similar = !check_enabled(opt, &check_override_drift) ? 0
                  : opt && opt->drift_threshold > 0          ? opt->drift_threshold
                                                             : DRIFT_THRESHOLD;
    so->stale = check_enabled(opt, &check_stale_override);
    so->stale_clones = so->stale && opt && opt->stale_clones;
    so->method_bodies = so->identical || so->similar > 0 || so->stale;
    return so->ncollect || so->method_bodies;
}

bool tree_rules_run(const ProjectIndex *ix, const CheckOptions *opt, const bool *fixes,
                    FindingList *out) {
    TreeCtx tx = {.ix = ix, .opt = opt, .out = out, .fixes = fixes};
    arena_init(&tx.arena);
    tx.noqa = arena_zalloc(&tx.arena, sizeof *tx.noqa * (size_t)(ix->nmodules + 1));
    tx.nnoqa = arena_zalloc(&tx.arena, sizeof *tx.nnoqa * (size_t)(ix->nmodules + 1));
    tx.failed = !tx.noqa || !tx.nnoqa;
    for (size_t i = 0; !tx.failed && i < sizeof tree_rules / sizeof *tree_rules; i++) {
        if (!check_enabled(opt, tree_rules[i].check)) continue;
        tx.current = tree_rules[i].check;
        tree_rules[i].run(&tx);
    }
    arena_free(&tx.arena);
    return !tx.failed;
}

/* The index of module m: asked only for a finding in a file with noqa comments, and the rules
 * report a module's findings together, so the last answer is nearly always the next. */
static int32_t module_index(TreeCtx *tx, const ModuleSummary *m) {
    const ProjectIndex *ix = tx->ix;
    if (tx->last_mi < ix->nmodules && ix->modules[tx->last_mi] == m) return tx->last_mi;
    for (int32_t i = 0; i < ix->nmodules; i++)
        if (ix->modules[i] == m) return tx->last_mi = i;
    return -1;
}

Noqa *tree_noqa(TreeCtx *tx, int32_t mi, int32_t *n) {
    const ModuleSummary *m = tx->ix->modules[mi];
    *n = 0;
    if (!m->nnoqa) return NULL;
    if (!tx->noqa[mi]) {
        Noqa *q = arena_alloc(&tx->arena, sizeof *q * (size_t)m->nnoqa);
        if (!q) return tx->failed = true, NULL;
        int32_t k = 0;
        for (int32_t i = 0; i < m->nnoqa; i++)
            if (noqa_parse(m->noqa[i].text, strlen(m->noqa[i].text), &q[k])) {
                q[k].line = m->noqa[i].line;
                q[k].col = m->noqa[i].col;
                k++;
            }
        tx->noqa[mi] = q;
        tx->nnoqa[mi] = k;
    }
    *n = tx->nnoqa[mi];
    return tx->noqa[mi];
}

static bool silenced(TreeCtx *tx, const ModuleSummary *m, int32_t line, const char *code) {
    if (!m->nnoqa) return false;
    int32_t mi = module_index(tx, m), n;
    Noqa *q = mi >= 0 ? tree_noqa(tx, mi, &n) : NULL;
    for (int32_t i = 0; q && i < n; i++)
        if (noqa_use(&q[i], line, code)) return true;
    return false;
}

static Location loc_of(const SumLoc *l) {
    return (Location){
        .line = l->line, .col = l->col, .end_line = l->end_line, .end_col = l->end_col};
}

void tree_fix(TreeCtx *tx, const Fix *fix) {
    tx->fix = fix;
}

void tree_report(TreeCtx *tx, const ModuleSummary *m, const SumLoc *loc, const ModuleSummary *rel_m,
                 const SumLoc *rel_loc, const char *rel_msg, const char *fmt, ...) {
    const Check *rule = tx->current;
    const Fix *fix = tx->fix;
    tx->fix = NULL;
    if (m->generated || silenced(tx, m, loc->line, rule->info.code)) return;
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
    f.fix = fix;
    if (rel_m) {
        rel.path = rel_m->path;
        rel.loc = loc_of(rel_loc);
        rel.message = rel_msg;
        f.related = &rel;
        f.nrelated = 1;
    }
    if (!findings_add(tx->out, &f)) tx->failed = true;
}
