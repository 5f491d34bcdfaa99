/* cmd_check.c — `deadwood check [PATH...]`: read the options, find each file's configuration
 * (ruff's way: the nearest .deadwood.toml, deadwood.toml or pyproject.toml with
 * [tool.deadwood]), find the files, analyze them in parallel through run_files with the result
 * cache, keep what each file's configuration asks for, and print the findings (or their
 * statistics) sorted. Exit status: 0 clean, 1 findings, 2 usage or configuration error. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cache/cache.h"
#include "check/run.h"
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
    "Analyzes every .py/.pyi file under the paths (default: the current directory) and files\n"
    "named explicitly; '-' reads one file from standard input.\n\n"
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
    "Exit status: 0 no findings, 1 findings, 2 usage or configuration error.\n";

typedef enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } ColorMode;

typedef struct Args {
    OutputFormat format;
    int jobs;
    bool exit_zero, quiet, statistics, no_cache, isolated, show_files, verbose;
    int8_t force_exclude, respect_gitignore; /* -1: unset */
    const char *config, *stdin_name, *output_file, *cache_dir, *index_root;
    int target_minor; /* --target-version; 0 when not given */
    ColorMode color;
    RuleSelection rules;
    NameList exclude, extend_exclude;
    bool has_exclude;
    const char **paths;
    int npaths;
} Args;

/* What one configuration in use has prepared. */
typedef struct Prepared {
    const Config *cfg;
    bool *enabled;   /* by registry index */
    ExcludeSet excl; /* its exclude + extend-exclude, with the command line's */
    ExcludeSet *pfi; /* one set per per-file-ignores pattern */
    bool *pfi_rules; /* [pattern * check_count + rule] */
    int32_t nfiles;
    int target; /* DW002's target minor version (0: none) */
} Prepared;

typedef struct Ctx {
    Arena *a;
    Args *g;
    char cwd[PATH_MAX];
    ConfigResolver res;
    const Config *fixed;    /* --config or --isolated: every file's */
    const Config *fallback; /* the defaults, for files no configuration covers */
    Prepared **prep;
    int32_t nprep;
    const char **files; /* sorted */
    int32_t nfiles;
    Prepared **file_prep; /* each file's */
    Prepared *project;    /* the first path's (--index-root's): its directory is the project root */
    bool *reported;       /* with --index-root, each file's: found for the PATHs; else NULL */
    int32_t nreported;    /* the files checked: reported on */
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
    return EXIT_CLEAN;
}

/* ---- configurations ----------------------------------------------------------------------- */

static bool force_of(const Ctx *x, const Config *c) {
    return x->g->force_exclude >= 0 ? x->g->force_exclude : c->force_exclude == 1;
}

