/* cmd_check.c — `deadwood check [PATH...]`: read the options, find each file's configuration
 * (ruff's way: the nearest .deadwood.toml, deadwood.toml or pyproject.toml with
 * [tool.deadwood]), find the files, analyze them in parallel through run_files with the result
 * cache, keep what each file's configuration asks for, and print the findings (or their
 * statistics) sorted; with --fix, --diff or --add-noqa, check_fix.c takes the analysis through the
 * fix loop. Exit status: 0 clean, 1 findings, 2 usage or configuration error. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache/cache.h"
#include "config/project.h"
#include "check/run.h"
#include "check_fix.h"
#include "check/tree.h"
#include "cli.h"
#include "config/config.h"
#include "discover/glob.h"
#include "discover/walk.h"
#include "history/history.h"
#include "output/output.h"
#include "parse/parser.h"

static const char usage[] =
    "Usage: deadwood check [OPTIONS] [PATH...]\n\n"
    "Analyzes every .py, .pyi and .ipynb (Jupyter notebook) file under the paths (default: the\n"
    "current directory) and files named explicitly; '-' reads one file from standard input.\n\n"
    "Rules:\n"
    "  --select CODES          only these rules (codes, prefixes such as DW2, names, ALL;\n"
    "                          comma-separated, repeatable); replaces the configuration's\n"
    "  --extend-select CODES   these rules too\n"
    "  --ignore CODES          not these rules\n"
    "Files:\n"
    "  --exclude GLOBS         instead of the default excludes (comma-separated)\n"
    "  --extend-exclude GLOBS  in addition to them\n"
    "  --force-exclude         apply the excludes to files named on the command line too\n"
    "  --no-force-exclude      do not (the default)\n"
    "  --respect-gitignore     skip files .gitignore ignores (the default)\n"
    "  --no-respect-gitignore  do not\n"
    "  --stdin-filename PATH   the name of the file read from standard input\n"
    "  --show-files            print the files that would be analyzed, and exit\n"
    "  --index-root DIR        analyze the project under DIR too, so that the whole-tree rules\n"
    "                          see all of it, but report only on the files of the PATHs (for\n"
    "                          pre-commit hooks and checks of a change's files)\n"
    "Configuration (default: for each file, the nearest .deadwood.toml, deadwood.toml or\n"
    "pyproject.toml with [tool.deadwood], walking up; see man deadwood):\n"
    "  --config PATH           this configuration file for every file\n"
    "  --isolated              ignore every configuration file\n"
    "Running:\n"
    "  --jobs N, -j N          files analyzed in parallel (default: the number of cores)\n"
    "  --no-cache              neither read nor write the result cache\n"
    "  --cache-dir DIR         the cache directory (default: .deadwood_cache in the project\n"
    "                          root; also DEADWOOD_CACHE_DIR)\n"
    "  --target-version pyNNN  the oldest Python the code supports (py38 ... py315), for DW002;\n"
    "                          replaces the configuration's (default: the lower bound of\n"
    "                          [project] requires-python in the nearest pyproject.toml)\n"
    "Fixes:\n"
    "  --fix, --no-fix         apply the safe fixes (configuration: fix = true)\n"
    "  --unsafe-fixes          apply the unsafe fixes too (--no-unsafe-fixes: do not;\n"
    "                          configuration: unsafe-fixes = true)\n"
    "  --fix-only              apply fixes and report nothing that remains\n"
    "  --diff                  print a diff of what --fix would change; write nothing\n"
    "                          (exit 1 when there is one)\n"
    "  --show-fixes            list the fixes applied, per file and rule\n"
    "  --exit-non-zero-on-fix  exit 1 when a fix was applied, even with nothing left\n"
    "  --add-noqa              add `# noqa: CODE` to every line with a finding\n"
    "Output:\n"
    "  --output-format FMT     " OUTPUT_FORMAT_NAMES " (default: text; also\n"
    "                          DEADWOOD_OUTPUT_FORMAT)\n"
    "  --output-file PATH, -o PATH  write the findings there instead of standard output\n"
    "  --statistics            a count per rule instead of the findings\n"
    "  --color WHEN            auto (default: when standard output is a terminal and NO_COLOR\n"
    "                          is unset), always, never\n"
    "  --exit-zero             exit 0 even when there are findings\n"
    "  --quiet, -q             no summary line and no warnings\n"
    "  --verbose, -v           say which configurations and cache were used\n"
    "  -h, --help              this help\n\n"
    "Exit status: 0 no findings, 1 findings (--diff: a diff; --fix-only: 0), 2 usage or\n"
    "configuration error, or a file that could not be written.\n";

typedef enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } ColorMode;

typedef struct Args {
    OutputFormat format;
    int jobs;
    bool exit_zero, quiet, statistics, no_cache, isolated, show_files, verbose;
    int8_t force_exclude, respect_gitignore; /* -1: unset */
    int8_t fix, unsafe_fixes;                /* -1: unset (the configuration says) */
    bool fix_only, diff, show_fixes, add_noqa, exit_non_zero_on_fix;
    const char *config, *stdin_name, *output_file, *cache_dir, *index_root;
    int target_minor; /* --target-version; 0 when not given */
    ColorMode color;
    RuleSelection rules;
    NameList exclude, extend_exclude;
    bool has_exclude;
    const char **paths;
    int npaths;
} Args;

