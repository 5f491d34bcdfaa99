/* cache.c — see cache.h: entry files, their encoding, and writes that never follow a link.
 *
 * Every file operation below the cache directory goes through a descriptor of a directory that
 * was opened with O_NOFOLLOW and checked to belong to the user running deadwood (openat, mkdirat,
 * renameat, unlinkat, fstatat with AT_SYMLINK_NOFOLLOW): a symbolic link planted anywhere inside
 * the cache is never followed, so nothing outside the cache is read as an entry, written or
 * removed (issue 22). Entries are opened non-blocking and must be regular files of ours. */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/atomic_write.h"
#include "base/buf.h"
#include "base/wire.h"

#define MAGIC "DWCACHE9"
enum { MAGIC_LEN = 8, HEADER_LEN = MAGIC_LEN + 8 + SHA256_LEN, MAX_ENTRY = 256 << 20 };
enum { KEEP_KEYS = 8 }; /* option sets kept per version */

struct ResultCache {
    char *dir;           /* the cache directory, as given */
    char *entry_dir;     /* dir/VERSION/KEY, for messages */
    int dirfd, vfd, kfd; /* dir, dir/VERSION and dir/VERSION/KEY, opened without following links */
    char *version;
    CacheKey key;
    char keyname[17]; /* KEY: the first 8 bytes of the key in hex */
    uid_t uid;
    atomic_int hits, misses, stores, corrupt, write_errors;
    atomic_flag error_taken;
    char write_error[256];
};

/* ---- keys --------------------------------------------------------------------------------- */

static void to_hex(const unsigned char *b, size_t n, char *out) {
    static const char digits[] = "0123456789abcdef";
    for (size_t i = 0; i < n; i++)
        out[2 * i] = digits[b[i] >> 4], out[2 * i + 1] = digits[b[i] & 15];
    out[2 * n] = 0;
}

CacheKey cache_options_key(const CheckOptions *o, const char *extra) {
    Buf b;
    buf_init(&b);
    for (int i = 0; i < check_count; i++)
        if (check_enabled(o, check_registry[i]))
            buf_printf(&b, "%s,", check_registry[i]->info.code);
    /* (DW303's clones: the summaries hold every function's statement count, not only methods') */
    const Check *stale = check_find("DW303");
    bool clones = o->stale_clones && stale && check_enabled(o, stale);
    buf_printf(&b, ";drift=%.17g;%s%s", o->drift_threshold, clones ? "clones;" : "",
               extra ? extra : "");
    CacheKey k;
    sha256(b.data ? b.data : "", b.failed ? 0 : b.len, k.b);
    buf_free(&b);
    return k;
}

uint64_t cache_build_key(void) {
    int fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return 0;
    Sha256 s;
    sha256_init(&s);
    unsigned char chunk[1 << 16], d[SHA256_LEN];
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        sha256_update(&s, chunk, (size_t)r);
    }
    close(fd);
    sha256_final(&s, d);
    return wire_load64(d);
}

/* ---- directories that are ours ------------------------------------------------------------ */

/* Opens name in directory fd (AT_FDCWD: a path) as a directory of ours, creating it when
 * missing. -1 with msg filled otherwise: a symbolic link, not a directory, another owner. */
static int own_dir(int fd, const char *name, const char *shown, uid_t uid, char *msg, size_t cap) {
    if (mkdirat(fd, name, 0777) != 0 && errno != EEXIST) {
        snprintf(msg, cap, "cannot create %s: %s", shown, strerror(errno));
        return -1;
    }
    int d = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    struct stat st;
    if (d < 0) {
        int e = errno;
        bool link = fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISLNK(st.st_mode);
        snprintf(msg, cap, "%s: %s", shown,
                 link           ? "is a symbolic link (not followed)"
                 : e == ENOTDIR ? "not a directory"
                                : strerror(e));
        return -1;
    }
    if (fstat(d, &st) != 0 || st.st_uid != uid) {
        snprintf(msg, cap, "%s: belongs to another user (uid %ld)", shown, (long)st.st_uid);
        close(d);
        return -1;
    }
    return d;
}

static bool is_tmp_name(const char *s) {
    return atomic_write_is_tmp(s);
}

static const char tag_text[] = "Signature: 8a477f597d28d172789f06886806bc55\n"
                               "# This file is a cache directory tag created by deadwood.\n"
                               "# For information about cache directory tags, see:\n"
                               "#\thttps://bford.info/cachedir/\n";
