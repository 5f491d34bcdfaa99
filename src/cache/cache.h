/* cache.h — the result cache (`.deadwood_cache/`, like ruff's `.ruff_cache/`): the findings of a
 * file whose bytes, display path, analysis options and deadwood version are unchanged are read
 * back instead of recomputed, with the file's module summary for the whole-tree rules (which run
 * on every run, over all summaries). It implements run.h's RunCache.
 *
 * Layout of a cache directory DIR:
 *   DIR/CACHEDIR.TAG        the Cache Directory Tagging Specification's signature (backup tools
 *                           skip the directory)
 *   DIR/.gitignore          `*` (git ignores the directory)
 *   DIR/VERSION/KEY/HASH    one entry per display path and option set: KEY is the option
 *                           set's key (16 hex digits: rules, their options, deadwood's build),
 *                           HASH 32 hex digits of a 128-bit hash of the version, the key and the
 *                           display path; the entry records them and the 128-bit hash and length
 *                           of the bytes it was computed from, then the findings, then the
 *                           bytes of the module summary (summary_encode; none for a file that
 *                           does not parse, or when no whole-tree rule is on). The 8 option
 *                           sets used last are kept, older ones removed when a run opens the
 *                           cache.
 * An entry is written to a temporary file in the same directory and renamed over the old one, so
 * concurrent runs (threads or processes) never see half an entry. An entry that is truncated, has
 * a wrong checksum or does not match is a miss; the fresh result then replaces it. Only DIR is
 * ever written to.
 *
 * Errors are values: cache_open reports why the directory cannot be used; a failed write is
 * counted (CacheStats) and the run goes on.
 */
#ifndef DW_CACHE_H
#define DW_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "check/run.h"

typedef struct ResultCache ResultCache;

typedef struct CacheStats {
    int32_t hits, misses;
    int32_t stores;        /* entries written */
    int32_t corrupt;       /* entries that could not be read back (then rewritten) */
    int32_t write_errors;  /* entries that could not be written */
    char write_error[256]; /* the first write error */
} CacheStats;

/* Opens (creating it and its tags when missing) the cache directory dir for one analysis key.
 * NULL with err filled when the directory cannot be created or is not a directory. */
ResultCache *cache_open(const char *dir, uint64_t options_key, const char *version, char *err,
                        size_t errcap);
/* The RunCache callbacks over c (thread-safe). */
RunCache cache_interface(ResultCache *c);
CacheStats cache_stats(const ResultCache *c);
/* The directory entries are written to (DIR/VERSION/KEY). */
const char *cache_entry_dir(const ResultCache *c);
void cache_close(ResultCache *c);

/* The key of everything besides a file's bytes and name that its findings depend on: the rules
 * enabled, their options, and `extra` (e.g. the target version; may be NULL). */
uint64_t cache_options_key(const CheckOptions *o, const char *extra);

/* A hash of the running executable (/proc/self/exe; 0 when unreadable), for options keys: a
 * rebuilt deadwood with the same version string never reads an older build's entries. */
uint64_t cache_build_key(void);

/* MurmurHash3 x64_128 (public domain, Austin Appleby). */
void cache_hash128(const void *data, size_t len, uint64_t seed, uint64_t out[2]);

#endif
