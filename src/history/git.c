/* git.c — running git: finding it, its environment, spawning, reading with deadlines; see git.h. */
#include "git.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "base/arena.h"

extern char **environ;

/* Options that keep git's output what the parsers expect whatever the user's configuration:
 * colors, signatures, log.follow (which would turn a one-pattern pathspec into --follow), and no
 * fsmonitor hook (a program the repository's configuration names). */
static const char *const fixed_args[] = {
    "-c", "core.fsmonitor=false",    "-c",         "log.follow=false",
    "-c", "log.showSignature=false", "-c",         "color.ui=never",
    "-c", "core.quotePath=false",    "--no-pager",
};
enum { NFIXED = sizeof fixed_args / sizeof *fixed_args };

/* The GIT_* variables kept: where the user's configuration is (safe.directory lives there). */
static bool keep_git_var(const char *kv) {
    static const char *const keep[] = {
        "GIT_CONFIG_GLOBAL=", "GIT_CONFIG_SYSTEM=", "GIT_CONFIG_NOSYSTEM="};
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++)
        if (strncmp(kv, keep[i], strlen(keep[i])) == 0) return true;
    return false;
}

static char *dup_str(const char *s) {
    size_t n = strlen(s) + 1;
    char *d = dw_malloc(n);
    if (d) memcpy(d, s, n);
    return d;
}

/* The first absolute directory of PATH holding an executable regular file `git`. */
static char *find_git(void) {
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path; *p;) {
        size_t n = strcspn(p, ":");
        if (n && p[0] == '/' && n < 4000) {
            char exe[4096];
            snprintf(exe, sizeof exe, "%.*s/git", (int)n, p);
            struct stat st;
            if (stat(exe, &st) == 0 && S_ISREG(st.st_mode) && access(exe, X_OK) == 0)
                return dup_str(exe);
        }
        p += n;
        if (*p == ':') p++;
    }
    return NULL;
}

bool git_init(Git *g, int timeout_ms) {
    memset(g, 0, sizeof *g);
    g->timeout_ms = timeout_ms > 0 ? timeout_ms : 60000;
    static const char *const added[] = {"LC_ALL=C", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0",
                                        "GIT_NO_LAZY_FETCH=1"};
    enum { NADDED = sizeof added / sizeof *added };
    size_t n = 0;
    for (char **e = environ; e && *e; e++) n++;
    g->envp = dw_malloc(sizeof *g->envp * (n + NADDED + 1));
    if (!g->envp) return false;
    size_t k = 0;
    for (char **e = environ; e && *e; e++) {
        if ((strncmp(*e, "GIT_", 4) == 0 && !keep_git_var(*e)) || strncmp(*e, "LC_ALL=", 7) == 0)
            continue;
        g->envp[k++] = *e; /* (the process's own strings: not copied, not freed) */
    }
    for (size_t i = 0; i < NADDED; i++) g->envp[k++] = (char *)added[i];
    g->envp[k] = NULL;
    g->exe = find_git();
    return true;
}

void git_free(Git *g) {
    dw_free(g->exe);
    dw_free(g->envp);
    dw_free(g->dir);
    memset(g, 0, sizeof *g);
}

const char *git_status_name(GitStatus s) {
    switch (s) {
    case GIT_OK: return "ok";
    case GIT_NOT_FOUND: return "no git program on PATH";
    case GIT_FAILED: return "git failed";
    case GIT_TIMEOUT: return "git made no progress for too long (killed)";
    case GIT_TOO_BIG: return "git's output was larger than allowed";
    case GIT_DIED: return "git died";
    case GIT_ERROR: return "git could not be run";
    }
    return "?";
}

/* ---- processes ---------------------------------------------------------------------------- */

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* Starts git with args in its own process group: stdin from in_fd (-1: /dev/null), stdout to
 * out_fd, stderr to err_fd (-1: /dev/null). */
