/* registry.c — every rule deadwood has, in code order. Adding a rule: write src/checks/<name>.c
 * (head comment first: it is the rule's documentation), then list it here. */
#include "check.h"

extern const Check check_syntax_error, check_unreadable_file, check_syntax_too_new,
    check_unused_noqa, check_identical_branches, check_identical_ifexp, check_duplicate_arm,
    check_duplicate_condition, check_unreachable_code, check_redundant_condition,
    check_function_as_condition, check_dead_store, check_none_dereference,
    check_deref_before_none_check, check_none_result_dereference, check_override_drift,
    check_redundant_override, check_stale_override, check_none_check_deviation;

const Check *const check_registry[] = {
    &check_syntax_error,         &check_unreadable_file,         &check_syntax_too_new,
    &check_unused_noqa,          &check_identical_branches,      &check_identical_ifexp,
    &check_duplicate_arm,        &check_duplicate_condition,     &check_unreachable_code,
    &check_redundant_condition,  &check_function_as_condition,   &check_dead_store,
    &check_none_dereference,     &check_deref_before_none_check, &check_none_result_dereference,
    &check_none_check_deviation, &check_override_drift,          &check_redundant_override,
    &check_stale_override,
};
const int check_count = sizeof check_registry / sizeof *check_registry;
