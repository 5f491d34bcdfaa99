/* finding.h — what an analysis reports: findings (a rule's code, a location, a message, related
 * locations) as plain values that outlive the file they came from.
 *
 * Locations here are what users see: 1-based lines and 1-based *character* columns (end column
 * exclusive: the column just after the span), converted from CPython's byte columns while the
 * file's text is still at hand. Every string is owned by the FindingList's arena.
 */
#ifndef DW_FINDING_H
#define DW_FINDING_H

#include <stdbool.h>
#include <stdint.h>

#include "arena.h"

typedef struct Location {
    int32_t line, col;         /* start: 1-based line and character column */
    int32_t end_line, end_col; /* end, exclusive */
    /* In a Jupyter notebook: the cell (1-based; 0 in any other file), the lines above being the
     * cell's; and the lines of the .ipynb file holding line and end_line (for the formats that
     * point into the file as stored). */
    int32_t cell;
    int32_t file_line, file_end_line;
} Location;

/* A fix's applicability (ruff's): a safe fix keeps what the program does; an unsafe one may
 * change it (a side effect that disappears, a comment that is lost, an intent only a person can
 * judge), and is applied only when asked for (--unsafe-fixes). */
typedef enum FixApplicability { FIX_SAFE = 1, FIX_UNSAFE = 2 } FixApplicability;

/* One text edit of a fix: the span [start, end) of the file's text replaced by `content` ("" to
 * delete, an empty span to insert). Lines and columns are those of the decoded text (what the
 * parser saw): for applying, 1-based lines and 0-based byte columns (CPython's); for outputs,
 * `loc` (1-based character columns, end exclusive). Content ends its lines with "\n", which
 * becomes the file's own line ending when applied. */
typedef struct Edit {
    Location loc;
    int32_t col, end_col; /* loc's columns in bytes, 0-based */
    const char *content;
} Edit;

/* A finding's fix: edits sorted by position, none overlapping another, and what they do. */
typedef struct Fix {
    uint8_t applicability; /* FixApplicability */
    const char *message;   /* "Remove the `if` test and keep one copy of the body" */
    const Edit *edits;
    int32_t nedits;
} Fix;

typedef struct Related {
    const char *path;
    Location loc;
    const char *message;
} Related;

typedef struct Finding {
    const char *code; /* "DW201" */
    const char *name; /* "none-dereference" */
    const char *path; /* as given on the command line, or relative to the root walked */
    Location loc;
    const char *message;
    const char *source; /* the text of loc.line (no newline), for the full and SARIF formats */
    int32_t noqa_line;  /* the line where a `# noqa` comment silences this finding */
    Related *related;
    int32_t nrelated;
    const Fix *fix; /* NULL: no fix */
} Finding;

/* A growable list of findings and the arena that owns their strings. */
typedef struct FindingList {
    Finding *items;
    int32_t len, cap;
    Arena arena;
} FindingList;

void findings_init(FindingList *l);
void findings_free(FindingList *l);
/* Appends a copy of f (its strings, related locations and fix copied into l's arena). */
bool findings_add(FindingList *l, const Finding *f);
/* Moves every finding of src to the end of dst (src is emptied; its arena is kept alive by
 * chaining it into dst's). */
bool findings_take(FindingList *dst, FindingList *src);
/* Sorts by path, cell, line, column, code, message: the order every output format uses. */
void findings_sort(FindingList *l);
/* A copy of fix (its edits and strings) in a; NULL for NULL or when out of memory. */
const Fix *fix_copy(Arena *a, const Fix *fix);

#endif
