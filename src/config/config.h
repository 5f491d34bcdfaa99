/* config.h — deadwood's configuration: where it is found, what its keys mean, and the rule
 * selection it implies. Reading TOML is toml.h's job; this module gives the bytes their meaning.
 *
 * Where (ruff's way): in each directory, `.deadwood.toml`, then `deadwood.toml` (keys at the top
 * level), then a `pyproject.toml` holding a `[tool.deadwood]` table (a pyproject.toml without one
 * is passed over). The configuration of a file is the first one found walking up from the file's
 * directory; nested configurations are not merged, unless one says so with `extend`. A
 * ConfigResolver remembers every directory it has looked at, so resolving the files of a tree
 * reads each configuration once.
 *
 * `extend = "../pyproject.toml"` (ruff's inheritance): the extended file (a path relative to the
 * extending file's directory; `~/` is the home directory) is read first, with its own `extend`,
 * and is the base; every key the extending file sets replaces the base's, except that rule
 * selections apply in order (the base's layers, then the extending file's: a `select` starts
 * afresh, `extend-select` and `ignore` add to what the base chose) and `extend-exclude` and
 * `extend-include` lists are joined. Relative paths and globs stay anchored to the directory of the
 * file that wrote them, as ruff anchors them. A pyproject.toml without [tool.deadwood] extends
 * nothing; a cycle of extends, or a chain deeper than 32 files, is an error.
 *
 * Keys (the same in deadwood.toml and [tool.deadwood]):
 *   select, extend-select, ignore     lists of rule selectors (a code, a code prefix such as
 *                                     "DW2", a rule name, or "ALL")
 *   exclude, extend-exclude           lists of globs (glob.h), anchored to the config's directory
 *   include, extend-include           the files a directory walk takes (ruff's: *.py, *.pyi,
 *                                     *.ipynb), globs like exclude's
 *   per-file-ignores                  a table: glob -> list of selectors
 *   target-version                    "py38" ... "py315"
 *   respect-gitignore, force-exclude  booleans
 *   cache-dir                         a path, relative to the config's directory
 *   max-file-size                     the largest file analyzed: bytes (an integer) or a string
 *                                     such as "64MB" (B, KB, MB, GB: powers of 1024)
 *   extend                            a configuration file this one inherits from (above)
 *   fix, unsafe-fixes                 booleans: apply fixes (as --fix), unsafe ones too (as
 *                                     --unsafe-fixes); read from the project's configuration
 *   fixable, unfixable                lists of rule selectors: the rules whose fixes may be
 *                                     applied (default ALL), and those whose may not; resolved
 *                                     as select and ignore are (config_fixable)
 *   [rules.DW301] similarity          a number in (0, 1] (CheckOptions.drift_threshold)
 *   [rules.DW303] in-tests            a boolean (CheckOptions.stale_in_tests)
 *   [rules.DW303] clones              a boolean (CheckOptions.stale_clones)
 *   [rules.DW303] changes             "fixes" (the default) or "all"
 *                                     (CheckOptions.stale_all_changes)
 *
 * Anything else, a value of the wrong type, or an unknown rule is an error with the file, the
 * 1-based line and column of the offending key or value, and what was expected.
 *
 * Rule selection (ruff's): layers are applied in order (the defaults, the configuration, the
 * command line). A layer with `select` starts from nothing, otherwise from the previous layer's
 * rules; within a layer, selectors apply from the least specific (ALL) to the most specific (a
 * whole code or name), `ignore` after `select` and `extend-select` at the same specificity.
 */
#ifndef DW_CONFIG_H
#define DW_CONFIG_H

#include <stdbool.h>
#include <stdint.h>

#include "base/arena.h"

/* The default similarity threshold of DW301 (override drift). */
#define CONFIG_DEFAULT_SIMILARITY 0.6

typedef struct ConfigError {
    const char *path; /* the file (NULL: not about a file, e.g. a command-line option) */
    int line, col;    /* 1-based; 0 when unknown */
    char msg[320];
} ConfigError;

typedef struct NameList {
    const char **items;
    int32_t len;
    const char **roots; /* globs: the absolute directory item i is anchored to (NULL: none known) */
} NameList;

/* The directory item i of a glob list is anchored to: where it was written, else fallback. */
static inline const char *config_glob_root(const NameList *l, int32_t i, const char *fallback) {
    return l->roots && l->roots[i] ? l->roots[i] : fallback;
}

