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
    bool fixable; /* reserved: no rule offers a fix yet */
} Finding;

/* A growable list of findings and the arena that owns their strings. */
typedef struct FindingList {
    Finding *items;
    int32_t len, cap;
    Arena arena;
} FindingList;

void findings_init(FindingList *l);
void findings_free(FindingList *l);
/* Appends a copy of f (its strings and related locations copied into l's arena). */
bool findings_add(FindingList *l, const Finding *f);
/* Moves every finding of src to the end of dst (src is emptied; its arena is kept alive by
 * chaining it into dst's). */
bool findings_take(FindingList *dst, FindingList *src);
/* Sorts by path, cell, line, column, code, message: the order every output format uses. */
void findings_sort(FindingList *l);

#endif
