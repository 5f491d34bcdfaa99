/* gitignore.c — compiling .gitignore files and deciding ignored paths (see gitignore.h).
 *
 * Line syntax (git's): a UTF-8 BOM is skipped; lines are split at '\n' and lose one trailing
 * '\r'; empty lines and lines starting with '#' are skipped; unescaped trailing spaces are
 * trimmed (a backslash keeps the space after it); a leading '!' negates; one trailing '/' makes
 * the pattern directory-only; a pattern without any other '/' matches basenames at any depth,
 * otherwise it is anchored to the directory of its file. The wildcard-free prefix of an anchored
 * pattern is compared literally before wildmatch sees the rest, exactly as git does.
 */
#include "gitignore.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "gitrepo.h"
#include "wildmatch.h"

enum { GI_MAX_FILE = 100 * 1024 * 1024 }; /* git ignores larger pattern files */

static int32_t literal_prefix(const char *p, int32_t len) {
    int32_t i = 0;
    while (i < len && p[i] != '*' && p[i] != '?' && p[i] != '[' && p[i] != '\\') i++;
    return i;
}

/* git's rule: trailing spaces go unless escaped by a backslash. Returns the new length. */
static size_t trim_trailing_spaces(const char *s, size_t n) {
    size_t cut = n;
    bool in_spaces = false;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == ' ') {
            if (!in_spaces) cut = i;
            in_spaces = true;
        } else if (s[i] == '\\') {
            if (++i == n) return n; /* a trailing backslash: keep everything */
            in_spaces = false;
        } else {
            in_spaces = false;
        }
    }
    return in_spaces ? cut : n;
}

/* Compiles one line (already without '\r' and trailing spaces). False when out of memory. */
static bool add_pattern(Arena *a, GiList *l, const char *s, size_t n, int32_t line) {
    uint32_t flags = 0;
    if (n && s[0] == '!') {
        flags |= GI_NEGATIVE;
        s++, n--;
    }
    if (n && s[n - 1] == '/') {
        flags |= GI_MUSTBEDIR;
        n--;
    }
    if (n == 0) return true; /* "", "!", "/": git keeps them but they can never match */
    if (!memchr(s, '/', n)) flags |= GI_NODIR;
    int32_t len = (int32_t)n;
    if (s[0] == '*' && literal_prefix(s + 1, len - 1) == len - 1) flags |= GI_ENDSWITH;
    GiPattern *g = &l->pats[l->npats];
    g->pat = arena_strndup(a, s, n);
    if (!g->pat) return false;
    g->len = len;
    g->nowild = literal_prefix(s, len);
    g->line = line;
    g->flags = flags;
    g->wm = NULL;
    if (flags & GI_NODIR) {
        if (g->nowild != len && !(flags & GI_ENDSWITH) && !(g->wm = wm_compile(a, g->pat, 0)))
            return false;
    } else { /* what match_pathname leaves to wildmatch: after a leading '/' and the prefix */
        const char *rest = g->pat + g->nowild;
        if (!(g->wm = wm_compile(a, rest, WM_PATHNAME))) return false;
    }
    l->npats++;
    return true;
}

GiList *gi_list_parse(Arena *a, const char *text, size_t len, const char *base,
                      const char *source) {
    GiList *l = arena_zalloc(a, sizeof *l);
    if (!l) return NULL;
    l->baselen = (int32_t)strlen(base);
    l->base = arena_strndup(a, base, (size_t)l->baselen);
    l->source = arena_strndup(a, source, strlen(source));
    if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0) text += 3, len -= 3;
    size_t lines = 1;
    for (size_t i = 0; i < len; i++) lines += text[i] == '\n';
    l->pats = arena_alloc(a, lines * sizeof *l->pats);
    if (!l->base || !l->source || !l->pats) return NULL;

    int32_t lineno = 1;
    for (size_t start = 0; start < len; lineno++) {
        const char *nl = memchr(text + start, '\n', len - start);
        size_t end = nl ? (size_t)(nl - text) : len;
        const char *s = text + start;
        size_t n = end - start;
        start = end + 1;
        if (n == 0 || s[0] == '#') continue;
        if (s[n - 1] == '\r') n--;
        const char *nul = memchr(s, '\0', n); /* git handles lines as C strings */
        if (nul) n = (size_t)(nul - s);
        n = trim_trailing_spaces(s, n);
        if (!add_pattern(a, l, s, n, lineno)) return NULL;
    }
    return l;
}