static const char ignore_text[] = "# Automatically created by deadwood.\n*\n";

/* Reads name in directory fd into buf (NUL-terminated) when it is a regular file of ours no
 * larger than cap - 1 bytes; its length, or -1. */
static ssize_t read_small(int fd, const char *name, uid_t uid, char *buf, size_t cap) {
    int f = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (f < 0) return -1;
    struct stat st;
    ssize_t n = -1;
    if (fstat(f, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == uid && (size_t)st.st_size < cap) {
        n = read(f, buf, cap - 1);
        buf[n > 0 ? n : 0] = 0;
    }
    close(f);
    return n;
}

/* Whether the directory is a cache deadwood made (its CACHEDIR.TAG), or empty but for temporary
 * files (a cache being made by another run, or a directory made for it). */
static bool deadwood_made(int fd, uid_t uid) {
    char tag[sizeof tag_text + 64];
    if (read_small(fd, "CACHEDIR.TAG", uid, tag, sizeof tag) > 0 && strstr(tag, "by deadwood"))
        return true;
    int d = dup(fd);
    DIR *dir = d >= 0 ? fdopendir(d) : NULL;
    if (!dir) {
        if (d >= 0) close(d);
        return false;
    }
    rewinddir(dir);
    bool empty = true;
    for (struct dirent *e; empty && (e = readdir(dir));)
        empty =
            strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0 || is_tmp_name(e->d_name);
    closedir(dir);
    return empty;
}

/* ---- writing ------------------------------------------------------------------------------ */

/* Writes name in directory fd unless something has that name. */
static bool ensure_file(int fd, const char *name, const char *text, int *err) {
    struct stat st;
    return fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 ||
           atomic_write_at(fd, name, text, strlen(text), NULL, err);
}

/* ---- pruning ------------------------------------------------------------------------------ */

static bool is_hex_name(const char *s, size_t n) {
    size_t i = 0;
    while (s[i] && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) i++;
    return i == n && !s[i];
}

/* Removes the option set's directory `name` of the version directory vfd: its entry files and
 * temporary files (unlinkat never removes a directory, and removes a link, not its target). */
static void remove_key_dir(int vfd, const char *name) {
    int kd = openat(vfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d = kd >= 0 ? fdopendir(kd) : NULL;
    if (!d) {
        if (kd >= 0) close(kd);
        return;
    }
    for (struct dirent *e; (e = readdir(d));)
        if (is_hex_name(e->d_name, 32) || is_tmp_name(e->d_name)) unlinkat(kd, e->d_name, 0);
    closedir(d);
    unlinkat(vfd, name, AT_REMOVEDIR);
}

typedef struct KeyDir {
    char name[17];
    struct timespec mtime;
} KeyDir;

static int newest_first(const void *p, const void *q) {
    const KeyDir *a = p, *b = q;
    if (a->mtime.tv_sec != b->mtime.tv_sec) return a->mtime.tv_sec > b->mtime.tv_sec ? -1 : 1;
    if (a->mtime.tv_nsec != b->mtime.tv_nsec) return a->mtime.tv_nsec > b->mtime.tv_nsec ? -1 : 1;
    return strcmp(a->name, b->name);
}

/* Keeps the KEEP_KEYS option sets of the version directory used last (a run touches its own);
 * only directories of ours are counted or removed. */
static void prune(int vfd, uid_t uid) {
    int fd = dup(vfd);
    DIR *d = fd >= 0 ? fdopendir(fd) : NULL;
    if (!d) {
        if (fd >= 0) close(fd);
        return;
    }
    rewinddir(d);
    KeyDir *keys = NULL;
    int32_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        if (is_hex_name(e->d_name, 16) && fstatat(vfd, e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
            S_ISDIR(st.st_mode) && st.st_uid == uid &&
            (n < cap || !hvec_grow_((void **)&keys, &cap, sizeof *keys, n + 1))) {
            memcpy(keys[n].name, e->d_name, 17);
            keys[n++].mtime = st.st_mtim;
        }
    }
    closedir(d);
    if (n > KEEP_KEYS) {
        qsort(keys, (size_t)n, sizeof *keys, newest_first);
        for (int32_t i = KEEP_KEYS; i < n; i++) remove_key_dir(vfd, keys[i].name);
    }
    dw_free(keys);
}

/* ---- opening ------------------------------------------------------------------------------ */

static char *join(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    char *s = dw_malloc(n + m + 2);
    if (s) memcpy(s, a, n), s[n] = '/', memcpy(s + n + 1, b, m + 1);
    return s;
}

/* Creates the directories above path (the cache directory's parents: the user's to choose, so
 * links among them are followed, as for any path given). */
static void make_parents(const char *path) {
    char *p = dw_malloc(strlen(path) + 1);
    if (!p) return;
    strcpy(p, path);
    for (char *s = p + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        mkdir(p, 0777);
        *s = '/';
    }
    dw_free(p);
}

/* Opens the cache directory dir (made when missing, with its tags) and dir/version, as
 * directories of ours: false with err filled when they cannot be used (see Safety in cache.h). */
static bool open_version(const char *dir, const char *version, const char *vdir, uid_t uid,
                         int *dirfd, int *vfd, char *err, size_t errcap) {
    make_parents(dir);
    int e = 0;
    *dirfd = *vfd = -1;
    if ((*dirfd = own_dir(AT_FDCWD, dir, dir, uid, err, errcap)) < 0) return false;
    if (!deadwood_made(*dirfd, uid)) {
        snprintf(err, errcap,
                 "%s: not a cache of deadwood's (no CACHEDIR.TAG by deadwood, and not "
                 "empty)",
                 dir);
    } else if (!ensure_file(*dirfd, "CACHEDIR.TAG", tag_text, &e) ||
               !ensure_file(*dirfd, ".gitignore", ignore_text, &e)) {
        snprintf(err, errcap, "cannot write in %s: %s", dir, strerror(e));
    } else if ((*vfd = own_dir(*dirfd, version, vdir, uid, err, errcap)) >= 0) {
        return true;
    }
    close(*dirfd);
    *dirfd = -1;
    return false;
}

ResultCache *cache_open(const char *dir, CacheKey options_key, const char *version, char *err,
                        size_t errcap) {
    ResultCache *c = dw_malloc(sizeof *c);
    if (!c) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    memset(c, 0, sizeof *c);
    c->dirfd = c->vfd = c->kfd = -1;
    atomic_flag_clear(&c->error_taken);
    c->uid = geteuid();
    c->key = options_key;
    to_hex(options_key.b, 8, c->keyname);
    c->dir = dw_malloc(strlen(dir) + 1);
    c->version = dw_malloc(strlen(version) + 1);
    char *vdir = c->dir && c->version ? join(dir, version) : NULL;
    c->entry_dir = vdir ? join(vdir, c->keyname) : NULL;
    if (!c->entry_dir) {
        snprintf(err, errcap, "out of memory");
        dw_free(vdir);
        cache_close(c);
        return NULL;
    }
    strcpy(c->dir, dir);
    strcpy(c->version, version);
    if (open_version(dir, version, vdir, c->uid, &c->dirfd, &c->vfd, err, errcap) &&
        (c->kfd = own_dir(c->vfd, c->keyname, c->entry_dir, c->uid, err, errcap)) >= 0) {
        futimens(c->kfd, NULL); /* this option set was used now */
        prune(c->vfd, c->uid);
        dw_free(vdir);
        return c;
    }
    dw_free(vdir);
    cache_close(c);
    return NULL;
}

void cache_close(ResultCache *c) {
    if (!c) return;
    if (c->kfd >= 0) close(c->kfd);
    if (c->vfd >= 0) close(c->vfd);
    if (c->dirfd >= 0) close(c->dirfd);
    dw_free(c->dir), dw_free(c->entry_dir), dw_free(c->version);
    dw_free(c);
}

const char *cache_entry_dir(const ResultCache *c) {
    return c->entry_dir;
}

CacheStats cache_stats(const ResultCache *c) {
    CacheStats s = {c->hits, c->misses, c->stores, c->corrupt, c->write_errors, {0}};
    memcpy(s.write_error, c->write_error, sizeof s.write_error);
    return s;
}

/* ---- entries ------------------------------------------------------------------------------ */

/* The entry's file name: 32 hex digits of a hash of the version, the key and the display path. */
static void entry_name(const ResultCache *c, const char *display, char name[33]) {
    Sha256 s;
    sha256_init(&s);
    sha256_update(&s, c->version, strlen(c->version) + 1);
    sha256_update(&s, c->key.b, sizeof c->key.b);
    sha256_update(&s, display, strlen(display));
    unsigned char d[SHA256_LEN];
    sha256_final(&s, d);
    to_hex(d, 16, name);
}

/* A location: its lines and columns, then its notebook cell and file lines (0 outside one). */
static void put_loc(Buf *b, Location l) {
    wire_i32(b, l.line), wire_i32(b, l.col), wire_i32(b, l.end_line), wire_i32(b, l.end_col);
    wire_i32(b, l.cell), wire_i32(b, l.file_line), wire_i32(b, l.file_end_line);
}

static Location get_loc(WireReader *r) {
    Location l;
    l.line = wire_get_i32(r), l.col = wire_get_i32(r);
    l.end_line = wire_get_i32(r), l.end_col = wire_get_i32(r);
    l.cell = wire_get_i32(r), l.file_line = wire_get_i32(r), l.file_end_line = wire_get_i32(r);
    return l;
}

/* The next n raw bytes, or NULL (r->bad) when fewer are left. */
static const unsigned char *get_raw(WireReader *r, size_t n) {
    if (r->bad || (size_t)(r->end - r->p) < n) {
        r->bad = true;
        return NULL;
    }
    const unsigned char *p = r->p;
    r->p += n;
    return p;
}

void cache_entry_seal(Buf *b) {
    if (b->failed || b->len < HEADER_LEN) return;
    unsigned char *h = (unsigned char *)b->data + MAGIC_LEN;
    wire_store64(h, (uint64_t)(b->len - HEADER_LEN));
    sha256(b->data + HEADER_LEN, b->len - HEADER_LEN, h + 8);
}

/* A finding's fix: 0 for none, else its applicability, message and edits. */
static void put_fix(Buf *b, const Fix *fix) {
    wire_u64(b, fix ? fix->applicability : 0);
    if (!fix) return;
    wire_str(b, fix->message);
    wire_u64(b, (uint64_t)fix->nedits);
    for (int32_t i = 0; i < fix->nedits; i++) {
        put_loc(b, fix->edits[i].loc);
        wire_i32(b, fix->edits[i].col), wire_i32(b, fix->edits[i].end_col);
        wire_str(b, fix->edits[i].content);
    }
}

static const Fix *get_fix(WireReader *r, Arena *a) {
    uint64_t ap = wire_get_u64(r);
    if (r->bad || ap == 0) return NULL;
    Fix *fix = arena_zalloc(a, sizeof *fix);
    const char *msg = wire_get_str(r, NULL);
    uint64_t n = wire_get_u64(r);
    if (r->bad || !fix || (ap != FIX_SAFE && ap != FIX_UNSAFE) || !msg || n == 0 ||
        n > (uint64_t)(r->end - r->p)) {
        r->bad = true;
        return NULL;
    }
    Edit *e = arena_alloc(a, sizeof *e * (size_t)n);
    for (uint64_t i = 0; e && i < n && !r->bad; i++) {
        e[i].loc = get_loc(r);
        e[i].col = wire_get_i32(r), e[i].end_col = wire_get_i32(r);
        if (!(e[i].content = wire_get_str(r, NULL))) r->bad = true;
    }
    if (!e) r->bad = true;
    *fix = (Fix){(uint8_t)ap, msg, e, (int32_t)n};
    return r->bad ? NULL : fix;
}

void cache_entry_encode(const ResultCache *c, Buf *b, const char *display, const char *bytes,
                        size_t len, const FindingList *fl, const Buf *summary) {
    unsigned char content[SHA256_LEN], zero[HEADER_LEN - MAGIC_LEN] = {0};
    sha256(bytes, len, content);
    buf_put(b, MAGIC, MAGIC_LEN);
    buf_put(b, zero, sizeof zero); /* payload length and checksum: cache_entry_seal */
    buf_put(b, c->key.b, sizeof c->key.b);
    buf_put(b, content, sizeof content);
    wire_u64(b, (uint64_t)len);
    wire_str(b, c->version), wire_str(b, display);
    wire_u64(b, (uint64_t)fl->len);
    for (int32_t i = 0; i < fl->len; i++) {
        const Finding *f = &fl->items[i];
        wire_str(b, f->code), wire_str(b, f->name), wire_str(b, f->path);
        put_loc(b, f->loc);
        wire_str(b, f->message), wire_str(b, f->source);
        wire_i32(b, f->noqa_line);
        put_fix(b, f->fix);
        wire_u64(b, (uint64_t)f->nrelated);
        for (int32_t j = 0; j < f->nrelated; j++) {
            wire_str(b, f->related[j].path);
            put_loc(b, f->related[j].loc);
            wire_str(b, f->related[j].message);
        }
    }
    wire_u64(b, summary ? summary->len : 0);
    if (summary && summary->len) buf_put(b, summary->data, summary->len);
    cache_entry_seal(b);
}

int cache_entry_decode(const ResultCache *c, const void *entry, size_t n, const char *display,
                       const char *bytes, size_t len, FindingList *out, Buf *summary) {
    const unsigned char *data = entry;
    if (n < HEADER_LEN || memcmp(data, MAGIC, MAGIC_LEN) != 0) return -1;
    WireReader r = {data + MAGIC_LEN, data + n, false};
    uint64_t plen = wire_get_fixed64(&r);
    const unsigned char *sum = get_raw(&r, SHA256_LEN);
    unsigned char got[SHA256_LEN];
    if (plen != n - HEADER_LEN) return -1;
    sha256(data + HEADER_LEN, (size_t)plen, got);
    if (memcmp(got, sum, SHA256_LEN) != 0) return -1;
    const unsigned char *key = get_raw(&r, SHA256_LEN), *content = get_raw(&r, SHA256_LEN);
    uint64_t l = wire_get_u64(&r);
    const char *version = wire_get_str(&r, NULL), *disp = wire_get_str(&r, NULL);
    if (r.bad || !version || !disp) return -1;
    if (memcmp(key, c->key.b, SHA256_LEN) != 0 || strcmp(version, c->version) != 0 ||
        strcmp(disp, display) != 0 || l != (uint64_t)len)
        return 0;
    sha256(bytes, len, got);
    if (memcmp(got, content, SHA256_LEN) != 0) return 0;
    uint64_t nf = wire_get_u64(&r);
    Arena a;
    arena_init(&a);
    int rc = 1;
    for (uint64_t i = 0; i < nf && !r.bad; i++) {
        Finding f = {0};
        f.code = wire_get_str(&r, NULL), f.name = wire_get_str(&r, NULL),
        f.path = wire_get_str(&r, NULL);
        f.loc = get_loc(&r);
        f.message = wire_get_str(&r, NULL), f.source = wire_get_str(&r, NULL);
        f.noqa_line = wire_get_i32(&r);
        f.fix = get_fix(&r, &a);
        uint64_t nr = wire_get_u64(&r);
        if (r.bad || nr > (uint64_t)(r.end - r.p) || !f.code || !f.path || !f.message) {
            r.bad = true;
            break;
        }
        f.nrelated = (int32_t)nr;
        f.related = nr ? arena_zalloc(&a, sizeof *f.related * (size_t)nr) : NULL;
        if (nr && !f.related) rc = -1;
        for (uint64_t j = 0; j < nr && f.related; j++) {
            f.related[j].path = wire_get_str(&r, NULL);
            f.related[j].loc = get_loc(&r);
            f.related[j].message = wire_get_str(&r, NULL);
        }
        if (!r.bad && rc == 1 && !findings_add(out, &f)) rc = -1;
    }
    arena_free(&a);
    uint64_t sl = wire_get_u64(&r);
    if (r.bad || sl != (uint64_t)(r.end - r.p)) return -1;
    if (summary && sl && rc == 1) buf_put(summary, r.p, (size_t)sl);
    if (summary && summary->failed) rc = -1;
    return rc;
}

/* The bytes of file `name` in directory fd when it is a regular file of ours no larger than max
 * (never a link, a FIFO or a device); NULL otherwise. */
static unsigned char *read_own_file(int fd, const char *name, uid_t uid, size_t max, size_t *n) {
    int f = openat(fd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (f < 0) return NULL;
    struct stat st;
    unsigned char *data = NULL;
    if (fstat(f, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == uid &&
        (uint64_t)st.st_size <= max && (data = dw_malloc((size_t)st.st_size + 1))) {
        size_t got = 0;
        while (got < (size_t)st.st_size) {
            ssize_t r = read(f, data + got, (size_t)st.st_size - got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) break;
            got += (size_t)r;
        }
        *n = got;
    }
    close(f);
    return data;
}

static unsigned char *read_entry(const ResultCache *c, const char *name, size_t *n) {
    return read_own_file(c->kfd, name, c->uid, MAX_ENTRY, n);
}

static bool lookup(void *ud, const char *display, const char *bytes, size_t len, FindingList *out,
                   Buf *summary) {
    ResultCache *c = ud;
    char name[33];
    entry_name(c, display, name);
    size_t n = 0;
    unsigned char *data = read_entry(c, name, &n);
    int rc = 0;
    if (data) {
        FindingList mine;
        findings_init(&mine);
        rc = cache_entry_decode(c, data, n, display, bytes, len, &mine, summary);
        if (rc == 1 && !findings_take(out, &mine)) rc = -1;
        findings_free(&mine);
        dw_free(data);
    }
    if (rc == -1) c->corrupt++;
    if (rc == 1)
        c->hits++;
    else
        c->misses++;
    return rc == 1;
}

static void store(void *ud, const char *display, const char *bytes, size_t len,
                  const FindingList *findings, const Buf *summary) {
    ResultCache *c = ud;
    Buf b;
    buf_init(&b);
    cache_entry_encode(c, &b, display, bytes, len, findings, summary);
    char name[33];
    entry_name(c, display, name);
    int e = ENOMEM;
    bool ok = !b.failed && atomic_write_at(c->kfd, name, b.data, b.len, NULL, &e);
    if (!ok && e == ENOENT) { /* the directory was removed meanwhile (another run pruned it) */
        char msg[8];
        int kfd = own_dir(c->vfd, c->keyname, c->entry_dir, c->uid, msg, sizeof msg);
        ok = kfd >= 0 && atomic_write_at(kfd, name, b.data, b.len, NULL, &e);
        if (kfd >= 0) close(kfd);
    }
    if (ok) {
        c->stores++;
    } else {
        c->write_errors++;
        if (!atomic_flag_test_and_set(&c->error_taken))
            snprintf(c->write_error, sizeof c->write_error, "cannot write %s/%s: %s", c->entry_dir,
                     name, strerror(e));
    }
    buf_free(&b);
}

RunCache cache_interface(ResultCache *c) {
    return (RunCache){c, lookup, store};
}

/* ---- stores for other modules ------------------------------------------------------------- */

struct CacheStore {
    int dirfd, vfd, sfd;
    char *path; /* DIR/VERSION/SUB, for messages */
    uid_t uid;
};

CacheStore *cache_store_open(const char *dir, const char *version, const char *sub, char *err,
                             size_t errcap) {
    CacheStore *s = dw_malloc(sizeof *s);
    char *vdir = join(dir, version);
    char *path = vdir ? join(vdir, sub) : NULL;
    if (!s || !path) {
        snprintf(err, errcap, "out of memory");
        dw_free(s), dw_free(vdir), dw_free(path);
        return NULL;
    }
    memset(s, 0, sizeof *s);
    s->uid = geteuid();
    s->path = path;
    s->sfd = -1;
    if (open_version(dir, version, vdir, s->uid, &s->dirfd, &s->vfd, err, errcap) &&
        (s->sfd = own_dir(s->vfd, sub, path, s->uid, err, errcap)) >= 0) {
        dw_free(vdir);
        return s;
    }
    dw_free(vdir);
    cache_store_close(s);
    return NULL;
}

void cache_store_close(CacheStore *s) {
    if (!s) return;
    if (s->sfd >= 0) close(s->sfd);
    if (s->vfd >= 0) close(s->vfd);
    if (s->dirfd >= 0) close(s->dirfd);
    dw_free(s->path);
    dw_free(s);
}

static bool store_name_ok(const char *name) {
    return is_hex_name(name, strlen(name)) && strlen(name) >= 8 && strlen(name) <= 64;
}

unsigned char *cache_store_get(CacheStore *s, const char *name, size_t *n) {
    *n = 0;
    return store_name_ok(name) ? read_own_file(s->sfd, name, s->uid, MAX_ENTRY, n) : NULL;
}

bool cache_store_put(CacheStore *s, const char *name, const void *data, size_t len, char *err,
                     size_t errcap) {
    int e = EINVAL;
    if (store_name_ok(name) && len <= MAX_ENTRY &&
        atomic_write_at(s->sfd, name, data, len, NULL, &e))
        return true;
    snprintf(err, errcap, "cannot write %s/%s: %s", s->path, name, strerror(e));
    return false;
}
