/* run.h — analyzing a list of files: in parallel, each file's rules, then (when asked) the
 * whole-tree index and the rules that need it. The CLI's check and query commands call this;
 * it prints nothing.
 *
 * Determinism: findings are sorted before they are returned, so the result is the same whatever
 * the number of threads. A file that cannot be read becomes a DW001 finding, never an abort.
 */
#ifndef DW_RUN_H
#define DW_RUN_H

#include "check/check.h"
#include "index/index.h"

/* An optional per-file result cache (the CLI's, keyed by content, configuration and version).
 * lookup fills `out` with the file's cached findings and returns true on a hit, appending to
 * `summary` (when not NULL) the bytes of the module summary stored with them, if any; store
 * records findings and summary bytes (NULL: none). Both are called from worker threads,
 * concurrently. */
typedef struct RunCache {
    void *ud;
    bool (*lookup)(void *ud, const char *display, const char *bytes, size_t len, FindingList *out,
                   Buf *summary);
    void (*store)(void *ud, const char *display, const char *bytes, size_t len,
                  const FindingList *findings, const Buf *summary);
} RunCache;

typedef struct RunOptions {
    const CheckOptions *check;
    int jobs;                      /* threads; < 1 means 1 */
    const char *stdin_name;        /* the display name of "-" */
    bool tree;                     /* build the index and run the whole-tree rules */
    const SummaryOptions *summary; /* what the index records (queries); NULL: what rules need */
    const RunCache *cache;         /* NULL: no cache */
    size_t max_file_size;          /* a larger file is a DW001 finding; 0: the default (source.h) */
    const SourceOverlay *overlay;  /* files read from memory, not disk (the fix loop's); NULL */
    bool index_only; /* with tree: the index and the summaries (cached) the whole-tree rules
                        need, but neither their method hashes nor the rules: the caller runs
                        them (a language server, after each edit, over all its summaries) */
} RunOptions;

typedef struct RunResult {
    FindingList findings; /* sorted */
    ProjectIndex index;   /* built when tree or summary was asked */
    bool has_index;
    int32_t files;    /* files analyzed */
    int32_t cached;   /* of which answered from the cache */
    int32_t reparsed; /* of those, parsed again for the index (no usable summary in the cache) */
    int32_t unread;   /* methods the override rules skip: their file changed or went away */
    size_t bytes;     /* bytes read */
    Arena summaries;  /* owns the module summaries */
} RunResult;

bool run_files(const char *const *files, int32_t nfiles, const RunOptions *o, RunResult *r);
void run_result_free(RunResult *r);

#endif
