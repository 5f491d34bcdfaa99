/* flow.h — a small forward dataflow engine over a Cfg, and the lattice deadwood's flow rules
 * share: must-hold facts about access paths, each with a witness node.
 *
 * The engine (flow_solve) iterates the reachable blocks in reverse postorder until the block
 * entry states stop changing. A lattice says how to make the entry state and the "nothing known
 * yet" state (top), how to join (meet) two states, and how an event and an edge change a state.
 * Exceptional flow: before every event of a block that has handlers, the current state is joined
 * into the handlers' entry states.
 *
 * PathFacts is the lattice of "facts that hold on every path": a set of tracked paths, each
 * with the node that established the fact (a test, an assignment, a dereference). Join is set
 * intersection, so an unvisited block starts from top (every fact) and facts survive only where
 * all incoming paths agree. A state may also be *dead*: the path certainly raised at an event
 * (a rule says so with facts_set_dead); a dead state is the identity of the join, and events and
 * edges leave it alone, so the code after a certain failure constrains nothing downstream. Only the
 * paths a rule cares about are tracked (at most FACTS_MAX_PATHS per unit; dropping a fact only
 * loses findings, never invents one).
 */
#ifndef DW_FLOW_H
#define DW_FLOW_H

#include <stdbool.h>
#include <stddef.h>

#include "cfg/cfg.h"

typedef struct FlowLattice {
    size_t state_size;
    void (*entry)(void *state, void *ud);
    void (*top)(void *state, void *ud);
    /* dst = dst ⊓ src; true when dst changed */
    bool (*join)(void *dst, const void *src, void *ud);
    void (*event)(void *state, const CfgEvent *ev, void *ud);
    void (*edge)(void *state, const CfgEdge *e, void *ud);
} FlowLattice;

typedef struct FlowResult {
    char *in;      /* entry state of each block: nblocks * state_size bytes */
    bool *reached; /* whether any path reaches the block */
    size_t state_size;
} FlowResult;

/* Solves; false when out of memory, or when the states did not settle within the round limit
 * (a must-analysis stopped early could claim too much). */
bool flow_solve(Arena *a, const Cfg *g, const FlowLattice *L, void *ud, FlowResult *out);

static inline void *flow_in(const FlowResult *r, int32_t block) {
    return r->in + (size_t)block * r->state_size;
}

/* ---- PathFacts ---------------------------------------------------------------------------- */

enum { FACTS_MAX_PATHS = 128 };

/* What the replay found about one event (a node and a path): the witness of the finding, or
 * NULL when some live occurrence of it does not have it. */
typedef struct FactsNote {
    const CfgEvent *ev;
    const Node *witness;
} FactsNote;

typedef struct PathFacts {
    const Cfg *g;
    int32_t *slot; /* path -> slot, or -1 when untracked */
    int32_t *path; /* slot -> path */
    int32_t nslots;
    int32_t words; /* 64-bit words of the bit set */
    FlowLattice lattice;
    /* the rule's transfer functions; state is a Facts */
    void (*event)(struct PathFacts *pf, void *state, const CfgEvent *ev, void *ud);
    void (*edge)(struct PathFacts *pf, void *state, const CfgEdge *e, void *ud);
    void *ud;
    Arena *arena;
    /* the replay's verdicts (facts_note), one per (node, path), in replay order */
    VEC(FactsNote) notes;
    int32_t *note_index; /* open addressing over notes, by node */
    int32_t note_cap;
} PathFacts;

/* Sets up the lattice over the paths for which track[path] is true. Returns false when out of
 * memory; pf->nslots == 0 means there is nothing to track (skip the rule). */
bool facts_init(PathFacts *pf, Arena *a, const Cfg *g, const bool *track);

/* Operations on a state. */
const Node *facts_get(const PathFacts *pf, const void *state, int32_t path); /* witness or NULL */
void facts_set(const PathFacts *pf, void *state, int32_t path, const Node *witness);
void facts_clear(const PathFacts *pf, void *state, int32_t path);
/* A path that certainly raised here: nothing after it on this path runs normally. */
void facts_set_dead(const PathFacts *pf, void *state);
bool facts_dead(const PathFacts *pf, const void *state);
/* What an assignment to or `del` of path invalidates: the path and every path extending it. */
void facts_kill_prefix(const PathFacts *pf, void *state, int32_t path);
/* What a call invalidates: every attribute chain and every shared name. */
void facts_kill_calls(const PathFacts *pf, void *state);
/* What storing attribute `name` on some object invalidates: every chain through that name. */
void facts_kill_attribute(const PathFacts *pf, void *state, Str name);
/* What storing path `o.a` may invalidate on its object: every other chain through `o` (`o.b`,
 * `o.b.c`), which a property's setter, a descriptor or `__setattr__` may change. */
void facts_kill_siblings(const PathFacts *pf, void *state, int32_t path);
/* The usual kills for an event (assign, del, call, attribute store with its siblings). */
void facts_apply_kills(const PathFacts *pf, void *state, const CfgEvent *ev);

/* What a flow rule does with its PathFacts (event, edge and ud set by the rule): track the
 * given paths, solve, then replay every reachable block once from its final entry state with
 * *reporting set. During the replay the rule's event function calls facts_note for each event
 * it could report; afterwards pf->notes holds the findings (notes with a witness), once per
 * node and path. Returns false when out of memory; true (and does nothing) when no path is tracked.
 */
bool facts_solve_and_replay(PathFacts *pf, Arena *a, const Cfg *g, const bool *track,
                            bool *reporting);

/* During the replay: event ev would be reported with `witness` (NULL: it would not be). A node
 * may be in the graph more than once (a finally body is built once for normal completion and
 * once for abrupt exits); it is reported only when every live occurrence would report it,
 * since "on every path" is about the source line, not one copy of it. */
void facts_note(PathFacts *pf, const CfgEvent *ev, const Node *witness);

#endif
