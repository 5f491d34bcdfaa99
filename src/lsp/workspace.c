/* workspace.c — see workspace.h.
 *
 * Paths are absolute: a file's display path (in findings, in the index, in the cache's keys) is
 * its absolute path, as `deadwood check /abs/root` shows it.
 *
 * Ownership: a load (ws_load) owns its configurations and files in one arena; each analysis batch
 * (one run_files call) owns the summaries it made, and is freed when no file uses one of them any
 * more. The index is rebuilt over the current summaries whenever one changes; the method hashes
 * the override rules made for a file (kept in the summary, and made in the index's memory) are
 * copied into the file's own arena so that a rebuild need not make them again.
 */
#include "workspace.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "check/check.h"
#include "check/run.h"
#include "check/tree.h"
#include "config/project.h"
#include "source/source.h"

typedef struct Batch {
    Arena summaries;
    int32_t refs;
} Batch;

typedef struct WsFile {
    const char *path; /* absolute (the load's arena) */
    Prepared *prep;
    int32_t run;       /* its analysis (ProjectRun) */
    bool extra;        /* not found under the roots: the file of an open document */
    bool stale;        /* its bytes changed since it was analyzed */
    bool analyzed;     /* in this update */
    FindingList local; /* the per-file rules' findings its configuration keeps */
    ModuleSummary *sum;
    Batch *batch;        /* which owns sum */
    ModuleSummary *prev; /* before it was analyzed again in this update (prev_batch owns it) */
    Batch *prev_batch;
    int32_t mod; /* its module in the index, when sum */
    Arena codes; /* its method hashes, kept across index rebuilds */
    const MethodCode **code;
    uint8_t *own;              /* code[i] is in `codes` */
    int32_t tree_from, tree_n; /* its findings in Workspace.tree */
    const Finding **all;       /* local and tree findings merged, when all_ok */
    int32_t nall;
    bool all_ok;
    uint64_t hash; /* of its findings */
} WsFile;

typedef struct Load {
    Arena arena;
    ProjectOptions popts;
    Project project;
    ProjectRun *runs;
    int32_t nruns;
    const char **roots;
    int32_t nroots;
    const char *cache_dir;
    WsFile **files;     /* sorted by path */
    const char **paths; /* (theirs) */
    int32_t nfiles;
    Prepared *first; /* the first root's configuration: the project's */
} Load;

typedef struct Buffer {
    char *path;
    char *bytes;
    size_t len;
} Buffer;

struct Workspace {
    int jobs;
    Load *load;
    WsSettings settings;
    Arena settings_arena;
    /* open documents' bytes, by path (sorted), and the overlay over them */
    Buffer *bufs;
    int32_t nbufs, capbufs;
    const char **ov_paths, **ov_bytes;
    size_t *ov_lens;
    SourceOverlay overlay;
    /* the whole tree */
    ProjectIndex ix;
    bool has_ix, tree_stale;
    ModuleSummary **mods;
    FindingList tree; /* the whole-tree rules' findings, kept and sorted */
    struct {
        const char **items;
        int32_t len, cap;
    } changed;
    WsStats stats;
    const char *version; /* deadwood's (the cache's key) */
    char **roots;        /* the workspace folders, kept for the loads after the first */
    int32_t nroots;
    bool reload;  /* the set of files changed: load again */
    bool loading; /* a load begun (ws_load_begin), its files not all analyzed yet */
    Load *old;    /* (loading) the load before it */
    double load_t0;
    char error_path[4096]; /* a failed load's ConfigError.path (its own memory is gone) */
};

static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---- files and buffers --------------------------------------------------------------------- */

static int cmp_file(const void *k, const void *e) {
    return strcmp((const char *)k, (*(WsFile *const *)e)->path);
}

static WsFile *file_of(const Workspace *w, const char *path) {
    if (!w->load || !path) return NULL;
    WsFile **f =
        bsearch(path, w->load->files, (size_t)w->load->nfiles, sizeof *w->load->files, cmp_file);
    return f ? *f : NULL;
}

static int32_t buffer_at(const Workspace *w, const char *path, bool *found) {
    int32_t lo = 0, hi = w->nbufs;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(w->bufs[mid].path, path);
        if (c == 0) return *found = true, mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    *found = false;
    return lo;
}