int gi_list_load(Arena *a, const char *file, bool nofollow, const char *base, const char *source,
                 GiList **out) {
    *out = NULL;
    /* non-blocking: a FIFO planted as a .gitignore must not hang the walk */
    int fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (nofollow ? O_NOFOLLOW : 0));
    if (fd < 0) {
        int e = errno;
        return (e == ENOENT || e == ENOTDIR || (nofollow && e == ELOOP)) ? 0 : e;
    }
    struct stat st;
    int err = 0;
    char *buf = NULL;
    if (fstat(fd, &st) != 0) {
        err = errno;
    } else if (!S_ISREG(st.st_mode) || st.st_size == 0) {
        err = 0; /* a directory, a FIFO or a device: as if missing */
    } else if (st.st_size > GI_MAX_FILE) {
        err = EFBIG;
    } else if (!(buf = dw_malloc((size_t)st.st_size))) {
        err = ENOMEM;
    } else {
        size_t got = 0, want = (size_t)st.st_size;
        while (got < want) {
            ssize_t r = read(fd, buf + got, want - got);
            if (r < 0 && errno == EINTR) continue;
            if (r <= 0) {
                err = r < 0 ? errno : 0;
                break;
            }
            got += (size_t)r;
        }
        if (!err && !(*out = gi_list_parse(a, buf, got, base, source))) err = ENOMEM;
    }
    dw_free(buf);
    close(fd);
    return err;
}

static bool match_basename(const GiPattern *g, const char *name, int32_t n) {
    if (g->nowild == g->len) return g->len == n && memcmp(g->pat, name, (size_t)n) == 0;
    if (g->flags & GI_ENDSWITH)
        return g->len - 1 <= n &&
               memcmp(g->pat + 1, name + n - (g->len - 1), (size_t)(g->len - 1)) == 0;
    return wm_match_compiled(g->wm, name, (size_t)n, NULL);
}

static bool match_pathname(const GiList *l, const GiPattern *g, const char *path, int32_t len) {
    const char *pat = g->pat;
    int32_t prefix = g->nowild, plen = g->len;
    if (*pat == '/') pat++, prefix--, plen--;
    int32_t baselen = l->baselen ? l->baselen - 1 : 0; /* without its trailing slash */
    if (len < baselen + 1 || (baselen && path[baselen] != '/') ||
        memcmp(path, l->base, (size_t)baselen) != 0)
        return false;
    const char *name = baselen ? path + baselen + 1 : path;
    int32_t nlen = len - (int32_t)(name - path);
    if (prefix) {
        if (prefix > nlen || memcmp(pat, name, (size_t)prefix) != 0) return false;
        pat += prefix, plen -= prefix, name += prefix, nlen -= prefix;
        if (plen == 0 && nlen == 0) return true;
    }
    return wm_match_compiled(g->wm, name, (size_t)nlen, NULL);
}

const GiPattern *gi_list_match(const GiList *l, const char *path, int32_t len, bool is_dir) {
    if (!l) return NULL;
    const char *slash = NULL;
    for (int32_t i = len - 1; i >= 0; i--)
        if (path[i] == '/') {
            slash = path + i;
            break;
        }
    const char *name = slash ? slash + 1 : path;
    int32_t nlen = len - (int32_t)(name - path);
    for (int32_t i = l->npats - 1; i >= 0; i--) {
        const GiPattern *g = &l->pats[i];
        if ((g->flags & GI_MUSTBEDIR) && !is_dir) continue;
        bool hit =
            (g->flags & GI_NODIR) ? match_basename(g, name, nlen) : match_pathname(l, g, path, len);
        if (hit) return g;
    }
    return NULL;
}

GiMatch gi_match(const GiRepo *repo, GiList *const *dirs, int32_t ndirs, const char *path,
                 int32_t len, bool is_dir) {
    GiList *const fixed[2] = {repo ? repo->info_exclude : NULL, repo ? repo->global : NULL};
    for (int32_t i = ndirs - 1; i >= 0; i--) {
        const GiPattern *g = gi_list_match(dirs[i], path, len, is_dir);
        if (g) return (GiMatch){dirs[i], g};
    }
    for (int i = 0; i < 2; i++) {
        const GiPattern *g = gi_list_match(fixed[i], path, len, is_dir);
        if (g) return (GiMatch){fixed[i], g};
    }
    return (GiMatch){NULL, NULL};
}

/* ---- checking arbitrary paths ---------------------------------------------------------------
 * Level k is the k-th directory on the path (level 0 the work tree root). `dir` holds the
 * deepest loaded level's directory with a trailing slash, so level k is dir[0..ends[k]). */

struct GiChecker {
    Arena *a;
    const GiRepo *repo;
    char *dir; /* heap copy of the deepest directory path, NUL-terminated */
    int32_t dircap;
    int32_t *ends;     /* ends[k]: length of level k's directory prefix */
    GiList **lists;    /* lists[k]: level k's .gitignore, or NULL */
    GiMatch *excluded; /* excluded[k]: why level k's directory is ignored, if it is */
    int32_t n, cap;
};

