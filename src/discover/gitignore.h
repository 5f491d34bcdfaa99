/* gitignore.h — .gitignore pattern lists and the verdict `git check-ignore` gives for a path.
 *
 * A GiList is one compiled pattern file (a directory's .gitignore, .git/info/exclude or the
 * global excludes file); a GiRepo (gitrepo.h) holds a work tree's two fixed lists. Matching
 * follows git: within a list the last matching pattern decides; deeper .gitignore files beat
 * shallower ones, which beat info/exclude, which beats the global file; a matching `!pattern`
 * decides "not ignored"; and a path inside an ignored directory is ignored by that directory's
 * pattern whatever negations say (GiChecker; the walker gets this by not descending).
 * Paths are relative to the work tree root, '/'-separated, without "./" or a trailing slash.
 */
#ifndef DW_GITIGNORE_H
#define DW_GITIGNORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

enum {
    GI_NEGATIVE = 1,  /* "!pattern": a match means "not ignored" */
    GI_MUSTBEDIR = 2, /* "pattern/": matches directories only */
    GI_NODIR = 4,     /* no '/' inside: matched against the basename at any depth */
    GI_ENDSWITH = 8,  /* "*literal": a suffix test is enough */
};

typedef struct GiPattern {
    const char *pat;            /* NUL-terminated, without the '!' and the trailing '/' */
    int32_t len;                /* strlen(pat) */
    int32_t nowild;             /* length of the wildcard-free prefix */
    int32_t line;               /* 1-based line in the source file */
    uint32_t flags;             /* GI_* */
    const struct WmPattern *wm; /* the part wildmatch decides, compiled (NULL: literal tests do) */
} GiPattern;

typedef struct GiList {
    const char *source; /* the file, named as `git check-ignore -v` names it */
    const char *base;   /* directory the patterns are relative to: "" or "a/b/" */
    int32_t baselen;
    GiPattern *pats;
    int32_t npats;
} GiList;

/* Compiles the text of a pattern file (copies what it keeps). NULL only when out of memory. */
GiList *gi_list_parse(Arena *a, const char *text, size_t len, const char *base, const char *source);

/* Reads and compiles a pattern file. A missing file (or one that is a directory) yields 0 with
 * *out = NULL; another failure yields the errno with *out = NULL. With nofollow, a symbolic link
 * is not followed (git reads in-tree .gitignore files that way) and counts as missing. */
int gi_list_load(Arena *a, const char *file, bool nofollow, const char *base, const char *source,
                 GiList **out);

/* The last pattern of l matching path (len bytes, NUL-terminated), or NULL. */
const GiPattern *gi_list_match(const GiList *l, const char *path, int32_t len, bool is_dir);

typedef struct GiMatch {
    const GiList *list; /* NULL when no pattern matched */
    const GiPattern *pat;
} GiMatch;

static inline bool gi_ignored(GiMatch m) {
    return m.pat && !(m.pat->flags & GI_NEGATIVE);
}

struct GiRepo;

/* The deciding pattern for path among the per-directory lists dirs[0..ndirs) (shallowest first;
 * NULL entries allowed), then repo's info/exclude and global lists. Does not look at ancestors. */
GiMatch gi_match(const struct GiRepo *repo, GiList *const *dirs, int32_t ndirs, const char *path,
                 int32_t len, bool is_dir);

/* Checks many paths of one work tree the way `git check-ignore --no-index` does, reading each
 * directory's .gitignore once while consecutive paths share it (sorted input is cheapest). */
typedef struct GiChecker GiChecker;
GiChecker *gi_checker_new(Arena *a, const struct GiRepo *repo);
/* The deciding pattern, or that of the ignored ancestor directory. *err (may be NULL) receives a
 * message when a .gitignore could not be read (the check goes on without it). */
GiMatch gi_check(GiChecker *c, const char *path, bool is_dir, const char **err);

#endif