/* The overlay: the buffers' paths and bytes in the form run_files reads. */
static bool overlay_make(Workspace *w) {
    dw_free(w->ov_paths);
    dw_free(w->ov_bytes);
    dw_free(w->ov_lens);
    size_t n = (size_t)w->nbufs + 1;
    w->ov_paths = dw_malloc(sizeof *w->ov_paths * n);
    w->ov_bytes = dw_malloc(sizeof *w->ov_bytes * n);
    w->ov_lens = dw_malloc(sizeof *w->ov_lens * n);
    if (!w->ov_paths || !w->ov_bytes || !w->ov_lens) {
        w->overlay = (SourceOverlay){0};
        return false;
    }
    for (int32_t i = 0; i < w->nbufs; i++) {
        w->ov_paths[i] = w->bufs[i].path;
        w->ov_bytes[i] = w->bufs[i].bytes;
        w->ov_lens[i] = w->bufs[i].len;
    }
    w->overlay = (SourceOverlay){w->ov_paths, w->ov_bytes, w->ov_lens, w->nbufs};
    return true;
}

const SourceOverlay *ws_overlay(const Workspace *w) {
    return &w->overlay;
}

const char *ws_buffer(const Workspace *w, const char *path, size_t *len) {
    bool found;
    int32_t i = buffer_at(w, path, &found);
    if (!found) return NULL;
    *len = w->bufs[i].len;
    return w->bufs[i].bytes;
}

/* ---- analysis ------------------------------------------------------------------------------ */

static void batch_release(Batch *b) {
    if (b && --b->refs == 0) {
        arena_free(&b->summaries);
        dw_free(b);
    }
}

/* Forgets what was made of a file's old bytes. */
static void file_reset(WsFile *f) {
    findings_free(&f->local);
    findings_init(&f->local);
    batch_release(f->batch);
    f->batch = NULL;
    f->sum = NULL;
    arena_free(&f->codes);
    arena_init(&f->codes);
    f->code = NULL;
    f->own = NULL;
}

static void file_free(WsFile *f) {
    batch_release(f->prev_batch);
    f->prev_batch = NULL;
    file_reset(f);
    findings_free(&f->local);
    dw_free(f->all);
}

/* Analyzes files[0..n) (of one run) with their current bytes, through the cache when given. */
static bool analyze(Workspace *w, Load *L, WsFile **files, int32_t n, int32_t run, bool cached) {
    if (!n) return true;
    const char **paths = dw_malloc(sizeof *paths * (size_t)n);
    if (!paths) return false;
    for (int32_t i = 0; i < n; i++) paths[i] = files[i]->path;
    const ProjectRun *r = &L->runs[run];
    RunOptions ro = {.check = &r->check,
                     .jobs = w->jobs,
                     .tree = true,
                     .index_only = true,
                     .overlay = &w->overlay,
                     /* the largest file: the project's configuration says, as for the
                        cache directory */
                     .max_file_size =
                         (size_t)(L->first ? L->first->cfg : L->project.fallback)->max_file_size};
    ResultCache *rc = NULL;
    RunCache iface;
    char err[256];
    if (cached && L->cache_dir &&
        (rc = project_cache_open(L->cache_dir, r, w->version, err, sizeof err))) {
        iface = cache_interface(rc);
        ro.cache = &iface;
    }
    RunResult rr;
    bool ok = run_files(paths, n, &ro, &rr);
    if (rc) cache_close(rc);
    dw_free(paths);
    w->stats.analyzed += n;
    w->stats.cached += rr.cached;
    w->stats.reparsed += rr.reparsed;
    Batch *b = NULL;
    if (ok && (b = dw_malloc(sizeof *b))) {
        arena_init(&b->summaries);
        b->refs = 0;
    }
    for (int32_t i = 0; i < n; i++) { /* (the old summary is kept until the tree is run) */
        batch_release(files[i]->prev_batch);
        files[i]->prev = files[i]->sum;
        files[i]->prev_batch = files[i]->batch;
        files[i]->batch = NULL;
        file_reset(files[i]);
        files[i]->stale = false;
        files[i]->analyzed = true;
        files[i]->all_ok = false;
    }
    for (int32_t i = 0; ok && b && rr.has_index && i < rr.index.nmodules; i++) {
        WsFile *f = file_of(w, rr.index.modules[i]->path);
        if (!f) continue;
        f->sum = rr.index.modules[i];
        f->batch = b;
        b->refs++;
    }
    for (int32_t i = 0; ok && i < rr.findings.len; i++) {
        const Finding *fd = &rr.findings.items[i];
        WsFile *f = file_of(w, fd->path);
        if (f && project_keeps(&L->project, f->prep, fd, fd->path, r, L->nruns > 1))
            ok = findings_add(&f->local, fd);
    }
    if (b) {
        arena_adopt(&b->summaries, &rr.summaries);
        if (!b->refs) {
            b->refs = 1;
            batch_release(b);
        }
    }
    run_result_free(&rr);
    w->tree_stale = true;
    return ok && b;
}

