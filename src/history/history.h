/* history.h — a repository's history, as the stale-override rule (DW303) needs it: the past
 * versions of every function of a file, along the first-parent line of HEAD, following renames
 * back to the file's creation, then the working tree's version; cached per file and HEAD.
 *
 * A file's history (FileHistory) lists, per function (by qualified name, as func_qualname spells
 * it: `Class.method`; functions nested in functions are part of their outer function), the
 * versions it went through: consecutive versions whose statements are equal are one, and a
 * version of the file where the function is absent (or that does not parse) is a gap, not a
 * deletion. Statements are the override rules' units (index.h: a compound statement is its header
 * then its inner statements; docstrings dropped), hashed as the index hashes them, and also in a
 * normalized form (normalize.h, and without the keyword arguments that only repeat their
 * parameter's default: versions.c) that erases cosmetic choices. Each unit says whether the
 * function's next version really deleted it (HUNIT_GONE): not when the change was cosmetic (the
 * normalized statement is still there) and not when the same commit moved it into a function of
 * the file it added or changed (extract method).
 *
 * How: history.c finds each file's work tree (the nearest directory above it with a .git), asks
 * git once for its top directory, HEAD and whether it is shallow, reads one `git log` per
 * repository (log.h) when some file's history is not in the cache, and reads the blobs through
 * one `git cat-file --batch` (git.h); versions are parsed on worker threads. The result for each
 * file is written to the cache (DIR/VERSION/history/NAME in deadwood's cache directory, with the
 * cache's safety rules: cache.h), keyed by the file's path and HEAD, so a run with an unchanged
 * HEAD reads no history at all; the working tree's version (uncommitted changes) is added on top
 * at every run.
 *
 * Outside a git work tree, without git, in a repository without commits or one git refuses
 * (safe.directory), files have no history: notes say why, for the CLI to print (-v, or a
 * warning). A shallow clone has a history that stops early: a note (a warning) names the fix.
 * Nothing here prints or exits.
 */
#ifndef DW_HISTORY_H
#define DW_HISTORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/str.h"

enum {
    HUNIT_WEAK = 1, /* says little on its own: pass, break, continue, return [None], ..., the
                       `else:` and `try:` of a compound statement, a bare `except:` */
    HUNIT_GONE = 2, /* the function's next version deleted it (not reworded, not moved) */
    HUNIT_NEW = 4,  /* not in the function's previous version */
    HUNIT_ALL = 7,
};

typedef struct HistUnit {
    uint64_t hash;  /* as the index hashes statements (StmtUnit.hash) */
    uint64_t loose; /* of the statement normalized (NORM_LOOSE) */
    uint64_t blind; /* (NORM_BLIND) */
    int32_t line;
    uint8_t flags;
    const char *text; /* HUNIT_NEW units: the statement's first line, trimmed; else NULL */
} HistUnit;

enum {
    FNV_NEW_ATTRIBUTE = 1, /* the change that made it added a switch on an attribute of self
                              that the file did not mention before (a new option or feature:
                              `if self.local:`), which copies in other classes may not have */
    FNV_ALL = 1,
};

typedef struct FnVersion {
    int32_t commit; /* the change that made it: an index into FileHistory.commits */
    HistUnit *units;
    int32_t nunits;
    uint8_t flags;         /* FNV_* */
    const uint64_t *names; /* the names it uses (parameters too), as sorted distinct hashes */
    int32_t nnames;
} FnVersion;

/* Whether version v uses name (a variable, parameter or exception name; not an attribute). */
bool history_has_name(const FnVersion *v, Str name);

typedef struct FnHistory {
    const char *qualname;
    FnVersion *versions; /* oldest first */
    int32_t nversions;
    bool present; /* in the newest version of the file */
} FnHistory;

typedef struct FileCommit {
    const char *id; /* hex; "" for the working tree's uncommitted changes */
    int64_t time;
    const char *subject;
    const char *fixes; /* the issue its message says it fixes ("#12", "gh-7"), or "" */
} FileCommit;

typedef struct FileHistory {
    const char *path;    /* the file as the caller named it */
    const char *repo;    /* its work tree's top directory */
    const char *in_repo; /* its path there */
    FileCommit *commits; /* those that changed the file, oldest first (then the working tree) */
    int32_t ncommits;
    FnHistory *fns; /* sorted by qualname */
    int32_t nfns;
} FileHistory;

/* A function's history in a file's, or NULL. */
const FnHistory *history_function(const FileHistory *fh, const char *qualname);

typedef struct HistoryOptions {
    const char *cache_dir; /* deadwood's cache directory; NULL: no cache */
    const char *version;   /* deadwood's version (the cache's VERSION directory) */
    uint64_t build;        /* deadwood's build (cache_build_key): entries of another are misses */
    int timeout_ms;        /* the longest git may make no progress (0: 60 s) */
    int jobs;              /* threads parsing versions */
    size_t max_blob;       /* larger versions of a file are gaps (0: 64 MiB) */
} HistoryOptions;

typedef enum HistNoteKind {
    HNOTE_NO_GIT,     /* no git program */
    HNOTE_NOT_REPO,   /* files outside any git work tree */
    HNOTE_NO_COMMITS, /* a repository without commits */
    HNOTE_SHALLOW,    /* a shallow clone: the history stops early */
    HNOTE_GIT_ERROR,  /* git failed (safe.directory, a damaged repository, a timeout...) */
    HNOTE_CACHE,      /* the history cache could not be used or written */
    HNOTE_INFO,       /* what was done: repositories, files from the cache, blobs read */
} HistNoteKind;

typedef struct HistNote {
    HistNoteKind kind;
    bool warning; /* worth a warning (else only -v shows it) */
    char msg[600];
} HistNote;

typedef struct HistoryStats {
    int32_t repos, files, cached, built; /* files from the cache, and built from git */
    int32_t commits, blobs;              /* commits in the logs read, blobs read */
    int32_t missing;                     /* blobs git does not have (partial clones) */
} HistoryStats;

typedef struct History History;

/* NULL only when out of memory. */
History *history_new(const HistoryOptions *o);
void history_free(History *h);

/* Makes the histories of these files (paths as the caller names them: absolute or relative to
 * the current directory), all at once. False only when out of memory. */
bool history_prepare(History *h, const char *const *paths, int32_t n);
/* The history of a file prepared, or NULL when it has none (see the notes). */
const FileHistory *history_file(const History *h, const char *path);

/* What happened, for the CLI: notes in the order they arose. */
int32_t history_notes(const History *h, const HistNote **notes);
HistoryStats history_stats(const History *h);

/* Longest common subsequence of two hash sequences, as an alignment: ma[i] is the index in b
 * matched with a[i], or -1 (mb likewise); equal prefixes and suffixes are matched first, ties
 * go to the earliest match. Returns the length, or -1 when out of memory. */
int32_t history_lcs(const uint64_t *a, int32_t n, const uint64_t *b, int32_t m, int32_t *ma,
                    int32_t *mb);

#endif
