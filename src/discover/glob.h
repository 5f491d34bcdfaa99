/* glob.h — ruff's `exclude` globs: the globset crate's syntax and ruff's way of applying them.
 *
 * Syntax (globset with ruff's defaults): `?` one byte, `*` any run of bytes including '/', a
 * double star as a whole component (leading, trailing, between slashes) also matches zero
 * directories, `[a-z]`, `[!x]` and `[^x]`, `{a,b}` (nestable, at most 64 deep), backslash-escaped
 * literals. Matching is byte-wise, case-sensitive and anchored at both ends; like the regex
 * globset builds, wildcards do not match '\n'. A glob compiles to an automaton (nfa.h): matching
 * takes time linear in pattern x text, never exponential.
 *
 * An ExcludeSet is one of ruff's pattern sets. Built-in patterns are matched against a path's
 * absolute path and its basename. A user pattern is added anchored to the project root
 * (`root/pattern`, normalised), which is matched against the absolute path (so it sees the path
 * relative to the root), and, when it has no '/', also as written, matched against the basename
 * only: `foo` excludes every `foo` and `src/foo` only `ROOT/src/foo`, and `*tests*` excludes
 * what has "tests" in its path below the root, not everything of a project that happens to live
 * under `/home/me/mytests/` (issue 22).
 */
#ifndef DW_GLOB_H
#define DW_GLOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

typedef struct Glob Glob;

/* NULL with *err set when the pattern is invalid (or memory runs out). */
Glob *glob_compile(Arena *a, const char *pattern, const char **err);
bool glob_match(const Glob *g, const char *text, size_t len);
/* glob_match, adding to *steps the automaton states it visited (for tests that count work). */
bool glob_match_steps(const Glob *g, const char *text, size_t len, uint64_t *steps);

typedef struct ExcludeSet {
    Glob **globs;
    int32_t n, cap;
} ExcludeSet;

/* Adds a built-in pattern (root == NULL) or a user pattern anchored to the absolute directory
 * root. False with *err set when the pattern is invalid. */
bool exclude_add(Arena *a, ExcludeSet *s, const char *pattern, const char *root, const char **err);
bool exclude_match(const ExcludeSet *s, const char *abspath, size_t len, const char *name,
                   size_t namelen);

/* Lexical absolute form of path against the absolute directory cwd: "." and empty components
 * dropped, ".." removing the previous component (never above "/"), no trailing slash. */
char *glob_absolutize(Arena *a, const char *cwd, const char *path);

#endif
