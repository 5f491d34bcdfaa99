/* normalize.h — a function's tree with its cosmetic choices erased, for telling a cosmetic edit
 * of a method from a change of what it does (the stale-override rule, DW303).
 *
 * Two strengths, applied in place to a FunctionDef (its nodes must be the caller's to change:
 * a tree parsed for this purpose):
 *   NORM_LOOSE  locals (parameters, and every name the function binds that no `global` or
 *               `nonlocal` names) renamed `$0`, `$1`, ... in order of first appearance, so a
 *               consistent renaming changes nothing; string and bytes contents emptied, and
 *               how a string is built erased ("a" + x, "a%s" % x, "a{}".format(x), f"a{x}"
 *               are all `$fmt(x)`: the values, in order); annotations dropped (`x: T = v`
 *               is `x = v`, a bare `x: T` is `pass`, parameters and nested functions lose
 *               theirs); `cast(T, x)` / `typing.cast(T, x)` is `x`.
 *   NORM_BLIND  the same, and every local is one name `$`: code moved into a new function
 *               (whose locals and parameters are others) is recognized there.
 * The statements keep their number and order (what is dropped becomes `pass`), so the units made
 * of a normalized tree line up with those of the original.
 */
#ifndef DW_HISTORY_NORMALIZE_H
#define DW_HISTORY_NORMALIZE_H

#include <stdbool.h>

#include "ast/ast.h"
#include "base/arena.h"

typedef enum NormStrength { NORM_LOOSE, NORM_BLIND } NormStrength;

/* Normalizes function def fn in place (new nodes and names from a). False when out of memory. */
bool normalize_function(Arena *a, Node *fn, NormStrength strength);

#endif
