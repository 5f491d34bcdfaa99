/* gitrepo.h — finding the git work tree around a directory, and its fixed exclude lists.
 *
 * A work tree is a directory holding a `.git` entry (a directory, or a file "gitdir: PATH" for
 * worktrees and submodules). Its fixed lists are `$GIT_DIR/info/exclude` and the global excludes
 * file git would read: core.excludesFile from the system, global and repository config files
 * (GIT_CONFIG_NOSYSTEM, GIT_CONFIG_SYSTEM and GIT_CONFIG_GLOBAL honoured, `~/` expanded, later
 * files winning; include directives are not followed), else $XDG_CONFIG_HOME/git/ignore, else
 * $HOME/.config/git/ignore.
 */
#ifndef DW_GITREPO_H
#define DW_GITREPO_H

#include <stdint.h>

#include "../base/arena.h"
#include "gitignore.h"

typedef struct GiRepo {
    const char *root;     /* absolute path of the work tree */
    const char *gitdir;   /* absolute path of its git directory */
    GiList *info_exclude; /* NULL when absent or empty */
    GiList *global;       /* NULL when absent or empty */
    const char *warning;  /* a pattern file that exists but could not be read, with the reason */
} GiRepo;

/* Length of the longest prefix of the absolute, normalised directory path `dir` that is a work
 * tree root (has a .git entry), or -1 when dir is not inside one. "/" has length 1. */
int32_t gi_repo_find(const char *dir);

/* Opens the work tree at the absolute path root. NULL only when out of memory. */
GiRepo *gi_repo_open(Arena *a, const char *root);

/* Does this directory (absolute or relative path) hold a .git entry? */
bool gi_has_dotgit(const char *dir);

#endif