/* ---- the whole tree ------------------------------------------------------------------------ */

static MethodCode *code_copy(Arena *a, const MethodCode *c) {
    MethodCode *d = arena_memdup(a, c, sizeof *c);
    if (!d) return NULL;
    d->units = c->nunits ? arena_memdup(a, c->units, sizeof *c->units * (size_t)c->nunits) : NULL;
    d->globals = c->nglobals ? arena_alloc(a, sizeof *d->globals * (size_t)c->nglobals) : NULL;
    if ((c->nunits && !d->units) || (c->nglobals && !d->globals)) return NULL;
    for (int32_t i = 0; i < c->nglobals; i++)
        if (!(d->globals[i] = arena_strndup(a, c->globals[i], strlen(c->globals[i])))) return NULL;
    return d;
}

/* Gives each summary its file's array of method hashes (those made before stay), and after the
 * index made new ones, copies these into the file's arena. */
static bool codes_attach(WsFile *f) {
    ModuleSummary *m = f->sum;
    if (!f->code) {
        f->code = arena_zalloc(&f->codes, sizeof *f->code * (size_t)(m->nfunctions + 1));
        f->own = arena_zalloc(&f->codes, (size_t)m->nfunctions + 1);
        if (!f->code || !f->own) return false;
    }
    m->code = f->code;
    return true;
}

static bool codes_keep(WsFile *f) {
    for (int32_t i = 0; i < f->sum->nfunctions; i++) {
        if (!f->code[i] || f->own[i]) continue;
        if (!(f->code[i] = code_copy(&f->codes, f->code[i]))) return false;
        f->own[i] = 1;
    }
    return true;
}

static int cmp_finding(const void *x, const void *y) {
    const Finding *a = *(const Finding *const *)x, *b = *(const Finding *const *)y;
    if (a->loc.cell != b->loc.cell) return a->loc.cell < b->loc.cell ? -1 : 1;
    if (a->loc.line != b->loc.line) return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col) return a->loc.col < b->loc.col ? -1 : 1;
    int c = strcmp(a->code, b->code);
    return c ? c : strcmp(a->message ? a->message : "", b->message ? b->message : "");
}

/* Whether the index can stay and only the summaries analyzed again be put in it: each has the
 * structure and the marks of the one it replaces (so every resolution, MRO and pair of
 * methods compared is the same), and there is one analysis (one set of pairs). */
static bool index_stays(const Workspace *w) {
    const Load *L = w->load;
    if (!w->has_ix || L->nruns != 1) return false;
    for (int32_t i = 0; i < L->nfiles; i++) {
        const WsFile *f = L->files[i];
        if (!f->analyzed) continue;
        if (!f->prev || !f->sum || !index_same_structure(f->prev, f->sum) ||
            !index_same_marks(f->prev, f->sum))
            return false;
    }
    return true;
}

/* Runs the whole-tree rules over the current summaries: in the index as it is when it stays,
 * else in one built again. */
