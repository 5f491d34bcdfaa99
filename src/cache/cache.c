/* cache.c — see cache.h: entry files, their encoding, and atomic writes. */
#include "cache.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/wire.h"

#define MAGIC "DWCACHE3"
enum { MAGIC_LEN = 8, HEADER_LEN = MAGIC_LEN + 3 * 8, MAX_ENTRY = 256 << 20 };
enum { KEEP_KEYS = 8 }; /* option sets kept per version */

struct ResultCache {
    char *dir;       /* the cache directory */
    char *entry_dir; /* dir/VERSION/KEY */
    char *version;
    uint64_t key;
    mode_t mode; /* for entry files: 0666 less the umask */
    atomic_int hits, misses, stores, corrupt, write_errors;
    atomic_flag error_taken;
    char write_error[256];
};

/* ---- MurmurHash3 x64_128 ------------------------------------------------------------------ */

static uint64_t rotl(uint64_t x, int r) {
    return (x << r) | (x >> (64 - r));
}

static uint64_t fmix(uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    return k ^ (k >> 33);
}

void cache_hash128(const void *data, size_t len, uint64_t seed, uint64_t out[2]) {
    const unsigned char *p = data;
    const uint64_t c1 = 0x87c37b91114253d5ull, c2 = 0x4cf5ad432745937full;
    uint64_t h1 = seed, h2 = seed;
    size_t nblocks = len / 16;
    for (size_t i = 0; i < nblocks; i++) {
        uint64_t k1 = wire_load64(p + i * 16), k2 = wire_load64(p + i * 16 + 8);
        k1 *= c1, k1 = rotl(k1, 31), k1 *= c2, h1 ^= k1;
        h1 = rotl(h1, 27), h1 += h2, h1 = h1 * 5 + 0x52dce729;
        k2 *= c2, k2 = rotl(k2, 33), k2 *= c1, h2 ^= k2;
        h2 = rotl(h2, 31), h2 += h1, h2 = h2 * 5 + 0x38495ab5;
    }
    const unsigned char *tail = p + nblocks * 16;
    uint64_t k1 = 0, k2 = 0;
    size_t rest = len & 15;
    for (size_t i = rest; i > 8; i--) k2 = (k2 << 8) | tail[i - 1];
    if (rest > 8) k2 *= c2, k2 = rotl(k2, 33), k2 *= c1, h2 ^= k2;
    for (size_t i = rest < 8 ? rest : 8; i > 0; i--) k1 = (k1 << 8) | tail[i - 1];
    if (rest) k1 *= c1, k1 = rotl(k1, 31), k1 *= c2, h1 ^= k1;
    h1 ^= (uint64_t)len, h2 ^= (uint64_t)len;
    h1 += h2, h2 += h1;
    h1 = fmix(h1), h2 = fmix(h2);
    h1 += h2, h2 += h1;
    out[0] = h1, out[1] = h2;
}

uint64_t cache_options_key(const CheckOptions *o, const char *extra) {
    Buf b;
    buf_init(&b);
    for (int i = 0; i < check_count; i++)
        if (check_enabled(o, check_registry[i]))
            buf_printf(&b, "%s,", check_registry[i]->info.code);
    buf_printf(&b, ";drift=%.17g;%s", o->drift_threshold, extra ? extra : "");
    uint64_t h[2];
    cache_hash128(b.data ? b.data : "", b.len, 0x6465616477ull, h);
    buf_free(&b);
    return h[0] ^ h[1];
}

/* ---- opening ------------------------------------------------------------------------------ */

static char *join(const char *a, const char *b) {
    size_t n = strlen(a), m = strlen(b);
    char *s = dw_malloc(n + m + 2);
    if (s) memcpy(s, a, n), s[n] = '/', memcpy(s + n + 1, b, m + 1);
    return s;
}

static bool mkdirs(char *path) {
    for (char *p = path + 1; *p; p++) {
        if (*p != '/') continue;
        *p = 0;
        bool ok = mkdir(path, 0777) == 0 || errno == EEXIST;
        *p = '/';
        if (!ok) return false;
    }
    return mkdir(path, 0777) == 0 || errno == EEXIST;
}

