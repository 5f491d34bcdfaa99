/* gitrepo.c — work tree discovery, core.excludesFile lookup, info/exclude (see gitrepo.h).
 *
 * The config reader understands what core.excludesFile needs: sections `[core]` (names
 * case-insensitive; `[core "x"]` and `[core.x]` are other sections), `key = value` or a bare key
 * on the same line as a header or its own, comments `#`/`;`, double quotes, the escapes
 * \n \t \b \" \\ and backslash-newline continuations. A malformed file is read up to the error.
 */
#include "gitrepo.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/buf.h"

bool gi_has_dotgit(const char *dir) {
    char path[PATH_MAX];
    size_t n = strlen(dir);
    const char *sep = n && dir[n - 1] == '/' ? "" : "/";
    struct stat st;
    return (size_t)snprintf(path, sizeof path, "%s%s.git", dir, sep) < sizeof path &&
           lstat(path, &st) == 0;
}

int32_t gi_repo_find(const char *dir) {
    char path[PATH_MAX];
    size_t len = strlen(dir);
    if (len >= sizeof path) return -1;
    memcpy(path, dir, len + 1);
    while (len > 0) {
        path[len] = '\0';
        if (gi_has_dotgit(path)) return (int32_t)len;
        if (len == 1) break; /* "/" checked */
        while (len > 0 && path[len - 1] != '/') len--;
        if (len > 1) len--; /* drop the slash, but keep "/" itself */
    }
    return -1;
}

/* Allocation context: every helper marks oom instead of quietly returning less. */
typedef struct Ctx {
    Arena *a;
    bool oom;
} Ctx;

static char *copy(Ctx *c, const char *s, size_t n) {
    char *d = arena_strndup(c->a, s, n);
    if (!d) c->oom = true;
    return d;
}

/* Whole small file into an arena string (NUL-terminated); NULL when unreadable or not a regular
 * file (opened non-blocking: a FIFO never hangs the walk). */
static char *slurp(Ctx *c, const char *file, size_t *len) {
    int fd = file ? open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK) : -1;
    if (fd < 0) return NULL;
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) || st.st_size > (16 << 20)) {
        close(fd);
        return NULL;
    }
    Buf b;
    buf_init(&b);
    char chunk[4096];
    bool ok = true;
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        ok = r == 0;
        if (r <= 0) break;
        buf_put(&b, chunk, (size_t)r);
    }
    close(fd);
    if (b.failed) c->oom = true;
    char *s = ok && !b.failed ? copy(c, b.data ? b.data : "", b.len) : NULL;
    if (s) *len = b.len;
    buf_free(&b);
    return s;
}

static char *join(Ctx *c, const char *dir, const char *name) {
    if (!dir || !name) return NULL;
    if (name[0] == '/') return copy(c, name, strlen(name));
    size_t d = strlen(dir), n = strlen(name);
    char *s = arena_alloc(c->a, d + n + 2);
    if (!s) {
        c->oom = true;
        return NULL;
    }
    memcpy(s, dir, d);
    size_t at = d;
    if (d && dir[d - 1] != '/') s[at++] = '/';
    memcpy(s + at, name, n + 1);
    return s;
}

static char *trim_line(char *s) {
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1])) s[--n] = '\0';
    while (isspace((unsigned char)*s)) s++;
    return s;
}

/* ---- config files ---------------------------------------------------------------------- */

typedef struct Cfg {
    const char *s, *end;
} Cfg;

static bool cfg_is_key_char(char c) {
    return isalnum((unsigned char)c) || c == '-';
}

/* A value after '=' up to the end of its (possibly continued) line; false on a syntax error. */
static bool cfg_value(Cfg *c, Buf *out) {
    bool quoted = false;
    size_t pending_spaces = 0;
    while (c->s < c->end && (*c->s == ' ' || *c->s == '\t')) c->s++;
    while (c->s < c->end) {
        char ch = *c->s++;
        if (ch == '\n' && !quoted) return true;
        if (ch == '\n') return false; /* newline inside quotes */
        if (!quoted && (ch == '#' || ch == ';')) {
            while (c->s < c->end && *c->s != '\n') c->s++;
            continue;
        }
        if (!quoted && (ch == ' ' || ch == '\t')) {
            if (out->len) pending_spaces++;
            continue;
        }
        for (; pending_spaces; pending_spaces--) buf_putc(out, ' ');
        if (ch == '"') {
            quoted = !quoted;
        } else if (ch == '\\') {
            if (c->s >= c->end) return false;
            char e = *c->s++;
            switch (e) {
            case '\n': break; /* continuation */
            case 'n': buf_putc(out, '\n'); break;
            case 't': buf_putc(out, '\t'); break;
            case 'b': buf_putc(out, '\b'); break;
            case '"':
            case '\\': buf_putc(out, e); break;
            default: return false;
            }
        } else {
            buf_putc(out, ch);
        }
    }
    return !quoted;
}