static bool tree_run(Workspace *w) {
    Load *L = w->load;
    bool stays = index_stays(w);
    if (stays) {
        for (int32_t i = 0; i < L->nfiles; i++) {
            WsFile *f = L->files[i];
            if (f->analyzed && !codes_attach(f)) return false;
            if (f->analyzed) w->mods[f->mod] = f->sum;
        }
    } else {
        if (w->has_ix) index_free(&w->ix);
        w->has_ix = false;
        dw_free(w->mods);
        w->mods = dw_malloc(sizeof *w->mods * (size_t)(L->nfiles + 1));
        if (!w->mods) return false;
        int32_t n = 0;
        for (int32_t i = 0; i < L->nfiles; i++) {
            WsFile *f = L->files[i];
            if (!f->sum) continue;
            if (!codes_attach(f)) return false;
            f->mod = n;
            w->mods[n++] = f->sum;
        }
        if (!index_build(&w->ix, w->mods, n)) return false;
        w->has_ix = true;
        w->ix.overlay = &w->overlay;
    }
    findings_free(&w->tree);
    findings_init(&w->tree);
    /* fixes only for the open documents' findings (code actions are asked of those alone):
     * making one reads and parses its file again, for every finding of the tree, each edit */
    bool *fixes = dw_malloc(sizeof *fixes * ((size_t)w->ix.nmodules + 1));
    if (!fixes) return false;
    memset(fixes, 0, sizeof *fixes * ((size_t)w->ix.nmodules + 1));
    for (int32_t i = 0; i < w->nbufs; i++) {
        WsFile *f = file_of(w, w->bufs[i].path);
        if (f && f->sum && f->mod >= 0 && f->mod < w->ix.nmodules) fixes[f->mod] = true;
    }
    bool ok = true;
    for (int32_t r = 0; ok && r < L->nruns; r++) {
        SummaryOptions so;
        if (!tree_rules_needs(&L->runs[r].check, &so)) continue;
        int32_t unread = 0;
        if (so.method_bodies)
            ok = stays ? index_fill_pairs(&w->ix, w->jobs, &unread)
                       : index_fill_bodies(&w->ix, &so, w->jobs, &unread);
        FindingList out;
        findings_init(&out);
        ok = ok && tree_rules_run(&w->ix, &L->runs[r].check, fixes, &out);
        for (int32_t i = 0; ok && i < out.len; i++) {
            WsFile *f = file_of(w, out.items[i].path);
            if (f && f->run == r &&
                project_keeps(&L->project, f->prep, &out.items[i], f->path, &L->runs[r],
                              L->nruns > 1))
                ok = findings_add(&w->tree, &out.items[i]);
        }
        findings_free(&out);
    }
    dw_free(fixes);
    for (int32_t i = 0; ok && i < L->nfiles; i++)
        if (L->files[i]->sum) ok = codes_keep(L->files[i]);
    findings_sort(&w->tree);
    for (int32_t i = 0; i < L->nfiles; i++) L->files[i]->tree_n = 0;
    for (int32_t i = 0; i < w->tree.len;) {
        WsFile *f = file_of(w, w->tree.items[i].path);
        int32_t j = i;
        while (j < w->tree.len && strcmp(w->tree.items[j].path, w->tree.items[i].path) == 0) j++;
        if (f) f->tree_from = i, f->tree_n = j - i;
        i = j;
    }
    for (int32_t i = 0; i < L->nfiles; i++) {
        WsFile *f = L->files[i];
        f->all_ok = false;
        f->analyzed = false;
        batch_release(f->prev_batch); /* (the index holds none of them now) */
        f->prev_batch = NULL;
        f->prev = NULL;
    }
    w->tree_stale = false;
    return ok;
}

static bool merge_findings(WsFile *f, const FindingList *tree) {
    if (f->all_ok) return true;
    dw_free(f->all);
    f->nall = 0;
    f->all = dw_malloc(sizeof *f->all * (size_t)(f->local.len + f->tree_n + 1));
    if (!f->all) return false;
    for (int32_t i = 0; i < f->local.len; i++) f->all[f->nall++] = &f->local.items[i];
    for (int32_t i = 0; i < f->tree_n; i++) f->all[f->nall++] = &tree->items[f->tree_from + i];
    if (f->nall > 1) qsort(f->all, (size_t)f->nall, sizeof *f->all, cmp_finding);
    f->all_ok = true;
    return true;
}

static uint64_t findings_hash(WsFile *f) {
    uint64_t h = HASH_SEED;
    for (int32_t i = 0; i < f->nall; i++) {
        const Finding *x = f->all[i];
        h = hash_bytes(&x->loc, sizeof x->loc, h);
        h = hash_bytes(x->code, strlen(x->code), h);
        if (x->message) h = hash_bytes(x->message, strlen(x->message) + 1, h);
        for (int32_t k = 0; k < x->nrelated; k++) {
            h = hash_bytes(&x->related[k].loc, sizeof x->related[k].loc, h);
            if (x->related[k].path)
                h = hash_bytes(x->related[k].path, strlen(x->related[k].path), h);
        }
    }
    return h;
}

/* Records the files whose findings changed. */
static bool note_changes(Workspace *w) {
    Load *L = w->load;
    w->changed.len = 0;
    for (int32_t i = 0; i < L->nfiles; i++) {
        WsFile *f = L->files[i];
        if (!merge_findings(f, &w->tree)) return false;
        uint64_t h = findings_hash(f);
        if (h == f->hash) continue;
        f->hash = h;
        if (HVEC_PUSH(w->changed, f->path)) return false;
    }
    return true;
}

/* ---- loading ------------------------------------------------------------------------------- */

