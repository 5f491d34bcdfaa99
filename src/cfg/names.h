/* names.h — which names of a code unit other code may rebind (internal to src/cfg).
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

typedef struct UnitNames {
    bool all_shared;  /* module and class bodies */
    NameSet bound;    /* names the function binds (parameters, targets, imports, defs, ...) */
    NameSet declared; /* names declared global or nonlocal, here or in nested functions */
} UnitNames;

/* Scans a unit (Module, ClassDef, FunctionDef, AsyncFunctionDef). False when out of memory. */
bool unit_names_scan(Arena *a, const Node *unit, UnitNames *out);

/* True when other code may rebind `name` (see above). */
bool unit_name_shared(const UnitNames *u, Str name);

#endif
