/* run.c — see run.h. */
#include "run.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "base/threads.h"
#include "source/notebook.h"
#include "source/source.h"
#include "tree.h"

typedef struct Shared {
    const char *const *files;
    int32_t nfiles;
    atomic_int next;
    const RunOptions *o;
    const SummaryOptions *sopt; /* NULL: no summaries */
    atomic_bool failed;
    atomic_int cached, reparsed;
    atomic_size_t bytes;
    ModuleSummary **mods; /* per file, its summary or NULL */
} Shared;

typedef struct Worker {
    Shared *sh;
    FindingList findings;
    Arena files; /* each file's memory in turn (reset between files) */
    Arena sums;  /* this worker's module summaries */
} Worker;

static void unreadable(Worker *w, const char *display, const char *msg) {
    if (!check_unreadable(display, msg, w->sh->o->check, &w->findings)) w->sh->failed = true;
}

/* A summary read back from the cache, if it still describes the file: its bytes are the same (the
 * cache saw to that), and so must be its module name, which comes from the directories above it
 * (an __init__.py added or removed changes it, and the relative imports resolved with it). */
static ModuleSummary *cached_summary(Worker *w, const char *display, const Buf *blob) {
    ModuleSummary *sum = summary_decode(&w->sums, blob->data, blob->len, display, w->sh->sopt);
    if (!sum) return NULL;
    bool pkg;
    const char *module = index_module_name(&w->files, display, &pkg);
    bool same = module && strcmp(module, sum->module) == 0 && pkg == sum->is_package;
    arena_reset(&w->files, KEEP_BETWEEN_FILES);
    return same ? sum : NULL;
}

/* The path file i is shown (and summarized) as. */
static const char *display_of(const Shared *sh, int32_t i) {
    const char *path = sh->files[i];
    return strcmp(path, "-") == 0 && sh->o->stdin_name ? sh->o->stdin_name : path;
}

static size_t max_size(const RunOptions *o) {
    return o->max_file_size ? o->max_file_size : SOURCE_DEFAULT_MAX_SIZE;
}

static void one(Worker *w, int32_t index) {
    const char *path = w->sh->files[index];
    const RunOptions *o = w->sh->o;
    bool from_stdin = strcmp(path, "-") == 0;
    const char *display = display_of(w->sh, index);
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_over(o->overlay, path, max_size(o), &data, &len, &se)) {
        unreadable(w, display, se.msg);
        return;
    }
    w->sh->bytes += len;
    const SummaryOptions *sopt = w->sh->sopt;
    /* a notebook is no module (nothing imports it): the whole-tree index never sees one */
    bool want_summary = sopt != NULL && !notebook_path(display);
    SummaryOptions now;
    if (from_stdin && sopt) { /* it cannot be read again */
        now = *sopt;
        now.read_once = true;
        sopt = &now;
    }
    ModuleSummary *sum = NULL;
    FindingList mine;
    findings_init(&mine);
    /* the summary the rules need (not a query's) is cached with the findings */
    bool cache_summary = o->cache && want_summary && !o->summary;
    Buf blob;
    buf_init(&blob);
    bool hit = o->cache && o->cache->lookup(o->cache->ud, display, data, len, &mine,
                                            cache_summary ? &blob : NULL);
    bool ok = true;
    if (hit) {
        w->sh->cached++;
        if (want_summary && blob.len) sum = cached_summary(w, display, &blob);
        if (want_summary && !sum) {
            w->sh->reparsed++;
            /* the rules' findings come from the cache; the index still needs the module */
            bool *none = calloc((size_t)check_count, sizeof *none);
            CheckOptions c = {.enabled = none};
            FindingList ignored;
            findings_init(&ignored);
            ok = none && check_file_bytes_in(&w->files, display, data, len, &c, &ignored, sopt,
                                             &w->sums, &sum);
            findings_free(&ignored);
            free(none);
        }
    } else {
        ok = check_file_bytes_in(&w->files, display, data, len, o->check, &mine, sopt,
                                 want_summary ? &w->sums : NULL, want_summary ? &sum : NULL);
        if (ok && cache_summary && sum) summary_encode(&blob, sum);
        if (ok && o->cache)
            o->cache->store(o->cache->ud, display, data, len, &mine,
                            cache_summary && sum && !blob.failed ? &blob : NULL);
    }
    buf_free(&blob);
    if (!ok || !findings_take(&w->findings, &mine)) w->sh->failed = true;
    findings_free(&mine);
    w->sh->mods[index] = sum;
    dw_free(data);
}

static void *work(void *arg) {
    Worker *w = arg;
    for (;;) {
        int i = atomic_fetch_add(&w->sh->next, 1);
        if (i >= w->sh->nfiles) break;
        one(w, i);
    }
    return NULL;
}

/* The whole-tree rules' findings come without their line's text (summaries do not keep it):
 * it is read back here, once per file, for findings [from, len). A file read from standard input
 * cannot be read again; its findings keep no text (the full format then shows no snippet). */