static NameList names_copy(Arena *a, NameList l) {
    NameList c = {0};
    c.items = arena_alloc(a, sizeof *c.items * (size_t)(l.len + 1));
    for (int32_t i = 0; c.items && i < l.len; i++)
        if ((c.items[c.len] = arena_strndup(a, l.items[i], strlen(l.items[i])))) c.len++;
    return c;
}

static void load_free(Load *L) {
    if (!L) return;
    for (int32_t i = 0; i < L->nfiles; i++) file_free(L->files[i]);
    project_free(&L->project);
    arena_free(&L->arena);
    dw_free(L);
}

static WsFile *file_new(Load *L, const char *path, Prepared *pp, bool extra) {
    WsFile *f = arena_zalloc(&L->arena, sizeof *f);
    if (!f) return NULL;
    f->path = path;
    f->prep = pp;
    f->extra = extra;
    f->stale = true;
    findings_init(&f->local);
    arena_init(&f->codes);
    return f;
}

static int cmp_files(const void *x, const void *y) {
    return strcmp((*(WsFile *const *)x)->path, (*(WsFile *const *)y)->path);
}

/* The files of a load: those found under the roots, and the open documents' files found
 * nowhere there (as paths named on the command line, unless force-exclude excludes them). */
static bool load_files(Workspace *w, Load *L, ConfigError *err) {
    ProjectFiles pf = {0};
    if (L->nroots && !project_find_files(&L->project, L->roots, L->nroots, &pf, err)) return false;
    L->files = arena_alloc(&L->arena, sizeof *L->files * (size_t)(pf.n + w->nbufs + 1));
    if (!L->files) goto oom;
    for (int32_t i = 0; i < pf.n; i++)
        if (!(L->files[L->nfiles++] = file_new(L, pf.files[i], pf.prep[i], false))) goto oom;
    for (int32_t i = 0; i < w->nbufs; i++) {
        const char *path = w->bufs[i].path;
        bool found = false;
        for (int32_t k = 0; k < pf.n && !found; k++) found = strcmp(pf.files[k], path) == 0;
        if (found) continue;
        Prepared *pp;
        if (!project_config_of(&L->project, path, false, &pp, err)) return false;
        if (project_force(&L->project, pp->cfg) && project_excluded(&L->project, pp, path))
            continue;
        char *p = arena_strndup(&L->arena, path, strlen(path));
        if (!p || !(L->files[L->nfiles++] = file_new(L, p, pp, true))) goto oom;
        pp->nfiles++;
    }
    if (L->nfiles > 1) qsort(L->files, (size_t)L->nfiles, sizeof *L->files, cmp_files);
    if (!(L->paths = arena_alloc(&L->arena, sizeof *L->paths * (size_t)(L->nfiles + 1)))) goto oom;
    for (int32_t i = 0; i < L->nfiles; i++) L->paths[i] = L->files[i]->path;
    L->first = pf.first;
    L->cache_dir = project_cache_dir(&L->project, NULL, pf.first);
    return true;
oom:
    *err = (ConfigError){.msg = "out of memory"};
    return false;
}

/* Analyzes the stale files: per run, those with a buffer (not through the cache: an editor's
 * every version would be written there) and those without. */
/* Analyzes the stale files, `budget` at most: per run, those with a buffer (not through the
 * cache: an editor's every version would be written there) and those without. *more: some are
 * left. */
static bool analyze_stale(Workspace *w, int32_t budget, bool *more) {
    Load *L = w->load;
    WsFile **batch = dw_malloc(sizeof *batch * (size_t)(L->nfiles + 1));
    bool ok = batch != NULL;
    *more = false;
    for (int32_t r = 0; ok && r < L->nruns; r++)
        for (int with_buffer = 0; ok && with_buffer < 2; with_buffer++) {
            int32_t n = 0;
            for (int32_t i = 0; i < L->nfiles; i++) {
                WsFile *f = L->files[i];
                size_t len;
                if (!f->stale || f->run != r ||
                    (ws_buffer(w, f->path, &len) != NULL) != with_buffer)
                    continue;
                if (n < budget)
                    batch[n++] = f;
                else
                    *more = true;
            }
            ok = analyze(w, L, batch, n, r, !with_buffer);
            budget -= n;
        }
    dw_free(batch);
    return ok;
}

