/* output.h — findings to text, in every format deadwood offers. The CLI prints what these
 * functions write into a Buf; nothing here touches a file descriptor.
 *
 *   text    path:line:col: CODE message                      (one line per finding)
 *   full    the same, then the source line with a caret underline and related locations
 *   json    an array of objects with ruff's field names where they exist (a fix: ruff's `fix`)
 *   sarif   SARIF 2.1.0 (valid against the official schema; a fix: a result's `fixes`)
 *   github  GitHub Actions workflow commands (::error file=...)
 *
 * Every format is written in one pass over the findings (linear in their number and size). Lines
 * and columns are the Finding's: 1-based lines, 1-based character columns, end exclusive.
 */
#ifndef DW_OUTPUT_H
#define DW_OUTPUT_H

#include <stdbool.h>

#include "base/buf.h"
#include "base/finding.h"

typedef enum OutputFormat { OUT_TEXT, OUT_FULL, OUT_JSON, OUT_SARIF, OUT_GITHUB } OutputFormat;

/* The names output_format_parse accepts, for help texts. */
#define OUTPUT_FORMAT_NAMES "text, full, json, sarif, github"

/* Where the rule documentation lives when OutputOptions.homepage is NULL: a rule's URL is
 * HOMEPAGE/blob/main/README.md#dw201 (the README has one anchor per rule, the code in lower case).
 */
#define OUTPUT_DEFAULT_HOMEPAGE "https://github.com/deadwood-lint/deadwood"

/* What an output needs to know of a rule (SARIF's tool.driver.rules, links, levels). */
typedef struct RuleInfo {
    const char *code;    /* "DW201" */
    const char *name;    /* "none-dereference" */
    const char *summary; /* one sentence */
    const char *doc;     /* the rule's full documentation (what, why, example, not reported) */
    bool default_on;
    const char *level; /* SARIF level: "error", "warning" or "note" (NULL: "warning") */
} RuleInfo;

typedef struct OutputOptions {
    OutputFormat format;
    bool color;       /* ANSI colours (text and full only) */
    const char *root; /* SARIF: the directory paths are relative to (absolute, for uriBaseId) */
    const RuleInfo *rules;
    int nrules;
    const char *version;  /* deadwood's version */
    const char *homepage; /* informationUri and the base of rule URLs; NULL: the default above */
    bool fix_status;      /* text and full: `[*]` after the code of a finding whose fix --fix
                             would apply (ruff's), when fixes are not being applied */
    bool unsafe_fixes;    /* ... counting unsafe fixes (--unsafe-fixes) */
} OutputOptions;

/* Whether a finding's fix is applied under these options (safe, or unsafe too when asked). */
static inline bool output_fix_applies(const Finding *f, bool unsafe_fixes) {
    return f->fix && (f->fix->applicability == FIX_SAFE || unsafe_fixes);
}

/* Parses "text", "full", "json", "sarif", "github"; false for anything else. */
bool output_format_parse(const char *name, OutputFormat *out);
/* The name of a format ("text", ...). */
const char *output_format_name(OutputFormat f);

/* Appends all findings (already sorted; NULL: none) in the chosen format. On success out->data is
 * NUL-terminated and not NULL, even when nothing was written (text of no findings is empty). False
 * when out of memory: out->failed is then set and its contents are incomplete. */
bool output_write(Buf *out, const FindingList *findings, const OutputOptions *opt);

/* Appends the documentation URL of a rule: HOMEPAGE/blob/main/README.md#<code in lower case>. */
void output_rule_url(Buf *out, const char *homepage, const char *code);

#endif