/* The configuration (and what it prepares) of a file or directory's directory. */
static bool config_of(Ctx *x, const char *path, bool is_dir, Prepared **out) {
    const Config *c = x->fixed;
    if (!c) {
        char *abs = glob_absolutize(x->a, x->cwd, path);
        if (!abs) return cli_usage_error("out of memory"), false;
        if (!is_dir) {
            char *slash = strrchr(abs, '/');
            if (slash) slash[slash == abs] = 0;
        }
        ConfigError e;
        if (!config_for_dir(&x->res, abs, &c, &e)) return config_error(x, &e), false;
        if (!c) c = x->fallback;
    }
    for (int32_t i = 0; i < x->nprep; i++)
        if (x->prep[i]->cfg == c) return *out = x->prep[i], true;
    Prepared **all = arena_alloc(x->a, sizeof *all * (size_t)(x->nprep + 1));
    Prepared *p = arena_zalloc(x->a, sizeof *p);
    bool *en = arena_alloc(x->a, sizeof *en * (size_t)check_count);
    if (!all || !p || !en) return cli_usage_error("out of memory"), false;
    if (x->nprep) memcpy(all, x->prep, sizeof *all * (size_t)x->nprep);
    all[x->nprep++] = p;
    x->prep = all;
    p->cfg = c;
    p->enabled = en;
    p->target = x->g->target_minor  ? x->g->target_minor
                : c->target_version ? parse_target_minor(c->target_version)
                                    : config_requires_python_minor(c->path ? c->root : x->cwd);
    for (int i = 0; i < check_count; i++) en[i] = check_registry[i]->info.default_on;
    config_apply_rules(en, c);
    config_apply_selection(en, &x->g->rules);
    const char *err = NULL;
    const Args *g = x->g;
    NameList ex = g->has_exclude ? g->exclude : c->exclude;
    bool builtin = !g->has_exclude && !c->has_exclude;
    for (int32_t i = 0; builtin && i < discover_ndefault_excludes; i++)
        if (!exclude_add(x->a, &p->excl, discover_default_excludes[i], NULL, &err)) goto bad;
    for (int32_t i = 0; !builtin && i < ex.len; i++)
        if (!exclude_add(x->a, &p->excl, ex.items[i], config_glob_root(&ex, i, c->root), &err))
            goto bad;
    NameList ext = config_join_globs(x->a, c->extend_exclude, c->root, g->extend_exclude, c->root);
    for (int32_t i = 0; i < ext.len; i++)
        if (!exclude_add(x->a, &p->excl, ext.items[i], ext.roots[i], &err)) goto bad;
    p->pfi = arena_zalloc(x->a, sizeof *p->pfi * (size_t)(c->nper_file_ignores + 1));
    p->pfi_rules = arena_zalloc(x->a, (size_t)(c->nper_file_ignores + 1) * (size_t)check_count);
    if (!p->pfi || !p->pfi_rules) goto bad;
    for (int32_t i = 0; i < c->nper_file_ignores; i++) {
        const PerFileIgnore *f = &c->per_file_ignores[i];
        if (!exclude_add(x->a, &p->pfi[i], f->pattern, f->root, &err)) goto bad;
        RuleSelection sel = {.select = f->codes, .has_select = true};
        config_apply_selection(p->pfi_rules + (size_t)i * (size_t)check_count, &sel);
    }
    *out = p;
    return true;
bad:
    return cli_usage_error("invalid pattern: %s", err ? err : "out of memory"), false;
}

/* Whether a glob set matches the absolute path abs or one of its ancestors, looking only at the
 * components that end after byte `from`. */
static bool excluded_below(const ExcludeSet *s, const char *abs, size_t from) {
    for (size_t n = strlen(abs); n > from && n > 1;) {
        size_t name = n;
        while (name > 0 && abs[name - 1] != '/') name--;
        if (exclude_match(s, abs, n, abs + name, n - name)) return true;
        n = name ? name - 1 : 0;
    }
    return false;
}

/* ---- finding the files -------------------------------------------------------------------- */

typedef struct FileVec {
    const char **items;
    int32_t len, cap;
} FileVec;

static int cmp_str(const void *p, const void *q) {
    return strcmp(*(const char *const *)p, *(const char *const *)q);
}

/* Walks the paths of one configuration; files below a nested configuration are then held to
 * that configuration's excludes too (ruff applies the closest configuration's). */