void ws_configure(Workspace *w, const char *const *roots, int32_t nroots, const WsSettings *st) {
    if (roots) { /* (the roots are kept for the loads that follow) */
        for (int32_t i = 0; i < w->nroots; i++) dw_free(w->roots[i]);
        dw_free(w->roots);
        w->roots = dw_malloc(sizeof *w->roots * (size_t)(nroots + 1));
        w->nroots = 0;
        for (int32_t i = 0; w->roots && i < nroots; i++) {
            size_t n = strlen(roots[i]);
            if ((w->roots[w->nroots] = dw_malloc(n + 1)))
                memcpy(w->roots[w->nroots++], roots[i], n + 1);
        }
    }
    if (st) { /* (copied: the caller's may go before the next load) */
        arena_free(&w->settings_arena);
        arena_init(&w->settings_arena);
        w->settings = *st;
        w->settings.rules.select = names_copy(&w->settings_arena, st->rules.select);
        w->settings.rules.extend_select = names_copy(&w->settings_arena, st->rules.extend_select);
        w->settings.rules.ignore = names_copy(&w->settings_arena, st->rules.ignore);
    }
}

/* A load's options: the editor's settings over the configurations. */
static void load_options(const Workspace *w, ProjectOptions *o) {
    memset(o, 0, sizeof *o);
    o->force_exclude = o->respect_gitignore = -1;
    if (w->settings.has_rules) o->rules = w->settings.rules;
}

/* A load's first part: the configurations and files found, every file stale, the load in
 * w->load from then on (the one before it kept until the files are analyzed: its summaries may
 * be in the index). A load under way is finished first. */
static bool load_start(Workspace *w, const char *const *roots, int32_t nroots, const WsSettings *st,
                       ConfigError *err) {
    double t0 = now_ms();
    *err = (ConfigError){0};
    if (w->loading && !ws_load_step(w, INT32_MAX))
        return *err = (ConfigError){.msg = "out of memory"}, false;
    ws_configure(w, roots, nroots, st);
    Load *L = dw_malloc(sizeof *L);
    if (!L) return *err = (ConfigError){.msg = "out of memory"}, false;
    memset(L, 0, sizeof *L);
    arena_init(&L->arena);
    load_options(w, &L->popts);
    L->roots = (const char **)w->roots;
    L->nroots = w->nroots;
    if (!project_init(&L->project, &L->arena, &L->popts, L->nroots ? L->roots[0] : NULL, err) ||
        !load_files(w, L, err) || (L->nruns = project_runs(&L->project, &L->runs)) < 0) {
        if (L->nruns < 0) *err = (ConfigError){.msg = "out of memory"};
        if (err->path) {
            snprintf(w->error_path, sizeof w->error_path, "%s", err->path);
            err->path = w->error_path;
        }
        load_free(L);
        return false;
    }
    for (int32_t i = 0; i < L->nfiles; i++) {
        const Prepared *pp = L->files[i]->prep;
        for (int32_t r = 0; r < L->nruns; r++)
            if (project_run_fits(&L->runs[r], pp)) L->files[i]->run = r;
    }
    w->old = w->load;
    w->load = L;
    w->reload = false;
    w->loading = true;
    w->load_t0 = t0;
    memset(&w->stats, 0, sizeof w->stats);
    return true;
}

bool ws_load_step(Workspace *w, int32_t budget) {
    if (!w->loading) return true;
    bool more;
    bool ok = analyze_stale(w, budget, &more);
    if (ok && more) return true;
    ok = ok && tree_run(w) && note_changes(w);
    if (!ok && w->has_ix) { /* (it may hold the old load's summaries) */
        index_free(&w->ix);
        w->has_ix = false;
    }
    load_free(w->old);
    w->old = NULL;
    w->loading = false;
    w->stats.files = w->load->nfiles;
    w->stats.ms = now_ms() - w->load_t0;
    return ok;
}

bool ws_load_begin(Workspace *w, const WsSettings *st, ConfigError *err) {
    return load_start(w, NULL, -1, st, err);
}

bool ws_loading(const Workspace *w) {
    return w->loading;
}

bool ws_load(Workspace *w, const char *const *roots, int32_t nroots, const WsSettings *st,
             ConfigError *err) {
    if (!load_start(w, roots, nroots, st, err)) return false;
    bool ok = ws_load_step(w, INT32_MAX);
    if (!ok) *err = (ConfigError){.msg = "out of memory"};
    return ok;
}