typedef struct RunTotals {
    int32_t cached, written, reparsed, unread;
    const char *cache_dir, *cache_warning;
    int32_t ambiguous; /* module names found in several roots (ProjectIndex.nambiguous) */
    char ambiguous_names[160];
    History *history; /* DW303's, when it is on */
} RunTotals;

typedef struct Ctx {
    Arena *a;
    Args *g;
    ProjectOptions po;  /* the command line's over the configurations */
    Project p;          /* each file's configuration and what it prepares */
    const char *cwd;    /* (p's) */
    const char **files; /* sorted */
    int32_t nfiles;
    Prepared **file_prep; /* each file's */
    Prepared *project;    /* the first path's (--index-root's): its directory is the project root */
    bool *reported;       /* with --index-root, each file's: found for the PATHs; else NULL */
    int32_t nreported;    /* the files checked: reported on */
    RunTotals totals;     /* the last analysis's */
    CheckFixOptions fixo;
    CheckFixHooks hooks;
} Ctx;

/* ---- small helpers ------------------------------------------------------------------------ */

static const char *rel(const Ctx *x, const char *path) {
    size_t n = strlen(x->cwd);
    if (path && strncmp(path, x->cwd, n) == 0 && path[n] == '/') return path + n + 1;
    return path;
}

static int config_error(const Ctx *x, const ConfigError *e) {
    if (e->path && e->line > 0)
        fprintf(stderr, "%s:%d:%d: error: %s\n", rel(x, e->path), e->line, e->col, e->msg);
    else if (e->path)
        fprintf(stderr, "%s: error: %s\n", rel(x, e->path), e->msg);
    else
        fprintf(stderr, "deadwood: %s\n", e->msg);
    return EXIT_USAGE;
}

/* Appends the comma-separated items of csv to l. An empty rule selector is an error, as
 * `select = [""]` is in a configuration. */
static bool add_csv(Arena *a, NameList *l, const char *csv, const char *opt, bool selectors) {
    for (const char *p = csv, *next = csv; next; p = next) {
        size_t n = strcspn(p, ",");
        const char *s = p, *e = p + n;
        while (s < e && *s == ' ') s++;
        while (e > s && e[-1] == ' ') e--;
        next = p[n] == ',' ? p + n + 1 : NULL;
        if (s == e && selectors)
            return cli_usage_error("empty rule selector in %s (see: deadwood rule --all)", opt),
                   false;
        if (s == e) continue;
        char *item = arena_strndup(a, s, (size_t)(e - s));
        const char **items = arena_alloc(a, sizeof *items * (size_t)(l->len + 1));
        if (!item || !items) return cli_usage_error("out of memory"), false;
        if (selectors && !config_selector_valid(item))
            return cli_usage_error("unknown rule selector '%s' in %s (see: deadwood rule --all)",
                                   item, opt),
                   false;
        if (l->len) memcpy(items, l->items, sizeof *items * (size_t)l->len);
        items[l->len++] = item;
        l->items = items;
    }
    return true;
}

/* ---- the command line --------------------------------------------------------------------- */

