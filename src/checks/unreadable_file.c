/* DW001 unreadable-file
 *
 * What it does: reports a file that could not be read or decoded: permission denied, a file
 * that vanished, a coding cookie naming an unknown encoding, bytes that are not valid in the
 * declared encoding (UTF-8 by default), a byte order mark contradicting the cookie.
 *
 * Why is this a bug: Python cannot import the module either; and every other rule is blind to
 * it, so the problem must not pass silently.
 *
 * Example:
 *     # -*- coding: latin-2000 -*-
 *
 * Use instead: save the file as UTF-8 (and drop the cookie), or name an encoding Python knows.
 *
 * Not reported: files excluded from the run; directories that cannot be listed (those are
 * reported as warnings by the file discovery, not as findings).
 */
#include "check/check.h"
#include "rule_docs.h"

const Check check_unreadable_file = {
    {"DW001", "unreadable-file", "The file cannot be read or decoded.", DOC_DW001, true, "error"},
    {0, 0},
    NULL,
    NULL,
};
