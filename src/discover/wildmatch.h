/* wildmatch.h — the glob dialect of .gitignore files, as git's wildmatch() decides it.
 *
 * `*` and `?` never match '/' under WM_PATHNAME; a double star is special only as a whole path
 * component (leading, trailing or between slashes); `[...]` classes take `!` or `^` for negation,
 * ranges,
 * `\` escapes and the POSIX classes `[:alpha:]` etc.; `\x` matches x literally. Without
 * WM_PATHNAME a `*` also matches '/'. Matching is byte-wise and case-sensitive (git's
 * core.ignoreCase=false, the default on Linux).
 */
#ifndef DW_WILDMATCH_H
#define DW_WILDMATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

enum { WM_PATHNAME = 1 };

/* A compiled pattern (an automaton, matched in time linear in pattern x text). */
typedef struct WmPattern WmPattern;

/* NULL only when out of memory (a malformed pattern compiles to one that matches nothing, as
 * git's matcher gives up on it). */
WmPattern *wm_compile(Arena *a, const char *pattern, unsigned flags);
/* Does text (len bytes, no NUL) match as a whole? Adds the states visited to *steps (if not
 * NULL), for tests that count work instead of timing it. */
bool wm_match_compiled(const WmPattern *p, const char *text, size_t len, uint64_t *steps);

/* Does NUL-terminated `text` match NUL-terminated `pattern` as a whole? (Compiles each time.) */
bool wm_match(const char *pattern, const char *text, unsigned flags);

#endif
