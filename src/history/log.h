/* log.h — a repository's first-parent history of Python files, as one `git log` prints it, and
 * the versions of one file along it (following renames back to the file's creation).
 *
 * The command (history.c runs it):
 *   git log --first-parent -m --root --raw -M --no-abbrev -z --format=%x01%H %ct %s%x00%b HEAD
 *           -- *.py
 * prints, newest first, each commit of the first-parent line that changed a Python file (a merge
 * compared with its first parent: what it brought into the line), then its changes:
 *   \x01<id> <committer time> <subject>\0<body>\0\n
 *   :<mode> <mode> <old blob> <new blob> <status>\0<path>\0            (A M D T)
 *   :<mode> <mode> <old blob> <new blob> R<score>\0<old path>\0<new path>\0
 * The parser reads that text in place (the strings below point into it) and refuses anything
 * else: a malformed log is an error, never a guess. A commit's subject is the one it was given,
 * except for a merge of a GitHub pull request ("Merge pull request #12 from carol/fix"), whose
 * subject says nothing of the change: it is the pull request's title, the first line of the
 * merge's body, followed by its number ("Expired entries are misses (#12)"), as GitHub writes
 * the subject of a squashed pull request.
 */
#ifndef DW_HISTORY_LOG_H
#define DW_HISTORY_LOG_H

#include <stdbool.h>
#include <stdint.h>

#include "base/buf.h"

typedef struct HistChange {
    char status;          /* git's letter: A M D R C T */
    const char *old_oid;  /* hex; zeros when there was no file before */
    const char *new_oid;  /* hex; zeros when there is none after */
    const char *path;     /* the path after (the deleted path for D) */
    const char *old_path; /* R, C: the path before; otherwise the same as path */
    uint64_t path_hash;   /* of path, to compare quickly */
} HistChange;

typedef struct HistCommit {
    const char *id; /* hex */
    int64_t time;   /* committer time, seconds since the epoch */
    const char *subject;
    const char *fixes;       /* the issue its message says it fixes ("#12", "gh-7"), or "" */
    int32_t first, nchanges; /* its changes: log->changes[first, first + nchanges) */
    int32_t title;           /* (while parsing) 1 + the offset of its subject in log->titles */
    int32_t fixes_at;        /* (while parsing) 1 + the offset of fixes in log->titles */
} HistCommit;

typedef struct HistLog {
    Buf text; /* git's output; everything below points into it */
    HistCommit *commits;
    int32_t ncommits; /* newest first */
    HistChange *changes;
    int32_t nchanges;
    Buf titles; /* the subjects made of pull requests' titles, and the issues commits fix */
} HistLog;

/* A version of a file: the commit (an index into the log) that made it, and its blob. */
typedef struct HistVersion {
    int32_t commit;
    const char *oid;
    const char *path; /* the file's path at that commit */
} HistVersion;

/* Parses l->text (filled by the caller) in place. False when it is not a log as above, or out of
 * memory; l stays safe to free. */
bool histlog_parse(HistLog *l);
void histlog_free(HistLog *l);

/* The versions of the file whose path at the log's newest commit is `path`, oldest first, in
 * *out (dw_malloc'd; the caller frees it): one per commit that changed it, back to the commit
 * that added it, through renames. Returns how many, 0 when the log never changed it, -1 when out
 * of memory. */
int32_t histlog_versions(const HistLog *l, const char *path, HistVersion **out);

uint64_t histlog_path_hash(const char *path);

#endif
