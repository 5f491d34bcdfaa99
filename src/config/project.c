/* project.c — see project.h. */
#include "project.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/tree.h"
#include "parse/parser.h"

static bool fail(ConfigError *err, const char *fmt, const char *arg) {
    *err = (ConfigError){0};
    snprintf(err->msg, sizeof err->msg, fmt, arg ? arg : "");
    return false;
}

bool project_init(Project *p, Arena *a, const ProjectOptions *o, const char *cwd,
                  ConfigError *err) {
    memset(p, 0, sizeof *p);
    p->a = a;
    p->o = o;
    if (cwd && strlen(cwd) < sizeof p->cwd)
        strcpy(p->cwd, cwd);
    else if (!getcwd(p->cwd, sizeof p->cwd))
        return fail(err, "cannot determine the current directory: %s", strerror(errno));
    config_resolver_init(&p->res, a);
    if (!(p->fallback = config_defaults(a, p->cwd))) return fail(err, "out of memory", NULL);
    return true;
}

void project_free(Project *p) {
    config_resolver_free(&p->res);
}

bool project_force(const Project *p, const Config *c) {
    return p->o->force_exclude >= 0 ? p->o->force_exclude : c->force_exclude == 1;
}

/* What configuration c prepares (its rules, excludes, per-file-ignores, target), made once. */
static bool prepare(Project *x, const Config *c, Prepared **out, ConfigError *err) {
    for (int32_t i = 0; i < x->nprep; i++)
        if (x->prep[i]->cfg == c) return *out = x->prep[i], true;
    const ProjectOptions *g = x->o;
    Prepared **all = arena_alloc(x->a, sizeof *all * (size_t)(x->nprep + 1));
    Prepared *p = arena_zalloc(x->a, sizeof *p);
    bool *en = arena_alloc(x->a, sizeof *en * (size_t)check_count);
    bool *fixable = arena_alloc(x->a, sizeof *fixable * (size_t)check_count);
    if (!all || !p || !en || !fixable) return fail(err, "out of memory", NULL);
    if (x->nprep) memcpy(all, x->prep, sizeof *all * (size_t)x->nprep);
    all[x->nprep++] = p;
    x->prep = all;
    p->cfg = c;
    p->enabled = en;
    p->target = g->target_minor     ? g->target_minor
                : c->target_version ? parse_target_minor(c->target_version)
                                    : config_requires_python_minor(c->path ? c->root : x->cwd);
    for (int i = 0; i < check_count; i++) en[i] = check_registry[i]->info.default_on;
    config_apply_rules(en, c);
    config_apply_selection(en, &g->rules);
    config_fixable(fixable, c);
    p->fixable = fixable;
    const char *e = NULL;
    NameList ex = g->has_exclude ? g->exclude : c->exclude;
    bool builtin = !g->has_exclude && !c->has_exclude;
    for (int32_t i = 0; builtin && i < discover_ndefault_excludes; i++)
        if (!exclude_add(x->a, &p->excl, discover_default_excludes[i], NULL, &e)) goto bad;
    for (int32_t i = 0; !builtin && i < ex.len; i++)
        if (!exclude_add(x->a, &p->excl, ex.items[i], config_glob_root(&ex, i, c->root), &e))
            goto bad;
    NameList ext = config_join_globs(x->a, c->extend_exclude, c->root, g->extend_exclude, c->root);
    for (int32_t i = 0; i < ext.len; i++)
        if (!exclude_add(x->a, &p->excl, ext.items[i], ext.roots[i], &e)) goto bad;
    p->pfi = arena_zalloc(x->a, sizeof *p->pfi * (size_t)(c->nper_file_ignores + 1));
    p->pfi_rules = arena_zalloc(x->a, (size_t)(c->nper_file_ignores + 1) * (size_t)check_count);
    if (!p->pfi || !p->pfi_rules) goto bad;
    for (int32_t i = 0; i < c->nper_file_ignores; i++) {
        const PerFileIgnore *f = &c->per_file_ignores[i];
        if (!exclude_add(x->a, &p->pfi[i], f->pattern, f->root, &e)) goto bad;
        RuleSelection sel = {.select = f->codes, .has_select = true};
        config_apply_selection(p->pfi_rules + (size_t)i * (size_t)check_count, &sel);
    }
    *out = p;
    return true;
bad:
    return fail(err, "invalid pattern: %s", e ? e : "out of memory");
}

