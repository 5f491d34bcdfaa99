/* check_fix.h — `deadwood check`'s fixes: --fix, --unsafe-fixes, --diff, --fix-only, --show-fixes,
 * --exit-non-zero-on-fix and --add-noqa, driving the fix loop of src/fix/ for cmd_check.c, and
 * the lines that say what was fixed and what could be. */
#ifndef DW_CHECK_FIX_H
#define DW_CHECK_FIX_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/finding.h"
#include "fix/session.h"

typedef enum FixMode {
    FIXMODE_NONE,  /* report, with `[*]` on what --fix would repair */
    FIXMODE_APPLY, /* --fix, --fix-only: write the fixed files */
    FIXMODE_DIFF,  /* --diff: print what --fix would change, write nothing */
} FixMode;

typedef struct CheckFixOptions {
    FixMode mode;
    bool unsafe;     /* unsafe fixes apply too */
    bool only;       /* --fix-only: what remains is not reported */
    bool show_fixes; /* a table of what was fixed, per file and rule */
    bool quiet;
    bool from_stdin;   /* one file from standard input: fixed text to standard output */
    const char *shown; /* the name standard input's findings carry */
    size_t max_file_size;
} CheckFixOptions;

/* What cmd_check.c lends the fix loop. */
typedef struct CheckFixHooks {
    void *ud;
    /* one analysis of the files as the overlay holds them; false: failed (reported) */
    bool (*analyze)(void *ud, const SourceOverlay *ov, FindingList *out);
    /* whether the finding's rule may be fixed in its file (the fixable/unfixable settings) */
    bool (*fixable)(void *ud, const Finding *f);
} CheckFixHooks;

typedef struct CheckFixResult {
    FindingList remaining; /* the last analysis's findings, sorted (the caller may take them) */
    int32_t fixed;         /* fixes applied (in files kept) */
    int32_t fixed_files;   /* files they were applied in */
    bool changes;          /* some file was (or, --diff, would be) changed */
    bool failed;           /* a file could not be written, or a fix was undone: an error */
    FixSession session;
} CheckFixResult;

/* Runs the fix loop over files[0..n) and writes (or, --diff, prints) what changed. False when
 * the analysis failed or memory ran out (reported); r holds the outcome either way. */
bool check_fix_run(const char *const *files, int32_t n, const CheckFixOptions *o,
                   const CheckFixHooks *h, CheckFixResult *r);
void check_fix_result_free(CheckFixResult *r);

/* Whether the finding's fix applies under o (its applicability, and the rule's fixable setting). */
bool check_fix_applies(const CheckFixOptions *o, const CheckFixHooks *h, const Finding *f);

/* The lines after the summary (on stderr): ruff's `[*] N fixable with the `--fix` option (M
 * hidden fixes can be enabled with the `--unsafe-fixes` option).` about the findings that
 * remain; --show-fixes' table of what was fixed (r may be NULL: nothing fixed). */
void check_fix_hints(const FindingList *remaining, const CheckFixOptions *o,
                     const CheckFixHooks *h);
void check_fix_show(const CheckFixResult *r);
/* --fix-only and --diff's one line: `Fixed N problems (M additional fixes available with
 * `--unsafe-fixes`).`, or `Would fix ...`. */
void check_fix_only_summary(const CheckFixResult *r, const FindingList *remaining,
                            const CheckFixOptions *o, const CheckFixHooks *h);

/* --add-noqa: one analysis, then `# noqa: CODE` added for every finding (but DW003's, and those
 * of files that do not parse), files written as --fix writes them. An exit status. */
int check_add_noqa(const char *const *files, int32_t n, const CheckFixOptions *o,
                   const CheckFixHooks *h);

#endif
