/* cmd_check.c — `deadwood check [PATH...]`: find the files, analyze them in parallel, print the
 * findings sorted, exit 0 (clean), 1 (findings) or 2 (usage). */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/run.h"
#include "cli.h"
#include "discover/walk.h"
#include "output/output.h"

static const char usage[] =
    "Usage: deadwood check [OPTIONS] [PATH...]\n\n"
    "Analyzes every .py/.pyi file under the paths (default: the current directory); '-' reads\n"
    "one file from standard input.\n\n"
    "Options:\n"
    "  --output-format FMT   text (default), full, json, sarif, github\n"
    "  --select CODES        run only these rules (comma-separated codes or prefixes: DW2)\n"
    "  --ignore CODES        do not run these rules\n"
    "  --jobs N, -j N        files analyzed in parallel (default: the number of cores)\n"
    "  --exit-zero           exit 0 even when there are findings\n"
    "  --stdin-filename P    the path to report for '-'\n"
    "  --quiet, -q           no summary line\n"
    "  -h, --help            this help\n";

/* Applies a comma-separated list of codes or code prefixes to enabled[]. */
static bool apply_codes(const char *list, bool *enabled, bool value) {
    char buf[256];
    const char *p = list;
    while (*p) {
        size_t n = strcspn(p, ",");
        if (n >= sizeof buf) return false;
        memcpy(buf, p, n);
        buf[n] = 0;
        char *s = buf;
        while (*s == ' ') s++;
        size_t m = strlen(s);
        while (m && s[m - 1] == ' ') s[--m] = 0;
        bool matched = false;
        for (int i = 0; i < check_count && m; i++) {
            const Check *c = check_registry[i];
            if (strncasecmp(c->info.code, s, m) == 0 || strcmp(c->info.name, s) == 0 ||
                strcasecmp(s, "ALL") == 0) {
                enabled[i] = value;
                matched = true;
            }
        }
        if (m && !matched) {
            cli_usage_error("unknown rule '%s' (see: deadwood rule --all)", s);
            return false;
        }
        p += n;
        if (*p == ',') p++;
    }
    return true;
}

static RuleInfo *rule_infos(void) {
    RuleInfo *r = calloc((size_t)check_count, sizeof *r);
    if (r)
        for (int i = 0; i < check_count; i++) r[i] = check_registry[i]->info;
    return r;
}

static int run(int argc, char **argv) {
    OutputFormat format = OUT_TEXT;
    int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    bool exit_zero = false, quiet = false;
    const char *select = NULL, *ignore = NULL, *stdin_name = NULL;
    char **paths = calloc((size_t)argc + 1, sizeof *paths);
    int npaths = 0;
    if (!paths) return EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *val = NULL;
#define TAKES(opt)                                                                                 \
    (strcmp(a, opt) == 0 ? (i + 1 < argc ? (val = argv[++i], true) : false)                        \
                         : (strncmp(a, opt "=", sizeof(opt)) == 0 ? (val = a + sizeof(opt), true)  \
                                                                  : false))
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            free(paths);
            return EXIT_CLEAN;
        } else if (TAKES("--output-format")) {
            if (!output_format_parse(val, &format)) {
                free(paths);
                return cli_usage_error("unknown output format '%s' (text, full, json, sarif, "
                                       "github)",
                                       val);
            }
        } else if (TAKES("--jobs") || TAKES("-j")) {
            jobs = atoi(val);
            if (jobs < 1) {
                free(paths);
                return cli_usage_error("--jobs takes a number >= 1");
            }
        } else if (TAKES("--select")) {
            select = val;
        } else if (TAKES("--ignore")) {
            ignore = val;
        } else if (TAKES("--stdin-filename")) {
            stdin_name = val;
        } else if (strcmp(a, "--exit-zero") == 0) {
            exit_zero = true;
        } else if (strcmp(a, "--quiet") == 0 || strcmp(a, "-q") == 0) {
            quiet = true;
        } else if (a[0] == '-' && a[1]) {
            free(paths);
            return cli_usage_error("unknown option '%s' (see: deadwood check --help)", a);
        } else {
            paths[npaths++] = argv[i];
        }
#undef TAKES
    }
    bool *enabled = calloc((size_t)check_count, sizeof *enabled);
    if (!enabled) return EXIT_USAGE;
    for (int i = 0; i < check_count; i++) enabled[i] = select ? false : check_registry[i]->info.default_on;
    if ((select && !apply_codes(select, enabled, true)) ||
        (ignore && !apply_codes(ignore, enabled, false))) {
        free(paths), free(enabled);
        return EXIT_USAGE;
    }
    CheckOptions opt = {enabled, 0.6};

    static char dot[] = ".";
    if (npaths == 0) paths[npaths++] = dot;
    Arena la;
    arena_init(&la);
    DiscoverResult r = {0};
    const char **files;
    int32_t nfiles;
    static const char *stdin_files[] = {"-"};
    if (npaths == 1 && strcmp(paths[0], "-") == 0) {
        files = stdin_files;
        nfiles = 1;
    } else {
        DiscoverOptions dopt;
        discover_options_init(&dopt);
        if (!discover_files(&la, &dopt, (const char *const *)paths, npaths, &r)) {
            fprintf(stderr, "deadwood: %s\n", r.error ? r.error : "cannot list files");
            arena_free(&la);
            free(paths), free(enabled);
            return EXIT_USAGE;
        }
        for (int32_t i = 0; i < r.ndiags; i++)
            fprintf(stderr, "deadwood: warning: %s: %s\n", r.diags[i].path, r.diags[i].message);
        files = r.files;
        nfiles = r.nfiles;
    }
    RunOptions ro = {.check = &opt, .jobs = jobs, .stdin_name = stdin_name, .tree = true};
    RunResult rr;
    if (!run_files(files, nfiles, &ro, &rr)) {
        fprintf(stderr, "deadwood: out of memory\n");
        run_result_free(&rr);
        arena_free(&la);
        free(paths), free(enabled);
        return EXIT_USAGE;
    }
    FindingList results = rr.findings;
    RuleInfo *infos = rule_infos();
    char cwd[4096];
    OutputOptions oo = {.format = format,
                        .root = getcwd(cwd, sizeof cwd) ? cwd : ".",
                        .rules = infos,
                        .nrules = check_count,
                        .version = DEADWOOD_VERSION};
    Buf out;
    buf_init(&out);
    output_write(&out, &results, &oo);
    fwrite(out.data, 1, out.len, stdout);
    fflush(stdout);
    if (!quiet && (format == OUT_TEXT || format == OUT_FULL))
        fprintf(stderr, "Found %d problem%s in %d file%s.\n", (int)results.len,
                results.len == 1 ? "" : "s", (int)nfiles, nfiles == 1 ? "" : "s");
    int rc = results.len && !exit_zero ? EXIT_FINDINGS : EXIT_CLEAN;
    buf_free(&out);
    free(infos);
    run_result_free(&rr);
    arena_free(&la);
    free(paths), free(enabled);
    return rc;
}

const Command cmd_check = {"check", run, "analyze Python files and report defects", usage};
