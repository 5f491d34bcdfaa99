/* history.c — the histories of the files asked for: repositories, the cache, git, the working
 * tree; see history.h. */
#include "history.h"

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/sha256.h"
#include "base/threads.h"
#include "base/wire.h"
#include "cache/cache.h"
#include "discover/gitrepo.h"
#include "git.h"
#include "log.h"
#include "source/source.h"
#include "store.h"
#include "versions.h"

enum { MAX_LOG = 1 << 30 }; /* bytes of `git log` output: a bound, far above real histories */
#define ENTRY_MAGIC "DWHIST06"

typedef struct Repo {
    char *root; /* the directory with the .git entry */
    char *top;  /* git's top directory, resolved */
    char head[72];
    bool ok, shallow;
    Git git; /* the History's git, run in `root` (exe and envp shared, not owned) */
    HistLog log;
    bool log_tried, log_ok;
    GitCat cat;
    bool cat_tried, cat_ok;
    pthread_mutex_t lock; /* the cat-file process is one per repository */
} Repo;

typedef struct HFile {
    char *path; /* as asked */
    int32_t repo;
    char *in_repo;
    bool has;   /* fh holds its committed history */
    bool build; /* to be built from git */
    HistVersion *versions;
    int32_t nversions;
    unsigned char head_sum[SHA256_LEN]; /* of the file at HEAD, to skip an unchanged work tree */
    bool has_head_sum;
    FileHistory fh;
    Arena arena;
} HFile;

struct History {
    HistoryOptions o;
    Git git;
    bool git_tried;
    Repo **repos;
    int32_t nrepos;
    HFile **files;
    int32_t nfiles;
    HistNote *notes;
    int32_t nnotes, capnotes;
    pthread_mutex_t note_lock;
    HistoryStats st;
    atomic_int blobs, missing;
    CacheStore *store;
    bool store_tried;
    bool failed; /* out of memory */
};

