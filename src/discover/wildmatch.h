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

enum { WM_PATHNAME = 1 };

/* Does NUL-terminated `text` match NUL-terminated `pattern` as a whole? */
bool wm_match(const char *pattern, const char *text, unsigned flags);

#endif
