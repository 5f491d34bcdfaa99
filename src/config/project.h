/* project.h — a project as `deadwood check` sees it: each file's configuration (ruff's way: the
 * nearest .deadwood.toml, deadwood.toml or pyproject.toml with [tool.deadwood], walking up; or
 * one given for every file), what each configuration in use prepares (its rules with the command
 * line's selection over them, its excludes, its per-file-ignores, DW002's target, the rules whose
 * fixes may be applied), the files found under the paths, the analyses they need, and which
 * findings each file's configuration keeps. `deadwood check` and `deadwood server` share it, so
 * that an editor shows what the command line reports. Nothing here prints: errors are values
 * (ConfigError), warnings a list.
 */
#ifndef DW_PROJECT_H
#define DW_PROJECT_H

#include <limits.h>

#include "cache/cache.h"
#include "check/check.h"
#include "config/config.h"
#include "discover/glob.h"
#include "discover/walk.h"

/* What the command line (or an editor) sets over the configurations. */
typedef struct ProjectOptions {
    RuleSelection rules; /* a selection layer over each configuration's */
    NameList exclude, extend_exclude;
    bool has_exclude;                        /* exclude replaces the configurations' */
    int8_t force_exclude, respect_gitignore; /* -1: the configuration says */
    int target_minor;                        /* DW002's; 0: the configuration says */
    const Config *fixed; /* every file's configuration (--config, --isolated); NULL: found */
} ProjectOptions;

/* What one configuration in use prepares. */
typedef struct Prepared {
    const Config *cfg;
    bool *enabled;   /* by registry index */
    ExcludeSet excl; /* its exclude + extend-exclude, with the options' */
    ExcludeSet *pfi; /* one set per per-file-ignores pattern */
    bool *pfi_rules; /* [pattern * check_count + rule] */
    bool *fixable;   /* by registry index: its fixes may be applied (fixable, unfixable) */
    int32_t nfiles;  /* files analyzed with it (counted by the caller: project_runs reads it) */
    int target;      /* DW002's target minor version (0: none) */
} Prepared;

typedef struct Project {
    Arena *a;
    const ProjectOptions *o;
    char cwd[PATH_MAX];
    ConfigResolver res;
    const Config *fallback; /* the defaults, for files no configuration covers */
    Prepared **prep;
    int32_t nprep;
} Project;

/* `cwd` is the directory relative paths are read from and that anchors the default
 * configuration (NULL: the current directory). False with *err filled when the current
 * directory is unknown or memory runs out. */
bool project_init(Project *p, Arena *a, const ProjectOptions *o, const char *cwd, ConfigError *err);
void project_free(Project *p);

/* The configuration (and what it prepares) of a file, or of a directory with is_dir. False with
 * *err filled for an invalid configuration or pattern. */
bool project_config_of(Project *p, const char *path, bool is_dir, Prepared **out, ConfigError *err);
/* Whether the configuration's force-exclude applies (the options' force_exclude, else its own). */
bool project_force(const Project *p, const Config *c);
/* Whether path is excluded by its configuration, looking at its components below the
 * configuration's root (for a file named explicitly, under force-exclude). */
bool project_excluded(Project *p, const Prepared *pp, const char *path);

/* Every file to analyze under the paths (files named explicitly too; paths that do not exist
 * are kept, to become DW001 findings), sorted, once each, and each one's configuration (its
 * nfiles counted). *first is the first path's configuration (NULL when it does not exist): its
 * root is the project's. Warnings of the walk (unreadable directories) go to diags. */
typedef struct ProjectFiles {
    const char **files;
    Prepared **prep;
    int32_t n;
    Prepared *first;
    DiscoverDiag *diags;
    int32_t ndiags;
} ProjectFiles;
bool project_find_files(Project *p, const char *const *paths, int npaths, ProjectFiles *out,
                        ConfigError *err);

/* The analyses the configurations in use need (those with nfiles > 0): one per DW301 threshold,
 * DW002 target and DW303 changes option (nearly always one), each enabling every rule any of
 * them enables (so the cache key is the same for every file). In p's arena; how many, or -1 when
 * out of memory. */
typedef struct ProjectRun {
    CheckOptions check;
} ProjectRun;
int32_t project_runs(Project *p, ProjectRun **out);
/* The analysis configuration pp needs, with these rules enabled. */
ProjectRun project_run_of(const Prepared *pp, const bool *enabled);
/* Whether run is the analysis configuration pp needs, whatever rules it enables. */
bool project_run_fits(const ProjectRun *run, const Prepared *pp);

/* Whether a finding survives its file's configuration pp (rule enabled, per-file-ignores),
 * `name` being the file's path (for standard input, its --stdin-filename; NULL: none). With
 * several runs, a finding is kept only from its configuration's run. */
bool project_keeps(Project *p, const Prepared *pp, const Finding *f, const char *name,
                   const ProjectRun *run, bool several);

/* The result cache directory: `given` (--cache-dir), DEADWOOD_CACHE_DIR, the project
 * configuration's cache-dir, or .deadwood_cache in its root (the current directory when it has
 * none). */
const char *project_cache_dir(Project *p, const char *given, const Prepared *project);
/* Opens the cache for one run (the key `deadwood check` uses); NULL with err filled. */
ResultCache *project_cache_open(const char *dir, const ProjectRun *run, const char *version,
                                char *err, size_t cap);

#endif