static GitStatus spawn(const Git *g, const char *const *args, int in_fd, int out_fd, int err_fd,
                       pid_t *pid, char *msg, size_t cap) {
    if (!g->exe) return snprintf(msg, cap, "%s", git_status_name(GIT_NOT_FOUND)), GIT_NOT_FOUND;
    size_t nargs = 0;
    while (args[nargs]) nargs++;
    const char **argv = dw_malloc(sizeof *argv * (nargs + NFIXED + 4));
    if (!argv) return snprintf(msg, cap, "out of memory"), GIT_ERROR;
    size_t k = 0;
    argv[k++] = "git";
    if (g->dir) argv[k++] = "-C", argv[k++] = g->dir;
    for (size_t i = 0; i < NFIXED; i++) argv[k++] = fixed_args[i];
    for (size_t i = 0; i < nargs; i++) argv[k++] = args[i];
    argv[k] = NULL;
    posix_spawn_file_actions_t fa;
    posix_spawnattr_t at;
    posix_spawn_file_actions_init(&fa);
    posix_spawnattr_init(&at);
    if (in_fd >= 0)
        posix_spawn_file_actions_adddup2(&fa, in_fd, 0);
    else
        posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out_fd, 1);
    if (err_fd >= 0)
        posix_spawn_file_actions_adddup2(&fa, err_fd, 2);
    else
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
    /* its own process group (killed as one), an empty signal mask, default dispositions for the
     * signals deadwood's caller may have set to be ignored */
    sigset_t none, deflt;
    sigemptyset(&none);
    sigemptyset(&deflt);
    sigaddset(&deflt, SIGPIPE), sigaddset(&deflt, SIGINT), sigaddset(&deflt, SIGTERM);
    sigaddset(&deflt, SIGHUP), sigaddset(&deflt, SIGQUIT);
    posix_spawnattr_setpgroup(&at, 0);
    posix_spawnattr_setsigmask(&at, &none);
    posix_spawnattr_setsigdefault(&at, &deflt);
    posix_spawnattr_setflags(&at, POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK |
                                      POSIX_SPAWN_SETSIGDEF);
    int e = posix_spawn(pid, g->exe, &fa, &at, (char *const *)argv, g->envp);
    posix_spawn_file_actions_destroy(&fa);
    posix_spawnattr_destroy(&at);
    dw_free(argv);
    if (e != 0) return snprintf(msg, cap, "cannot run %s: %s", g->exe, strerror(e)), GIT_ERROR;
    return GIT_OK;
}

static void kill_group(pid_t pid) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
}

/* Waits for pid to end, for at most timeout_ms (then kills it): its wait status, or -1. */
static int reap(pid_t pid, int timeout_ms) {
    int st = 0;
    int64_t until = now_ms() + timeout_ms;
    for (int delay = 1;; delay = delay < 50 ? delay * 2 : 50) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid) return st;
        if (r < 0 && errno != EINTR) return -1;
        if (now_ms() >= until) break;
        struct timespec ts = {0, (long)delay * 1000000L};
        nanosleep(&ts, NULL);
    }
    kill_group(pid);
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) return -1;
    return st;
}

/* Waits until fd (events) is ready or timeout_ms pass: 1 ready, 0 timed out, -1 error. */
static int wait_fd(int fd, short events, int timeout_ms) {
    struct pollfd p = {fd, events, 0};
    for (;;) {
        int r = poll(&p, 1, timeout_ms);
        if (r >= 0) return r;
        if (errno != EINTR) return -1;
    }
}

/* The first line of what git wrote on its standard error, for messages. */
static void first_line(const char *err, size_t n, char *msg, size_t cap) {
    size_t i = 0;
    while (i < n && (err[i] == '\n' || err[i] == ' ')) i++;
    size_t e = i;
    while (e < n && err[e] != '\n') e++;
    snprintf(msg, cap, "%.*s", (int)(e - i), err + i);
}