static bool discover_group(Ctx *x, Prepared *gp, const char **paths, int n, FileVec *out) {
    const Config *c = gp->cfg;
    const Args *g = x->g;
    DiscoverOptions o;
    discover_options_init(&o);
    NameList ex = g->has_exclude ? g->exclude : c->exclude;
    NameList ext = config_join_globs(x->a, c->extend_exclude, c->root, g->extend_exclude, c->root);
    o.exclude = ex.items, o.nexclude = ex.len, o.exclude_set = g->has_exclude || c->has_exclude;
    o.exclude_roots = ex.roots;
    o.extend_exclude = ext.items, o.nextend_exclude = ext.len, o.extend_exclude_roots = ext.roots;
    o.respect_gitignore =
        g->respect_gitignore >= 0 ? g->respect_gitignore : c->respect_gitignore != 0;
    o.force_exclude = force_of(x, c);
    o.project_root = c->root;
    DiscoverResult r;
    if (!discover_files(x->a, &o, paths, n, &r)) {
        fprintf(stderr, "deadwood: %s\n", r.error ? r.error : "cannot list files");
        return false;
    }
    for (int32_t i = 0; i < r.ndiags && !g->quiet; i++)
        fprintf(stderr, "deadwood: warning: %s: %s\n", r.diags[i].path, r.diags[i].message);
    for (int32_t i = 0; i < r.nfiles; i++) {
        const char *f = r.files[i];
        Prepared *fp;
        if (!x->fixed) {
            if (!config_of(x, f, false, &fp)) return false;
            if (fp != gp) {
                /* the root it was found under: the longest path argument it starts with */
                size_t from = 0;
                bool explicit = false;
                for (int k = 0; k < n; k++) {
                    size_t pl = strlen(paths[k]);
                    if (strcmp(f, paths[k]) == 0)
                        explicit = true;
                    else if (strncmp(f, paths[k], pl) == 0 &&
                             (f[pl] == '/' || paths[k][pl - 1] == '/')) {
                        const char *abs = glob_absolutize(x->a, x->cwd, paths[k]);
                        if (abs && strlen(abs) > from) from = strlen(abs);
                    }
                }
                size_t root = strlen(fp->cfg->root);
                const char *abs = glob_absolutize(x->a, x->cwd, f);
                if (!abs) return cli_usage_error("out of memory"), false;
                if ((!explicit || force_of(x, fp->cfg)) &&
                    excluded_below(&fp->excl, abs, from > root ? from : root))
                    continue;
            }
        }
        if (HVEC_PUSH(*out, f)) return cli_usage_error("out of memory"), false;
    }
    return true;
}

/* Fills x->files: every file to analyze, sorted, once each, and each file's configuration. */
static bool find_files(Ctx *x) {
    Args *g = x->g;
    FileVec v = {0};
    static const char *dot[] = {"."};
    const char **paths = g->npaths ? g->paths : dot;
    int n = g->npaths ? g->npaths : 1;
    bool ok = true;
    /* paths that do not exist go straight to the analysis: they become DW001 findings */
    const char **todo = arena_alloc(x->a, sizeof *todo * (size_t)n);
    Prepared **cfgs = arena_alloc(x->a, sizeof *cfgs * (size_t)n);
    if (!todo || !cfgs) return cli_usage_error("out of memory"), false;
    for (int i = 0; i < n && ok; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0) {
            ok = !HVEC_PUSH(v, paths[i]);
            cfgs[i] = NULL;
            continue;
        }
        ok = config_of(x, paths[i], S_ISDIR(st.st_mode), &cfgs[i]);
        if (ok && i == 0) x->project = cfgs[0];
    }
    for (int i = 0; i < n && ok; i++) { /* one walk per configuration */
        if (!cfgs[i]) continue;
        int k = 0;
        todo[k++] = paths[i];
        for (int j = i + 1; j < n; j++)
            if (cfgs[j] == cfgs[i]) todo[k++] = paths[j], cfgs[j] = NULL;
        ok = discover_group(x, cfgs[i], todo, k, &v);
    }
    if (ok && v.len > 1) qsort(v.items, (size_t)v.len, sizeof *v.items, cmp_str);
    int32_t kept = 0;
    for (int32_t i = 0; ok && i < v.len; i++)
        if (kept == 0 || strcmp(v.items[kept - 1], v.items[i]) != 0) v.items[kept++] = v.items[i];
    x->files = arena_alloc(x->a, sizeof *x->files * (size_t)(kept + 1));
    x->file_prep = arena_alloc(x->a, sizeof *x->file_prep * (size_t)(kept + 1));
    if (ok && (!x->files || !x->file_prep)) ok = (cli_usage_error("out of memory"), false);
    for (int32_t i = 0; ok && i < kept; i++) {
        x->files[i] = v.items[i];
        ok = config_of(x, v.items[i], false, &x->file_prep[i]);
        if (ok) x->file_prep[i]->nfiles++;
    }
    x->nfiles = ok ? kept : 0;
    dw_free(v.items);
    return ok;
}

