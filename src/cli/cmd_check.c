/* cmd_check.c — `deadwood check [PATH...]`: find the files, analyze them in parallel, print the
 * findings sorted, exit 0 (clean), 1 (findings) or 2 (usage). */
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/check.h"
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

typedef struct Job {
    const char **files;
    int32_t nfiles;
    atomic_int next;
    const CheckOptions *opt;
    const char *stdin_name;
    FindingList *results; /* one per worker */
    bool failed;
} Job;

typedef struct Worker {
    Job *job;
    FindingList *out;
} Worker;

static void analyze_one(Job *job, const char *path, FindingList *out) {
    char *data;
    size_t len;
    SourceError se;
    bool from_stdin = strcmp(path, "-") == 0;
    const char *display = from_stdin && job->stdin_name ? job->stdin_name : path;
    if (!source_read_file(path, &data, &len, &se)) {
        const Check *rule = check_find("DW001");
        if (rule && check_enabled(job->opt, rule)) {
            Finding f = {0};
            f.code = rule->info.code;
            f.name = rule->info.name;
            f.path = display;
            f.loc = (Location){1, 1, 1, 1};
            f.message = se.msg;
            f.noqa_line = 1;
            findings_add(out, &f);
        }
        return;
    }
    if (!check_file_bytes(display, data, len, job->opt, out)) job->failed = true;
    dw_free(data);
}

static void *work(void *arg) {
    Worker *w = arg;
    Job *job = w->job;
    for (;;) {
        int i = atomic_fetch_add(&job->next, 1);
        if (i >= job->nfiles) break;
        analyze_one(job, job->files[i], w->out);
    }
    return NULL;
}

/* Runs the job on n threads (n >= 1); findings end in results[0]. */
static bool run_parallel(Job *job, int n) {
    Worker *ws = calloc((size_t)n, sizeof *ws);
    pthread_t *ts = calloc((size_t)n, sizeof *ts);
    FindingList *lists = calloc((size_t)n, sizeof *lists);
    if (!ws || !ts || !lists) {
        free(ws), free(ts), free(lists);
        return false;
    }
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, 256u << 20); /* deep nesting recurses deeply */
    int started = 0;
    for (int i = 0; i < n; i++) {
        findings_init(&lists[i]);
        ws[i] = (Worker){job, &lists[i]};
    }
    for (int i = 1; i < n; i++)
        if (pthread_create(&ts[i], &attr, work, &ws[i]) == 0) started = i;
    work(&ws[0]);
    for (int i = 1; i <= started; i++) pthread_join(ts[i], NULL);
    pthread_attr_destroy(&attr);
    for (int i = 1; i < n; i++) findings_take(&lists[0], &lists[i]);
    *job->results = lists[0];
    for (int i = 1; i < n; i++) findings_free(&lists[i]);
    free(ws), free(ts), free(lists);
    return true;
}

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
    CheckOptions opt = {enabled, 0.8};

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
    FindingList results;
    findings_init(&results);
    Job job = {files, nfiles, 0, &opt, stdin_name, &results, false};
    if (jobs > nfiles) jobs = nfiles > 0 ? nfiles : 1;
    if (!run_parallel(&job, jobs) || job.failed) {
        fprintf(stderr, "deadwood: out of memory\n");
        arena_free(&la);
        free(paths), free(enabled);
        return EXIT_USAGE;
    }
    findings_sort(&results);
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
    findings_free(&results);
    arena_free(&la);
    free(paths), free(enabled);
    return rc;
}

const Command cmd_check = {"check", run, "analyze Python files and report defects", usage};
