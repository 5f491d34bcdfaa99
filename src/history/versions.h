/* versions.h — building a file's FileHistory (history.h) one version of the file at a time,
 * oldest first: each version is parsed, its functions' statements hashed, and each function whose
 * statements changed gets a new version, the units its previous version lost marked (HUNIT_GONE)
 * unless the change was cosmetic or moved them into a function the same commit added or changed.
 * The builder can start from a FileHistory read back from the cache, to add the working tree's
 * version (or newer commits) on top. */
#ifndef DW_HISTORY_VERSIONS_H
#define DW_HISTORY_VERSIONS_H

#include "history.h"

typedef struct FileBuilder {
    Arena *out; /* where the FileHistory's contents go */
    FileHistory *fh;
    int32_t capfns, capcommits;
    int32_t *slots; /* open addressing over fh->fns by qualname: index + 1, 0 empty */
    uint32_t nslots;
    int32_t max_units; /* a function with more statements gets versions but no GONE marks */
    char *prev;        /* the previous version's bytes (dw_malloc'd), for FNV_NEW_ATTRIBUTE */
    size_t prev_len;
} FileBuilder;

/* Starts building fh (empty, or as read back from the cache). False when out of memory. */
bool fb_init(FileBuilder *b, Arena *out, FileHistory *fh);
/* Adds the version of the file made by commit (id, time, subject, the issue it fixes or ""): its
 * bytes, or NULL when the file is absent then (a gap for every function). A version that does not
 * parse is a gap too. `scratch` is for this call only (the caller resets it). False when out of
 * memory. */
bool fb_add(FileBuilder *b, const char *id, int64_t time, const char *subject, const char *fixes,
            const char *bytes, size_t len, Arena *scratch);
/* Puts fh->fns in qualname order (history_function's binary search) and frees the builder. */
void fb_finish(FileBuilder *b);

#endif