/* EXIT_CLEAN to go on, or the exit status (help printed, or an error reported). -1 for help. */
static int parse_args(Arena *a, int argc, char **argv, Args *g) {
    memset(g, 0, sizeof *g);
    g->jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    g->force_exclude = g->respect_gitignore = -1;
    g->fix = g->unsafe_fixes = -1;
    const char *env = getenv("DEADWOOD_OUTPUT_FORMAT");
    if (env && *env && !output_format_parse(env, &g->format))
        return cli_usage_error("unknown DEADWOOD_OUTPUT_FORMAT '%s' (%s)", env,
                               OUTPUT_FORMAT_NAMES);
    g->paths = arena_alloc(a, sizeof *g->paths * (size_t)(argc + 1));
    if (!g->paths) return cli_usage_error("out of memory");
    bool only_paths = false;
    for (int i = 1; i < argc; i++) {
        const char *a0 = argv[i], *v = NULL;
        int m = 0;
#define OPT(name, short_name)                                                                      \
    (!only_paths && (m = cli_option_value(argc, argv, &i, name, short_name, &v)) != 0)
        if (only_paths || a0[0] != '-' || !a0[1]) {
            g->paths[g->npaths++] = a0;
            continue;
        }
        if (strcmp(a0, "--") == 0) {
            only_paths = true;
        } else if (cli_is_help(a0)) {
            fputs(usage, stdout);
            return -1;
        } else if (OPT("--output-format", NULL)) {
            if (m > 0 && !output_format_parse(v, &g->format))
                return cli_usage_error("unknown output format '%s' (%s)", v, OUTPUT_FORMAT_NAMES);
        } else if (OPT("--jobs", "-j")) {
            char *end;
            long n = m > 0 ? strtol(v, &end, 10) : 0;
            if (m > 0 && (!*v || *end || n < 1 || n > 1024))
                return cli_usage_error("--jobs takes a number from 1 to 1024, not '%s'", v);
            g->jobs = (int)n;
        } else if (OPT("--select", NULL)) {
            g->rules.has_select = true;
            if (m > 0 && !add_csv(a, &g->rules.select, v, "--select", true)) return EXIT_USAGE;
        } else if (OPT("--extend-select", NULL)) {
            if (m > 0 && !add_csv(a, &g->rules.extend_select, v, "--extend-select", true))
                return EXIT_USAGE;
        } else if (OPT("--ignore", NULL)) {
            if (m > 0 && !add_csv(a, &g->rules.ignore, v, "--ignore", true)) return EXIT_USAGE;
        } else if (OPT("--exclude", NULL)) {
            g->has_exclude = true;
            if (m > 0 && !add_csv(a, &g->exclude, v, "--exclude", false)) return EXIT_USAGE;
        } else if (OPT("--extend-exclude", NULL)) {
            if (m > 0 && !add_csv(a, &g->extend_exclude, v, "--extend-exclude", false))
                return EXIT_USAGE;
        } else if (OPT("--stdin-filename", NULL)) {
            g->stdin_name = v;
        } else if (OPT("--index-root", NULL)) {
            g->index_root = v;
        } else if (OPT("--config", NULL)) {
            g->config = v;
        } else if (OPT("--output-file", "-o")) {
            g->output_file = v;
        } else if (OPT("--cache-dir", NULL)) {
            g->cache_dir = v;
        } else if (OPT("--target-version", NULL)) {
            g->target_minor = m > 0 ? parse_target_minor(v) : -1;
            if (g->target_minor < 0)
                return cli_usage_error("--target-version takes one of: %s", CONFIG_TARGET_VERSIONS);
        } else if (OPT("--color", NULL)) {
            if (m > 0 && strcmp(v, "auto") == 0)
                g->color = COLOR_AUTO;
            else if (m > 0 && strcmp(v, "always") == 0)
                g->color = COLOR_ALWAYS;
            else if (m > 0 && strcmp(v, "never") == 0)
                g->color = COLOR_NEVER;
            else if (m > 0)
                return cli_usage_error("--color takes auto, always or never, not '%s'", v);
        } else if (strcmp(a0, "--exit-zero") == 0) {
            g->exit_zero = true;
        } else if (strcmp(a0, "--quiet") == 0 || strcmp(a0, "-q") == 0) {
            g->quiet = true;
        } else if (strcmp(a0, "--verbose") == 0 || strcmp(a0, "-v") == 0) {
            g->verbose = true;
        } else if (strcmp(a0, "--statistics") == 0) {
            g->statistics = true;
        } else if (strcmp(a0, "--no-cache") == 0) {
            g->no_cache = true;
        } else if (strcmp(a0, "--isolated") == 0) {
            g->isolated = true;
        } else if (strcmp(a0, "--show-files") == 0) {
            g->show_files = true;
        } else if (strcmp(a0, "--force-exclude") == 0 || strcmp(a0, "--no-force-exclude") == 0) {
            g->force_exclude = a0[2] != 'n';
        } else if (strcmp(a0, "--fix") == 0 || strcmp(a0, "--no-fix") == 0) {
            g->fix = a0[2] != 'n';
        } else if (strcmp(a0, "--unsafe-fixes") == 0 || strcmp(a0, "--no-unsafe-fixes") == 0) {
            g->unsafe_fixes = a0[2] != 'n';
        } else if (strcmp(a0, "--fix-only") == 0 || strcmp(a0, "--no-fix-only") == 0) {
            g->fix_only = a0[2] != 'n';
        } else if (strcmp(a0, "--show-fixes") == 0 || strcmp(a0, "--no-show-fixes") == 0) {
            g->show_fixes = a0[2] != 'n';
        } else if (strcmp(a0, "--diff") == 0) {
            g->diff = true;
        } else if (strcmp(a0, "--add-noqa") == 0) {
            g->add_noqa = true;
        } else if (strcmp(a0, "--exit-non-zero-on-fix") == 0) {
            g->exit_non_zero_on_fix = true;
        } else if (strcmp(a0, "--respect-gitignore") == 0 ||
                   strcmp(a0, "--no-respect-gitignore") == 0) {
            g->respect_gitignore = a0[2] != 'n';
        } else {
            return cli_usage_error("unknown option '%s' (see: deadwood check --help)", a0);
        }
        if (m < 0) return EXIT_USAGE;
#undef OPT
    }
    if (g->config && g->isolated)
        return cli_usage_error("--config and --isolated exclude each other");
    if (g->index_root && (g->stdin_name || (g->npaths == 1 && strcmp(g->paths[0], "-") == 0)))
        return cli_usage_error("--index-root cannot be used with standard input");
    if (g->statistics && g->format != OUT_TEXT && g->format != OUT_FULL && g->format != OUT_JSON)
        return cli_usage_error("--statistics supports the text, full and json formats, not %s",
                               output_format_name(g->format));
    for (int i = 0; i < g->npaths; i++)
        if (strcmp(g->paths[i], "-") == 0 && g->npaths > 1)
            return cli_usage_error("'-' (standard input) cannot be mixed with other paths");
    if (g->add_noqa && (g->fix > 0 || g->fix_only || g->diff))
        return cli_usage_error("--add-noqa cannot be combined with --fix, --fix-only or --diff");
    if (g->add_noqa && g->npaths == 1 && strcmp(g->paths[0], "-") == 0)
        return cli_usage_error("--add-noqa cannot read standard input: it writes files");
    return EXIT_CLEAN;
}

