/* check.h — the rule framework: what a rule is, the context it runs in, how it reports, and the
 * per-file analysis that runs every enabled rule.
 *
 * A rule (src/checks/<name>.c) either visits AST nodes of the kinds it asks for (one walk per
 * file serves every rule), or runs over the control-flow graph of each code unit (module body,
 * class body, function body; the graph is built once per unit and shared), or both. Its head
 * comment is its documentation: the build extracts it (tools/rule_docs.sh) and `deadwood rule
 * CODE` prints it. Findings are values added to a FindingList; `# noqa` comments are honoured
 * here, so rules never see them.
 */
#ifndef DW_CHECK_H
#define DW_CHECK_H

#include <stdarg.h>

#include "ast/ast.h"
#include "base/finding.h"
#include "cfg/cfg.h"
#include "check/noqa.h"
#include "fix/edits.h"
#include "index/index.h"
#include "output/output.h"
#include "parse/parser.h"
#include "source/notebook.h"
#include "source/source.h"

typedef struct CheckCtx CheckCtx;

/* Why a file could not be analyzed, as the framework found it; the rules that say so report it
 * (their `trouble` hook), so the framework knows no rule by name. */
typedef enum TroubleKind {
    TROUBLE_UNREADABLE,  /* the bytes could not be had (msg says why); no text */
    TROUBLE_UNDECODABLE, /* the text holds bytes invalid in its encoding (UTF-8): import refuses */
    TROUBLE_DECODE,      /* decoding failed (unknown cookie, BOM against cookie, a notebook that
                            is not JSON or not nbformat 4, ...): msg, line */
    TROUBLE_SYNTAX,      /* the parser refused it (or CPython would, before parsing: a notebook
                            cell with a NUL character): msg and the position */
} TroubleKind;

typedef struct Trouble {
    TroubleKind kind;
    const char *msg;
    int32_t line, col, end_line, end_col; /* byte columns, CPython's; line 0: none */
    const Location *at; /* in a file without text, where it is as findings give it (a notebook's
                           trouble: in the .ipynb, or in a cell); NULL: at `line` */
} Trouble;

typedef struct Check {
    RuleInfo info;
    /* AST kinds visit() wants (bit k of kinds[k / 64]) */
    uint64_t kinds[2];
    void (*visit)(CheckCtx *cx, const Node *n, const Node *parent);
    /* run once per code unit, on its control-flow graph */
    void (*flow)(CheckCtx *cx, Cfg *g);
    /* run once per file that parses, after the walk and the graphs; with end_last, after every
     * other rule's end too, when the file's findings are all in */
    void (*end)(CheckCtx *cx);
    bool end_last;
    /* a file that could not be analyzed: true when this rule reported it (cx->src may have no
     * text, and then cx->lines is empty) */
    bool (*trouble)(CheckCtx *cx, const Trouble *t);
} Check;

#define KIND_BIT(k) ((k) < 64 ? 1ull << ((k)&63) : 0), ((k) >= 64 ? 1ull << ((k)&63) : 0)

/* The registry, in code order (src/check/registry.c). */
extern const Check *const check_registry[];
extern const int check_count;
const Check *check_find(const char *code_or_name);
int check_index(const Check *c);

struct History;

/* Per-rule options a configuration may set. */
typedef struct CheckOptions {
    const bool *enabled;     /* by registry index; NULL: each rule's default */
    double drift_threshold;  /* DW301: minimum share of equal statements (0..1) */
    int target_minor;        /* DW002: the oldest Python 3 minor version supported; 0: none */
    struct History *history; /* DW303: the repository's history (src/history); NULL: none */
    bool stale_in_tests;     /* DW303: report overrides in test files too */
    bool stale_clones;       /* DW303: compare any two functions alike, not only overrides */
    bool stale_all_changes;  /* DW303: every change, not only those the history calls fixes */
} CheckOptions;

struct CheckCtx {
    Arena *arena; /* the file's arena: scratch for rules too */
    const char *path;
    const SourceText *src;
    LineIndex lines;
    const ParseResult *parse;
    const CheckOptions *opt;
    FindingList *out;
    const Check *current; /* the rule running */
    const Node *unit;     /* the unit being analyzed (flow rules) */
    const Node *outer;    /* the unit enclosing it (a method's class), NULL for the module */
    bool want_graph;      /* set by a visitor of a function or class node: build its unit's
                             graph and give it to the flow rules (they get it anyway where None
                             is compared or assigned) */
    void *classes;        /* the file's classes as src/checks/class_attrs.c sees them, built on
                             first use (in the arena) */
    int32_t reported;
    bool generated; /* the file says a program wrote it: findings are not reported, but for the
                       file-level ones (the rules that report troubles: DW000, DW001) */
    Noqa *noqa;     /* the file's noqa comments, each knowing what it silenced so far */
    int32_t nnoqa;
    const Notebook *notebook; /* a .ipynb: src is its code cells joined; findings get cells */
    FixText fix_text;         /* what fixes are made against (fix/edits.h) */
    const Fix *fix;           /* the fix the next report carries (check_fix), or NULL */
};