GiChecker *gi_checker_new(Arena *a, const GiRepo *repo) {
    GiChecker *c = arena_zalloc(a, sizeof *c);
    if (c) c->a = a, c->repo = repo;
    return c;
}

static bool checker_reserve(GiChecker *c, int32_t levels, int32_t dirlen) {
    if (levels > c->cap) {
        int32_t cap = levels * 2;
        int32_t *ends = arena_alloc(c->a, (size_t)cap * sizeof *ends);
        GiList **lists = arena_alloc(c->a, (size_t)cap * sizeof *lists);
        GiMatch *ex = arena_alloc(c->a, (size_t)cap * sizeof *ex);
        if (!ends || !lists || !ex) return false;
        if (c->n) {
            memcpy(ends, c->ends, (size_t)c->n * sizeof *ends);
            memcpy(lists, c->lists, (size_t)c->n * sizeof *lists);
            memcpy(ex, c->excluded, (size_t)c->n * sizeof *ex);
        }
        c->ends = ends, c->lists = lists, c->excluded = ex, c->cap = cap;
    }
    if (dirlen + 1 > c->dircap) {
        int32_t cap = (dirlen + 1) * 2;
        char *d = arena_alloc(c->a, (size_t)cap);
        if (!d) return false;
        if (c->dir) memcpy(d, c->dir, (size_t)c->dircap);
        c->dir = d, c->dircap = cap;
    }
    return true;
}

/* Pushes level k whose directory is c->dir[0..end) (end counts the trailing slash; 0 = root). */
static void push_level(GiChecker *c, int32_t end, const char **err) {
    int32_t k = c->n++;
    c->ends[k] = end;
    c->lists[k] = NULL;
    c->excluded[k] = (GiMatch){NULL, NULL};
    if (k > 0 && c->excluded[k - 1].pat) { /* inside an ignored directory */
        c->excluded[k] = c->excluded[k - 1];
        return;
    }
    if (end > 0) {
        c->dir[end - 1] = '\0';
        GiMatch m = gi_match(c->repo, c->lists, k, c->dir, end - 1, true);
        c->dir[end - 1] = '/';
        if (gi_ignored(m)) {
            c->excluded[k] = m;
            return;
        }
    }
    size_t rootlen = strlen(c->repo->root);
    size_t need = rootlen + 1 + (size_t)end + sizeof ".gitignore";
    char *file = dw_malloc(need), *source = dw_malloc((size_t)end + sizeof ".gitignore");
    if (!file || !source) {
        dw_free(file), dw_free(source);
        if (err) *err = "out of memory";
        return;
    }
    memcpy(source, c->dir, (size_t)end);
    memcpy(source + end, ".gitignore", sizeof ".gitignore");
    memcpy(file, c->repo->root, rootlen);
    file[rootlen] = '/';
    memcpy(file + rootlen + 1, source, (size_t)end + sizeof ".gitignore");
    c->dir[end] = '\0';
    int e = gi_list_load(c->a, file, true, c->dir, source, &c->lists[k]);
    if (e && err) {
        char *msg = arena_alloc(c->a, strlen(source) + 64);
        if (msg) {
            strcpy(msg, "cannot read ");
            strcat(msg, source);
            strcat(msg, ": ");
            strncat(msg, strerror(e), 40);
        }
        *err = msg ? msg : "cannot read a .gitignore";
    }
    dw_free(file), dw_free(source);
}

/* Advances *end to the end of the next directory of path (just past its slash); false if none. */
static bool next_dir(const char *path, int32_t len, int32_t *end) {
    const char *slash = memchr(path + *end, '/', (size_t)(len - *end));
    if (!slash) return false;
    *end = (int32_t)(slash - path) + 1;
    return true;
}

GiMatch gi_check(GiChecker *c, const char *path, bool is_dir, const char **err) {
    int32_t len = (int32_t)strlen(path), levels = 1;
    for (int32_t i = 0; i < len; i++) levels += path[i] == '/';
    if (!checker_reserve(c, levels, len)) {
        if (err) *err = "out of memory";
        return (GiMatch){NULL, NULL};
    }
    /* Keep the levels this path shares with the previous one, then load the others. */
    int32_t k = 0, end = 0;
    bool more = true;
    while (more && k < c->n && c->ends[k] == end && memcmp(c->dir, path, (size_t)end) == 0) {
        k++;
        more = next_dir(path, len, &end);
    }
    c->n = k;
    for (; more; more = next_dir(path, len, &end)) {
        memcpy(c->dir, path, (size_t)end);
        push_level(c, end, err);
    }
    const GiMatch *ex = &c->excluded[c->n - 1];
    if (ex->pat) return *ex;
    return gi_match(c->repo, c->lists, c->n, path, len, is_dir);
}
