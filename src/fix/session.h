/* session.h — the fix loop: the files of a run held in memory, fixed pass after pass, and
 * written back (or shown as a diff) at the end. The CLI drives it; nothing here prints.
 *
 * A pass: the analysis runs over the files as they are now (their bytes given to it through a
 * SourceOverlay, so the analysis, the fixes and what is written all see the same bytes, and the
 * cache keys on them), each file's wanted fixes are applied (fix_apply: overlapping ones wait),
 * and the result is parsed again. A file that no longer parses gets back its original bytes, and
 * no more fixes: every change to it is undone and FixFile.reverted says why. Passes go on until
 * one changes nothing, FIX_MAX_PASSES at most (then `converged` is false). The last analysis,
 * over the final bytes, is the run's findings: what remains to report.
 *
 * A file that does not parse gets no fix (its only finding is the syntax error). A notebook
 * (.ipynb) gets none either: its findings carry none (check.c), their positions being in its
 * cells, not its JSON.
 */
#ifndef DW_FIX_SESSION_H
#define DW_FIX_SESSION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/arena.h"
#include "base/buf.h"
#include "base/finding.h"
#include "source/source.h"

enum { FIX_MAX_PASSES = 10 };

/* Fixes applied in a file, for one rule. */
typedef struct FixCount {
    const char *code, *name;
    int32_t n;
} FixCount;

typedef struct FixFile {
    const char *path;    /* what it is read by ("-": standard input) */
    const char *display; /* what findings call it */
    char *original;      /* its bytes when the run started (NULL: could not be read: then the
                            analysis reports it, and it gets no fix) */
    size_t original_len;
    char *current; /* its bytes now; NULL: the original */
    size_t current_len;
    const char *reverted; /* why every change was undone (a pass left it unparseable), or NULL */
    FixCount *counts;     /* fixes applied, per rule (none when reverted) */
    int32_t ncounts, capcounts;
    int32_t last_pass; /* the last pass that changed it (1-based; 0: none) */
} FixFile;

typedef struct FixSession {
    FixFile *files;
    int32_t n;
    int32_t *by_display; /* file indices, sorted by display name */
    SourceOverlay overlay;
    const char **ov_paths, **ov_bytes;
    size_t *ov_lens;
    int32_t *ov_file; /* overlay slot -> file */
    int32_t passes;   /* analyses run */
    bool converged;   /* the last pass changed nothing */
    Arena arena;
} FixSession;

/* Reads the files (paths[i], shown as displays[i]; NULL: the paths) into memory, standard input
 * too. False only when out of memory; a file that cannot be read is left to the analysis. */
bool fix_session_init(FixSession *s, const char *const *paths, const char *const *displays,
                      int32_t n, size_t max_size);
/* The same, with the bytes of the paths `from` holds taken from it (a copy) instead of the disk:
 * an editor's open documents, fixed in memory (the language server's "fix all": run the loop,
 * then hand back each file's bytes, fix_file_bytes, without writing anything). */
bool fix_session_init_over(FixSession *s, const char *const *paths, const char *const *displays,
                           int32_t n, size_t max_size, const SourceOverlay *from);
void fix_session_free(FixSession *s);

/* What the analysis reads: every file held, as it is now. */
const SourceOverlay *fix_session_overlay(const FixSession *s);

/* Runs one analysis over the files as they are (into out, sorted), or false on failure (the
 * CLI has said why). */
typedef bool (*FixAnalyze)(void *ud, const SourceOverlay *ov, FindingList *out);
/* Whether a finding's fix may be applied (its applicability and its rule's fixable setting). */
typedef bool (*FixWanted)(void *ud, const Finding *f);

/* The loop: analyses and passes until nothing changes; *out holds the last analysis's
 * findings. False when an analysis failed or memory ran out. */
bool fix_session_run(FixSession *s, FixAnalyze analyze, FixWanted wanted, void *ud,
                     FindingList *out);

/* One pass over the findings of an analysis: how many files changed (a revert counts), or -1
 * when out of memory. */
int32_t fix_session_pass(FixSession *s, const FindingList *fl, FixWanted wanted, void *ud);

/* The file findings call `display`, or -1. */
int32_t fix_session_file(const FixSession *s, const char *display);
/* Applies fixes[0..n) (NULL entries skipped) to file fi as fix_apply does (applied[i]: which
 * were), then parses the result: a result that does not parse undoes every change to the file
 * (FixFile.reverted). 1: the file changed (a revert too), 0: not, -1: out of memory. */
int fix_session_apply(FixSession *s, int32_t fi, const Fix *const *fixes, int32_t n, bool *applied);

/* The file's bytes now. */
static inline const char *fix_file_bytes(const FixFile *f, size_t *len) {
    *len = f->current ? f->current_len : f->original_len;
    return f->current ? f->current : f->original;
}
/* How many fixes were applied to it (0 when reverted). */
int32_t fix_file_fixed(const FixFile *f);

/* Writes file f's current bytes over the file it was read from: atomically (a temporary file in
 * the same directory renamed over it; through a symbolic link, the link's target), keeping its
 * mode and owner; a file with several hard links is rewritten in place, so that every link sees
 * the fix. Not written, with the reason in err, when the file on disk no longer holds the bytes
 * read at the start (it changed during the run), or anything fails. */
bool fix_file_write(const FixFile *f, char *err, size_t cap);

/* A unified diff (3 lines of context, ruff's and difflib's hunk headers) from a to b, both
 * called `name`; nothing when they are the same. Lines keep their own line ends; a last line
 * without one is followed by "\ No newline at end of file". */
void fix_unified_diff(Buf *out, const char *name, const char *a, size_t alen, const char *b,
                      size_t blen);

/* --add-noqa: the edit adding `# noqa: CODE` for the findings fs[0..n) of one file (bytes), as one
 * fix in a: on each line with findings, the codes are appended to the line's `# noqa: ...` list
 * (other tools' codes left alone), or `  # noqa: CODES` is added at the line's end. A line whose
 * end lies inside a string or after a backslash cannot hold a comment, nor one whose comment is
 * the file's `# deadwood: noqa` (a list after it would not be read): their findings are counted
 * in *skipped. *lines: how many lines get a comment. NULL when there is nothing to add, the file
 * does not parse, or memory runs out. */
const Fix *fix_noqa_edit(Arena *a, const char *bytes, size_t len, const Finding *const *fs,
                         int32_t n, int32_t *lines, int32_t *skipped);

#endif