/* ---- finding the files -------------------------------------------------------------------- */

static int cmp_str(const void *p, const void *q) {
    return strcmp(*(const char *const *)p, *(const char *const *)q);
}

static bool config_of(Ctx *x, const char *path, bool is_dir, Prepared **out) {
    ConfigError e;
    return project_config_of(&x->p, path, is_dir, out, &e) || (config_error(x, &e), false);
}

/* Fills x->files: every file to analyze, sorted, once each, and each file's configuration. */
static bool find_files(Ctx *x) {
    Args *g = x->g;
    static const char *dot[] = {"."};
    ProjectFiles pf;
    ConfigError e;
    if (!project_find_files(&x->p, g->npaths ? (const char *const *)g->paths : dot,
                            g->npaths ? g->npaths : 1, &pf, &e))
        return config_error(x, &e), false;
    for (int32_t i = 0; i < pf.ndiags && !g->quiet; i++)
        fprintf(stderr, "deadwood: warning: %s: %s\n", pf.diags[i].path, pf.diags[i].message);
    x->files = pf.files;
    x->file_prep = pf.prep;
    x->nfiles = pf.n;
    x->project = pf.first;
    return true;
}

/* Standard input: one file, named by --stdin-filename (configuration, per-file-ignores and
 * --force-exclude apply to that name). False: error reported; *skip: force-excluded. */
static bool stdin_file(Ctx *x, bool *skip) {
    static const char *dash[] = {"-"};
    const char *name = x->g->stdin_name;
    Prepared *p;
    *skip = false;
    if (!config_of(x, name ? name : ".", !name, &p)) return false;
    if (name && project_force(&x->p, p->cfg)) *skip = project_excluded(&x->p, p, name);
    x->files = dash;
    x->nfiles = 1;
    x->file_prep = arena_alloc(x->a, sizeof *x->file_prep);
    if (!x->file_prep) return cli_usage_error("out of memory"), false;
    x->file_prep[0] = p;
    x->project = p;
    p->nfiles++;
    return true;
}

/* --index-root: the files under the root join the analysis, so that the whole-tree rules
 * (DW203, DW301, DW302) see the whole project, while only the files found for the PATHs are
 * reported on. A file found both ways (under any spelling: same device and inode) is analyzed
 * once, as the PATHs spell it. Through the cache, the other files cost a read and a hash. */
typedef struct FileId {
    dev_t dev;
    ino_t ino;
} FileId;

static int cmp_id(const void *p, const void *q) {
    const FileId *a = p, *b = q;
    if (a->dev != b->dev) return a->dev < b->dev ? -1 : 1;
    return a->ino < b->ino ? -1 : a->ino > b->ino;
}

typedef struct Indexed {
    const char *path;
    Prepared *prep;
    bool reported;
} Indexed;

static int cmp_indexed(const void *p, const void *q) {
    return strcmp(((const Indexed *)p)->path, ((const Indexed *)q)->path);
}

static bool add_index(Ctx *x) {
    Args *g = x->g;
    struct stat st;
    if (stat(g->index_root, &st) != 0 || !S_ISDIR(st.st_mode))
        return cli_usage_error("--index-root %s: not a directory", g->index_root), false;
    const char **rep = x->files, **paths = g->paths;
    Prepared **rep_prep = x->file_prep;
    int32_t nrep = x->nfiles;
    int npaths = g->npaths;
    g->paths = &g->index_root, g->npaths = 1;
    bool ok = find_files(x); /* the root's configuration becomes the project's */
    g->paths = paths, g->npaths = npaths;
    if (!ok) return false;

    FileId *ids = arena_alloc(x->a, sizeof *ids * (size_t)(nrep + 1));
    Indexed *all = arena_alloc(x->a, sizeof *all * (size_t)(nrep + x->nfiles + 1));
    if (!ids || !all) return cli_usage_error("out of memory"), false;
    int32_t n = 0, nids = 0;
    for (int32_t i = 0; i < nrep; i++) {
        if (stat(rep[i], &st) == 0) ids[nids++] = (FileId){st.st_dev, st.st_ino};
        all[n++] = (Indexed){rep[i], rep_prep[i], true};
    }
    if (nids > 1) qsort(ids, (size_t)nids, sizeof *ids, cmp_id);
    for (int32_t i = 0; i < x->nfiles; i++) {
        FileId id = {0, 0};
        if (stat(x->files[i], &st) == 0) id = (FileId){st.st_dev, st.st_ino};
        if (!nids || !bsearch(&id, ids, (size_t)nids, sizeof *ids, cmp_id))
            all[n++] = (Indexed){x->files[i], x->file_prep[i], false};
    }
    if (n > 1) qsort(all, (size_t)n, sizeof *all, cmp_indexed); /* x->files is sorted */
    x->files = arena_alloc(x->a, sizeof *x->files * (size_t)(n + 1));
    x->file_prep = arena_alloc(x->a, sizeof *x->file_prep * (size_t)(n + 1));
    x->reported = arena_alloc(x->a, (size_t)n + 1);
    if (!x->files || !x->file_prep || !x->reported) return cli_usage_error("out of memory"), false;
    for (int32_t i = 0; i < x->p.nprep; i++) x->p.prep[i]->nfiles = 0;
    for (int32_t i = 0; i < n; i++) {
        x->files[i] = all[i].path, x->file_prep[i] = all[i].prep, x->reported[i] = all[i].reported;
        all[i].prep->nfiles++;
    }
    x->nfiles = n;
    return true;
}

