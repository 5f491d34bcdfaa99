/* noqa.h — `# noqa` comments: what each one silences, and which of its codes silenced nothing.
 *
 * Two forms, as ruff reads them (any case, spaces optional around the colon):
 *   `# noqa` / `# noqa: DW101, DW201`             the findings on the comment's line: every rule,
 *                                                 or those codes (other tools' codes are kept
 *                                                 but silence nothing here);
 *   `# deadwood: noqa` / `# deadwood: noqa: DW201`  every line of the file (ruff's `# ruff: noqa`).
 * A file's comments are parsed once; each remembers which of its codes were used, so that the
 * unused-noqa rule (DW003) can name the ones that silenced nothing.
 */
#ifndef DW_NOQA_H
#define DW_NOQA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { NOQA_MAX_CODES = 32 };

typedef struct Noqa {
    int32_t line; /* of the comment */
    int32_t col;  /* the character column of its '#', 1-based (0: unknown) */
    bool file;    /* `# deadwood: noqa`: every line of the file */
    bool blanket; /* no codes: every rule */
    bool blanket_used;
    int32_t ncodes;
    uint32_t used; /* bit i: codes[i] silenced a finding */
    struct {       /* the codes, as offsets into the comment (from its '#') */
        uint16_t off, len;
    } codes[NOQA_MAX_CODES];
    const char *text; /* the comment, from its '#' */
} Noqa;

/* Parses a comment (its '#' to the end of its line). False when it is not a noqa comment. */
bool noqa_parse(const char *comment, size_t len, Noqa *q);

/* Whether q silences a finding of `code` on `line`; marks the code (or the blanket) used. */
bool noqa_use(Noqa *q, int32_t line, const char *code);

/* Whether a comment silences `code` on its own line (the line form only). */
bool noqa_silences(const char *comment, size_t len, const char *code);

/* Whether the code at q->codes[i] has the form of a deadwood code (DW and three digits). */
bool noqa_is_deadwood_code(const Noqa *q, int32_t i);

#endif
