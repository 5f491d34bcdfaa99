/* glob.h — ruff's `exclude` globs: the globset crate's syntax and ruff's way of applying them.
 *
 * Syntax (globset with ruff's defaults): `?` one byte, `*` any run of bytes including '/', a
 * double star as a whole component (leading, trailing, between slashes) also matches zero
 * directories, `[a-z]`, `[!x]` and `[^x]`, `{a,b}` (nestable), backslash-escaped literals. Matching
 * is byte-wise, case-sensitive and anchored at both ends; like the regex globset builds, wildcards
 * do not match '\n'.
 *
 * An ExcludeSet is one of ruff's pattern sets. A path is excluded when a glob matches its
 * absolute path or its basename. Built-in patterns are added as written; a user pattern is added
 * anchored to the project root (`root/pattern`, normalised) and, when it has no '/', also as
 * written, so `foo` excludes every `foo` while `src/foo` excludes only `ROOT/src/foo`.
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