/* ---- analysis and filtering --------------------------------------------------------------- */

static Prepared *prep_of_path(const Ctx *x, const char *path) {
    if (x->nfiles == 1 && strcmp(x->files[0], "-") == 0) return x->file_prep[0];
    const char **hit = bsearch(&path, x->files, (size_t)x->nfiles, sizeof *x->files, cmp_str);
    return hit ? x->file_prep[hit - x->files] : NULL;
}

/* Whether a finding survives its file's configuration (and --index-root's choice of files). */
static bool wanted(Ctx *x, const Finding *f, const ProjectRun *run, bool several) {
    if (x->reported) {
        const char **hit =
            bsearch(&f->path, x->files, (size_t)x->nfiles, sizeof *x->files, cmp_str);
        if (!hit || !x->reported[hit - x->files]) return false;
    }
    const char *name = strcmp(f->path, "-") == 0 ? x->g->stdin_name : f->path;
    return project_keeps(&x->p, prep_of_path(x, f->path), f, name, run, several);
}

/* Runs the analysis once per DW301 threshold and DW002 target in use (nearly always one pair),
 * keeping what each file's configuration wants. */
static bool analyze(Ctx *x, FindingList *out, RunTotals *t, const SourceOverlay *ov) {
    ProjectRun *runs;
    int32_t nruns = project_runs(&x->p, &runs);
    if (nruns < 0) return cli_usage_error("out of memory"), false;
    bool use_cache = !x->g->no_cache && !(x->nfiles == 1 && strcmp(x->files[0], "-") == 0);
    t->cache_dir = use_cache ? project_cache_dir(&x->p, x->g->cache_dir, x->project) : NULL;
    const Check *stale = check_find("DW303");
    bool in_tests = false; /* (project_keeps drops them for the configurations that do not) */
    bool clones = false;   /* (likewise) */
    for (int32_t i = 0; i < x->p.nprep; i++) {
        in_tests |= x->p.prep[i]->cfg->stale_in_tests == 1;
        clones |= x->p.prep[i]->cfg->stale_clones == 1;
    }
    if (stale && nruns && runs[0].check.enabled[check_index(stale)] && !t->history) {
        /* DEADWOOD_GIT_TIMEOUT: the seconds git may make no progress (default 60) */
        const char *te = getenv("DEADWOOD_GIT_TIMEOUT");
        long secs = te && *te ? strtol(te, NULL, 10) : 0;
        HistoryOptions ho = {.cache_dir = t->cache_dir,
                             .version = DEADWOOD_VERSION,
                             .build = cache_build_key(),
                             .timeout_ms = secs > 0 && secs < 86400 ? (int)secs * 1000 : 0,
                             .jobs = x->g->jobs};
        if (!(t->history = history_new(&ho))) return cli_usage_error("out of memory"), false;
    }
    for (int32_t j = 0; j < nruns; j++) {
        runs[j].check.history = t->history;
        runs[j].check.stale_in_tests = in_tests;
        runs[j].check.stale_clones = clones;
        RunOptions ro = {.check = &runs[j].check,
                         .jobs = x->g->jobs,
                         .stdin_name = x->g->stdin_name,
                         .tree = true,
                         .overlay = ov};
        /* the largest file: the project's configuration says, as for cache-dir */
        ro.max_file_size = (size_t)(x->project ? x->project->cfg : x->p.fallback)->max_file_size;
        ResultCache *rc = NULL;
        RunCache iface;
        char err[512];
        if (t->cache_dir) {
            rc = project_cache_open(t->cache_dir, &runs[j], DEADWOOD_VERSION, err, sizeof err);
            if (rc) {
                iface = cache_interface(rc);
                ro.cache = &iface;
            } else if (!t->cache_warning) {
                t->cache_warning = arena_strndup(x->a, err, strlen(err));
            }
        }
        RunResult rr;
        bool ok = run_files(x->files, x->nfiles, &ro, &rr);
        for (int32_t i = 0; ok && i < rr.findings.len; i++)
            if (wanted(x, &rr.findings.items[i], &runs[j], nruns > 1))
                ok = findings_add(out, &rr.findings.items[i]);
        t->cached += rr.cached;
        t->reparsed += rr.reparsed;
        t->unread += rr.unread;
        if (ok && rr.has_index && !t->ambiguous && (t->ambiguous = rr.index.nambiguous))
            for (int k = 0; k < 4 && k < t->ambiguous; k++)
                snprintf(t->ambiguous_names + strlen(t->ambiguous_names),
                         sizeof t->ambiguous_names - strlen(t->ambiguous_names), "%s%s",
                         k ? ", " : "", rr.index.ambiguous[k]);
        if (rc) {
            CacheStats s = cache_stats(rc);
            t->written += s.stores;
            if (s.write_errors && !t->cache_warning)
                t->cache_warning = arena_strndup(x->a, s.write_error, strlen(s.write_error));
            cache_close(rc);
        }
        run_result_free(&rr);
        if (!ok) return cli_usage_error("out of memory"), false;
    }
    findings_sort(out);
    return true;
}

