/* fuzz_cache.c — libFuzzer target for the result cache's entry reader (src/cache/cache.c): a cache
 * entry is read back from disk, where anything may have replaced it.
 *
 * Each input is read two ways:
 *   1. as a whole entry file (header, checksum, identity, findings, summary);
 *   2. as the part after the identity (the findings and the summary): the target puts a valid
 *      header and identity for a fixed file in front and seals it with the right checksum, so
 *      that mutations reach the findings' decoding instead of stopping at the checksum.
 * Invariants: decoding never crashes or reads out of bounds (ASan); its answer is -1 (corrupt),
 * 0 (another file's) or 1 (a hit); a hit's findings have a code, a path and a message; and a hit
 * encoded again decodes to the same findings and summary. */
#include <ftw.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "cache/cache.h"
#include "fuzz_util.h"

static ResultCache *cache;
static const char display[] = "pkg/mod.py", bytes[] = "x = 1\n";
static char dir[] = "/tmp/deadwood-fuzz-cache-XXXXXX";

static int remove_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
    (void)st, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

/* The cache's directory goes when the fuzzer exits (libFuzzer has no teardown hook). */
static void remove_dir(void) {
    if (cache) cache_close(cache), cache = NULL;
    nftw(dir, remove_one, 16, FTW_DEPTH | FTW_PHYS);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    char err[256];
    if (!mkdtemp(dir)) return 0;
    atexit(remove_dir);
    CacheKey key;
    memset(&key, 0x5a, sizeof key);
    cache = cache_open(dir, key, "fuzz", err, sizeof err);
    if (!cache) fprintf(stderr, "fuzz_cache: cache_open: %s\n", err);
    return 0;
}

static bool same(const Finding *a, const Finding *b) {
#define SAME_STR(x, y) ((!(x) && !(y)) || ((x) && (y) && strcmp((x), (y)) == 0))
    if (!SAME_STR(a->code, b->code) || !SAME_STR(a->path, b->path) ||
        !SAME_STR(a->message, b->message) || !SAME_STR(a->source, b->source) ||
        !SAME_STR(a->name, b->name) || a->nrelated != b->nrelated ||
        memcmp(&a->loc, &b->loc, sizeof a->loc) != 0 || a->noqa_line != b->noqa_line)
        return false;
    for (int32_t j = 0; j < a->nrelated; j++)
        if (!SAME_STR(a->related[j].path, b->related[j].path) ||
            !SAME_STR(a->related[j].message, b->related[j].message))
            return false;
    return true;
#undef SAME_STR
}

static void decode(const unsigned char *entry, size_t n) {
    FindingList fl;
    findings_init(&fl);
    Buf summary;
    buf_init(&summary);
    int rc = cache_entry_decode(cache, entry, n, display, bytes, strlen(bytes), &fl, &summary);
    FUZZ_CHECK(rc >= -1 && rc <= 1, "decode returned %d", rc);
    if (rc == 1) {
        for (int32_t i = 0; i < fl.len; i++)
            FUZZ_CHECK(fl.items[i].code && fl.items[i].path && fl.items[i].message,
                       "finding %d without code, path or message", (int)i);
        Buf again;
        buf_init(&again);
        cache_entry_encode(cache, &again, display, bytes, strlen(bytes), &fl,
                           summary.len ? &summary : NULL);
        FindingList fl2;
        findings_init(&fl2);
        Buf summary2;
        buf_init(&summary2);
        int rc2 = again.failed ? 1
                               : cache_entry_decode(cache, again.data, again.len, display, bytes,
                                                    strlen(bytes), &fl2, &summary2);
        if (!again.failed) {
            FUZZ_CHECK(rc2 == 1 && fl2.len == fl.len, "re-encoded: %d, %d findings of %d", rc2,
                       (int)fl2.len, (int)fl.len);
            for (int32_t i = 0; i < fl.len; i++)
                FUZZ_CHECK(same(&fl.items[i], &fl2.items[i]), "finding %d differs re-encoded",
                           (int)i);
            FUZZ_CHECK(summary2.len == summary.len &&
                           (!summary.len || memcmp(summary.data, summary2.data, summary.len) == 0),
                       "summary differs re-encoded");
        }
        findings_free(&fl2);
        buf_free(&summary2);
        buf_free(&again);
    }
    findings_free(&fl);
    buf_free(&summary);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (!cache) return 0;
    decode(data, size);
    /* a valid header and identity in front, sealed: the input is the findings and the summary */
    Buf entry;
    buf_init(&entry);
    FindingList none;
    findings_init(&none);
    cache_entry_encode(cache, &entry, display, bytes, strlen(bytes), &none, NULL);
    findings_free(&none);
    if (!entry.failed && entry.len >= 2) {
        entry.len -= 2; /* the empty findings count and summary length */
        buf_put(&entry, data, size);
        cache_entry_seal(&entry);
        if (!entry.failed) decode((const unsigned char *)entry.data, entry.len);
    }
    buf_free(&entry);
    return 0;
}
