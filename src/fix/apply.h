/* apply.h — a file's bytes and its findings' fixes in, the fixed bytes out.
 *
 * Edits carry positions in the decoded text (lines and byte columns); the text is the bytes but
 * for line ends (CRLF and a lone CR read as "\n") and a UTF-8 BOM, so a position maps to the bytes
 * line by line, and everything between edits is copied byte for byte: CRLF stays CRLF, tabs stay
 * tabs. Content inserted ends its lines with "\n", written as the file's own line ending (the
 * first one it has; "\n" when it has none), as ruff's Stylist does.
 */
#ifndef DW_FIX_APPLY_H
#define DW_FIX_APPLY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "base/finding.h"

/* Applies fixes[0..n) to bytes[0..len) into out. In order of their first edit, each fix is
 * applied whole or not at all: one that starts at or before the end of a fix applied already
 * waits for the next pass (ruff's rule: overlapping fixes never mix), except one with the very
 * edits of the fix applied last, which counts as applied (two findings, one repair); one whose
 * positions do not fit the bytes is not applied. applied[i] says which were. False only when out
 * of memory. */
bool fix_apply(const char *bytes, size_t len, const Fix *const *fixes, int32_t n, bool *applied,
               Buf *out);

/* One edit as a change of the file's bytes: it replaces bytes[*from, *to) by *content (appended
 * to it: the edit's content with the file's line ending). For a client that applies edits
 * itself, one fix at a time (an editor's quick fix: it turns the byte offsets into its own
 * positions). False when the edit's positions do not fit the bytes, or memory ran out. */
bool fix_edit_bytes(const char *bytes, size_t len, const Edit *e, size_t *from, size_t *to,
                    Buf *content);

/* The line ending a file uses: its first one ("\r\n", "\r" or "\n"), "\n" when it has none. */
const char *fix_line_ending(const char *bytes, size_t len);

#endif