bool project_config_of(Project *x, const char *path, bool is_dir, Prepared **out,
                       ConfigError *err) {
    const Config *c = x->o->fixed;
    if (!c) {
        char *abs = glob_absolutize(x->a, x->cwd, path);
        if (!abs) return fail(err, "out of memory", NULL);
        if (!is_dir) {
            char *slash = strrchr(abs, '/');
            if (slash) slash[slash == abs] = 0;
        }
        if (!config_for_dir(&x->res, abs, &c, err)) return false;
        if (!c) c = x->fallback;
    }
    return prepare(x, c, out, err);
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

bool project_excluded(Project *x, const Prepared *pp, const char *path) {
    const char *abs = glob_absolutize(x->a, x->cwd, path);
    return abs && excluded_below(&pp->excl, abs, strlen(pp->cfg->root));
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
static bool discover_group(Project *x, Prepared *gp, const char **paths, int n, FileVec *out,
                           ProjectFiles *pf, ConfigError *err) {
    const Config *c = gp->cfg;
    const ProjectOptions *g = x->o;
    DiscoverOptions o;
    discover_options_init(&o);
    NameList ex = g->has_exclude ? g->exclude : c->exclude;
    NameList ext = config_join_globs(x->a, c->extend_exclude, c->root, g->extend_exclude, c->root);
    o.exclude = ex.items, o.nexclude = ex.len, o.exclude_set = g->has_exclude || c->has_exclude;
    o.exclude_roots = ex.roots;
    o.extend_exclude = ext.items, o.nextend_exclude = ext.len, o.extend_exclude_roots = ext.roots;
    o.include = c->include.items, o.ninclude = c->include.len, o.include_set = c->has_include;
    o.include_roots = c->include.roots;
    o.extend_include = c->extend_include.items, o.nextend_include = c->extend_include.len;
    o.extend_include_roots = c->extend_include.roots;
    o.respect_gitignore =
        g->respect_gitignore >= 0 ? g->respect_gitignore : c->respect_gitignore != 0;
    o.force_exclude = project_force(x, c);
    o.project_root = c->root;
    DiscoverResult r;
    if (!discover_files(x->a, &o, paths, n, &r))
        return fail(err, "%s", r.error ? r.error : "cannot list files");
    if (r.ndiags) { /* the walk's warnings, for the caller to show */
        DiscoverDiag *d = arena_alloc(x->a, sizeof *d * (size_t)(pf->ndiags + r.ndiags));
        if (!d) return fail(err, "out of memory", NULL);
        if (pf->ndiags) memcpy(d, pf->diags, sizeof *d * (size_t)pf->ndiags);
        memcpy(d + pf->ndiags, r.diags, sizeof *d * (size_t)r.ndiags);
        pf->diags = d;
        pf->ndiags += r.ndiags;
    }
    for (int32_t i = 0; i < r.nfiles; i++) {
        const char *f = r.files[i];
        Prepared *fp;
        if (!g->fixed) {
            if (!project_config_of(x, f, false, &fp, err)) return false;
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
                if (!abs) return fail(err, "out of memory", NULL);
                if ((!explicit || project_force(x, fp->cfg)) &&
                    excluded_below(&fp->excl, abs, from > root ? from : root))
                    continue;
            }
        }
        if (HVEC_PUSH(*out, f)) return fail(err, "out of memory", NULL);
    }
    return true;
}

bool project_find_files(Project *x, const char *const *paths, int n, ProjectFiles *out,
                        ConfigError *err) {
    memset(out, 0, sizeof *out);
    FileVec v = {0};
    bool ok = true;
    /* paths that do not exist go straight to the analysis: they become DW001 findings */
    const char **todo = arena_alloc(x->a, sizeof *todo * (size_t)(n + 1));
    Prepared **cfgs = arena_alloc(x->a, sizeof *cfgs * (size_t)(n + 1));
    if (!todo || !cfgs) return fail(err, "out of memory", NULL);
    for (int i = 0; i < n && ok; i++) {
        struct stat st;
        if (stat(paths[i], &st) != 0) {
            ok = !HVEC_PUSH(v, paths[i]) || fail(err, "out of memory", NULL);
            cfgs[i] = NULL;
            continue;
        }
        ok = project_config_of(x, paths[i], S_ISDIR(st.st_mode), &cfgs[i], err);
        if (ok && i == 0) out->first = cfgs[0];
    }
    for (int i = 0; i < n && ok; i++) { /* one walk per configuration */
        if (!cfgs[i]) continue;
        int k = 0;
        todo[k++] = paths[i];
        for (int j = i + 1; j < n; j++)
            if (cfgs[j] == cfgs[i]) todo[k++] = paths[j], cfgs[j] = NULL;
        ok = discover_group(x, cfgs[i], todo, k, &v, out, err);
    }
    if (ok && v.len > 1) qsort(v.items, (size_t)v.len, sizeof *v.items, cmp_str);
    int32_t kept = 0;
    for (int32_t i = 0; ok && i < v.len; i++)
        if (kept == 0 || strcmp(v.items[kept - 1], v.items[i]) != 0) v.items[kept++] = v.items[i];
    out->files = arena_alloc(x->a, sizeof *out->files * (size_t)(kept + 1));
    out->prep = arena_alloc(x->a, sizeof *out->prep * (size_t)(kept + 1));
    if (ok && (!out->files || !out->prep)) ok = fail(err, "out of memory", NULL);
    for (int32_t i = 0; ok && i < kept; i++) {
        out->files[i] = v.items[i];
        ok = project_config_of(x, v.items[i], false, &out->prep[i], err);
        if (ok) out->prep[i]->nfiles++;
    }
    out->n = ok ? kept : 0;
    dw_free(v.items);
    return ok;
}

/* ---- analyses and what they keep ---------------------------------------------------------- */

int32_t project_runs(Project *x, ProjectRun **out) {
    bool *any = arena_zalloc(x->a, (size_t)check_count);
    ProjectRun *runs = arena_alloc(x->a, sizeof *runs * (size_t)(x->nprep + 1));
    if (!any || !runs) return -1;
    int32_t n = 0;
    for (int32_t i = 0; i < x->nprep; i++) {
        const Prepared *p = x->prep[i];
        if (!p->nfiles) continue;
        for (int k = 0; k < check_count; k++) any[k] |= p->enabled[k];
        bool seen = false;
        for (int32_t j = 0; j < n; j++) seen |= project_run_fits(&runs[j], p);
        if (!seen) runs[n++] = project_run_of(p, any);
    }
    *out = runs;
    return n;
}

ProjectRun project_run_of(const Prepared *pp, const bool *enabled) {
    return (ProjectRun){{.enabled = enabled,
                         .drift_threshold = pp->cfg->similarity,
                         .target_minor = pp->target,
                         .stale_all_changes = pp->cfg->stale_all_changes == 1}};
}

bool project_run_fits(const ProjectRun *run, const Prepared *pp) {
    ProjectRun want = project_run_of(pp, NULL);
    return run->check.drift_threshold == want.check.drift_threshold &&
           run->check.target_minor == want.check.target_minor &&
           run->check.stale_all_changes == want.check.stale_all_changes;
}

bool project_keeps(Project *x, const Prepared *p, const Finding *f, const char *name,
                   const ProjectRun *run, bool several) {
    if (!p) return true;
    if (several && !project_run_fits(run, p)) return false;
    const Check *c = check_find(f->code);
    int k = c ? check_index(c) : -1;
    if (k < 0) return true;
    if (!p->enabled[k]) return false;
    if (p->cfg->stale_in_tests != 1 && strcmp(f->code, "DW303") == 0 &&
        stale_override_in_test_file(f->path))
        return false; /* (the run reported them for a configuration that wants them) */
    if (p->cfg->stale_clones != 1 && strcmp(f->code, "DW303") == 0 &&
        stale_override_is_clone(f->message))
        return false; /* (likewise) */
    if (!p->cfg->nper_file_ignores || !name) return true;
    Arena tmp; /* (not the project's: a language server asks this for ever) */
    arena_init(&tmp);
    const char *abs = glob_absolutize(&tmp, x->cwd, name);
    const char *base = strrchr(name, '/');
    base = base ? base + 1 : name;
    bool keep = true;
    for (int32_t i = 0; abs && keep && i < p->cfg->nper_file_ignores; i++)
        keep = !(p->pfi_rules[(size_t)i * (size_t)check_count + (size_t)k] &&
                 exclude_match(&p->pfi[i], abs, strlen(abs), base, strlen(base)));
    arena_free(&tmp);
    return keep;
}

const char *project_cache_dir(Project *x, const char *given, const Prepared *project) {
    if (given) return given;
    const char *env = getenv("DEADWOOD_CACHE_DIR");
    if (env && *env) return env;
    const Config *c = project ? project->cfg : x->fallback;
    if (c->cache_dir) return c->cache_dir;
    const char *root = c->path ? c->root : x->cwd;
    char *d = arena_alloc(x->a, strlen(root) + 17);
    if (d) sprintf(d, "%s/.deadwood_cache", strcmp(root, "/") ? root : "");
    return d;
}

ResultCache *project_cache_open(const char *dir, const ProjectRun *run, const char *version,
                                char *err, size_t cap) {
    char build[64];
    snprintf(build, sizeof build, "build=%016llx;target=%d", (unsigned long long)cache_build_key(),
             run->check.target_minor);
    return cache_open(dir, cache_options_key(&run->check, build), version, err, cap);
}
