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
 * Bytes that are not UTF-8 where the parser does not look at them (a comment) count too:
 * CPython 3.14 refuses such a file (`import` and `ast.parse` alike), and earlier versions refuse
 * to run it as a script (`python file.py`), although they import it. The message says which.
 *
 * Not reported: files excluded from the run; directories that cannot be listed (those are
 * reported as warnings by the file discovery, not as findings).
 */
#include "check/check.h"
#include "rule_docs.h"

extern const Check check_unreadable_file;

/* Invalid UTF-8 in a file read as UTF-8 (files under another cookie were transcoded already);
 * in a file that does not parse too, where the decoding problem is what is reported. In a file
 * that parses, the bytes are where the parser does not look (a comment): CPython before 3.14
 * imports it (`compile()` of the bytes skips comments undecoded) but refuses to run it as a
 * script, 3.14 refuses both. */
static bool report_utf8(CheckCtx *cx, bool parsed) {
    if (cx->src->valid_utf8) return false;
    const char *why;
    int64_t bad = utf8_find_invalid(cx->src->text, cx->src->len, &why);
    if (bad < 0) return false;
    int32_t line = line_index_line(&cx->lines, (size_t)bad);
    int32_t col = (int32_t)((size_t)bad - cx->lines.starts[line - 1]);
    check_report_at(cx, &check_unreadable_file, line, col, line, col + 1,
                    "'utf-8' codec can't decode byte 0x%02x (%s): a file without a coding "
                    "cookie must be UTF-8, %s",
                    (unsigned char)cx->src->text[bad], why,
                    parsed ? "and Python 3.14 refuses to import this one (earlier versions, to "
                             "run it as a script)"
                           : "and Python refuses to import this one");
    return true;
}

static void visit(CheckCtx *cx, const Node *n, const Node *parent) {
    (void)n;
    (void)parent;
    report_utf8(cx, true);
}

static bool trouble(CheckCtx *cx, const Trouble *t) {
    if (t->kind == TROUBLE_UNDECODABLE) return report_utf8(cx, false);
    if (t->kind != TROUBLE_UNREADABLE && t->kind != TROUBLE_DECODE) return false;
    check_report_trouble(cx, t);
    return true;
}

const Check check_unreadable_file = {
    .info = {"DW001", "unreadable-file", "The file cannot be read or decoded.", DOC_DW001, true,
             "error"},
    .kinds = {KIND_BIT(AST_MODULE)},
    .visit = visit,
    .trouble = trouble,
};