/* ---- output ------------------------------------------------------------------------------- */

typedef struct Stat {
    const char *code, *name;
    int32_t count;
    bool fixable; /* some finding's fix --fix would apply */
} Stat;

static int cmp_stat(const void *p, const void *q) {
    const Stat *a = p, *b = q;
    if (a->count != b->count) return a->count > b->count ? -1 : 1;
    return strcmp(a->code, b->code);
}

/* ruff's --statistics: one line per rule, the most frequent first (`[*]` before the name of a
 * rule with a finding --fix would repair, when some rule has one). */
static void write_statistics(const Ctx *x, Buf *b, const FindingList *fl, OutputFormat fmt,
                             bool color) {
    Stat *st = calloc((size_t)check_count + (size_t)fl->len + 1, sizeof *st);
    int n = 0, wcount = 1, wcode = 0;
    bool any_fixable = false;
    for (int32_t i = 0; st && i < fl->len; i++) {
        int k = 0;
        while (k < n && strcmp(st[k].code, fl->items[i].code) != 0) k++;
        if (k == n) st[n++] = (Stat){fl->items[i].code, fl->items[i].name, 0, false};
        st[k].count++;
        st[k].fixable |= check_fix_applies(&x->fixo, &x->hooks, &fl->items[i]);
        any_fixable |= st[k].fixable;
    }
    if (n) qsort(st, (size_t)n, sizeof *st, cmp_stat);
    for (int k = 0; k < n; k++) {
        int w = snprintf(NULL, 0, "%d", (int)st[k].count), c = (int)strlen(st[k].code);
        wcount = w > wcount ? w : wcount, wcode = c > wcode ? c : wcode;
    }
    if (fmt == OUT_JSON) {
        buf_puts(b, "[");
        for (int k = 0; k < n; k++)
            buf_printf(b,
                       "%s\n  {\n    \"code\": \"%s\",\n    \"name\": \"%s\",\n    \"count\": %d,"
                       "\n    \"fixable\": %s\n  }",
                       k ? "," : "", st[k].code, st[k].name ? st[k].name : "", (int)st[k].count,
                       st[k].fixable ? "true" : "false");
        buf_puts(b, n ? "\n]\n" : "]\n");
    } else {
        for (int k = 0; k < n; k++)
            buf_printf(b, "%s%*d%s\t%s%-*s%s\t%s%s\n", color ? "\033[1m" : "", wcount,
                       (int)st[k].count, color ? "\033[0m" : "", color ? "\033[1;31m" : "", wcode,
                       st[k].code, color ? "\033[0m" : "",
                       !any_fixable    ? ""
                       : st[k].fixable ? "[*] "
                                       : "[ ] ",
                       st[k].name ? st[k].name : "");
    }
    free(st);
}

static RuleInfo *rule_infos(void) {
    RuleInfo *r = calloc((size_t)check_count, sizeof *r);
    for (int i = 0; r && i < check_count; i++) r[i] = check_registry[i]->info;
    return r;
}

/* Writes the findings (or their statistics) to `to` (or --output-file). */
static int emit(Ctx *x, const FindingList *fl, FILE *to) {
    const Args *g = x->g;
    FILE *f = to;
    if (g->output_file && !(f = fopen(g->output_file, "w")))
        return cli_usage_error("cannot write %s: %s", g->output_file, strerror(errno));
    const char *nc = getenv("NO_COLOR");
    bool color =
        g->color == COLOR_ALWAYS || (g->color == COLOR_AUTO && !(nc && *nc) && isatty(fileno(f)));
    RuleInfo *infos = rule_infos();
    OutputOptions oo = {.format = g->format,
                        .color = color,
                        .root = x->cwd,
                        .rules = infos,
                        .nrules = infos ? check_count : 0,
                        .version = DEADWOOD_VERSION,
                        .fix_status = x->fixo.mode == FIXMODE_NONE,
                        .unsafe_fixes = x->fixo.unsafe};
    Buf out;
    buf_init(&out);
    if (g->statistics)
        write_statistics(x, &out, fl, g->format, color);
    else
        output_write(&out, fl, &oo);
    int rc = EXIT_CLEAN;
    if (out.failed || !infos)
        rc = cli_usage_error("out of memory");
    else if ((out.len && fwrite(out.data, 1, out.len, f) != out.len) || fflush(f) != 0)
        rc = cli_usage_error("cannot write %s: %s", g->output_file ? g->output_file : "output",
                             strerror(errno));
    if (f != to && fclose(f) != 0 && rc == EXIT_CLEAN)
        rc = cli_usage_error("cannot write %s: %s", g->output_file, strerror(errno));
    buf_free(&out);
    free(infos);
    return rc;
}