bool ws_change_roots(Workspace *w, const char *const *add, int32_t nadd, const char *const *remove,
                     int32_t nremove, ConfigError *err) {
    Arena a; /* (ws_load frees the roots it is given a copy of) */
    arena_init(&a);
    const char **roots = arena_alloc(&a, sizeof *roots * (size_t)(w->nroots + nadd + 1));
    int32_t n = 0;
    for (int32_t i = 0; roots && i < w->nroots + nadd; i++) {
        const char *r = i < w->nroots ? w->roots[i] : add[i - w->nroots];
        bool drop = false;
        for (int32_t k = 0; k < nremove && !drop; k++) drop = strcmp(r, remove[k]) == 0;
        for (int32_t k = 0; k < n && !drop; k++) drop = strcmp(r, roots[k]) == 0;
        if (!drop && !(roots[n++] = arena_strndup(&a, r, strlen(r)))) roots = NULL;
    }
    bool ok = roots && ws_load(w, roots, n, NULL, err);
    if (!roots) *err = (ConfigError){.msg = "out of memory"};
    arena_free(&a);
    return ok;
}

bool ws_loaded(const Workspace *w) {
    return w->load != NULL;
}

/* ---- changes ------------------------------------------------------------------------------- */

bool ws_set_buffer(Workspace *w, const char *path, const char *bytes, size_t len) {
    bool found;
    int32_t i = buffer_at(w, path, &found);
    if (!bytes && found) { /* closed: the file on disk again */
        dw_free(w->bufs[i].path);
        dw_free(w->bufs[i].bytes);
        memmove(w->bufs + i, w->bufs + i + 1, sizeof *w->bufs * (size_t)(w->nbufs - i - 1));
        w->nbufs--;
    } else if (bytes) {
        char *copy = dw_malloc(len + 1);
        if (!copy) return false;
        memcpy(copy, bytes, len);
        copy[len] = 0;
        if (!found) {
            size_t n = strlen(path);
            char *p = dw_malloc(n + 1);
            bool room = w->nbufs < w->capbufs || hvec_grow_((void **)&w->bufs, &w->capbufs,
                                                            sizeof *w->bufs, w->nbufs + 1) == 0;
            if (!p || !room) {
                dw_free(p);
                dw_free(copy);
                return false;
            }
            memcpy(p, path, n + 1);
            memmove(w->bufs + i + 1, w->bufs + i, sizeof *w->bufs * (size_t)(w->nbufs - i));
            w->bufs[i] = (Buffer){p, NULL, 0};
            w->nbufs++;
        }
        dw_free(w->bufs[i].bytes);
        w->bufs[i].bytes = copy;
        w->bufs[i].len = len;
    }
    if (!overlay_make(w)) return false;
    WsFile *f = file_of(w, path);
    if (f && !(f->extra && !bytes))
        f->stale = true;
    else if (w->load && (bytes || (f && f->extra)))
        w->reload = true; /* a file joins the analysis, or leaves it */
    return true;
}

void ws_file_changed(Workspace *w, const char *path) {
    WsFile *f = file_of(w, path);
    struct stat st;
    size_t len;
    if (f && stat(path, &st) == 0 && !ws_buffer(w, path, &len))
        f->stale = true;
    else if (!f || !ws_buffer(w, path, &len))
        w->reload = true; /* created or deleted */
}

/* ws_analyze_alone in project P, pp being the configuration of path. */
static bool alone(Project *P, Prepared *pp, const char *path, const char *bytes, size_t len,
                  FindingList *out) {
    ProjectRun run = project_run_of(pp, pp->enabled);
    const char *ov_path = path;
    SourceOverlay ov = {&ov_path, &bytes, &len, 1};
    RunOptions ro = {.check = &run.check,
                     .jobs = 1,
                     .overlay = &ov,
                     .max_file_size = (size_t)pp->cfg->max_file_size};
    RunResult rr;
    bool ok = run_files(&path, 1, &ro, &rr);
    for (int32_t i = 0; ok && i < rr.findings.len; i++) {
        const Finding *f = &rr.findings.items[i];
        if (project_keeps(P, pp, f, path, &run, false)) ok = findings_add(out, f);
    }
    run_result_free(&rr);
    return ok;
}

bool ws_analyze_alone(Workspace *w, const char *path, const char *bytes, size_t len,
                      FindingList *out) {
    findings_free(out);
    findings_init(out);
    /* before the first load: a project of its own (the roots' configurations, found again) */
    Arena a;
    arena_init(&a);
    ProjectOptions po;
    Project own;
    load_options(w, &po);
    Project *P = w->load ? &w->load->project : &own;
    Prepared *pp;
    ConfigError err;
    bool own_ok = !w->load && project_init(&own, &a, &po, w->nroots ? w->roots[0] : NULL, &err);
    bool ok = (w->load || own_ok) && project_config_of(P, path, false, &pp, &err) &&
              alone(P, pp, path, bytes, len, out);
    if (own_ok) project_free(&own);
    arena_free(&a);
    return ok;
}

