/* cli_index.c — what the query commands share: finding the files and building the index with
 * no rule enabled, and printing positions of summaries. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check/run.h"
#include "cli.h"
#include "discover/walk.h"
#include "source/notebook.h"

static int query_args(int argc, char **argv, const char *usage, bool takes_after, Query *q) {
    memset(q, 0, sizeof *q);
    q->paths = calloc((size_t)argc + 1, sizeof *q->paths);
    if (!q->paths) return EXIT_USAGE;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (cli_is_help(a)) {
            fputs(usage, stdout);
            return EXIT_CLEAN;
        } else if (takes_after && strcmp(a, "--after") == 0 && i + 1 < argc) {
            q->after = argv[++i];
        } else if (strcmp(a, "--output-format") == 0 && i + 1 < argc) {
            const char *f = argv[++i];
            if (strcmp(f, "json") != 0 && strcmp(f, "text") != 0)
                return cli_usage_error("%s: --output-format is text or json", argv[0]);
            q->json = strcmp(f, "json") == 0;
        } else if (a[0] == '-' && a[1]) {
            return cli_usage_error("%s: unknown option '%s' (see: deadwood %s --help)", argv[0], a,
                                   argv[0]);
        } else if (!q->name) {
            q->name = a;
        } else {
            q->paths[q->npaths++] = argv[i];
        }
    }
    if (!q->name) {
        fputs(usage, stderr);
        return EXIT_USAGE;
    }
    return -1;
}

struct QueryState {
    SummaryOptions so;
    RunResult rr;
    Arena la;
};

int cli_query_begin(int argc, char **argv, const char *usage, bool calls, Query *q) {
    int rc = query_args(argc, argv, usage, calls, q);
    struct QueryState *s = rc < 0 ? calloc(1, sizeof *s) : NULL;
    if (rc < 0 && !s) rc = cli_usage_error("out of memory");
    if (rc >= 0) {
        free(q->paths);
        return rc;
    }
    arena_init(&s->la);
    if (calls) s->so = (SummaryOptions){.callers_of = q->name, .after = q->after};
    rc = cli_build_index(q->paths, q->npaths, &s->so, &s->rr, &s->la);
    if (rc != EXIT_CLEAN) {
        arena_free(&s->la);
        free(s);
        free(q->paths);
        return rc;
    }
    q->state = s;
    q->ix = &s->rr.index;
    return -1;
}

void cli_query_end(Query *q) {
    run_result_free(&q->state->rr);
    arena_free(&q->state->la);
    free(q->state);
    free(q->paths);
}

int cli_build_index(char **paths, int npaths, const SummaryOptions *sopt, RunResult *rr,
                    Arena *la) {
    static char dot[] = ".";
    char *def[1] = {dot};
    if (npaths == 0) paths = def, npaths = 1;
    DiscoverOptions dopt;
    discover_options_init(&dopt);
    DiscoverResult r = {0};
    if (!discover_files(la, &dopt, (const char *const *)paths, npaths, &r)) {
        fprintf(stderr, "deadwood: %s\n", r.error ? r.error : "cannot list files");
        return EXIT_USAGE;
    }
    for (int32_t i = 0; i < r.ndiags; i++)
        fprintf(stderr, "deadwood: warning: %s: %s\n", r.diags[i].path, r.diags[i].message);
    int32_t kept = 0; /* notebooks are not modules: the queries never look at one */
    for (int32_t i = 0; i < r.nfiles; i++)
        if (!notebook_path(r.files[i])) r.files[kept++] = r.files[i];
    r.nfiles = kept;
    bool *none = calloc((size_t)check_count, sizeof *none);
    if (!none) return EXIT_USAGE;
    CheckOptions opt = {.enabled = none, .drift_threshold = 0.6};
    RunOptions ro = {.check = &opt, .jobs = (int)sysconf(_SC_NPROCESSORS_ONLN), .summary = sopt};
    bool ok = run_files(r.files, r.nfiles, &ro, rr);
    free(none);
    if (!ok || !rr->has_index) {
        run_result_free(rr);
        fprintf(stderr, "deadwood: out of memory\n");
        return EXIT_USAGE;
    }
    return EXIT_CLEAN;
}

void cli_json_loc(FILE *f, const char *key, const SumLoc *l) {
    fprintf(f, "\"%s\": {\"row\": %d, \"column\": %d}", key, l->line, l->col);
}

void cli_json_str(FILE *f, const char *s) {
    fputc('"', f);
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p == '"' || *p == '\\')
            fprintf(f, "\\%c", *p);
        else if (*p < 0x20)
            fprintf(f, "\\u%04x", *p);
        else
            fputc(*p, f);
    }
    fputc('"', f);
}

const char *cli_no_mro_code(int why) {
    switch ((MroWhy)why) {
    case MRO_UNRESOLVED: return "unresolved-base";
    case MRO_CYCLE: return "cycle";
    case MRO_INCONSISTENT: return "inconsistent";
    case MRO_TOO_LONG: return "too-long";
    default: return NULL;
    }
}

const char *cli_no_mro_text(int why) {
    switch ((MroWhy)why) {
    case MRO_CYCLE: return "its bases lead back to it (an import cycle Python could not run)";
    case MRO_INCONSISTENT: return "its bases have no consistent order (Python raises TypeError)";
    case MRO_TOO_LONG: return "longer than the " MRO_MAX_TEXT " classes deadwood follows";
    default: return NULL;
    }
}