/* Writes len bytes to path through a temporary file in dir and a rename. */
static bool write_atomically(const char *dir, const char *path, const void *data, size_t len,
                             mode_t mode, int *err) {
    char *tmpl = join(dir, ".tmp-XXXXXX");
    if (!tmpl) return *err = ENOMEM, false;
    int fd = mkostemp(tmpl, O_CLOEXEC);
    if (fd < 0) {
        *err = errno;
        dw_free(tmpl);
        return false;
    }
    bool ok = fchmod(fd, mode) == 0;
    const char *p = data;
    for (size_t done = 0; ok && done < len;) {
        ssize_t w = write(fd, p + done, len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w <= 0)
            ok = false;
        else
            done += (size_t)w;
    }
    if (!ok) *err = errno ? errno : EIO;
    if (close(fd) != 0 && ok) ok = false, *err = errno;
    if (ok && rename(tmpl, path) != 0) ok = false, *err = errno;
    if (!ok) unlink(tmpl);
    dw_free(tmpl);
    return ok;
}

static unsigned char *read_all(const char *path, size_t *n) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return NULL;
    struct stat st;
    unsigned char *data = NULL;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size <= MAX_ENTRY &&
        (data = dw_malloc((size_t)st.st_size + 1))) {
        size_t got = 0;
        while (got < (size_t)st.st_size) {
            ssize_t r = read(fd, data + got, (size_t)st.st_size - got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) break;
            got += (size_t)r;
        }
        *n = got;
    }
    close(fd);
    return data;
}

uint64_t cache_build_key(void) {
    size_t n = 0;
    unsigned char *data = read_all("/proc/self/exe", &n);
    uint64_t h[2] = {0, 0};
    if (data) cache_hash128(data, n, 0x6275696c64ull, h);
    dw_free(data);
    return h[0] ^ h[1];
}

/* ---- pruning ------------------------------------------------------------------------------ */

