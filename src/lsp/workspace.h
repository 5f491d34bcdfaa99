/* workspace.h — the project an editor has open, analyzed as `deadwood check ROOT...` analyzes
 * it (src/config/project.h: the same configurations, files, rules and filters), and kept current
 * as documents are edited: an open document's bytes replace its file's.
 *
 * At ws_load every file is analyzed through the result cache (a warm start parses only what the
 * whole-tree rules read again). After that, ws_update analyzes only the files whose bytes
 * changed, rebuilds the whole-tree index from the summaries (each file's is replaced when it is
 * analyzed again) and runs the whole-tree rules over it again, so that an edit of a base class
 * changes what is said of its subclasses in other files.
 */
#ifndef DW_LSP_WORKSPACE_H
#define DW_LSP_WORKSPACE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/finding.h"
#include "config/config.h"
#include "index/index.h"

typedef struct Workspace Workspace;

typedef struct WsSettings {
    /* the editor's select, extend-select and ignore: a layer over each configuration's, as the
     * command line's --select, --extend-select and --ignore are */
    RuleSelection rules;
    bool has_rules;
} WsSettings;

/* What the last ws_load or ws_update did, for the client's log. */
typedef struct WsStats {
    int32_t files, analyzed, cached, reparsed;
    double ms;
} WsStats;

/* version: deadwood's (part of the result cache's key). */
Workspace *ws_new(int jobs, const char *version);
void ws_free(Workspace *w);

/* Sets the roots (absolute directories; NULL: as they are) and the settings (NULL: as they
 * are) for the loads to come, loading nothing. */
void ws_configure(Workspace *w, const char *const *roots, int32_t nroots, const WsSettings *st);
/* Sets the roots and the settings (ws_configure), finds every configuration and file,
 * and analyzes them all. False with *err filled for a configuration error (or out of memory):
 * the workspace then stays as it was, with its last good configuration. */
bool ws_load(Workspace *w, const char *const *roots, int32_t nroots, const WsSettings *st,
             ConfigError *err);
/* ws_load in parts, so that an editor's messages are answered meanwhile: ws_load_begin finds the
 * configurations and files (with the roots and settings of ws_configure; false with *err filled
 * as ws_load), then each ws_load_step analyzes `budget` more files, and the last one runs the
 * whole-tree rules (false when out of memory). ws_loading says whether a load is under way; while
 * it is, ws_findings says nothing of the files yet (ws_update, or another load, finishes it
 * first). */
bool ws_load_begin(Workspace *w, const WsSettings *st, ConfigError *err);
bool ws_load_step(Workspace *w, int32_t budget);
bool ws_loading(const Workspace *w);
/* Workspace folders added and removed (absolute directories): the roots change and the workspace
 * is loaded again, the files of a removed folder leaving the analysis (but those of open
 * documents, analyzed as files outside the roots are). As ws_load otherwise. */
bool ws_change_roots(Workspace *w, const char *const *add, int32_t nadd, const char *const *remove,
                     int32_t nremove, ConfigError *err);
/* Whether the workspace was ever loaded. */
bool ws_loaded(const Workspace *w);

/* An open document's bytes replace the file's from now on (copied); NULL: the file on disk
 * again. A file outside the workspace's files is analyzed too while it has bytes here, as a path
 * named on the command line is. False when out of memory. */
bool ws_set_buffer(Workspace *w, const char *path, const char *bytes, size_t len);
/* A file changed on disk: created, changed or deleted. */
void ws_file_changed(Workspace *w, const char *path);
/* Whether a change of this file changes the configuration (a .deadwood.toml, deadwood.toml or
 * pyproject.toml): then ws_load again. */
bool ws_is_config_file(const char *path);

/* A document that names no file (an editor's untitled buffer), or any document before the
 * first load: its bytes analyzed alone, as if they were the file `path` (which need not exist:
 * its configuration is the one found for it), by the per-file rules, outside the whole tree. Its
 * findings into out (emptied first, sorted, filtered by that configuration); false when out of
 * memory or the configuration is invalid (then none). */
bool ws_analyze_alone(Workspace *w, const char *path, const char *bytes, size_t len,
                      FindingList *out);
/* Where a document that names no file is analyzed (ws_analyze_alone), from its name (its URI:
 * no file has such a name), '/' read as '_': in the first workspace folder (the current
 * directory when there is none), with the suffix .py. */
char *ws_alone_path(const Workspace *w, const char *name);

/* Brings every file's findings up to date; false when out of memory. */
bool ws_update(Workspace *w);
/* The files whose findings changed in the last ws_update or ws_load (sorted). */
const char *const *ws_changed(const Workspace *w, int32_t *n);
WsStats ws_stats(const Workspace *w);

/* A file's findings after the last update, sorted as the CLI sorts them, filtered by its
 * configuration; *n = 0 for a file the workspace does not analyze. Valid until the next call
 * that changes the workspace. */
const Finding *const *ws_findings(Workspace *w, const char *path, int32_t *n);
/* Whether a finding's fix may be applied under its file's configuration (fixable, unfixable). */
bool ws_fixable(const Workspace *w, const Finding *f);
/* Every file analyzed, sorted. */
const char *const *ws_files(const Workspace *w, int32_t *n);
/* The whole-tree index of the last update (NULL before one). */
const ProjectIndex *ws_index(const Workspace *w);
/* The module of path in the index, or -1. */
int32_t ws_module(const Workspace *w, const char *path);
/* The open documents' bytes, for run_files. */
const SourceOverlay *ws_overlay(const Workspace *w);
/* The bytes a file is analyzed with: its buffer's, else NULL (read the file). */
const char *ws_buffer(const Workspace *w, const char *path, size_t *len);

#endif