/* x then y, each item keeping its root (xroot, yroot for those that have none); {0} when out of
 * memory. */
NameList config_join_globs(Arena *a, NameList x, const char *xroot, NameList y, const char *yroot);

typedef struct PerFileIgnore {
    const char *pattern;
    const char *root; /* the absolute directory the pattern is anchored to */
    NameList codes;
} PerFileIgnore;

/* One selection layer. */
typedef struct RuleSelection {
    NameList select;
    bool has_select;
    NameList extend_select, ignore;
} RuleSelection;

typedef struct Config {
    const char *path; /* the file read; NULL for the built-in defaults */
    const char *root; /* absolute directory that relative patterns and paths are anchored to */
    RuleSelection rules;
    const RuleSelection *inherited; /* the extended files' layers, applied before `rules` */
    int32_t ninherited;
    NameList exclude;
    bool has_exclude;
    NameList extend_exclude;
    NameList include; /* the files a directory walk takes (walk.h; default *.py, *.pyi, *.ipynb) */
    bool has_include;
    NameList extend_include;
    PerFileIgnore *per_file_ignores;
    int32_t nper_file_ignores;
    bool has_per_file_ignores;
    const char *target_version; /* NULL when not set */
    int8_t respect_gitignore;   /* -1 unset, 0, 1 */
    int8_t force_exclude;       /* -1 unset, 0, 1 */
    const char *cache_dir;      /* absolute; NULL when not set */
    int64_t max_file_size;      /* bytes; 0 when not set */
    double similarity;          /* DW301; CONFIG_DEFAULT_SIMILARITY when not set */
    bool has_similarity;
    const char *extend;  /* the extended file, absolute; NULL when none */
    int8_t fix;          /* -1 unset, 0, 1 */
    int8_t unsafe_fixes; /* -1 unset, 0, 1 */
    NameList fixable;    /* (has_fixable: set; else every rule) */
    bool has_fixable;
    NameList unfixable;
    int8_t stale_in_tests;    /* DW303's in-tests: -1 unset, 0, 1 */
    int8_t stale_clones;      /* DW303's clones: -1 unset, 0, 1 */
    int8_t stale_all_changes; /* DW303's changes: -1 unset, 0 "fixes", 1 "all" */
} Config;

/* A configuration with nothing set, anchored at the absolute directory root. */
Config *config_defaults(Arena *a, const char *root);

/* Reads one configuration file. For a pyproject.toml without [tool.deadwood], *out is NULL when
 * `required` is false and the defaults (anchored at the file's directory) when it is true (an
 * explicit --config). False with *err filled on unreadable files, bad TOML and bad keys. */
bool config_read(Arena *a, const char *path, bool required, Config **out, ConfigError *err);

/* Checks a rule selector ("DW2", "DW201", "none-dereference", "ALL"); false when it selects no
 * rule. */
bool config_selector_valid(const char *selector);

/* Applies one selection layer to enabled[check_count]. */
void config_apply_selection(bool *enabled, const RuleSelection *layer);
/* Applies a configuration's layers: those it inherited through `extend`, then its own. */
void config_apply_rules(bool *enabled, const Config *c);
/* Which rules' fixes may be applied (ruff's fixable and unfixable): those `fixable` selects (every
 * rule when it is unset), less those `unfixable` selects, by the same specificity rules as
 * select and ignore; into fixable[check_count]. */
void config_fixable(bool *fixable, const Config *c);

/* The valid target versions, for messages. */
#define CONFIG_TARGET_VERSIONS "py38, py39, py310, py311, py312, py313, py314, py315"
bool config_target_version_valid(const char *v);
/* The minor version of the lower bound of `[project] requires-python` in the nearest
 * pyproject.toml at or above the absolute directory dir; 0 when there is none. */
int config_requires_python_minor(const char *dir);

/* Finding the configuration of each directory, with memory. */
typedef struct ConfigResolver {
    Arena *arena;
    struct ConfigDir *slots; /* open addressing by directory */
    int32_t nslots, used;
} ConfigResolver;

void config_resolver_init(ConfigResolver *r, Arena *a);
void config_resolver_free(ConfigResolver *r);
/* The configuration that applies to the absolute directory dir (walking up), or NULL when
 * there is none. False with *err filled when a configuration file on the way is invalid. */
bool config_for_dir(ConfigResolver *r, const char *dir, const Config **out, ConfigError *err);

#endif