GitStatus git_run(const Git *g, const char *const *args, size_t max_out, Buf *out, char *msg,
                  size_t msgcap) {
    msg[0] = 0;
    int po[2], pe[2];
    if (pipe2(po, O_CLOEXEC) != 0)
        return snprintf(msg, msgcap, "pipe: %s", strerror(errno)), GIT_ERROR;
    if (pipe2(pe, O_CLOEXEC) != 0) {
        close(po[0]), close(po[1]);
        return snprintf(msg, msgcap, "pipe: %s", strerror(errno)), GIT_ERROR;
    }
    pid_t pid;
    GitStatus s = spawn(g, args, -1, po[1], pe[1], &pid, msg, msgcap);
    close(po[1]), close(pe[1]);
    if (s != GIT_OK) {
        close(po[0]), close(pe[0]);
        return s;
    }
    char err[1024];
    size_t nerr = 0;
    struct pollfd fds[2] = {{po[0], POLLIN, 0}, {pe[0], POLLIN, 0}};
    int open_fds = 2;
    while (open_fds && s == GIT_OK) {
        int r = poll(fds, 2, g->timeout_ms);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) {
            s = r == 0 ? GIT_TIMEOUT : GIT_ERROR;
            break;
        }
        for (int i = 0; i < 2 && s == GIT_OK; i++) {
            if (fds[i].fd < 0 || !fds[i].revents) continue;
            char chunk[65536];
            ssize_t got = read(fds[i].fd, chunk, sizeof chunk);
            if (got < 0 && (errno == EINTR || errno == EAGAIN)) continue;
            if (got <= 0) {
                close(fds[i].fd);
                fds[i].fd = -1;
                open_fds--;
            } else if (i == 0) {
                if (out->len + (size_t)got > max_out)
                    s = GIT_TOO_BIG;
                else
                    buf_put(out, chunk, (size_t)got);
                if (out->failed) s = GIT_ERROR;
            } else {
                size_t k = (size_t)got < sizeof err - nerr ? (size_t)got : sizeof err - nerr;
                memcpy(err + nerr, chunk, k);
                nerr += k;
            }
        }
    }
    for (int i = 0; i < 2; i++)
        if (fds[i].fd >= 0) close(fds[i].fd);
    if (s != GIT_OK) kill_group(pid);
    int st = reap(pid, g->timeout_ms);
    if (s == GIT_OK) {
        if (st < 0 || WIFSIGNALED(st))
            s = GIT_DIED;
        else if (WEXITSTATUS(st) != 0)
            s = GIT_FAILED;
    }
    if (s == GIT_FAILED || s == GIT_DIED) first_line(err, nerr, msg, msgcap);
    if (!msg[0]) snprintf(msg, msgcap, "%s", git_status_name(s));
    return s;
}

/* ---- cat-file --batch --------------------------------------------------------------------- */

