/* collect.h — what a whole-tree rule gathers from each file during the one walk.
 *
 * A rule that needs facts from every file (the calls whose result is dereferenced, the
 * functions that never return, ...) does not get a walk of its own, nor a field of the summary:
 * it gives a Collector, which rides along the walk that makes the file's ModuleSummary
 * (summary.c calls it for the node kinds it asks for, and with the graphs of the code units it
 * asks for), keeps its per-file state in the file's arena, and at the end leaves its facts in
 * the summary (summary_facts), in the arena that outlives the file. The facts go into the
 * result cache with the summary (encode / decode), so a file whose bytes did not change gives
 * them back without being parsed.
 *
 * The rule lists its collector beside its tree function (src/check/tree.c); the summary asks
 * only the collectors of the enabled rules (SummaryOptions.collect). A collector reads the
 * file's structure as the summary has it so far through the functions below: the scope the walk
 * is in, positions as summaries give them, strings copied to the summary's arena, and how a
 * call would be resolved by the index (summary_call_ref).
 */
#ifndef DW_COLLECT_H
#define DW_COLLECT_H

#include "base/buf.h"
#include "base/wire.h"
#include "index/index.h"

struct Cfg;

typedef struct Collector {
    const char *name; /* its facts' name in a cached summary (the rule's code) */
    /* the AST kinds it is told about, each list ended by -1: on entering a node (before its
     * children) and on leaving it (after them, while the scope it opens is still the current
     * one) */
    const int16_t *enter_on, *leave_on;
    size_t state_size; /* its per-file state: zeroed, in the file's arena */
    bool reads_again;  /* its rule reads files again later in the run: the summary keeps the
                          text's length and hash to tell a file changed since */
    /* each optional; `st` is the state. enter returns true when the node's code unit needs its
     * control-flow graph given to unit(). */
    bool (*enter)(SumBuilder *sb, void *st, const Node *n, const Node *parent);
    void (*leave)(SumBuilder *sb, void *st, const Node *n);
    void (*unit)(SumBuilder *sb, void *st, const Node *unit, struct Cfg *g);
    /* its facts for the summary, in summary_out(sb) (NULL: none); out of memory: summary_fail */
    const void *(*finish)(SumBuilder *sb, void *st);
    /* its facts as bytes and back (NULL and r->bad when they are not what encode wrote) */
    void (*encode)(Buf *b, const void *facts);
    const void *(*decode)(SumReader *r, const ModuleSummary *m);
} Collector;

/* The facts collector c left in module m's summary, or NULL. */
const void *summary_facts(const ModuleSummary *m, const Collector *c);

/* ---- for collectors: the walk as the summary sees it ---- */

Arena *summary_out(SumBuilder *sb);     /* outlives the file: facts and their strings */
Arena *summary_scratch(SumBuilder *sb); /* the file's arena */
const SummaryOptions *summary_options(const SumBuilder *sb);
void summary_fail(SumBuilder *sb); /* out of memory: the summary is not made */
bool summary_failed(const SumBuilder *sb);
const char *summary_str(SumBuilder *sb, Str s); /* a copy in summary_out ("" when failed) */
SumLoc summary_loc(SumBuilder *sb, const Node *n);
/* The code unit the walk is in (module, class or function node), and its function (an index
 * into the summary's functions, -1 when none) and class (-1 when none). */
const Node *summary_current_unit(const SumBuilder *sb);
int32_t summary_current_function(const SumBuilder *sb);
/* The function made so far at index f (its flags are settled when the walk leaves it). */
FuncSum *summary_function(SumBuilder *sb, int32_t f);
/* The module node. */
const Node *summary_module(const SumBuilder *sb);

/* How the index would resolve a call (calls.c): its callee name and receiver, the function and
 * class it is in (`unit` is a code unit the walk is in). A name the call goes through (f in f(),
 * a in a.b.m()) is looked up among the function's locals now, or, with CALLREF_LATER, left for
 * index_bound_locally (LOCAL_UNCHECKED: most such calls never need the answer). False when the
 * callee is no name or attribute, and with CALLREF_RESOLVABLE when the index cannot resolve it
 * (a receiver of unknown type, a local name, self or cls outside a class). */
enum { CALLREF_LATER = 1, CALLREF_RESOLVABLE = 2 };
bool summary_call_ref(SumBuilder *sb, const Node *call, const Node *unit, unsigned how,
                      CallRef *out);
/* The same for an expression that names a function or a class (f, a.b.f, self.f), as the
 * index would resolve a call of it. */
bool summary_ref(SumBuilder *sb, const Node *f, const Node *unit, unsigned how, CallRef *out);
/* Whether the index could resolve the call's callee at all: through a name the module binds at
 * top level (a function, a class, an import), or through self, cls or super(); and the same for
 * an expression naming a function. */
bool summary_may_resolve(SumBuilder *sb, const Node *call);
bool summary_may_resolve_ref(SumBuilder *sb, const Node *f);
/* Whether the walk is in a lambda (whose parameters no summary records). */
bool summary_in_lambda(const SumBuilder *sb);
/* A node's source text on one line (at most about 400 bytes), in summary_out. */
const char *summary_text(SumBuilder *sb, const Node *n);
/* Whether a comment starts on `line` at or after byte column `col` (after blanks), or on a line
 * after it and before `to_line` (whose lines hold no code). */
bool summary_has_comment(SumBuilder *sb, int32_t line, int32_t col, int32_t to_line);

/* ---- for decode ---- */

struct SumReader {
    WireReader r;
    Arena *a;
};
const char *sum_read_str(SumReader *d, bool may_be_null); /* copied to d->a */
/* A count of items each at least `min` bytes long as written: a corrupt count cannot ask for
 * more memory than the input could describe. */
int32_t sum_read_count(SumReader *d, size_t min);
void *sum_read_items(SumReader *d, int32_t n, size_t size); /* zeroed, in d->a */
SumLoc sum_read_loc(SumReader *d);
/* An index below limit (or -1 when may_be_none). */
int32_t sum_read_index(SumReader *d, int32_t limit, bool may_be_none);
void sum_write_loc(Buf *b, SumLoc l);
/* A CallRef as written by sum_write_call, checked against module m. */
void sum_write_call(Buf *b, const CallRef *c);
void sum_read_call(SumReader *d, const ModuleSummary *m, CallRef *c);

#endif