static void report_verbose(const Ctx *x, const RunTotals *t) {
    for (int32_t i = 0; i < x->p.nprep; i++)
        if (x->p.prep[i]->nfiles)
            fprintf(stderr, "deadwood: configuration: %s (%d file%s)\n",
                    x->p.prep[i]->cfg->path ? rel(x, x->p.prep[i]->cfg->path) : "defaults",
                    (int)x->p.prep[i]->nfiles, x->p.prep[i]->nfiles == 1 ? "" : "s");
    if (t->cache_dir)
        fprintf(stderr,
                "deadwood: cache: %s: %d of %d files from the cache, %d written, %d of them "
                "parsed again for the whole-tree rules\n",
                rel(x, t->cache_dir), (int)t->cached, (int)x->nfiles, (int)t->written,
                (int)t->reparsed);
    else
        fprintf(stderr, "deadwood: cache: off\n");
    if (t->ambiguous)
        fprintf(stderr,
                "deadwood: index: %d module name%s found in more than one root (%s%s): an import "
                "of one from another root is left unresolved\n",
                (int)t->ambiguous, t->ambiguous == 1 ? "" : "s", t->ambiguous_names,
                t->ambiguous > 4 ? ", ..." : "");
    if (t->history) {
        HistoryStats s = history_stats(t->history);
        fprintf(stderr,
                "deadwood: DW303: history of %d file%s in %d repositor%s: %d from the cache, %d "
                "read from git (%d commits, %d blobs%s)\n",
                (int)s.files, s.files == 1 ? "" : "s", (int)s.repos, s.repos == 1 ? "y" : "ies",
                (int)s.cached, (int)s.built, (int)s.commits, (int)s.blobs,
                s.missing ? ", some missing from the clone" : "");
    }
}

/* DW303's notes: warnings always (unless --quiet), the rest with -v. */
static void report_history(const RunTotals *t, bool quiet, bool verbose) {
    fflush(stdout); /* (after the findings, when both go to one terminal) */
    const HistNote *notes;
    int32_t n = t->history ? history_notes(t->history, &notes) : 0;
    for (int32_t i = 0; i < n; i++)
        if (notes[i].warning ? !quiet : verbose)
            fprintf(stderr, "deadwood: %sDW303: %s\n", notes[i].warning ? "warning: " : "",
                    notes[i].msg);
}

/* ---- the command -------------------------------------------------------------------------- */

/* The summary line: how many findings, in how many of the files checked (the findings come
 * sorted by path, so a file's are adjacent). */
static void print_summary(const FindingList *fl, int nfiles, int32_t fixed) {
    int with = 0;
    for (int32_t i = 0; i < fl->len; i++)
        with += i == 0 || strcmp(fl->items[i].path, fl->items[i - 1].path) != 0;
    fflush(stdout);
    if (fixed > 0)
        fprintf(stderr, "Found %d problem%s (%d fixed, %d remaining; %d file%s checked).\n",
                (int)(fl->len + fixed), fl->len + fixed == 1 ? "" : "s", (int)fixed, (int)fl->len,
                nfiles, nfiles == 1 ? "" : "s");
    else if (fl->len == 0)
        fprintf(stderr, "No problems found (%d file%s checked).\n", nfiles, nfiles == 1 ? "" : "s");
    else
        fprintf(stderr, "Found %d problem%s in %d file%s (%d file%s checked).\n", (int)fl->len,
                fl->len == 1 ? "" : "s", with, with == 1 ? "" : "s", nfiles,
                nfiles == 1 ? "" : "s");
}

/* ---- fixes -------------------------------------------------------------------------------- */

static bool analyze_hook(void *ud, const SourceOverlay *ov, FindingList *out) {
    Ctx *x = ud;
    History *h = x->totals.history; /* one history for every pass of the fix loop */
    memset(&x->totals, 0, sizeof x->totals);
    x->totals.history = h;
    return analyze(x, out, &x->totals, ov);
}

static bool fixable_hook(void *ud, const Finding *f) {
    const Ctx *x = ud;
    const Prepared *p = prep_of_path(x, f->path);
    const Check *c = check_find(f->code);
    return !p || !c || p->fixable[check_index(c)];
}

/* The fix settings: the command line's, else the project's configuration's (fix, unsafe-fixes). */
static void setup_fix(Ctx *x, bool from_stdin) {
    const Args *g = x->g;
    const Config *c = x->project ? x->project->cfg : x->p.fallback;
    bool fix = g->fix >= 0 ? g->fix : c->fix == 1;
    CheckFixOptions *o = &x->fixo;
    o->mode = g->diff ? FIXMODE_DIFF : fix || g->fix_only ? FIXMODE_APPLY : FIXMODE_NONE;
    o->unsafe = g->unsafe_fixes >= 0 ? g->unsafe_fixes : c->unsafe_fixes == 1;
    o->only = g->fix_only || g->diff;
    o->show_fixes = g->show_fixes;
    o->quiet = g->quiet;
    o->from_stdin = from_stdin;
    o->shown = g->stdin_name ? g->stdin_name : "-";
    o->max_file_size = c->max_file_size ? (size_t)c->max_file_size : SOURCE_DEFAULT_MAX_SIZE;
    x->hooks = (CheckFixHooks){x, analyze_hook, fixable_hook};
}

/* Standard input force-excluded under --fix: it is passed through unchanged. */
static int pass_stdin_through(void) {
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file("-", &data, &len, &se)) return cli_usage_error("stdin: %s", se.msg);
    bool ok = (!len || fwrite(data, 1, len, stdout) == len) && fflush(stdout) == 0;
    dw_free(data);
    return ok ? EXIT_CLEAN : cli_usage_error("cannot write output");
}