static bool is_hex_name(const char *s, size_t n) {
    size_t i = 0;
    while (s[i] && ((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) i++;
    return i == n && !s[i];
}

/* Removes dir/name (an option set's directory: entry files and stale temporary files). */
static void remove_key_dir(const char *dir, const char *name) {
    char *kd = join(dir, name);
    DIR *d = kd ? opendir(kd) : NULL;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!is_hex_name(e->d_name, 32) && strncmp(e->d_name, ".tmp-", 5) != 0) continue;
        char *f = join(kd, e->d_name);
        if (f) unlink(f);
        dw_free(f);
    }
    if (d) closedir(d);
    if (kd) rmdir(kd);
    dw_free(kd);
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

/* Keeps the KEEP_KEYS option sets of version_dir used last (a run touches its own). */
static void prune(const char *version_dir) {
    DIR *d = opendir(version_dir);
    KeyDir *keys = NULL;
    int32_t n = 0, cap = 0;
    for (struct dirent *e; d && (e = readdir(d));) {
        if (!is_hex_name(e->d_name, 16)) continue;
        char *p = join(version_dir, e->d_name);
        struct stat st;
        if (p && lstat(p, &st) == 0 && S_ISDIR(st.st_mode) &&
            (n < cap || !hvec_grow_((void **)&keys, &cap, sizeof *keys, n + 1))) {
            memcpy(keys[n].name, e->d_name, 17);
            keys[n++].mtime = st.st_mtim;
        }
        dw_free(p);
    }
    if (d) closedir(d);
    if (n > KEEP_KEYS) {
        qsort(keys, (size_t)n, sizeof *keys, newest_first);
        for (int32_t i = KEEP_KEYS; i < n; i++) remove_key_dir(version_dir, keys[i].name);
    }
    dw_free(keys);
}

static const char tag_text[] = "Signature: 8a477f597d28d172789f06886806bc55\n"
                               "# This file is a cache directory tag created by deadwood.\n"
                               "# For information about cache directory tags, see:\n"
                               "#\thttps://bford.info/cachedir/\n";
static const char ignore_text[] = "# Automatically created by deadwood.\n*\n";

/* Writes dir/name unless it exists. */
static bool ensure_file(const char *dir, const char *name, const char *text, mode_t mode,
                        int *err) {
    char *path = join(dir, name);
    if (!path) return *err = ENOMEM, false;
    struct stat st;
    bool ok = lstat(path, &st) == 0 || write_atomically(dir, path, text, strlen(text), mode, err);
    dw_free(path);
    return ok;
}

ResultCache *cache_open(const char *dir, uint64_t options_key, const char *version, char *err,
                        size_t errcap) {
    ResultCache *c = dw_malloc(sizeof *c);
    if (!c) {
        snprintf(err, errcap, "out of memory");
        return NULL;
    }
    memset(c, 0, sizeof *c);
    atomic_flag_clear(&c->error_taken);
    mode_t um = umask(0);
    umask(um);
    c->mode = 0666 & ~um;
    c->key = options_key;
    size_t vn = strlen(version);
    c->dir = dw_malloc(strlen(dir) + 1);
    c->version = dw_malloc(vn + 1);
    if (c->dir) strcpy(c->dir, dir);
    if (c->version) memcpy(c->version, version, vn + 1);
    char key[17];
    snprintf(key, sizeof key, "%016llx", (unsigned long long)options_key);
    char *vdir = c->dir && c->version ? join(c->dir, version) : NULL;
    c->entry_dir = vdir ? join(vdir, key) : NULL;
    int e = 0;
    struct stat st;
    if (!c->entry_dir) {
        snprintf(err, errcap, "out of memory");
    } else if (stat(dir, &st) == 0 && !S_ISDIR(st.st_mode)) {
        snprintf(err, errcap, "%s: not a directory", dir);
    } else if (!mkdirs(c->dir) || !mkdirs(c->entry_dir)) {
        snprintf(err, errcap, "cannot create %s: %s", c->entry_dir, strerror(errno));
    } else if (!ensure_file(c->dir, "CACHEDIR.TAG", tag_text, c->mode, &e) ||
               !ensure_file(c->dir, ".gitignore", ignore_text, c->mode, &e)) {
        snprintf(err, errcap, "cannot write in %s: %s", c->dir, strerror(e));
    } else {
        utimensat(AT_FDCWD, c->entry_dir, NULL, 0); /* this option set was used now */
        prune(vdir);
        dw_free(vdir);
        return c;
    }
    dw_free(vdir);
    cache_close(c);
    return NULL;
}

void cache_close(ResultCache *c) {
    if (!c) return;
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

/* The entry's file name: 32 hex digits. */
static char *entry_path(const ResultCache *c, const char *display) {
    Buf b;
    buf_init(&b);
    buf_printf(&b, "%s%c%016llx%c%s", c->version, 0, (unsigned long long)c->key, 0, display);
    uint64_t h[2];
    cache_hash128(b.data ? b.data : "", b.len, 0, h);
    buf_free(&b);
    char name[33];
    snprintf(name, sizeof name, "%016llx%016llx", (unsigned long long)h[0],
             (unsigned long long)h[1]);
    return join(c->entry_dir, name);
}

static void put_loc(Buf *b, Location l) {
    wire_i32(b, l.line), wire_i32(b, l.col), wire_i32(b, l.end_line), wire_i32(b, l.end_col);
}

static Location get_loc(WireReader *r) {
    Location l;
    l.line = wire_get_i32(r), l.col = wire_get_i32(r);
    l.end_line = wire_get_i32(r), l.end_col = wire_get_i32(r);
    return l;
}

static void encode(Buf *b, const ResultCache *c, const char *display, const uint64_t content[2],
                   size_t len, const FindingList *fl, const Buf *summary) {
    buf_put(b, MAGIC, MAGIC_LEN);
    /* payload length and checksum, filled below */
    wire_fixed64(b, 0), wire_fixed64(b, 0), wire_fixed64(b, 0);
    wire_fixed64(b, c->key);
    wire_fixed64(b, content[0]), wire_fixed64(b, content[1]), wire_u64(b, (uint64_t)len);
    wire_str(b, c->version), wire_str(b, display);
    wire_u64(b, (uint64_t)fl->len);
    for (int32_t i = 0; i < fl->len; i++) {
        const Finding *f = &fl->items[i];
        wire_str(b, f->code), wire_str(b, f->name), wire_str(b, f->path);
        put_loc(b, f->loc);
        wire_str(b, f->message), wire_str(b, f->source);
        wire_i32(b, f->noqa_line), wire_u64(b, f->fixable);
        wire_u64(b, (uint64_t)f->nrelated);
        for (int32_t j = 0; j < f->nrelated; j++) {
            wire_str(b, f->related[j].path);
            put_loc(b, f->related[j].loc);
            wire_str(b, f->related[j].message);
        }
    }
    wire_u64(b, summary ? summary->len : 0);
    if (summary && summary->len) buf_put(b, summary->data, summary->len);
    if (b->failed) return;
    uint64_t sum[2];
    size_t n = b->len - HEADER_LEN;
    cache_hash128(b->data + HEADER_LEN, n, 0, sum);
    unsigned char *h = (unsigned char *)b->data + MAGIC_LEN;
    wire_store64(h, (uint64_t)n), wire_store64(h + 8, sum[0]), wire_store64(h + 16, sum[1]);
}

/* Decodes an entry into out; 1 hit, 0 a valid entry for other bytes, -1 corrupt. */
static int decode(const ResultCache *c, const unsigned char *data, size_t n, const char *display,
                  const uint64_t content[2], size_t len, FindingList *out, Buf *summary) {
    if (n < HEADER_LEN || memcmp(data, MAGIC, MAGIC_LEN) != 0) return -1;
    WireReader r = {data + MAGIC_LEN, data + n, false};
    uint64_t plen = wire_get_fixed64(&r), sum[2] = {wire_get_fixed64(&r), wire_get_fixed64(&r)};
    uint64_t got[2];
    if (plen != n - HEADER_LEN) return -1;
    cache_hash128(data + HEADER_LEN, (size_t)plen, 0, got);
    if (got[0] != sum[0] || got[1] != sum[1]) return -1;
    uint64_t key = wire_get_fixed64(&r), h0 = wire_get_fixed64(&r), h1 = wire_get_fixed64(&r),
             l = wire_get_u64(&r);
    const char *version = wire_get_str(&r, NULL), *disp = wire_get_str(&r, NULL);
    if (r.bad || !version || !disp) return -1;
    if (key != c->key || strcmp(version, c->version) != 0 || strcmp(disp, display) != 0 ||
        h0 != content[0] || h1 != content[1] || l != (uint64_t)len)
        return 0;
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
        f.fixable = wire_get_u64(&r) != 0;
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

static bool lookup(void *ud, const char *display, const char *bytes, size_t len, FindingList *out,
                   Buf *summary) {
    ResultCache *c = ud;
    uint64_t content[2];
    cache_hash128(bytes, len, 0, content);
    char *path = entry_path(c, display);
    size_t n = 0;
    unsigned char *data = path ? read_all(path, &n) : NULL;
    dw_free(path);
    int rc = 0;
    if (data) {
        FindingList mine;
        findings_init(&mine);
        rc = decode(c, data, n, display, content, len, &mine, summary);
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
    uint64_t content[2];
    cache_hash128(bytes, len, 0, content);
    Buf b;
    buf_init(&b);
    encode(&b, c, display, content, len, findings, summary);
    char *path = entry_path(c, display);
    int e = ENOMEM;
    bool ok = path && !b.failed && write_atomically(c->entry_dir, path, b.data, b.len, c->mode, &e);
    if (!ok && e == ENOENT && mkdirs(c->entry_dir)) /* the directory was removed meanwhile */
        ok = write_atomically(c->entry_dir, path, b.data, b.len, c->mode, &e);
    if (ok) {
        c->stores++;
    } else {
        c->write_errors++;
        if (!atomic_flag_test_and_set(&c->error_taken))
            snprintf(c->write_error, sizeof c->write_error, "cannot write %s: %s",
                     path ? path : c->entry_dir, strerror(e));
    }
    dw_free(path);
    buf_free(&b);
}

RunCache cache_interface(ResultCache *c) {
    return (RunCache){c, lookup, store};
}