/* Standard input: one file, named by --stdin-filename (configuration, per-file-ignores and
 * --force-exclude apply to that name). False: error reported; *skip: force-excluded. */
static bool stdin_file(Ctx *x, bool *skip) {
    static const char *dash[] = {"-"};
    const char *name = x->g->stdin_name;
    Prepared *p;
    *skip = false;
    if (!config_of(x, name ? name : ".", !name, &p)) return false;
    if (name && force_of(x, p->cfg)) {
        const char *abs = glob_absolutize(x->a, x->cwd, name);
        *skip = abs && excluded_below(&p->excl, abs, strlen(p->cfg->root));
    }
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
    for (int32_t i = 0; i < x->nprep; i++) x->prep[i]->nfiles = 0;
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
static bool wanted(const Ctx *x, const Finding *f, double threshold, int target, bool several) {
    if (x->reported) {
        const char **hit =
            bsearch(&f->path, x->files, (size_t)x->nfiles, sizeof *x->files, cmp_str);
        if (!hit || !x->reported[hit - x->files]) return false;
    }
    Prepared *p = prep_of_path(x, f->path);
    if (!p) return true;
    if (several && (p->cfg->similarity != threshold || p->target != target)) return false;
    const Check *c = check_find(f->code);
    int k = c ? check_index(c) : -1;
    if (k < 0) return true;
    if (!p->enabled[k]) return false;
    if (p->cfg->stale_in_tests != 1 && strcmp(f->code, "DW303") == 0 &&
        stale_override_in_test_file(f->path))
        return false; /* (the run reported them for a configuration that wants them) */
    if (!p->cfg->nper_file_ignores) return true;
    const char *name = strcmp(f->path, "-") == 0 ? x->g->stdin_name : f->path;
    if (!name) return true;
    const char *abs = glob_absolutize(x->a, x->cwd, name);
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    for (int32_t i = 0; abs && i < p->cfg->nper_file_ignores; i++)
        if (p->pfi_rules[(size_t)i * (size_t)check_count + (size_t)k] &&
            exclude_match(&p->pfi[i], abs, strlen(abs), base, strlen(base)))
            return false;
    return true;
}

/* The cache directory: --cache-dir, DEADWOOD_CACHE_DIR, the configuration's cache-dir, or
 * .deadwood_cache in the project root (the directory of the configuration of the first path,
 * else the current directory). */
static const char *cache_dir(const Ctx *x) {
    if (x->g->cache_dir) return x->g->cache_dir;
    const char *env = getenv("DEADWOOD_CACHE_DIR");
    if (env && *env) return env;
    const Config *c = x->project ? x->project->cfg : x->fallback;
    if (c->cache_dir) return c->cache_dir;
    const char *root = c->path ? c->root : x->cwd;
    char *d = arena_alloc(x->a, strlen(root) + 17);
    if (d) sprintf(d, "%s/.deadwood_cache", strcmp(root, "/") ? root : "");
    return d;
}

typedef struct RunTotals {
    int32_t cached, written, reparsed, unread;
    const char *cache_dir, *cache_warning;
    int32_t ambiguous; /* module names found in several roots (ProjectIndex.nambiguous) */
    char ambiguous_names[160];
    History *history; /* DW303's, when it is on */
} RunTotals;

/* Runs the analysis once per DW301 threshold and DW002 target in use (nearly always one pair),
 * keeping what each file's configuration wants. */
static bool analyze(Ctx *x, FindingList *out, RunTotals *t) {
    bool *any = arena_zalloc(x->a, (size_t)check_count);
    double *ths = arena_alloc(x->a, sizeof *ths * (size_t)(x->nprep + 1));
    int *tgs = arena_alloc(x->a, sizeof *tgs * (size_t)(x->nprep + 1));
    if (!any || !ths || !tgs) return cli_usage_error("out of memory"), false;
    int nth = 0;
    for (int32_t i = 0; i < x->nprep; i++) {
        if (!x->prep[i]->nfiles) continue;
        for (int k = 0; k < check_count; k++) any[k] |= x->prep[i]->enabled[k];
        bool seen = false;
        for (int j = 0; j < nth; j++)
            seen |= ths[j] == x->prep[i]->cfg->similarity && tgs[j] == x->prep[i]->target;
        if (!seen) ths[nth] = x->prep[i]->cfg->similarity, tgs[nth++] = x->prep[i]->target;
    }
    bool use_cache = !x->g->no_cache && !(x->nfiles == 1 && strcmp(x->files[0], "-") == 0);
    t->cache_dir = use_cache ? cache_dir(x) : NULL;
    const Check *stale = check_find("DW303");
    bool in_tests = false; /* (wanted() drops them for the configurations that do not) */
    for (int32_t i = 0; i < x->nprep; i++) in_tests |= x->prep[i]->cfg->stale_in_tests == 1;
    if (stale && any[check_index(stale)]) {
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
    for (int j = 0; j < nth; j++) {
        CheckOptions co = {.enabled = any,
                           .drift_threshold = ths[j],
                           .target_minor = tgs[j],
                           .history = t->history,
                           .stale_in_tests = in_tests};
        RunOptions ro = {
            .check = &co, .jobs = x->g->jobs, .stdin_name = x->g->stdin_name, .tree = true};
        /* the largest file: the project's configuration says, as for cache-dir */
        ro.max_file_size = (size_t)(x->project ? x->project->cfg : x->fallback)->max_file_size;
        ResultCache *rc = NULL;
        RunCache iface;
        char err[512];
        if (t->cache_dir) {
            char build[64];
            snprintf(build, sizeof build, "build=%016llx;target=%d",
                     (unsigned long long)cache_build_key(), tgs[j]);
            rc = cache_open(t->cache_dir, cache_options_key(&co, build), DEADWOOD_VERSION, err,
                            sizeof err);
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
            if (wanted(x, &rr.findings.items[i], ths[j], tgs[j], nth > 1))
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
} Stat;

static int cmp_stat(const void *p, const void *q) {
    const Stat *a = p, *b = q;
    if (a->count != b->count) return a->count > b->count ? -1 : 1;
    return strcmp(a->code, b->code);
}

/* ruff's --statistics: one line per rule, the most frequent first. */
static void write_statistics(Buf *b, const FindingList *fl, OutputFormat fmt, bool color) {
    Stat *st = calloc((size_t)check_count + (size_t)fl->len + 1, sizeof *st);
    int n = 0, wcount = 1, wcode = 0;
    for (int32_t i = 0; st && i < fl->len; i++) {
        int k = 0;
        while (k < n && strcmp(st[k].code, fl->items[i].code) != 0) k++;
        if (k == n) st[n++] = (Stat){fl->items[i].code, fl->items[i].name, 0};
        st[k].count++;
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
                       "\n    \"fixable\": false\n  }",
                       k ? "," : "", st[k].code, st[k].name ? st[k].name : "", (int)st[k].count);
        buf_puts(b, n ? "\n]\n" : "]\n");
    } else {
        for (int k = 0; k < n; k++)
            buf_printf(b, "%s%*d%s\t%s%-*s%s\t%s\n", color ? "\033[1m" : "", wcount,
                       (int)st[k].count, color ? "\033[0m" : "", color ? "\033[1;31m" : "", wcode,
                       st[k].code, color ? "\033[0m" : "", st[k].name ? st[k].name : "");
    }
    free(st);
}

static RuleInfo *rule_infos(void) {
    RuleInfo *r = calloc((size_t)check_count, sizeof *r);
    for (int i = 0; r && i < check_count; i++) r[i] = check_registry[i]->info;
    return r;
}

static int emit(Ctx *x, const FindingList *fl) {
    const Args *g = x->g;
    FILE *f = stdout;
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
                        .version = DEADWOOD_VERSION};
    Buf out;
    buf_init(&out);
    if (g->statistics)
        write_statistics(&out, fl, g->format, color);
    else
        output_write(&out, fl, &oo);
    int rc = EXIT_CLEAN;
    if (out.failed || !infos)
        rc = cli_usage_error("out of memory");
    else if ((out.len && fwrite(out.data, 1, out.len, f) != out.len) || fflush(f) != 0)
        rc = cli_usage_error("cannot write %s: %s", g->output_file ? g->output_file : "output",
                             strerror(errno));
    if (f != stdout && fclose(f) != 0 && rc == EXIT_CLEAN)
        rc = cli_usage_error("cannot write %s: %s", g->output_file, strerror(errno));
    buf_free(&out);
    free(infos);
    return rc;
}

static void report_verbose(const Ctx *x, const RunTotals *t) {
    for (int32_t i = 0; i < x->nprep; i++)
        if (x->prep[i]->nfiles)
            fprintf(stderr, "deadwood: configuration: %s (%d file%s)\n",
                    x->prep[i]->cfg->path ? rel(x, x->prep[i]->cfg->path) : "defaults",
                    (int)x->prep[i]->nfiles, x->prep[i]->nfiles == 1 ? "" : "s");
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
static void print_summary(const FindingList *fl, int nfiles) {
    int with = 0;
    for (int32_t i = 0; i < fl->len; i++)
        with += i == 0 || strcmp(fl->items[i].path, fl->items[i - 1].path) != 0;
    fflush(stdout);
    if (fl->len == 0)
        fprintf(stderr, "No problems found (%d file%s checked).\n", nfiles, nfiles == 1 ? "" : "s");
    else
        fprintf(stderr, "Found %d problem%s in %d file%s (%d file%s checked).\n", (int)fl->len,
                fl->len == 1 ? "" : "s", with, with == 1 ? "" : "s", nfiles,
                nfiles == 1 ? "" : "s");
}

static int check_main(Ctx *x) {
    Args *g = x->g;
    if (!getcwd(x->cwd, sizeof x->cwd))
        return cli_usage_error("cannot determine the current directory: %s", strerror(errno));
    config_resolver_init(&x->res, x->a);
    if (!(x->fallback = config_defaults(x->a, x->cwd))) return cli_usage_error("out of memory");
    if (g->isolated) x->fixed = x->fallback;
    if (g->config) {
        Config *c;
        ConfigError e;
        if (!config_read(x->a, g->config, true, &c, &e)) return config_error(x, &e);
        x->fixed = c;
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
    FindingList fl;
    findings_init(&fl);
    RunTotals t = {0};
    bool ok = skip || analyze(x, &fl, &t);
    int rc = ok ? emit(x, &fl) : EXIT_USAGE;
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
    if (rc == EXIT_CLEAN && !g->quiet && (g->format == OUT_TEXT || g->format == OUT_FULL))
        print_summary(&fl, (int)x->nreported);
    if (rc == EXIT_CLEAN && fl.len && !g->exit_zero) rc = EXIT_FINDINGS;
    findings_free(&fl);
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
        config_resolver_free(&x.res);
    } else if (rc < 0) {
        rc = EXIT_CLEAN;
    }
    arena_free(&a);
    return rc;
}

const Command cmd_check = {"check", run, "analyze Python files and report defects", usage};
