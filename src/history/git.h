/* git.h — running the git program, for the history of a repository (history.h).
 *
 * deadwood drives the `git` program rather than linking a library (libgit2 would pull in
 * mbedtls, ssh2 and pcre2, and the shipped binary is to need nothing beyond libc at run time):
 * one `git log` per run for the history, one long-lived `git cat-file --batch` for the blobs.
 *
 * Every git is run the same careful way:
 *   - found on PATH by deadwood (absolute directories only: a relative entry such as `.` would
 *     run a `git` of the analyzed tree), and run directly: no shell, arguments as given;
 *   - in the work tree's top directory (-C), with an environment cleaned of every GIT_*
 *     variable but those saying where the user's configuration is (GIT_CONFIG_GLOBAL,
 *     GIT_CONFIG_SYSTEM, GIT_CONFIG_NOSYSTEM): a pre-commit hook runs deadwood with GIT_DIR,
 *     GIT_INDEX_FILE and others set for the hook's repository, which may not be the one analyzed;
 *     and with LC_ALL=C, no terminal prompt, no optional locks, no lazy fetch of missing objects
 *     (a partial clone would otherwise reach the network), and configuration that changes what
 *     the commands print turned off (-c options);
 *   - its output bounded (more than asked for is an error, and the process is killed);
 *   - with a deadline: when it makes no progress for `timeout_ms` it is killed, with its process
 *     group (a wrapper script and what it started die too), and a git that dies is an error
 *     value: nothing deadwood does waits on a git forever, and a dead git never raises SIGPIPE
 *     in deadwood (requests go through a socket written with MSG_NOSIGNAL).
 * safe.directory is git's to decide: a repository git refuses (owned by another user) is an
 * error whose message says so, never overridden.
 *
 * Nothing here prints or exits; errors are GitStatus values with a message.
 */
#ifndef DW_HISTORY_GIT_H
#define DW_HISTORY_GIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "base/buf.h"

typedef enum GitStatus {
    GIT_OK,
    GIT_NOT_FOUND, /* no git program on PATH */
    GIT_FAILED,    /* it ran and exited with a non-zero status (msg: its first line of error) */
    GIT_TIMEOUT,   /* no progress for the timeout: killed */
    GIT_TOO_BIG,   /* more output than allowed: killed */
    GIT_DIED,      /* killed by a signal, or it stopped answering mid-way */
    GIT_ERROR,     /* the process could not be started, or out of memory */
} GitStatus;

typedef struct Git {
    char *exe;      /* absolute path of the git program; NULL when none was found */
    char **envp;    /* the cleaned environment */
    char *dir;      /* where it runs: the work tree's top (NULL: the current directory) */
    int timeout_ms; /* longest wait for any progress */
} Git;

/* Finds git on PATH and prepares its environment; g->exe stays NULL when there is no git.
 * False only when out of memory. */
bool git_init(Git *g, int timeout_ms);
void git_free(Git *g);

/* Runs git with args (NULL-terminated, after the fixed options), stdin /dev/null; its standard
 * output goes to out (at most max_out bytes). On GIT_FAILED and other errors msg holds why (the
 * first line git wrote on its standard error, or what went wrong). */
GitStatus git_run(const Git *g, const char *const *args, size_t max_out, Buf *out, char *msg,
                  size_t msgcap);

/* A long-lived `git cat-file --batch`: objects asked for one at a time, by id. */
typedef struct GitCat {
    const Git *git;
    pid_t pid;
    int to, from; /* its standard input (a socket) and output (a pipe) */
    char *buf;    /* bytes read and not yet consumed: buf[at, len) */
    size_t at, len, cap;
    bool broken; /* it died, hung or misspoke: every later request fails */
} GitCat;

GitStatus gitcat_open(const Git *g, GitCat *c, char *msg, size_t msgcap);
/* The blob `oid` (40 or 64 hex digits) into out; *missing when git does not have it (a partial
 * or damaged clone); GIT_TOO_BIG when it is larger than max (its bytes are skipped). */
GitStatus gitcat_blob(GitCat *c, const char *oid, size_t max, Buf *out, bool *missing, char *msg,
                      size_t msgcap);
void gitcat_close(GitCat *c);

const char *git_status_name(GitStatus s);

#endif