GitStatus gitcat_open(const Git *g, GitCat *c, char *msg, size_t msgcap) {
    memset(c, 0, sizeof *c);
    c->git = g;
    c->to = c->from = -1;
    c->pid = -1;
    int sv[2], po[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return snprintf(msg, msgcap, "socketpair: %s", strerror(errno)), GIT_ERROR;
    if (pipe2(po, O_CLOEXEC) != 0) {
        close(sv[0]), close(sv[1]);
        return snprintf(msg, msgcap, "pipe: %s", strerror(errno)), GIT_ERROR;
    }
    static const char *const args[] = {"cat-file", "--batch", NULL};
    GitStatus s = spawn(g, args, sv[1], po[1], -1, &c->pid, msg, msgcap);
    close(sv[1]), close(po[1]);
    if (s != GIT_OK) {
        close(sv[0]), close(po[0]);
        c->pid = -1;
        return s;
    }
    c->to = sv[0];
    c->from = po[0];
    return GIT_OK;
}

void gitcat_close(GitCat *c) {
    if (c->to >= 0) close(c->to); /* end of its input: it exits */
    if (c->from >= 0) close(c->from);
    if (c->pid > 0) {
        if (c->broken) kill_group(c->pid);
        reap(c->pid, c->git ? c->git->timeout_ms : 1000);
    }
    dw_free(c->buf);
    memset(c, 0, sizeof *c);
    c->to = c->from = -1;
}

static GitStatus broken(GitCat *c, GitStatus s, char *msg, size_t cap, const char *why) {
    c->broken = true;
    snprintf(msg, cap, "git cat-file: %s", why);
    return s;
}

/* Reads more of its output into the buffer: GIT_OK, or why not. */
static GitStatus fill(GitCat *c) {
    if (c->at == c->len) c->at = c->len = 0;
    if (c->len == c->cap) {
        if (c->at > 0) {
            memmove(c->buf, c->buf + c->at, c->len - c->at);
            c->len -= c->at, c->at = 0;
        } else {
            size_t cap = c->cap ? c->cap * 2 : 65536;
            char *b = dw_realloc(c->buf, cap);
            if (!b) return GIT_ERROR;
            c->buf = b, c->cap = cap;
        }
    }
    int r = wait_fd(c->from, POLLIN, c->git->timeout_ms);
    if (r == 0) return GIT_TIMEOUT;
    if (r < 0) return GIT_ERROR;
    ssize_t got;
    do got = read(c->from, c->buf + c->len, c->cap - c->len);
    while (got < 0 && errno == EINTR);
    if (got <= 0) return GIT_DIED;
    c->len += (size_t)got;
    return GIT_OK;
}

static bool send_all(GitCat *c, const char *s, size_t n) {
    while (n) {
        if (wait_fd(c->to, POLLOUT, c->git->timeout_ms) <= 0) return false;
        ssize_t w = send(c->to, s, n, MSG_NOSIGNAL);
        if (w < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (w <= 0) return false;
        s += w, n -= (size_t)w;
    }
    return true;
}

GitStatus gitcat_blob(GitCat *c, const char *oid, size_t max, Buf *out, bool *missing, char *msg,
                      size_t msgcap) {
    *missing = false;
    msg[0] = 0;
    if (c->broken || c->pid <= 0) return snprintf(msg, msgcap, "git cat-file is gone"), GIT_DIED;
    size_t olen = strlen(oid);
    if (olen < 4 || olen > 64 || strspn(oid, "0123456789abcdef") != olen)
        return snprintf(msg, msgcap, "not an object id: %.70s", oid), GIT_ERROR;
    char req[72];
    memcpy(req, oid, olen), req[olen] = '\n';
    if (!send_all(c, req, olen + 1))
        return broken(c, GIT_DIED, msg, msgcap, "does not take requests");
    /* the header: "<oid> <type> <size>\n" or "<oid> missing\n" */
    char *nl;
    while (c->at == c->len || !(nl = memchr(c->buf + c->at, '\n', c->len - c->at))) {
        if (c->len - c->at > 512) return broken(c, GIT_DIED, msg, msgcap, "answers nonsense");
        GitStatus s = fill(c);
        if (s != GIT_OK) return broken(c, s, msg, msgcap, git_status_name(s));
    }
    char head[600];
    size_t hn = (size_t)(nl - (c->buf + c->at));
    memcpy(head, c->buf + c->at, hn), head[hn] = 0;
    c->at += hn + 1;
    if (strncmp(head, oid, olen) != 0 || head[olen] != ' ')
        return broken(c, GIT_DIED, msg, msgcap, "answers another object");
    const char *rest = head + olen + 1;
    if (strcmp(rest, "missing") == 0 || strcmp(rest, "ambiguous") == 0) {
        *missing = true;
        return snprintf(msg, msgcap, "object %s %s", oid, rest), GIT_FAILED;
    }
    const char *sp = strchr(rest, ' ');
    char *end;
    unsigned long long size = sp ? strtoull(sp + 1, &end, 10) : 0;
    if (!sp || *end || sp[1] < '0' || sp[1] > '9')
        return broken(c, GIT_DIED, msg, msgcap, "answers nonsense");
    bool keep = size <= max && strncmp(rest, "blob ", 5) == 0;
    /* the content and its newline, kept or skipped */
    for (unsigned long long left = size + 1; left;) {
        if (c->at == c->len) {
            GitStatus s = fill(c);
            if (s != GIT_OK) return broken(c, s, msg, msgcap, git_status_name(s));
        }
        size_t k = c->len - c->at < left ? c->len - c->at : (size_t)left;
        size_t data = left > 1 ? (k < left - 1 ? k : (size_t)(left - 1)) : 0;
        if (keep && data) buf_put(out, c->buf + c->at, data);
        c->at += k, left -= k;
    }
    if (out->failed) return snprintf(msg, msgcap, "out of memory"), GIT_ERROR;
    if (!keep && size > max)
        return snprintf(msg, msgcap, "blob %s is larger than %zu bytes", oid, max), GIT_TOO_BIG;
    if (!keep) return snprintf(msg, msgcap, "object %s is not a blob", oid), GIT_FAILED;
    return GIT_OK;
}
