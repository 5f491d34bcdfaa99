/* cli.h — what the subcommands share: the only code that prints or chooses an exit status. */
#ifndef DW_CLI_H
#define DW_CLI_H

#include <stdbool.h>
#include <stdio.h>

#define DEADWOOD_VERSION "0.1.0"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_USAGE = 2 };

typedef struct Command {
    const char *name;
    int (*run)(int argc, char **argv); /* argv[0] is the subcommand's name */
    const char *summary;
    const char *usage;
} Command;

extern const Command cmd_check, cmd_rule, cmd_parse, cmd_callers, cmd_overrides, cmd_hierarchy,
    cmd_server;

struct RunResult;
struct SummaryOptions;
struct SumLoc;
typedef struct Arena Arena;
/* Finds the files under paths and builds the whole-tree index (no rule runs); EXIT_CLEAN or
 * EXIT_USAGE (already reported). */
int cli_build_index(char **paths, int npaths, const struct SummaryOptions *sopt,
                    struct RunResult *rr, Arena *la);
/* A query command (callers, overrides, hierarchy): the arguments every one takes, NAME [PATH...],
 * --output-format text|json and (callers) --after NAME2, and the index over its paths. */
typedef struct Query {
    const char *name, *after;
    bool json;
    char **paths;
    int npaths;
    const struct ProjectIndex *ix;
    struct QueryState *state; /* what ix lives in */
} Query;
/* Reads the arguments and builds the index, recording the call sites of NAME when `calls`
 * (callers, which also takes --after): -1 to go on with the query, or the exit status to return
 * (help printed, or an error reported). cli_query_end releases what -1 leaves. */
int cli_query_begin(int argc, char **argv, const char *usage, bool calls, Query *q);
void cli_query_end(Query *q);
void cli_json_loc(FILE *f, const char *key, const struct SumLoc *l);
void cli_json_str(FILE *f, const char *s);
/* Why a class has no MRO (ClassInfo.mro_why), as a JSON code and in words (NULL: nothing to
 * say; for MRO_UNRESOLVED the bases outside the tree are what the queries show). */
const char *cli_no_mro_code(int why);
const char *cli_no_mro_text(int why);

/* Prints "deadwood: " + message to stderr; returns EXIT_USAGE. */
int cli_usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Matches argv[*i] against an option taking a value, written `NAME VALUE` or `NAME=VALUE` (one
 * or two names, e.g. "--jobs" and "-j"; short may be NULL; `-j4` too). 1: matched, *val set, *i
 * advanced past the value; 0: another option; -1: the value is missing (already reported). */
int cli_option_value(int argc, char **argv, int *i, const char *name, const char *short_name,
                     const char **val);
/* True when argv[i] is -h or --help. */
bool cli_is_help(const char *arg);
/* 1-based character column of a 0-based byte column in a line of text (NULL text: col + 1). */
int cli_char_col(const char *line_start, int byte_col);

#endif