static void note(History *h, HistNoteKind kind, bool warning, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void note(History *h, HistNoteKind kind, bool warning, const char *fmt, ...) {
    pthread_mutex_lock(&h->note_lock);
    if (h->nnotes < 64 &&
        (h->nnotes < h->capnotes ||
         !hvec_grow_((void **)&h->notes, &h->capnotes, sizeof *h->notes, h->nnotes + 1))) {
        HistNote *n = &h->notes[h->nnotes++];
        n->kind = kind;
        n->warning = warning;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(n->msg, sizeof n->msg, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&h->note_lock);
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = dw_malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

History *history_new(const HistoryOptions *o) {
    History *h = dw_malloc(sizeof *h);
    if (!h) return NULL;
    memset(h, 0, sizeof *h);
    h->o = *o;
    if (!h->o.timeout_ms) h->o.timeout_ms = 60000;
    if (!h->o.max_blob) h->o.max_blob = (size_t)64 << 20;
    if (!h->o.version) h->o.version = "0";
    pthread_mutex_init(&h->note_lock, NULL);
    return h;
}

void history_free(History *h) {
    if (!h) return;
    for (int32_t i = 0; i < h->nrepos; i++) {
        Repo *r = h->repos[i];
        if (r->cat_ok) gitcat_close(&r->cat);
        histlog_free(&r->log);
        pthread_mutex_destroy(&r->lock);
        dw_free(r->root), dw_free(r->top), dw_free(r->git.dir);
        dw_free(r);
    }
    for (int32_t i = 0; i < h->nfiles; i++) {
        HFile *f = h->files[i];
        arena_free(&f->arena);
        dw_free(f->path), dw_free(f->in_repo), dw_free(f->versions);
        dw_free(f);
    }
    dw_free(h->repos), dw_free(h->files), dw_free(h->notes);
    git_free(&h->git);
    cache_store_close(h->store);
    pthread_mutex_destroy(&h->note_lock);
    dw_free(h);
}

int32_t history_notes(const History *h, const HistNote **notes) {
    *notes = h->notes;
    return h->nnotes;
}

HistoryStats history_stats(const History *h) {
    HistoryStats s = h->st;
    s.blobs = h->blobs;
    s.missing = h->missing;
    return s;
}

const FileHistory *history_file(const History *h, const char *path) {
    for (int32_t i = 0; i < h->nfiles; i++)
        if (strcmp(h->files[i]->path, path) == 0) return h->files[i]->has ? &h->files[i]->fh : NULL;
    return NULL;
}

/* ---- repositories ------------------------------------------------------------------------- */

/* What git said, as a note: the cause, and what to do for the usual ones. */
static void git_trouble(History *h, const char *where, GitStatus s, const char *msg) {
    if (strstr(msg, "dubious ownership"))
        note(h, HNOTE_GIT_ERROR, true,
             "%s: git refuses the repository (owned by another user): %s; if it is yours to "
             "trust, `git config --global --add safe.directory %s`",
             where, msg, where);
    else
        note(h, HNOTE_GIT_ERROR, true, "%s: %s: %s", where, git_status_name(s), msg);
}

/* The repository whose work tree is at root, opened on first use: its index, or -1. */
static int32_t open_repo(History *h, const char *root) {
    for (int32_t i = 0; i < h->nrepos; i++)
        if (strcmp(h->repos[i]->root, root) == 0) return i;
    Repo **rs = dw_realloc(h->repos, sizeof *rs * (size_t)(h->nrepos + 1));
    Repo *r = dw_malloc(sizeof *r);
    if (rs) h->repos = rs;
    if (!rs || !r) {
        dw_free(r);
        h->failed = true;
        return -1;
    }
    memset(r, 0, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    h->repos[h->nrepos++] = r;
    h->st.repos++;
    r->root = dup_str(root);
    r->git = h->git;
    r->git.dir = dup_str(root);
    if (!r->root || !r->git.dir) {
        h->failed = true;
        return -1;
    }
    /* its top directory, whether it is shallow, and HEAD */
    static const char *const args[] = {"rev-parse", "--show-toplevel", "--is-shallow-repository",
                                       "HEAD", NULL};
    Buf out;
    buf_init(&out);
    char msg[512];
    GitStatus s = git_run(&r->git, args, 1 << 16, &out, msg, sizeof msg);
    const char *t = buf_cstr(&out);
    char top[PATH_MAX], shallow[16], head[80];
    if (s == GIT_FAILED &&
        (strstr(msg, "ambiguous argument 'HEAD'") || strstr(msg, "unknown revision")))
        note(h, HNOTE_NO_COMMITS, false, "%s: a repository without commits: no history yet", root);
    else if (s != GIT_OK)
        git_trouble(h, root, s, msg);
    else if (!t || sscanf(t, "%4095[^\n]\n%15[^\n]\n%79[^\n]", top, shallow, head) != 3 ||
             strspn(head, "0123456789abcdef") != strlen(head) ||
             (strlen(head) != 40 && strlen(head) != 64))
        note(h, HNOTE_GIT_ERROR, true, "%s: git rev-parse answered what deadwood cannot read",
             root);
    else {
        char *real = realpath(top, NULL);
        r->top = real ? dup_str(real) : NULL;
        free(real);
        memcpy(r->head, head, strlen(head) + 1);
        r->shallow = strcmp(shallow, "true") == 0;
        r->ok = r->top != NULL;
        if (r->shallow)
            note(h, HNOTE_SHALLOW, true,
                 "%s is a shallow clone: DW303 sees only the commits fetched, and finds nothing "
                 "older; fetch the whole history (`git fetch --unshallow`; in GitHub Actions, "
                 "actions/checkout with `fetch-depth: 0`)",
                 r->top);
    }
    buf_free(&out);
    return h->nrepos - 1;
}

/* The repository's log, read once. */
static bool read_log(History *h, Repo *r) {
    if (r->log_tried) return r->log_ok;
    r->log_tried = true;
    static const char *const args[] = {"log",
                                       "--first-parent",
                                       "-m",
                                       "--root",
                                       "--raw",
                                       "-M",
                                       "--no-abbrev",
                                       "-z",
                                       "--format=%x01%H %ct %s%x00%b",
                                       "HEAD",
                                       "--",
                                       "*.py",
                                       NULL};
    char msg[512];
    GitStatus s = git_run(&r->git, args, MAX_LOG, &r->log.text, msg, sizeof msg);
    if (s != GIT_OK) {
        git_trouble(h, r->top, s, msg);
        return false;
    }
    if (!histlog_parse(&r->log)) {
        note(h, HNOTE_GIT_ERROR, true, "%s: git log printed what deadwood cannot read", r->top);
        return false;
    }
    h->st.commits += r->log.ncommits;
    return r->log_ok = true;
}

/* ---- the cache ------------------------------------------------------------------------------ */

/* The entry's name: the first 16 bytes of a SHA-256 of the work tree's top and the path. */
static void entry_name(const Repo *r, const HFile *f, char name[33]) {
    Sha256 s;
    unsigned char d[SHA256_LEN];
    sha256_init(&s);
    sha256_update(&s, r->top, strlen(r->top) + 1);
    sha256_update(&s, f->in_repo, strlen(f->in_repo));
    sha256_final(&s, d);
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 16; i++) name[2 * i] = hex[d[i] >> 4], name[2 * i + 1] = hex[d[i] & 15];
    name[32] = 0;
}

/* Header: magic, build, HEAD, top, path, the file's SHA-256 at HEAD (or none); then the history;
 * then a SHA-256 of all that. */
static void encode_entry(const History *h, const Repo *r, const HFile *f, Buf *b) {
    buf_put(b, ENTRY_MAGIC, 8);
    wire_fixed64(b, h->o.build);
    wire_str(b, r->head), wire_str(b, r->top), wire_str(b, f->in_repo);
    wire_u64(b, f->has_head_sum);
    buf_put(b, f->head_sum, SHA256_LEN);
    store_encode(b, &f->fh);
    unsigned char sum[SHA256_LEN];
    sha256(b->data, b->failed ? 0 : b->len, sum);
    buf_put(b, sum, SHA256_LEN);
}

static bool decode_entry(const History *h, const Repo *r, HFile *f, const unsigned char *d,
                         size_t n) {
    unsigned char sum[SHA256_LEN];
    if (n < 8 + SHA256_LEN || memcmp(d, ENTRY_MAGIC, 8) != 0) return false;
    sha256(d, n - SHA256_LEN, sum);
    if (memcmp(sum, d + n - SHA256_LEN, SHA256_LEN) != 0) return false;
    WireReader rd = {d + 8, d + n - SHA256_LEN, false};
    uint64_t build = wire_get_fixed64(&rd);
    const char *head = wire_get_str(&rd, NULL), *top = wire_get_str(&rd, NULL),
               *path = wire_get_str(&rd, NULL);
    f->has_head_sum = wire_get_u64(&rd) != 0;
    if (rd.bad || build != h->o.build || !head || !top || !path || strcmp(head, r->head) ||
        strcmp(top, r->top) || strcmp(path, f->in_repo) || rd.end - rd.p < SHA256_LEN)
        return false;
    memcpy(f->head_sum, rd.p, SHA256_LEN);
    rd.p += SHA256_LEN;
    if (!store_decode(&f->arena, &rd, &f->fh) || rd.p != rd.end) {
        arena_free(&f->arena);
        arena_init(&f->arena);
        memset(&f->fh, 0, sizeof f->fh);
        return false;
    }
    return true;
}

static CacheStore *store(History *h) {
    if (!h->store_tried && h->o.cache_dir) {
        h->store_tried = true;
        char err[512];
        h->store = cache_store_open(h->o.cache_dir, h->o.version, "history", err, sizeof err);
        if (!h->store) note(h, HNOTE_CACHE, false, "history cache: %s", err);
    }
    return h->store;
}

/* ---- building ------------------------------------------------------------------------------- */

typedef struct Builder {
    History *h;
    atomic_int *next;
    HFile **todo;
    int32_t ntodo;
    bool work_tree; /* this phase adds the working tree's versions */
    Arena scratch;
    Buf blob;
    bool failed;
} Builder;

/* The committed history of f, from git: each version's blob read and added. */
static bool build_file(Builder *w, HFile *f) {
    History *h = w->h;
    Repo *r = h->repos[f->repo];
    FileBuilder fb;
    if (!fb_init(&fb, &f->arena, &f->fh)) return false;
    bool ok = true, trouble = false;
    for (int32_t i = 0; i < f->nversions && ok && !trouble; i++) {
        const HistVersion *v = &f->versions[i];
        const HistCommit *c = &r->log.commits[v->commit];
        w->blob.len = 0;
        bool missing = false;
        char msg[512];
        pthread_mutex_lock(&r->lock);
        GitStatus s = r->cat_ok ? gitcat_blob(&r->cat, v->oid, h->o.max_blob, &w->blob, &missing,
                                              msg, sizeof msg)
                                : GIT_DIED;
        pthread_mutex_unlock(&r->lock);
        if (s == GIT_OK) {
            h->blobs++;
            if (i == f->nversions - 1) {
                sha256(w->blob.data ? w->blob.data : "", w->blob.len, f->head_sum);
                f->has_head_sum = true;
            }
        } else if (missing) {
            h->missing++;
        } else if (s != GIT_TOO_BIG && s != GIT_FAILED) {
            if (r->cat_ok) git_trouble(h, r->top, s, msg);
            trouble = true;
            break;
        }
        ok = fb_add(&fb, c->id, c->time, c->subject, c->fixes, s == GIT_OK ? w->blob.data : NULL,
                    s == GIT_OK ? w->blob.len : 0, &w->scratch);
        arena_reset(&w->scratch, KEEP_BETWEEN_FILES);
    }
    fb_finish(&fb);
    if (ok && !trouble) f->has = true;
    return ok;
}

/* The working tree's version of f on top of its committed history, when it differs. */
static bool add_work_tree(Builder *w, HFile *f) {
    char *data = NULL;
    size_t len = 0;
    SourceError se;
    if (!source_read_file(f->path, &data, &len, &se)) return true; /* (gone: nothing to add) */
    unsigned char sum[SHA256_LEN];
    sha256(data, len, sum);
    bool ok = true;
    if (!f->has_head_sum || memcmp(sum, f->head_sum, SHA256_LEN) != 0) {
        FileBuilder fb;
        ok = fb_init(&fb, &f->arena, &f->fh) &&
             fb_add(&fb, "", 0, "uncommitted changes", "", data, len, &w->scratch);
        fb_finish(&fb);
        arena_reset(&w->scratch, KEEP_BETWEEN_FILES);
    }
    dw_free(data);
    return ok;
}

static void *build_work(void *arg) {
    Builder *w = arg;
    for (;;) {
        int i = atomic_fetch_add(w->next, 1);
        if (i >= w->ntodo) break;
        HFile *f = w->todo[i];
        bool ok = w->work_tree ? add_work_tree(w, f) : build_file(w, f);
        if (!ok) w->failed = true;
    }
    return NULL;
}

static bool run_builders(History *h, HFile **todo, int32_t n, bool work_tree) {
    if (!n) return true;
    int k = h->o.jobs < 1 ? 1 : h->o.jobs;
    if (k > n) k = n;
    atomic_int next = 0;
    Builder *ws = calloc((size_t)k, sizeof *ws);
    if (!ws) return false;
    for (int i = 0; i < k; i++) {
        ws[i] = (Builder){.h = h, .next = &next, .todo = todo, .ntodo = n, .work_tree = work_tree};
        arena_init(&ws[i].scratch);
        buf_init(&ws[i].blob);
    }
    threads_run(k, build_work, ws, sizeof *ws);
    bool ok = true;
    for (int i = 0; i < k; i++) {
        ok = ok && !ws[i].failed;
        arena_free(&ws[i].scratch);
        buf_free(&ws[i].blob);
    }
    free(ws);
    return ok;
}

/* ---- preparing ---------------------------------------------------------------------------- */

static HFile *add_file(History *h, const char *path) {
    for (int32_t i = 0; i < h->nfiles; i++)
        if (strcmp(h->files[i]->path, path) == 0) return NULL; /* (already prepared) */
    HFile **fs = dw_realloc(h->files, sizeof *fs * (size_t)(h->nfiles + 1));
    HFile *f = dw_malloc(sizeof *f);
    if (fs) h->files = fs;
    if (f) memset(f, 0, sizeof *f);
    if (!fs || !f || !(f->path = dup_str(path))) {
        dw_free(f);
        h->failed = true;
        return NULL;
    }
    f->repo = -1;
    arena_init(&f->arena);
    h->files[h->nfiles++] = f;
    h->st.files++;
    return f;
}

/* Finds f's repository and its path there; false when it has none. */
static bool locate(History *h, HFile *f, int32_t *outside) {
    char *abs = realpath(f->path, NULL);
    if (!abs) return false;
    char *slash = strrchr(abs, '/');
    if (slash) *slash = 0;
    int32_t len = gi_repo_find(*abs ? abs : "/");
    if (slash) *slash = '/';
    if (len < 0) {
        ++*outside;
        free(abs);
        return false;
    }
    if (!h->git_tried) {
        h->git_tried = true;
        if (!git_init(&h->git, h->o.timeout_ms)) h->failed = true;
        if (!h->git.exe)
            note(h, HNOTE_NO_GIT, false, "no git program on PATH: DW303 reads no history");
    }
    char root[PATH_MAX];
    snprintf(root, sizeof root, "%.*s", (int)len, abs);
    int32_t ri = h->git.exe ? open_repo(h, root) : -1;
    Repo *r = ri >= 0 ? h->repos[ri] : NULL;
    size_t tl = r && r->ok ? strlen(r->top) : 0;
    if (r && r->ok && strncmp(abs, r->top, tl) == 0 && abs[tl] == '/') {
        f->repo = ri;
        f->in_repo = dup_str(abs + tl + 1);
        if (!f->in_repo) h->failed = true;
    }
    free(abs);
    return f->in_repo != NULL;
}

bool history_prepare(History *h, const char *const *paths, int32_t n) {
    HFile **todo = dw_malloc(sizeof *todo * (size_t)(n + 1));
    HFile **mine = dw_malloc(sizeof *mine * (size_t)(n + 1));
    if (!todo || !mine) {
        dw_free(todo), dw_free(mine);
        return false;
    }
    int32_t ntodo = 0, nmine = 0, outside = 0;
    for (int32_t i = 0; i < n && !h->failed; i++) {
        HFile *f = add_file(h, paths[i]);
        if (!f || !locate(h, f, &outside)) continue;
        mine[nmine++] = f;
        Repo *r = h->repos[f->repo];
        CacheStore *cs = r->shallow ? NULL : store(h); /* (a shallow history may deepen) */
        char name[33];
        size_t len = 0;
        unsigned char *d = NULL;
        if (cs) {
            entry_name(r, f, name);
            d = cache_store_get(cs, name, &len);
        }
        if (d && decode_entry(h, r, f, d, len)) {
            f->has = true;
            h->st.cached++;
        } else {
            f->build = true;
        }
        dw_free(d);
    }
    if (outside)
        note(h, HNOTE_NOT_REPO, false,
             "%d file%s outside any git work tree: DW303 reads no history for %s", (int)outside,
             outside == 1 ? " is" : "s are", outside == 1 ? "it" : "them");
    /* what the cache did not have, from git: one log and one cat-file per repository */
    for (int32_t i = 0; i < nmine && !h->failed; i++) {
        HFile *f = mine[i];
        Repo *r = h->repos[f->repo];
        if (!f->build || !read_log(h, r)) continue;
        if ((f->nversions = histlog_versions(&r->log, f->in_repo, &f->versions)) < 0) {
            h->failed = true;
            break;
        }
        if (!r->cat_tried) {
            r->cat_tried = true;
            char msg[512];
            GitStatus s = gitcat_open(&r->git, &r->cat, msg, sizeof msg);
            r->cat_ok = s == GIT_OK;
            if (!r->cat_ok) git_trouble(h, r->top, s, msg);
        }
        if (r->cat_ok) todo[ntodo++] = f;
    }
    bool ok = !h->failed && run_builders(h, todo, ntodo, false);
    for (int32_t i = 0; ok && i < ntodo; i++) {
        HFile *f = todo[i];
        Repo *r = h->repos[f->repo];
        if (!f->has) continue;
        h->st.built++;
        CacheStore *cs = r->shallow ? NULL : store(h);
        if (!cs) continue;
        Buf b;
        buf_init(&b);
        encode_entry(h, r, f, &b);
        char name[33], err[512];
        entry_name(r, f, name);
        if (!b.failed && !cache_store_put(cs, name, b.data, b.len, err, sizeof err))
            note(h, HNOTE_CACHE, false, "history cache: %s", err);
        buf_free(&b);
    }
    /* the working tree's version of every file with a history */
    int32_t nwt = 0;
    for (int32_t i = 0; i < nmine; i++)
        if (mine[i]->has) todo[nwt++] = mine[i];
    ok = ok && run_builders(h, todo, nwt, true);
    for (int32_t i = 0; i < h->nrepos; i++) /* (the blobs are all read) */
        if (h->repos[i]->cat_ok) {
            gitcat_close(&h->repos[i]->cat);
            h->repos[i]->cat_ok = false;
        }
    dw_free(todo), dw_free(mine);
    return ok && !h->failed;
}