/* Fixes (see src/fix/edits.h): the next report of the current rule carries `fix` (NULL: none;
 * a report silenced by `# noqa` drops it). A file whose text is not its bytes read as UTF-8 (an
 * encoding cookie of another encoding) gets no fix: edits could not be mapped back to its bytes. */
void check_fix(CheckCtx *cx, const Fix *fix);
/* The text a rule's fix of this file is made against (fix_begin's). */
static inline const FixText *check_fix_text(const CheckCtx *cx) {
    return &cx->fix_text;
}

/* A related location for a report. */
typedef struct CheckRelated {
    const Node *at;
    const char *message;
} CheckRelated;

/* Reports a finding of the current rule at node `at`. */
void check_report(CheckCtx *cx, const Node *at, const CheckRelated *related, int nrelated,
                  const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void check_vreport(CheckCtx *cx, const Check *rule, const Node *at, const CheckRelated *related,
                   int nrelated, const char *fmt, va_list ap);
/* Reports over the span from the start of `from` to the end of `to`. */
void check_report_range(CheckCtx *cx, const Node *from, const Node *to, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* "line 5" or "lines 5-7", for messages about a span of statements. */
const char *check_lines(const NodeList *body, char *buf, size_t cap);
/* Reports with an explicit location (byte columns, CPython's). */
void check_report_at(CheckCtx *cx, const Check *rule, int32_t line, int32_t col, int32_t end_line,
                     int32_t end_col, const char *fmt, ...) __attribute__((format(printf, 7, 8)));
/* The location of a span of source as findings give it: from line:col to end_line:end_col (byte
 * columns, CPython's), or from the start of node `from` to the end of node `to`. */
Location check_location(const CheckCtx *cx, int32_t line, int32_t col, int32_t end_line,
                        int32_t end_col);
Location check_span(const CheckCtx *cx, const Node *from, const Node *to);
/* Reports at loc, with related locations given as they will be written (path, loc, message). */
void check_report_loc(CheckCtx *cx, Location loc, const Related *related, int nrelated,
                      const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The source text of a node on one line, for a message: layout (line breaks, indentation,
 * comments) becomes one space where Python's own layout would put one (none inside brackets),
 * and a text longer than cap - 1 bytes keeps its first and last whole tokens around a `…`
 * (`name in ("a", "b", … "z")`); written into buf. */
const char *check_node_text(const CheckCtx *cx, const Node *n, char *buf, size_t cap);

/* True when the rule is enabled by the options. */
bool check_enabled(const CheckOptions *opt, const Check *c);

/* Analyzes one file's bytes: parses, runs every enabled rule, adds findings (DW000 for a syntax
 * error, DW001 for undecodable bytes) to out. `display` is the path written in findings; one
 * ending in .ipynb is read as a Jupyter notebook (notebook.h: its code cells as one module,
 * findings located by cell; DW001 when it is not a notebook; no summary). When
 * sum_arena is given, also extracts the file's summary for the whole-tree index into it
 * (*summary stays NULL for a file that does not parse). False only when out of memory. */
bool check_file_bytes(const char *display, const char *bytes, size_t len, const CheckOptions *opt,
                      FindingList *out, const SummaryOptions *sopt, Arena *sum_arena,
                      ModuleSummary **summary);
/* The same, with `scratch` as the file's arena (reset, not freed, at the end: a worker that
 * analyzes many files reuses its memory). */
bool check_file_bytes_in(Arena *scratch, const char *display, const char *bytes, size_t len,
                         const CheckOptions *opt, FindingList *out, const SummaryOptions *sopt,
                         Arena *sum_arena, ModuleSummary **summary);

/* Reports trouble t (its message at its position, or at line 1 when the file has no text) as a
 * finding of the current rule: for trouble hooks. */
void check_report_trouble(CheckCtx *cx, const Trouble *t);

/* Reports a file whose bytes could not be had at all (`why`), by the rule that reports such
 * files, into out. False only when out of memory. */
bool check_unreadable(const char *display, const char *why, const CheckOptions *opt,
                      FindingList *out);

#endif
