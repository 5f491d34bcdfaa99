/* tree_text.h — a module's text read and parsed again, for the fixes of the whole-tree rules.
 *
 * The whole-tree rules report from summaries, after the files' texts are gone; a fix is made on
 * the text read again (fix/edits.h), and only when it is the text analyzed (index_module_text
 * checks its length and hash). A rule looks at its findings module by module, so one TreeText
 * keeps the module read last: a module with n findings costs one read and one parse, not n. */
#ifndef DW_TREE_TEXT_H
#define DW_TREE_TEXT_H

#include "fix/edits.h"
#include "index/index.h"
#include "parse/parser.h"

typedef struct TreeText {
    int32_t module; /* -1: none yet */
    bool ok;        /* read as analyzed, UTF-8, parsed */
    ReadAgain read;
    Arena arena; /* the parse's */
    ParseResult pr;
    FixText ft;
} TreeText;

void tree_text_init(TreeText *tt);
void tree_text_free(TreeText *tt);
/* Module m's text and tree (tt->pr.module) for fixes, unless m is the one loaded last; NULL
 * when the file cannot be read as it was analyzed, is not UTF-8, or does not parse. Owned by tt
 * until the next module is loaded. */
const FixText *tree_text_load(TreeText *tt, const ProjectIndex *ix, int32_t m);
/* The offset in t of a summary's position (SumLoc: a line, and a 1-based column in characters). */
size_t tree_text_offset(const FixText *t, int32_t line, int32_t col);

#endif