static bool fill_sources(FindingList *l, int32_t from, const char *stdin_name, size_t max,
                         const SourceOverlay *ov) {
    for (int32_t i = from; i < l->len; i++) {
        const char *path = l->items[i].path;
        if (l->items[i].source || !path || (stdin_name && strcmp(path, stdin_name) == 0) ||
            strcmp(path, "-") == 0)
            continue;
        char *data;
        size_t len;
        SourceError se;
        if (!source_read_over(ov, path, max, &data, &len, &se)) continue; /* gone: no snippet */
        Arena a;
        arena_init(&a);
        SourceText st;
        LineIndex li;
        bool ok =
            source_decode(&a, data, len, &st, &se) && line_index_build(&a, st.text, st.len, &li);
        for (int32_t j = i; ok && j < l->len; j++) {
            Finding *f = &l->items[j];
            int32_t line = f->loc.line;
            if (f->source || !f->path || strcmp(f->path, path) != 0 || line < 1 || line > li.count)
                continue;
            const char *s = st.text + li.starts[line - 1];
            const char *e = memchr(s, '\n', st.len - (size_t)(s - st.text));
            f->source = arena_strndup(&l->arena, s, e ? (size_t)(e - s) : strlen(s));
            if (!f->source) ok = false;
        }
        arena_free(&a);
        dw_free(data);
        if (!ok && !l->items[i].source) return false;
    }
    return true;
}

static int by_path(const void *a, const void *b) {
    return strcmp((*(ModuleSummary *const *)a)->path, (*(ModuleSummary *const *)b)->path);
}

bool run_files(const char *const *files, int32_t nfiles, const RunOptions *o, RunResult *r) {
    memset(r, 0, sizeof *r);
    findings_init(&r->findings);
    arena_init(&r->summaries);
    int n = o->jobs < 1 ? 1 : o->jobs;
    if (n > nfiles) n = nfiles > 0 ? nfiles : 1;
    SummaryOptions tree_needs;
    bool tree = o->tree && tree_rules_needs(o->check, &tree_needs);
    Shared sh = {files, nfiles, 0, o, o->summary ? o->summary : tree ? &tree_needs : NULL,
                 false, 0,      0, 0, NULL};
    ModuleSummary **mods = arena_zalloc(&r->summaries, sizeof *mods * (size_t)(nfiles + 1));
    Worker *ws = calloc((size_t)n, sizeof *ws);
    if (!ws || !mods) {
        free(ws);
        return false;
    }
    sh.mods = mods;
    for (int i = 0; i < n; i++) {
        ws[i].sh = &sh;
        findings_init(&ws[i].findings);
        arena_init(&ws[i].files);
        arena_init(&ws[i].sums);
        if (sh.sopt) /* about 6 KiB of summary per file of the standard library */
            arena_reserve(&ws[i].sums, (size_t)nfiles * (8 << 10) / (size_t)n);
    }
    threads_run(n, work, ws, sizeof *ws);
    /* unstarted workers' files were taken by the others: every file was processed */
    bool ok = !sh.failed;
    for (int i = 0; i < n; i++) {
        if (ok) ok = findings_take(&r->findings, &ws[i].findings);
        findings_free(&ws[i].findings);
        arena_free(&ws[i].files);
    }
    r->files = nfiles;
    r->cached = sh.cached;
    r->reparsed = sh.reparsed;
    r->bytes = sh.bytes;
    /* the index (and every answer read from it) must not depend on which worker took which
     * file: modules in path order (which the files most often are already) */
    int32_t k = 0;
    bool sorted = true;
    const char *last = NULL;
    for (int32_t i = 0; i < nfiles; i++) {
        if (!mods[i]) continue;
        const char *path = display_of(&sh, i); /* (its summary's path, read off the file list) */
        if (last && strcmp(last, path) > 0) sorted = false;
        last = path;
        mods[k++] = mods[i];
    }
    if (!sorted) qsort(mods, (size_t)k, sizeof *mods, by_path);
    if (ok && sh.sopt) {
        /* the summaries stay in the workers' arenas: chain them into the result's */
        ok = index_build(&r->index, mods, k);
        r->has_index = ok;
        r->index.overlay = o->overlay;
        if (ok && tree && sh.sopt->method_bodies && !o->index_only)
            ok = index_fill_bodies(&r->index, sh.sopt, n, &r->unread);
        int32_t from = r->findings.len;
        if (ok && tree && !o->index_only)
            ok = tree_rules_run(&r->index, o->check, NULL, &r->findings) &&
                 fill_sources(&r->findings, from, o->stdin_name, max_size(o), o->overlay);
    }
    for (int i = 0; i < n; i++) arena_adopt(&r->summaries, &ws[i].sums);
    free(ws);
    findings_sort(&r->findings);
    return ok;
}

void run_result_free(RunResult *r) {
    findings_free(&r->findings);
    if (r->has_index) index_free(&r->index);
    arena_free(&r->summaries);
}