/* Updates *value (arena string; "" for a bare key) from each core.excludesFile in text. */
static void cfg_scan(Ctx *cx, const char *text, size_t len, char **value, bool *set) {
    Cfg c = {text, text + len};
    bool in_core = false;
    Buf val;
    buf_init(&val);
    while (c.s < c.end) {
        char ch = *c.s;
        if (isspace((unsigned char)ch)) {
            c.s++;
        } else if (ch == '#' || ch == ';') {
            while (c.s < c.end && *c.s != '\n') c.s++;
        } else if (ch == '[') {
            const char *name = ++c.s;
            while (c.s < c.end && (cfg_is_key_char(*c.s) || *c.s == '.')) c.s++;
            size_t n = (size_t)(c.s - name);
            bool plain = c.s < c.end && *c.s == ']';
            while (c.s < c.end && *c.s != ']' && *c.s != '\n') c.s++;
            if (c.s >= c.end || *c.s != ']') break;
            c.s++;
            in_core = plain && n == 4 && strncasecmp(name, "core", 4) == 0;
        } else if (isalpha((unsigned char)ch)) {
            const char *key = c.s;
            while (c.s < c.end && cfg_is_key_char(*c.s)) c.s++;
            size_t n = (size_t)(c.s - key);
            while (c.s < c.end && (*c.s == ' ' || *c.s == '\t')) c.s++;
            val.len = 0;
            val.failed = false;
            if (c.s < c.end && *c.s == '=') {
                c.s++;
                if (!cfg_value(&c, &val)) break;
            } else if (c.s < c.end && *c.s != '\n' && *c.s != '#' && *c.s != ';') {
                break;
            }
            if (val.failed) cx->oom = true;
            if (in_core && n == 12 && strncasecmp(key, "excludesfile", 12) == 0 && !val.failed) {
                *value = copy(cx, val.data ? val.data : "", val.len);
                *set = *value != NULL;
            }
        } else {
            break;
        }
    }
    buf_free(&val);
}

static void cfg_file(Ctx *c, const char *file, char **value, bool *set) {
    size_t len;
    char *text = file ? slurp(c, file, &len) : NULL;
    if (text) cfg_scan(c, text, len, value, set);
}

static bool env_true(const char *name) {
    const char *v = getenv(name);
    if (!v || !*v) return false;
    return !(strcasecmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "no") == 0 ||
             strcasecmp(v, "off") == 0);
}

/* $XDG_CONFIG_HOME/git/NAME, else $HOME/.config/git/NAME, else NULL. */
static char *xdg_git_file(Ctx *c, const char *name) {
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    if (xdg && *xdg) return join(c, join(c, xdg, "git"), name);
    return home ? join(c, join(c, home, ".config/git"), name) : NULL;
}

/* git's interpolation of "~/..." and "~" (other "~user" forms are left alone). */
static char *expand_home(Ctx *c, char *path) {
    const char *home = getenv("HOME");
    if (path[0] != '~' || !home || (path[1] != '/' && path[1] != '\0')) return path;
    return path[1] ? join(c, home, path + 2) : copy(c, home, strlen(home));
}

/* The global excludes file as git names it, or NULL when there is none to read. */
static char *global_excludes(Ctx *c, const char *commondir) {
    char *value = NULL;
    bool set = false;
    if (!env_true("GIT_CONFIG_NOSYSTEM")) {
        const char *sys = getenv("GIT_CONFIG_SYSTEM");
        cfg_file(c, sys ? sys : "/etc/gitconfig", &value, &set);
    }
    const char *glob = getenv("GIT_CONFIG_GLOBAL"), *home = getenv("HOME");
    if (glob) {
        if (*glob) cfg_file(c, glob, &value, &set);
    } else {
        cfg_file(c, xdg_git_file(c, "config"), &value, &set);
        if (home) cfg_file(c, join(c, home, ".gitconfig"), &value, &set);
    }
    cfg_file(c, join(c, commondir, "config"), &value, &set);
    if (set) return *value ? expand_home(c, value) : NULL;
    return xdg_git_file(c, "ignore");
}

/* ---- the work tree --------------------------------------------------------------------- */

/* Follows a `.git` file ("gitdir: PATH") and a `commondir` file. */
static void locate_gitdir(Ctx *c, const char *root, const char **gitdir, const char **common) {
    char *dotgit = join(c, root, ".git");
    *gitdir = *common = dotgit;
    struct stat st;
    if (!dotgit || stat(dotgit, &st) != 0) return;
    size_t len;
    if (S_ISREG(st.st_mode)) {
        char *text = slurp(c, dotgit, &len);
        if (text && strncmp(text, "gitdir:", 7) == 0)
            *gitdir = *common = join(c, root, trim_line(text + 7));
    }
    char *text = slurp(c, join(c, *gitdir, "commondir"), &len);
    if (text) *common = join(c, *gitdir, trim_line(text));
}

/* Loads a pattern file into *out; a failure other than a missing file becomes r->warning. */
static void load(Ctx *c, GiRepo *r, const char *file, const char *name, GiList **out) {
    int err = gi_list_load(c->a, file, false, "", name, out);
    if (err == ENOMEM) c->oom = true;
    if (!err || r->warning) return;
    const char *why = strerror(err);
    char *msg = arena_alloc(c->a, strlen(name) + strlen(why) + 16);
    if (!msg) {
        c->oom = true;
        return;
    }
    strcpy(msg, "cannot read ");
    strcat(msg, name);
    strcat(msg, ": ");
    strcat(msg, why);
    r->warning = msg;
}

GiRepo *gi_repo_open(Arena *a, const char *root) {
    Ctx c = {a, false};
    GiRepo *r = arena_zalloc(a, sizeof *r);
    if (!r) return NULL;
    r->root = copy(&c, root, strlen(root));
    const char *gitdir = NULL, *common = NULL;
    locate_gitdir(&c, r->root, &gitdir, &common);
    r->gitdir = gitdir;
    char *info = join(&c, common, "info/exclude");
    if (c.oom || !info) return NULL;
    size_t rootlen = strlen(r->root);
    const char *info_name = info;
    if (strncmp(info, r->root, rootlen) == 0 && info[rootlen] == '/')
        info_name = info + rootlen + 1;
    load(&c, r, info, info_name, &r->info_exclude);

    char *global = global_excludes(&c, common);
    char *file = global ? join(&c, r->root, global) : NULL; /* relative to the work tree */
    if (file) load(&c, r, file, global, &r->global);
    return c.oom ? NULL : r;
}
