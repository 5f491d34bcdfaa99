/* cache.h — the result cache (`.deadwood_cache/`, like ruff's `.ruff_cache/`): the findings of a
 * file whose bytes, display path, analysis options and deadwood version are unchanged are read
 * back instead of recomputed, with the file's module summary for the whole-tree rules (which run
 * on every run, over all summaries). It implements run.h's RunCache.
 *
 * Layout of a cache directory DIR:
 *   DIR/CACHEDIR.TAG        the Cache Directory Tagging Specification's signature (backup tools
 *                           skip the directory)
 *   DIR/.gitignore          `*` (git ignores the directory)
 *   DIR/VERSION/KEY/NAME    one entry per display path and option set: KEY is 16 hex digits of
 *                           the option set's key (a SHA-256 of the rules, their options and
 *                           deadwood's build), NAME 32 hex digits of a SHA-256 of the version, the
 *                           key and the display path; the entry records the whole key, the version,
 *                           the display path and the SHA-256 and length of the bytes it was
 *                           computed from, then the findings (a notebook's with their cells and
 *                           .ipynb lines), then the bytes of the module summary
 *                           (summary_encode; none for a file that does not parse, or when no
 *                           whole-tree rule is on); a SHA-256 of all that guards against
 *                           corruption. The 8 option sets used last are kept, older ones removed
 *                           when a run opens the cache.
 * Which bytes an entry belongs to is decided by SHA-256, not by a hash that can be made to
 * collide: a file never gets another file's findings (issue 22).
 *
 * An entry is written to a temporary file in the same directory and renamed over the old one, so
 * concurrent runs (threads or processes) never see half an entry. An entry that is truncated, has
 * a wrong checksum, does not match, or is not a regular file of the user's is a miss; the fresh
 * result then replaces it.
 *
 * Safety: only DIR is ever written to, and never through a symbolic link. DIR must be a directory
 * (not a link) of the user running deadwood, and either hold deadwood's CACHEDIR.TAG or be new or
 * empty; VERSION and KEY must be directories of the user's too (not links); every file below is
 * created, replaced and removed relative to those directories' descriptors without following a
 * link (openat, renameat, unlinkat), and pruning removes only entry and temporary files of
 * directories it opened that way. A cache that fails these tests is not used (a warning).
 *
 * Errors are values: cache_open reports why the directory cannot be used; a failed write is
 * counted (CacheStats) and the run goes on.
 */
#ifndef DW_CACHE_H
#define DW_CACHE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/sha256.h"
#include "check/run.h"

typedef struct ResultCache ResultCache;

/* An option set's key: everything besides a file's bytes and name that its findings depend on. */
typedef struct CacheKey {
    unsigned char b[SHA256_LEN];
} CacheKey;

typedef struct CacheStats {
    int32_t hits, misses;
    int32_t stores;        /* entries written */
    int32_t corrupt;       /* entries that could not be read back (then rewritten) */
    int32_t write_errors;  /* entries that could not be written */
    char write_error[256]; /* the first write error */
} CacheStats;

/* Opens (creating it and its tags when missing) the cache directory dir for one analysis key.
 * NULL with err filled when the directory cannot be created or used (see Safety above). */
ResultCache *cache_open(const char *dir, CacheKey options_key, const char *version, char *err,
                        size_t errcap);
/* The RunCache callbacks over c (thread-safe). */
RunCache cache_interface(ResultCache *c);
CacheStats cache_stats(const ResultCache *c);
/* The directory entries are written to (DIR/VERSION/KEY). */
const char *cache_entry_dir(const ResultCache *c);
void cache_close(ResultCache *c);

/* The key of everything besides a file's bytes and name that its findings depend on: the rules
 * enabled, their options, and `extra` (e.g. the target version; may be NULL). */
CacheKey cache_options_key(const CheckOptions *o, const char *extra);

/* 64 bits of a SHA-256 of the running executable (/proc/self/exe; 0 when unreadable), for
 * options keys: a rebuilt deadwood with the same version string never reads an older build's
 * entries. */
uint64_t cache_build_key(void);

/* An entry's bytes, as lookups read and stores write them (for the fuzz target and tests): the
 * findings and summary of `bytes` (len) shown as display, under c's version and key. */
void cache_entry_encode(const ResultCache *c, Buf *out, const char *display, const char *bytes,
                        size_t len, const FindingList *fl, const Buf *summary);
/* Fills in an encoded entry's payload length and checksum (after its payload was changed). */
void cache_entry_seal(Buf *entry);
/* Decodes an entry for `bytes` (len) shown as display into out and summary: 1 a hit, 0 a valid
 * entry of other bytes, another name or another option set, -1 corrupt. */
int cache_entry_decode(const ResultCache *c, const void *entry, size_t n, const char *display,
                       const char *bytes, size_t len, FindingList *out, Buf *summary);

/* A store of named files for another module's cache (the history's): the directory
 * DIR/VERSION/SUB, opened with the same safety as the result cache (DIR must be deadwood's or
 * new, no directory on the way may be a link or another user's), files read only when they are
 * regular files of the user's, written to a temporary file renamed over the old one, never
 * through a link. Names are 8 to 64 lowercase hex digits; a file is at most 256 MiB. */
typedef struct CacheStore CacheStore;
/* NULL with err filled when the directory cannot be used. */
CacheStore *cache_store_open(const char *dir, const char *version, const char *sub, char *err,
                             size_t errcap);
/* The file's bytes (dw_malloc'd; the caller frees them), or NULL when there is none. */
unsigned char *cache_store_get(CacheStore *s, const char *name, size_t *n);
/* False with err filled when it could not be written. Thread-safe. */
bool cache_store_put(CacheStore *s, const char *name, const void *data, size_t len, char *err,
                     size_t errcap);
void cache_store_close(CacheStore *s);

#endif