char *ws_alone_path(const Workspace *w, const char *name) {
    char cwd[4096];
    const char *dir = w->nroots ? w->roots[0] : getcwd(cwd, sizeof cwd) ? cwd : "/";
    size_t n = strlen(name);
    bool py = n > 3 && (strcmp(name + n - 3, ".py") == 0 || strcmp(name + n - 4, ".pyi") == 0);
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s/", strcmp(dir, "/") == 0 ? "" : dir);
    for (size_t i = 0; i < n; i++) buf_putc(&b, name[i] == '/' ? '_' : name[i]);
    if (!py) buf_puts(&b, ".py");
    buf_cstr(&b);
    if (b.failed) buf_free(&b);
    return b.failed ? NULL : b.data;
}

bool ws_is_config_file(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    return strcmp(base, "pyproject.toml") == 0 || strcmp(base, "deadwood.toml") == 0 ||
           strcmp(base, ".deadwood.toml") == 0;
}

bool ws_update(Workspace *w) {
    if (!w->load) return true;
    if (w->loading && !ws_load_step(w, INT32_MAX)) return false;
    if (w->reload) {
        ConfigError e;
        if (ws_load(w, NULL, -1, NULL, &e)) return true;
        w->reload = false; /* (an invalid configuration: the files as they were) */
    }
    double t0 = now_ms();
    memset(&w->stats, 0, sizeof w->stats);
    bool more;
    bool ok =
        analyze_stale(w, INT32_MAX, &more) && (!w->tree_stale || tree_run(w)) && note_changes(w);
    w->stats.files = w->load->nfiles;
    w->stats.ms = now_ms() - t0;
    return ok;
}

/* ---- reading ------------------------------------------------------------------------------- */

WsStats ws_stats(const Workspace *w) {
    return w->stats;
}

const char *const *ws_changed(const Workspace *w, int32_t *n) {
    *n = w->changed.len;
    return w->changed.items;
}

const Finding *const *ws_findings(Workspace *w, const char *path, int32_t *n) {
    WsFile *f = w->loading ? NULL : file_of(w, path);
    *n = 0;
    if (!f || !merge_findings(f, &w->tree)) return NULL;
    *n = f->nall;
    return f->all;
}

bool ws_fixable(const Workspace *w, const Finding *f) {
    const WsFile *wf = file_of(w, f->path);
    const Check *c = check_find(f->code);
    return wf && c && wf->prep->fixable[check_index(c)];
}

const char *const *ws_files(const Workspace *w, int32_t *n) {
    *n = 0;
    if (!w->load) return NULL;
    *n = w->load->nfiles;
    return w->load->paths;
}

const ProjectIndex *ws_index(const Workspace *w) {
    return w->has_ix ? &w->ix : NULL;
}

int32_t ws_module(const Workspace *w, const char *path) {
    if (!w->has_ix) return -1;
    int32_t lo = 0, hi = w->ix.nmodules;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(w->ix.modules[mid]->path, path);
        if (c == 0) return mid;
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

Workspace *ws_new(int jobs, const char *version) {
    Workspace *w = dw_malloc(sizeof *w);
    if (!w) return NULL;
    memset(w, 0, sizeof *w);
    w->jobs = jobs < 1 ? 1 : jobs;
    w->version = version ? version : "";
    arena_init(&w->settings_arena);
    findings_init(&w->tree);
    return w;
}

void ws_free(Workspace *w) {
    if (!w) return;
    if (w->has_ix) index_free(&w->ix);
    load_free(w->load);
    load_free(w->old);
    findings_free(&w->tree);
    for (int32_t i = 0; i < w->nbufs; i++) {
        dw_free(w->bufs[i].path);
        dw_free(w->bufs[i].bytes);
    }
    dw_free(w->bufs);
    dw_free(w->ov_paths);
    dw_free(w->ov_bytes);
    dw_free(w->ov_lens);
    dw_free(w->mods);
    dw_free(w->changed.items);
    for (int32_t i = 0; i < w->nroots; i++) dw_free(w->roots[i]);
    dw_free(w->roots);
    arena_free(&w->settings_arena);
    dw_free(w);
}