/* The exit status of a run that printed what it found without error. */
static int exit_status(const Ctx *x, const FindingList *fl, const CheckFixResult *fr) {
    const Args *g = x->g;
    int32_t fixed = fr ? fr->fixed : 0;
    if (fr && fr->failed) return EXIT_USAGE;
    if (x->fixo.mode == FIXMODE_DIFF) return fr && fr->changes ? EXIT_FINDINGS : EXIT_CLEAN;
    if (g->exit_non_zero_on_fix && fixed > 0) return EXIT_FINDINGS;
    if (x->fixo.only || g->exit_zero) return EXIT_CLEAN;
    return fl->len ? EXIT_FINDINGS : EXIT_CLEAN;
}

static int check_main(Ctx *x) {
    Args *g = x->g;
    x->po = (ProjectOptions){.rules = g->rules,
                             .exclude = g->exclude,
                             .extend_exclude = g->extend_exclude,
                             .has_exclude = g->has_exclude,
                             .force_exclude = g->force_exclude,
                             .respect_gitignore = g->respect_gitignore,
                             .target_minor = g->target_minor};
    ConfigError e;
    if (!project_init(&x->p, x->a, &x->po, NULL, &e)) return config_error(x, &e);
    x->cwd = x->p.cwd;
    if (g->isolated) x->po.fixed = x->p.fallback;
    if (g->config) {
        Config *c;
        if (!config_read(x->a, g->config, true, &c, &e)) return config_error(x, &e);
        x->po.fixed = c;
    }
    bool from_stdin =
        (g->npaths == 1 && strcmp(g->paths[0], "-") == 0) || (g->npaths == 0 && g->stdin_name);
    bool skip = false;
    if (from_stdin ? !stdin_file(x, &skip) : !find_files(x)) return EXIT_USAGE;
    if (g->show_files) {
        for (int32_t i = 0; i < x->nfiles && !skip; i++) printf("%s\n", x->files[i]);
        return EXIT_CLEAN;
    }
    x->nreported = x->nfiles;
    if (g->index_root && !add_index(x)) return EXIT_USAGE;
    if (x->nreported == 0 && !g->quiet)
        fprintf(stderr, "deadwood: warning: no Python files found under the given paths\n");
    setup_fix(x, from_stdin);
    if (g->add_noqa) {
        int rc = check_add_noqa(x->files, x->nfiles, &x->fixo, &x->hooks);
        history_free(x->totals.history);
        return rc;
    }
    if (skip && from_stdin && x->fixo.mode == FIXMODE_APPLY) return pass_stdin_through();
    FindingList fl;
    findings_init(&fl);
    CheckFixResult fr, *fixing = NULL;
    bool ok;
    if (!skip && x->fixo.mode != FIXMODE_NONE) {
        fixing = &fr;
        ok = check_fix_run(x->files, x->nfiles, &x->fixo, &x->hooks, &fr);
        findings_free(&fl);
        fl = fr.remaining; /* (owned by fl from here) */
        findings_init(&fr.remaining);
    } else {
        ok = skip || analyze(x, &fl, &x->totals, NULL);
    }
    RunTotals t = x->totals;
    /* with --fix on standard input, the fixed text takes standard output (ruff's way) */
    FILE *to = from_stdin && x->fixo.mode == FIXMODE_APPLY ? stderr : stdout;
    int rc = !ok ? EXIT_USAGE : x->fixo.only ? EXIT_CLEAN : emit(x, &fl, to);
    if (ok && t.cache_warning && !g->quiet)
        fprintf(stderr, "deadwood: warning: cache: %s\n", t.cache_warning);
    if (ok && t.unread && !g->quiet)
        fprintf(stderr,
                "deadwood: warning: DW301/DW302: %d method%s not compared: %s file changed during "
                "the run or could not be read again\n",
                (int)t.unread, t.unread == 1 ? "" : "s", t.unread == 1 ? "its" : "their");
    if (ok) report_history(&t, g->quiet, g->verbose);
    if (ok && g->verbose) report_verbose(x, &t);
    history_free(t.history);
    if (rc == EXIT_CLEAN && !g->quiet && (g->format == OUT_TEXT || g->format == OUT_FULL)) {
        if (x->fixo.show_fixes) check_fix_show(fixing);
        if (x->fixo.only && fixing) {
            check_fix_only_summary(fixing, &fl, &x->fixo, &x->hooks);
        } else {
            print_summary(&fl, (int)x->nreported, fixing ? fixing->fixed : 0);
            check_fix_hints(&fl, &x->fixo, &x->hooks);
        }
    }
    if (rc == EXIT_CLEAN) rc = exit_status(x, &fl, fixing);
    findings_free(&fl);
    if (fixing) check_fix_result_free(fixing);
    return rc;
}

static int run(int argc, char **argv) {
    Arena a;
    arena_init(&a);
    Args g;
    int rc = parse_args(&a, argc, argv, &g);
    if (rc == EXIT_CLEAN) {
        Ctx x = {.a = &a, .g = &g};
        rc = check_main(&x);
        project_free(&x.p);
    } else if (rc < 0) {
        rc = EXIT_CLEAN;
    }
    arena_free(&a);
    return rc;
}

const Command cmd_check = {"check", run, "analyze Python files and report defects", usage};
