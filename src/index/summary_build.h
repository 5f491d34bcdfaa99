/* summary_build.h — the builder of a ModuleSummary, shared by the files that make its parts:
 * summary.c (the walk, and a file's definitions and imports), calls.c (its call sites with their
 * guards, and how a call resolves) and the rules' collectors through collect.h. Not for use
 * outside src/index. */
#ifndef DW_SUMMARY_BUILD_H
#define DW_SUMMARY_BUILD_H

#include "collect.h"
#include "index.h"
#include "source/source.h"

/* For the functions summary_enter calls on the less common nodes: kept out of it, so that the
 * walk's call of it for every call expression needs no big frame. */
#define NOINLINE __attribute__((noinline))

typedef struct Scope {
    const Node *node;
    int32_t func; /* index of the function this scope is, or -1 */
    int32_t cls;  /* index of the class this scope is, or -1 */
} Scope;

/* A range of positions (line << 32 | column, end exclusive). */
typedef struct Span {
    int64_t from, to;
} Span;

static inline int64_t pos_of(int32_t line, int32_t col) {
    return (int64_t)line << 32 | (uint32_t)col;
}

typedef struct FinallySpan {
    const Node *unit;
    Span span;
} FinallySpan;

/* A collector of an enabled rule, and its state for this file. */
typedef struct Hook {
    const Collector *c;
    void *st;
} Hook;

struct SumBuilder {
    Arena *out, *scratch;
    const SummaryOptions *opt;
    const char *text;
    size_t len;
    bool ascii; /* (SourceText.ascii) */
    LineIndex lines;
    ModuleSummary *m;
    VEC(FuncSum) funcs;
    VEC(ClassSum) classes;
    VEC(ImportSum) imports;
    VEC(CallSum) calls;
    VEC(int32_t) * methods; /* per class, in scratch */
    int32_t cap_methods;
    struct Bindings **binds; /* per function, the names it binds (made when first asked) */
    int32_t cap_binds;
    int nscopes;
    VEC(const Node *) fn_node;     /* per function: its node */
    VEC(const MethodCode *) codes; /* per function, its code, when made during the walk */
    int lambdas;                   /* lambdas the walk is in */
    VEC(FinallySpan) finals;       /* callers: the `finally:` bodies, with their units */
    struct Bindings *toplevel;     /* the names bound at module level (summary_may_resolve) */
    const char *package;           /* for relative imports */
    bool walrus;                   /* the file may hold a named expression (ParseResult.walrus) */
    /* funcs and classes are made in place in `out`, as many as the parser counted; only if
     * they outgrow that (they do not) do they move to scratch, to be copied at the end */
    FuncSum *funcs_out;
    ClassSum *classes_out;
    bool failed;
    Hook hooks[SUMMARY_MAX_COLLECTORS];
    int nhooks;
    uint8_t visits[AST_KIND_COUNT];   /* SUMMARY_ENTER / SUMMARY_LEAVE, the collectors' too */
    uint8_t on_enter[AST_KIND_COUNT]; /* per kind, the hooks told on entering (bit i: hooks[i]) */
    uint8_t on_leave[AST_KIND_COUNT];
    Scope scopes[256]; /* (last: summary_begin zeroes the fields before it, not these 4 KiB) */
};

static inline Scope *scope(SumBuilder *sb) {
    return &sb->scopes[sb->nscopes - 1];
}

/* The unit (module, class or function node) the walk is in. */
static inline const Node *current_unit(SumBuilder *sb) {
    return scope(sb)->node;
}

/* summary.c */
const char *sdup(SumBuilder *sb, const char *s, size_t n);
const char *dupstr(SumBuilder *sb, Str s);
SumLoc loc_node(SumBuilder *sb, const Node *n);
const char *node_text(SumBuilder *sb, const Node *n);
bool is_named(const Node *e, const char *name);
/* The scope of a code unit the walk is in, or NULL. */
const Scope *scope_of(const SumBuilder *sb, const Node *unit);

/* calls.c: the callers query's part of the walk */
bool wanted_call(SumBuilder *sb, const Node *call);
void lambda_call(SumBuilder *sb, const Node *call);
void finally_body(SumBuilder *sb, const Node *n);
void calls_unit(SumBuilder *sb, const Node *unit, struct Cfg *g);

#endif
