/* names.h — which names of a code unit other code may rebind (for src/cfg), and sets of names.
 *
 * A name is *shared* when something other than the unit's own statements may change what it
 * refers to between two of them: every name at module level and in a class body; in a function,
 * a name declared `global` or `nonlocal` (in the function or in any function nested in it), and
 * a name the function never binds (a global or an enclosing function's variable, which a call
 * may rebind). Facts about shared names are forgotten at calls.
 */
#ifndef DW_CFG_NAMES_H
#define DW_CFG_NAMES_H

#include <stdbool.h>

#include "ast/ast.h"
#include "base/arena.h"
#include "base/str.h"

typedef struct NameSet {
    Str *slots; /* open addressing; s == NULL when free */
    int32_t cap, count;
} NameSet;

/* A set of names (the strings stay where they are: in the source text). */
bool name_set_has(const NameSet *set, Str name);
bool name_set_add(Arena *a, NameSet *set, Str name); /* false when out of memory */

typedef struct UnitNames {
    bool all_shared;  /* module and class bodies */
    NameSet bound;    /* names the function binds (parameters, targets, imports, defs, ...) */
    NameSet declared; /* names declared global or nonlocal, here or in nested functions */
} UnitNames;

/* Adds to set every name statement (or expression) n binds in the scope it runs in: assignment,
 * `for`, `with`, `del` and walrus targets, imports, except handlers, match captures, and the
 * names of the functions and classes it defines (not what their bodies bind). False when out of
 * memory. */
bool names_bound_by(Arena *a, const Node *n, NameSet *set);

/* Scans a unit (Module, ClassDef, FunctionDef, AsyncFunctionDef). False when out of memory. */
bool unit_names_scan(Arena *a, const Node *unit, UnitNames *out);

/* True when other code may rebind `name` (see above). */
bool unit_name_shared(const UnitNames *u, Str name);

#endif
