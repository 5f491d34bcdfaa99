/* cfg.h — the control-flow graph of one code unit (a function or method body, a class body, or a
 * module's top level), built once and shared by every check that needs flow, and by the guards
 * query.
 *
 * Blocks hold *events* in evaluation order: what the flow analyses care about in the statements
 * and expressions the block evaluates — a dereference of a tracked value, a call, an assignment,
 * a `del`, a test against None. Tracked values are *access paths*: a local name, or an attribute
 * chain rooted at one (`self.writer.buf`), interned per unit. Short-circuit operators and
 * conditional expressions are branches; edges out of a test carry the test and its polarity, and
 * what the test proves about a path (`x is None` true: x is None; false: it is not; `x` and
 * `isinstance(x, T)` true: x is not None).
 * Exceptions: the events of a `try` body may jump to its handlers at any point; the analyses join
 * their state into the handlers' entry before every event and at the end of the block, unless
 * nothing can raise there (CfgBlock.calm_end): so a handler sees a name as it was before a
 * `name = call()` whose call raised.
 * Code inside nested functions, lambdas, classes and comprehensions belongs to other units.
 */
#ifndef DW_CFG_H
#define DW_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "ast/ast.h"
#include "base/arena.h"

typedef enum CfgEventKind {
    EV_DEREF,       /* the path's value is dereferenced (attribute, subscript, call, iteration) */
    EV_CALL,        /* arbitrary code may run: attribute chains (and shared names) may change */
    EV_ASSIGN,      /* the path gets a value that is not known to be None */
    EV_ASSIGN_NONE, /* the path gets None */
    EV_DEL,         /* the path is deleted */
    EV_ATTR_STORE,  /* node (an Attribute) is stored or deleted: chains through its name may
                       change through aliases; path is the target's path or -1 */
    EV_TEST_NONE,   /* the path is tested for None (`is None`, `is not None`; not `== None`, which
                       calls the value's __eq__) */
    EV_LOAD,        /* the name is read (only in graphs from cfg_build_loads) */
} CfgEventKind;

enum {
    EVF_PROTECTED = 1, /* inside a try whose handlers catch AttributeError/TypeError or all */
    EVF_ATTRIBUTE = 2, /* how the dereference happens, for messages */
    EVF_SUBSCRIPT = 4,
    EVF_CALLEE = 8,
    EVF_ITER = 16,
    EVF_AUGMENTED = 32,
};

typedef struct CfgEvent {
    uint8_t kind;
    uint8_t flags;
    int32_t path;     /* -1 for EV_CALL */
    const Node *node; /* where it happens: the dereferencing expression, the test, the target */
} CfgEvent;

enum { REFINE_NOTHING, REFINE_IS_NONE, REFINE_NOT_NONE };

typedef struct CfgEdge {
    int32_t to;
    const Node *test; /* the condition deciding this edge, or NULL when unconditional */
    bool polarity;    /* the edge taken when test is true (or false) */
    uint8_t refine;   /* what the edge proves about refine_path */
    int32_t refine_path;
    const Node *refine_proof; /* the test that proves it */
} CfgEdge;

typedef struct CfgBlock {
    CfgEvent *events;
    int32_t nevents, cap_events;
    CfgEdge *succ;
    int32_t nsucc, cap_succ;
    const int32_t *handlers; /* exception targets of this block's events */
    int32_t nhandlers;
    bool calm_end;    /* nothing can raise after the last event (a statement ending in
                         a store to a plain name): the handlers need the states before
                         each event, not the one at the block's end */
    const Node *stmt; /* the first statement the block belongs to (for positions) */
} CfgBlock;

typedef struct CfgPath {
    int32_t parent; /* -1 for a name */
    Str name;       /* the variable, or the attribute */
    int32_t depth;  /* 0 for a name */
    bool shared;    /* a name other code may rebind (global, nonlocal, module level) */
} CfgPath;

typedef struct Cfg {
    const Node *unit; /* FunctionDef, AsyncFunctionDef, ClassDef or Module */
    CfgBlock *blocks;
    int32_t nblocks, cap_blocks;
    int32_t entry, exit;
    CfgPath *paths;
    int32_t npaths, cap_paths;
    int32_t *path_hash; /* open addressing table over paths */
    int32_t hash_cap;
    /* computed by cfg_build: reachable blocks in reverse postorder */
    int32_t *rpo;
    int32_t nrpo;
    int32_t *rpo_index;            /* block -> position in rpo, -1 when unreachable */
    const struct UnitNames *names; /* which names other code may rebind (CfgPath.shared) */
} Cfg;

/* Builds the graph of a unit's body. NULL when out of memory. */
Cfg *cfg_build(Arena *a, const Node *unit);
/* The same, with an EV_LOAD event where one of the names in `loads` is read (as a plain name, in
 * the unit's own code: not in a nested function, lambda body, class body or comprehension). */
struct NameSet;
Cfg *cfg_build_loads(Arena *a, const Node *unit, const struct NameSet *loads);

/* The path of an expression (a Name, or an Attribute chain rooted at one), or -1. */
int32_t cfg_path_of(Cfg *g, const Node *e);
/* The same, interning the path when no event of the graph names it (for an analysis that asks
 * about values the events do not name: `mode` in `mode == "fast"`); -1 when e is no such
 * expression, or out of memory. */
int32_t cfg_path_add(Arena *a, Cfg *g, const Node *e);

/* The path's text, "self.writer", into buf. */
void cfg_path_text(const Cfg *g, int32_t path, char *buf, size_t cap);

/* True when `outer` is a prefix of (or equal to) `inner`. */
bool cfg_path_has_prefix(const Cfg *g, int32_t inner, int32_t outer);

/* Immediate dominators of the reachable blocks (idom[entry] = entry, -1 when unreachable). */
int32_t *cfg_dominators(Arena *a, const Cfg *g);

#endif
