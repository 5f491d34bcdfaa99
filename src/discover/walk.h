/* walk.h — which files `deadwood check PATH...` analyzes, found the way ruff finds them.
 *
 * Each path may be a file or a directory. A file named on the command line is always taken,
 * whatever its name (unless force_exclude and an exclude pattern matches it or an ancestor up to
 * the project root). A directory is walked recursively for the files `include` names (ruff's
 * default: `*.py`, `*.pyi` and `*.ipynb`, Jupyter notebooks) and those `extend-include` adds,
 * matched as exclude patterns are; below it, every
 * entry is skipped when an exclude pattern matches it (glob.h: absolute path or basename), or
 * when .gitignore rules ignore it (gitignore.h; only inside a git work tree, with the .gitignore
 * files of the directories above the walked one applying too, and a nested repository starting
 * afresh). Symbolic links are followed (a link to a directory counts as a directory, also for
 * dir-only patterns); a link back to a directory on the current path is a loop.
 * Problems (unreadable or vanished directories, broken links, loops, unreadable .gitignore
 * files) become diagnostics and the walk goes on.
 *
 * Files come out sorted by bytes, as written or joined (`./x.py` when walking `.`), once each
 * even when reached twice through links or overlapping paths (the same canonical path: the
 * smallest display path stays; hard links are distinct files).
 */
#ifndef DW_WALK_H
#define DW_WALK_H

#include <stdbool.h>
#include <stdint.h>

#include "../base/arena.h"

/* What the CLI fills from the command line and configuration. */
typedef struct DiscoverOptions {
    const char *const *exclude; /* used instead of the defaults when exclude_set */
    int32_t nexclude;
    bool exclude_set;
    const char *const *extend_exclude; /* added to the defaults or to exclude */
    int32_t nextend_exclude;
    bool respect_gitignore;   /* default true */
    bool force_exclude;       /* default false */
    const char *project_root; /* anchors exclude patterns; NULL: the current directory */
    /* per pattern, the directory it is anchored to instead (NULL arrays or items: project_root);
     * a configuration's patterns stay anchored where they were written (`extend`) */
    const char *const *exclude_roots, *const *extend_exclude_roots;
    /* the files a walk takes: include instead of the default (*.py, *.pyi, *.ipynb) when
     * include_set, and extend_include too; anchored as the exclude patterns are */
    const char *const *include;
    int32_t ninclude;
    bool include_set;
    const char *const *extend_include;
    int32_t nextend_include;
    const char *const *include_roots, *const *extend_include_roots;
} DiscoverOptions;

typedef struct DiscoverDiag {
    const char *path;
    const char *message;
} DiscoverDiag;

typedef struct DiscoverResult {
    const char **files;
    int32_t nfiles;
    DiscoverDiag *diags; /* sorted by path, then message */
    int32_t ndiags;
    const char *error; /* why discover_files failed (an invalid pattern, out of memory) */
} DiscoverResult;

/* ruff's default `include`: the files a directory walk takes. */
extern const char *const discover_default_includes[];
extern const int32_t discover_ndefault_includes;

/* ruff's default `exclude`, plus deadwood's cache directory. */
extern const char *const discover_default_excludes[];
extern const int32_t discover_ndefault_excludes;

void discover_options_init(DiscoverOptions *o);

/* Everything in *out is allocated in a. False (out->error set) only for an invalid exclude
 * pattern, an unknown current directory, or a failed allocation. */
bool discover_files(Arena *a, const DiscoverOptions *o, const char *const *paths, int32_t npaths,
                    DiscoverResult *out);

#endif
