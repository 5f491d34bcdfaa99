/* DW000 syntax-error
 *
 * What it does: reports a file that Python itself would refuse to compile, with CPython's own
 * message and the line CPython reports. The file is parsed with the newest grammar deadwood
 * implements (3.15), which accepts the older versions' syntax but for what newer ones refuse
 * (3.14 refuses a newline in the format spec of a one-quote f-string): such an error says which
 * versions accept it ("(Python 3.14 and later; 3.13 accepts it)"). Syntax newer than the
 * project's `target-version` is DW002's finding, not this one's.
 *
 * Why is this a bug: the module cannot be imported; no other rule can look inside it.
 *
 * Example:
 *     def f(:
 *         pass
 *
 * Use instead: fix the syntax; `python -m py_compile FILE` gives the same message.
 *
 * Not reported: SyntaxWarnings (invalid escape sequences, `is` with a literal) and errors that
 * CPython raises only when compiling, not parsing (`return` outside a function, `nonlocal` at
 * module level).
 */
#include "check/check.h"
#include "rule_docs.h"

static bool trouble(CheckCtx *cx, const Trouble *t) {
    if (t->kind != TROUBLE_SYNTAX) return false;
    check_report_trouble(cx, t);
    return true;
}

const Check check_syntax_error = {
    .info = {"DW000", "syntax-error", "The file does not parse as Python.", DOC_DW000, true,
             "error"},
    .trouble = trouble,
};
