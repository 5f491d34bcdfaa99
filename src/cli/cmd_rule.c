/* cmd_rule.c — `deadwood rule CODE` (a rule's documentation) and `deadwood rule --all`. */
#include <string.h>

#include "check/check.h"
#include "cli.h"

static const char usage[] =
    "Usage: deadwood rule CODE|NAME\n"
    "       deadwood rule --all\n\n"
    "Prints a rule's documentation, or the list of rules with their codes,\n"
    "names and whether they are on by default.\n";

static int run(int argc, char **argv) {
    if (argc == 2 && cli_is_help(argv[1])) {
        fputs(usage, stdout);
        return EXIT_CLEAN;
    }
    if (argc == 2 && strcmp(argv[1], "--all") == 0) {
        for (int i = 0; i < check_count; i++) {
            const RuleInfo *r = &check_registry[i]->info;
            printf("%-6s %-34s %-3s  %s\n", r->code, r->name, r->default_on ? "on" : "off",
                   r->summary);
        }
        return EXIT_CLEAN;
    }
    if (argc != 2) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    const Check *c = check_find(argv[1]);
    if (!c) return cli_usage_error("no rule '%s' (see: deadwood rule --all)", argv[1]);
    fputs(c->info.doc, stdout);
    return EXIT_CLEAN;
}

const Command cmd_rule = {"rule", run, "print a rule's documentation, or list all rules", usage};
