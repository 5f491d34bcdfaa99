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
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/buf.h"

bool gi_has_dotgit(const char *dir) {
    Buf b;
    buf_init(&b);
    buf_puts(&b, dir);
    if (b.len && b.data[b.len - 1] != '/') buf_putc(&b, '/');
    buf_puts(&b, ".git");
    struct stat st;
    bool found = !b.failed && lstat(buf_cstr(&b), &st) == 0;
    buf_free(&b);
    return found;
}

int32_t gi_repo_find(const char *dir) {
    int32_t len = (int32_t)strlen(dir);
    Buf b;
    buf_init(&b);
    int32_t found = -1;
    while (len > 0) {
        b.len = 0;
        buf_put(&b, dir, (size_t)len);
        if (b.failed) break;
        if (gi_has_dotgit(buf_cstr(&b))) {
            found = len;
            break;
        }
        if (len == 1) break; /* "/" checked */
        while (len > 0 && dir[len - 1] != '/') len--;
        if (len > 1) len--; /* drop the slash, but keep "/" itself */
    }
    buf_free(&b);
    return found;
}

/* Whole small file into an arena string (NUL-terminated); NULL when unreadable. */
static char *slurp(Arena *a, const char *file, size_t *len, int *err) {
    int fd = open(file, O_RDONLY | O_CLOEXEC);
    *err = 0;
    if (fd < 0) {
        *err = errno;
        return NULL;
    }
    Buf b;
    buf_init(&b);
    char chunk[4096];
    for (;;) {
        ssize_t r = read(fd, chunk, sizeof chunk);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) *err = errno;
        if (r <= 0) break;
        buf_put(&b, chunk, (size_t)r);
    }
    close(fd);
    char *s = (*err || b.failed) ? NULL : arena_strndup(a, b.data ? b.data : "", b.len);
    if (s) *len = b.len;
    if (!s && !*err) *err = ENOMEM;
    buf_free(&b);
    return s;
}

static char *join(Arena *a, const char *dir, const char *name) {
    if (name[0] == '/') return arena_strndup(a, name, strlen(name));
    size_t d = strlen(dir), n = strlen(name);
    char *s = arena_alloc(a, d + n + 2);
    if (!s) return NULL;
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

static bool cfg_is_key_char(char c) { return isalnum((unsigned char)c) || c == '-'; }

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
static void cfg_scan(Arena *a, const char *text, size_t len, char **value, bool *set) {
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
            if (in_core && n == 12 && strncasecmp(key, "excludesfile", 12) == 0 && !val.failed) {
                *value = arena_strndup(a, val.data ? val.data : "", val.len);
                *set = *value != NULL;
            }
        } else {
            break;
        }
    }
    buf_free(&val);
}

static void cfg_file(Arena *a, const char *file, char **value, bool *set) {
    if (!file) return;
    size_t len;
    int err;
    char *text = slurp(a, file, &len, &err);
    if (text) cfg_scan(a, text, len, value, set);
}

static bool env_true(const char *name) {
    const char *v = getenv(name);
    if (!v || !*v) return false;
    return !(strcasecmp(v, "0") == 0 || strcasecmp(v, "false") == 0 || strcasecmp(v, "no") == 0 ||
             strcasecmp(v, "off") == 0);
}

/* $XDG_CONFIG_HOME/git/NAME, else $HOME/.config/git/NAME, else NULL. */
static char *xdg_git_file(Arena *a, const char *name) {
    const char *xdg = getenv("XDG_CONFIG_HOME"), *home = getenv("HOME");
    char *dir = NULL;
    if (xdg && *xdg)
        dir = join(a, xdg, "git");
    else if (home)
        dir = join(a, home, ".config/git");
    return dir ? join(a, dir, name) : NULL;
}

/* git's interpolation of "~/..." and "~" (other "~user" forms are left alone). */
static char *expand_home(Arena *a, char *path) {
    const char *home = getenv("HOME");
    if (path[0] != '~' || !home || (path[1] != '/' && path[1] != '\0')) return path;
    return path[1] ? join(a, home, path + 2) : arena_strndup(a, home, strlen(home));
}

/* The global excludes file as git names it, or NULL when there is none to read. */
static char *global_excludes(Arena *a, const char *commondir) {
    char *value = NULL;
    bool set = false;
    if (!env_true("GIT_CONFIG_NOSYSTEM")) {
        const char *sys = getenv("GIT_CONFIG_SYSTEM");
        cfg_file(a, sys ? sys : "/etc/gitconfig", &value, &set);
    }
    const char *glob = getenv("GIT_CONFIG_GLOBAL"), *home = getenv("HOME");
    if (glob) {
        if (*glob) cfg_file(a, glob, &value, &set);
    } else {
        cfg_file(a, xdg_git_file(a, "config"), &value, &set);
        if (home) cfg_file(a, join(a, home, ".gitconfig"), &value, &set);
    }
    cfg_file(a, join(a, commondir, "config"), &value, &set);
    if (set) return *value ? expand_home(a, value) : NULL;
    return xdg_git_file(a, "ignore");
}

/* ---- the work tree --------------------------------------------------------------------- */

/* Follows a `.git` file ("gitdir: PATH") and a `commondir` file. */
static void locate_gitdir(Arena *a, const char *root, const char **gitdir, const char **common) {
    char *dotgit = join(a, root, ".git");
    *gitdir = *common = dotgit;
    struct stat st;
    if (!dotgit || stat(dotgit, &st) != 0) return;
    size_t len;
    int err;
    if (S_ISREG(st.st_mode)) {
        char *text = slurp(a, dotgit, &len, &err);
        if (text && strncmp(text, "gitdir:", 7) == 0) {
            char *dir = trim_line(text + 7);
            *gitdir = *common = join(a, root, dir);
        }
    }
    char *cd = *gitdir ? join(a, *gitdir, "commondir") : NULL;
    char *text = cd ? slurp(a, cd, &len, &err) : NULL;
    if (text) *common = join(a, *gitdir, trim_line(text));
}

static void note_warning(Arena *a, GiRepo *r, const char *file, int err) {
    if (!err || r->warning) return;
    const char *why = strerror(err);
    char *msg = arena_alloc(a, strlen(file) + strlen(why) + 16);
    if (!msg) return;
    strcpy(msg, "cannot read ");
    strcat(msg, file);
    strcat(msg, ": ");
    strcat(msg, why);
    r->warning = msg;
}

GiRepo *gi_repo_open(Arena *a, const char *root) {
    GiRepo *r = arena_zalloc(a, sizeof *r);
    if (!r) return NULL;
    r->root = arena_strndup(a, root, strlen(root));
    const char *gitdir = NULL, *common = NULL;
    locate_gitdir(a, r->root, &gitdir, &common);
    if (!r->root || !gitdir || !common) return NULL;
    r->gitdir = gitdir;

    char *info = join(a, common, "info/exclude");
    if (!info) return NULL;
    size_t rootlen = strlen(r->root);
    const char *info_name = info;
    if (strncmp(info, r->root, rootlen) == 0 && info[rootlen] == '/') info_name = info + rootlen + 1;
    note_warning(a, r, info_name, gi_list_load(a, info, false, "", info_name, &r->info_exclude));

    char *global = global_excludes(a, common);
    if (global) {
        char *file = join(a, r->root, global); /* a relative value is relative to the work tree */
        if (!file) return NULL;
        note_warning(a, r, global, gi_list_load(a, file, false, "", global, &r->global));
    }
    return r;
}
