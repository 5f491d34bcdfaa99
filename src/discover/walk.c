/* walk.c — the directory walk behind `deadwood check PATH...` (see walk.h).
 *
 * Four paths grow together as the walk descends: the display path (the root as the user wrote
 * it, then joined names), the lexical absolute path (what exclude globs see, as in ruff), the
 * path relative to the base the .gitignore rules use (the outermost work tree, else the root) and
 * the canonical path (symbolic links resolved), which tells when one file was reached twice.
 * Directory listings are read whole and closed before descending, so the walk holds no
 * descriptor per level. Pattern lists and repositories live in a scratch arena freed at the end;
 * only the results go to the caller's arena.
 */
#include "walk.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/buf.h"
#include "gitignore.h"
#include "gitrepo.h"
#include "glob.h"

const char *const discover_default_includes[] = {"*.py", "*.pyi", "*.ipynb"};
const int32_t discover_ndefault_includes =
    (int32_t)(sizeof discover_default_includes / sizeof discover_default_includes[0]);

const char *const discover_default_excludes[] = {
    ".bzr",
    ".direnv",
    ".eggs",
    ".git",
    ".git-rewrite",
    ".hg",
    ".ipynb_checkpoints",
    ".mypy_cache",
    ".nox",
    ".pants.d",
    ".pyenv",
    ".pytest_cache",
    ".pytype",
    ".ruff_cache",
    ".svn",
    ".tox",
    ".venv",
    ".vscode",
    "__pypackages__",
    "_build",
    "buck-out",
    "build",
    "dist",
    "node_modules",
    "site-packages",
    "venv",
    ".deadwood_cache",
};
const int32_t discover_ndefault_excludes =
    (int32_t)(sizeof discover_default_excludes / sizeof discover_default_excludes[0]);

enum { MAX_DEPTH = 2000 };

typedef struct DirId {
    dev_t dev;
    ino_t ino;
    int32_t displen; /* the directory's display path is disp[0..displen) */
    bool known;      /* dev and ino are filled in */
} DirId;

typedef struct FileRec {
    const char *path; /* as displayed */
    const char *real; /* canonical */
} FileRec;

typedef struct Walker {
    Arena *out; /* results */
    Arena tmp;  /* everything else */
    const DiscoverOptions *opt;
    ExcludeSet excl;
    ExcludeSet incl; /* include and extend-include, when not the default */
    bool custom_include;
    Buf disp, abs, rel, real;
    GiRepo *repo;     /* the work tree of the current directory, or NULL */
    int32_t repo_off; /* rel + repo_off is the path relative to repo's root */
    VEC(GiList *) stack;
    int32_t floor; /* stack entries from here on belong to repo */
    VEC(DirId) anc;
    VEC(FileRec) files;
    VEC(DiscoverDiag) diags;
    int32_t via_links; /* directories on the current path entered through a symbolic link */
    char *last_dir;    /* the directory of the last file named on the command line, */
    char *last_real;   /* and its real path (real_file_path) */
    bool oom;
} Walker;

void discover_options_init(DiscoverOptions *o) {
    memset(o, 0, sizeof *o);
    o->respect_gitignore = true;
}

/* ---- small helpers ----------------------------------------------------------------------- */

/* Appends "/name" (no slash after a trailing one or into an empty path); returns the old length. */
static size_t path_push(Buf *b, const char *name, size_t n) {
    size_t old = b->len;
    if (b->len && b->data[b->len - 1] != '/') buf_putc(b, '/');
    buf_put(b, name, n);
    buf_cstr(b);
    return old;
}
static void path_pop(Buf *b, size_t old) {
    b->len = old;
    if (b->data) b->data[old] = '\0';
}
static void path_set(Buf *b, const char *s) {
    b->len = 0;
    buf_puts(b, s);
    buf_cstr(b);
}

static char *concat(Arena *a, const char *x, const char *y, const char *z) {
    size_t nx = strlen(x), ny = strlen(y), nz = strlen(z);
    char *s = arena_alloc(a, nx + ny + nz + 1);
    if (!s) return NULL;
    memcpy(s, x, nx);
    memcpy(s + nx, y, ny);
    memcpy(s + nx + ny, z, nz + 1);
    return s;
}

static void diag(Walker *w, const char *path, const char *what, int err) {
    char *msg = concat(w->out, what, err ? ": " : "", err ? strerror(err) : "");
    char *p = arena_strndup(w->out, path, strlen(path));
    if (!msg || !p || VEC_PUSH(w->out, w->diags, ((DiscoverDiag){p, msg})) != 0) w->oom = true;
}

/* A file's path as shown: as the user wrote it and the walk joined it, without a leading "./"
 * (ruff shows `pkg/a.py` for the argument `.` or `./pkg`); the same file for open(), and never
 * "-", which names standard input. */
static const char *shown(const char *path) {
    while (path[0] == '.' && path[1] == '/' && path[2] && strcmp(path + 2, "-") != 0) {
        path += 2;
        while (*path == '/' && path[1]) path++;
    }
    return path;
}

static void add_file(Walker *w, const char *path, const char *real) {
    path = shown(path);
    char *p = arena_strndup(w->out, path, strlen(path));
    char *r = arena_strndup(&w->tmp, real, strlen(real));
    if (!p || !r || VEC_PUSH(&w->tmp, w->files, ((FileRec){p, r})) != 0) w->oom = true;
}

static bool ends_with(const char *name, size_t n, const char *ext) {
    size_t e = strlen(ext);
    return n > e && memcmp(name + n - e, ext, e) == 0;
}

/* The default include, ruff's: the extension after the last '.' that does not start the name
 * (the globs `*.py`, `*.pyi`, `*.ipynb`, without matching them). */
static bool default_included(const char *name, size_t n) {
    return ends_with(name, n, ".py") || ends_with(name, n, ".pyi") || ends_with(name, n, ".ipynb");
}

/* Whether the walk takes the file `name` (its absolute path in w->abs). */
static bool included(const Walker *w, const char *name, size_t n) {
    if (!w->custom_include) return default_included(name, n);
    return exclude_match(&w->incl, w->abs.data, w->abs.len, name, n);
}

static bool gitignored(Walker *w, bool is_dir) {
    if (!w->repo) return false;
    const char *path = w->rel.data + w->repo_off;
    int32_t len = (int32_t)w->rel.len - w->repo_off;
    int32_t n = w->stack.len - w->floor;
    GiMatch m = gi_match(w->repo, n ? w->stack.items + w->floor : NULL, n, path, len, is_dir);
    return gi_ignored(m);
}

/* Loads dir's .gitignore (display path `file`) for the patterns of directory `base` ("" or
 * "a/b/", relative to the work tree) and pushes it. */
static void push_gitignore(Walker *w, const char *file, const char *base) {
    GiList *l = NULL;
    char *source = concat(&w->tmp, base, ".gitignore", "");
    int e = source ? gi_list_load(&w->tmp, file, true, base, source, &l) : ENOMEM;
    if (e == ENOMEM)
        w->oom = true;
    else if (e)
        diag(w, file, "cannot read", e);
    if (l && VEC_PUSH(&w->tmp, w->stack, l) != 0) w->oom = true;
}

/* The work tree found at the current directory (its listing has a .git entry). */
static void enter_repo(Walker *w) {
    GiRepo *r = gi_repo_open(&w->tmp, w->abs.data);
    if (!r) {
        w->oom = true;
        return;
    }
    if (r->warning) diag(w, w->disp.data, r->warning, 0);
    w->repo = r;
    w->repo_off = w->rel.len ? (int32_t)w->rel.len + 1 : 0;
    w->floor = w->stack.len;
}

/* ---- the walk ---------------------------------------------------------------------------- */

static void walk_dir(Walker *w, int depth);

enum { K_FILE, K_DIR, K_OTHER, K_BROKEN, K_GONE };

static void visit(Walker *w, const char *name, size_t n, unsigned char dtype, int depth) {
    if (dtype == DT_REG && !w->custom_include && !default_included(name, n)) return;
    size_t d0 = path_push(&w->disp, name, n), a0 = path_push(&w->abs, name, n),
           r0 = path_push(&w->rel, name, n), c0 = path_push(&w->real, name, n);
    char *real0 = NULL; /* the canonical path to restore after following a link */
    if (w->disp.failed || w->abs.failed || w->rel.failed || w->real.failed) {
        w->oom = true;
        return;
    }
    int kind = dtype == DT_DIR ? K_DIR : K_FILE, err = 0;
    struct stat st;
    if (dtype == DT_UNKNOWN) {
        if (lstat(w->disp.data, &st) != 0) {
            kind = K_GONE, err = errno;
        } else if (S_ISLNK(st.st_mode)) {
            dtype = DT_LNK;
        } else {
            kind = S_ISDIR(st.st_mode) ? K_DIR : S_ISREG(st.st_mode) ? K_FILE : K_OTHER;
        }
    }
    if (dtype == DT_LNK) {
        char target[PATH_MAX];
        if (stat(w->disp.data, &st) != 0) {
            kind = K_BROKEN, err = errno;
        } else {
            kind = S_ISDIR(st.st_mode) ? K_DIR : S_ISREG(st.st_mode) ? K_FILE : K_OTHER;
            if (kind != K_OTHER && realpath(w->disp.data, target)) {
                real0 = arena_strndup(&w->tmp, w->real.data, c0);
                path_set(&w->real, target);
                if (!real0) w->oom = true;
            }
        }
    } else if (dtype != DT_DIR && dtype != DT_REG && dtype != DT_UNKNOWN) {
        kind = K_OTHER; /* fifo, socket, device */
    }

    if (kind == K_OTHER || (kind == K_FILE && !included(w, name, n))) {
        /* not a candidate */
    } else if (kind == K_GONE) {
        diag(w, w->disp.data, err == ENOENT ? "disappeared during the walk" : "cannot stat",
             err == ENOENT ? 0 : err);
    } else if (exclude_match(&w->excl, w->abs.data, w->abs.len, name, n)) {
        /* excluded */
    } else if (w->opt->respect_gitignore && gitignored(w, kind == K_DIR)) {
        /* ignored */
    } else if (kind == K_BROKEN) {
        diag(w, w->disp.data, "cannot follow symbolic link", err);
    } else if (kind == K_DIR) {
        w->via_links += dtype == DT_LNK;
        walk_dir(w, depth + 1);
        w->via_links -= dtype == DT_LNK;
    } else {
        add_file(w, w->disp.data, w->real.data);
    }
    path_pop(&w->disp, d0), path_pop(&w->abs, a0), path_pop(&w->rel, r0);
    if (real0)
        path_set(&w->real, real0);
    else
        path_pop(&w->real, c0);
}

/* Reads the current directory's entries as records "<d_type><name>\0" into names. */
static bool read_listing(Walker *w, Buf *names, bool *has_git, bool *has_gitignore) {
    DIR *d = opendir(w->disp.data);
    if (!d) {
        int e = errno;
        diag(w, w->disp.data,
             e == ENOENT ? "directory disappeared during the walk" : "cannot read directory",
             e == ENOENT ? 0 : e);
        return false;
    }
    /* Without a symbolic link on the path the directories form a tree: no loop is possible, so
     * identities are only taken (for the ancestors too, lazily) once a link was followed. */
    DirId id = {0, 0, (int32_t)w->disp.len, false};
    struct stat st;
    if (w->via_links && fstat(dirfd(d), &st) == 0) {
        id.dev = st.st_dev, id.ino = st.st_ino, id.known = true;
        for (int32_t i = 0; i < w->anc.len; i++) {
            DirId *up = &w->anc.items[i];
            if (!up->known) { /* its path is a prefix of ours: cut there for a moment */
                char c = w->disp.data[up->displen];
                w->disp.data[up->displen] = '\0';
                int r = stat(w->disp.data, &st);
                w->disp.data[up->displen] = c;
                if (r != 0) continue;
                up->dev = st.st_dev, up->ino = st.st_ino, up->known = true;
            }
            if (up->dev != id.dev || up->ino != id.ino) continue;
            char *to = arena_strndup(&w->tmp, w->disp.data, (size_t)up->displen);
            char *msg = to ? concat(&w->tmp, "symbolic link loop: leads back to ", to, "") : NULL;
            if (msg)
                diag(w, w->disp.data, msg, 0);
            else
                w->oom = true;
            closedir(d);
            return false;
        }
    }
    if (VEC_PUSH(&w->tmp, w->anc, id)) w->oom = true;
    errno = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL; errno = 0) {
        const char *nm = e->d_name;
        if (nm[0] == '.' && (nm[1] == '\0' || (nm[1] == '.' && nm[2] == '\0'))) continue;
        *has_git |= strcmp(nm, ".git") == 0;
        *has_gitignore |= strcmp(nm, ".gitignore") == 0;
        buf_putc(names, (char)e->d_type);
        buf_put(names, nm, strlen(nm) + 1);
    }
    if (errno) diag(w, w->disp.data, "error while reading directory", errno);
    closedir(d);
    if (names->failed) w->oom = true;
    return true;
}

static void walk_dir(Walker *w, int depth) {
    if (depth > MAX_DEPTH) {
        diag(w, w->disp.data, "directories nested too deeply", 0);
        return;
    }
    Buf names;
    buf_init(&names);
    bool has_git = false, has_gitignore = false;
    int32_t anc0 = w->anc.len;
    if (!read_listing(w, &names, &has_git, &has_gitignore)) {
        buf_free(&names);
        return;
    }
    GiRepo *repo0 = w->repo;
    int32_t off0 = w->repo_off, floor0 = w->floor, stack0 = w->stack.len;
    if (w->opt->respect_gitignore) {
        if (has_git) enter_repo(w);
        if (w->repo && has_gitignore) {
            int32_t blen = (int32_t)w->rel.len - w->repo_off;
            char *base = blen > 0 ? concat(&w->tmp, w->rel.data + w->repo_off, "/", "") : "";
            size_t old = path_push(&w->disp, ".gitignore", 10);
            if (base)
                push_gitignore(w, w->disp.data, base);
            else
                w->oom = true;
            path_pop(&w->disp, old);
        }
    }
    for (size_t i = 0; i < names.len && !w->oom;) {
        unsigned char dtype = (unsigned char)names.data[i];
        const char *nm = names.data + i + 1;
        size_t n = strlen(nm);
        visit(w, nm, n, dtype, depth);
        i += n + 2;
    }
    w->repo = repo0, w->repo_off = off0, w->floor = floor0, w->stack.len = stack0;
    w->anc.len = anc0;
    buf_free(&names);
}

/* Sets up the paths and the .gitignore files above a walked directory, then walks it. */
static void walk_root(Walker *w, const char *root, const char *abs) {
    path_set(&w->disp, root);
    path_set(&w->abs, abs);
    path_set(&w->rel, "");
    w->repo = NULL, w->repo_off = 0, w->floor = 0, w->stack.len = 0, w->anc.len = 0;
    char real[PATH_MAX];
    bool resolved = realpath(root, real) != NULL;
    path_set(&w->real, resolved ? real : abs);
    if (w->disp.failed || w->abs.failed || w->rel.failed || w->real.failed) {
        w->oom = true;
        return;
    }
    if (w->opt->respect_gitignore && resolved && !gi_has_dotgit(real)) {
        int32_t rl = gi_repo_find(real);
        if (rl > 0) {
            char *top = arena_strndup(&w->tmp, real, (size_t)rl);
            w->repo = top ? gi_repo_open(&w->tmp, top) : NULL;
            if (!w->repo) {
                w->oom = true;
                return;
            }
            if (w->repo->warning) diag(w, root, w->repo->warning, 0);
            const char *below = real + rl + (rl > 1);
            path_set(&w->rel, below);
            /* The .gitignore of the work tree root and of each directory down to root's parent. */
            const char *sep = rl > 1 ? "/" : "";
            char *file = concat(&w->tmp, top, sep, ".gitignore");
            if (file) push_gitignore(w, file, "");
            for (const char *p = below; *p && file; p++) {
                if (*p != '/') continue;
                char *dir = arena_strndup(&w->tmp, below, (size_t)(p - below));
                char *base = dir ? concat(&w->tmp, dir, "/", "") : NULL;
                char *in = base ? concat(&w->tmp, top, sep, base) : NULL;
                file = in ? concat(&w->tmp, in, ".gitignore", "") : NULL;
                if (file) push_gitignore(w, file, base);
            }
            if (!file) w->oom = true;
        }
    }
    walk_dir(w, 0);
}

/* ---- roots, results ---------------------------------------------------------------------- */

/* ruff's force-exclude test: the path or an ancestor, up to the project root, is excluded. */
static bool force_excluded(const Walker *w, const char *abs, const char *project_root) {
    size_t n = strlen(abs), rootlen = strlen(project_root);
    while (n > 1) {
        size_t name = n;
        while (name > 0 && abs[name - 1] != '/') name--;
        if (exclude_match(&w->excl, abs, n, abs + name, n - name)) return true;
        if (n == rootlen && memcmp(abs, project_root, n) == 0) break;
        n = name > 1 ? name - 1 : 1;
    }
    return false;
}

static int cmp_str(const void *x, const void *y) {
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

static int cmp_diag(const void *x, const void *y) {
    const DiscoverDiag *a = x, *b = y;
    int c = strcmp(a->path, b->path);
    return c ? c : strcmp(a->message, b->message);
}

static int cmp_real(const void *x, const void *y) {
    const FileRec *a = x, *b = y;
    int c = strcmp(a->real, b->real);
    return c ? c : strcmp(a->path, b->path);
}

/* Drops the files reached twice (the same canonical path; the smallest display path stays) and
 * sorts the rest by their display path. */
/* realpath() of a file named on the command line. Such lists (pre-commit's, a benchmark's) name
 * many files of a few directories, and realpath() reads every component of every path: a file
 * that is not a symbolic link is its directory's real path and its name, and the real path of the
 * last directory is remembered. */
static bool real_file_path(Walker *w, const char *p, bool is_link, char out[PATH_MAX]) {
    const char *slash = strrchr(p, '/');
    if (!slash || is_link) return realpath(p, out) != NULL;
    size_t dn = slash == p ? 1 : (size_t)(slash - p); /* "/f": the root */
    if (dn >= PATH_MAX) return realpath(p, out) != NULL;
    if (!w->last_dir || strlen(w->last_dir) != dn || memcmp(w->last_dir, p, dn) != 0) {
        char dir[PATH_MAX], real[PATH_MAX];
        memcpy(dir, p, dn);
        dir[dn] = 0;
        w->last_dir = NULL;
        if (!realpath(dir, real)) return realpath(p, out) != NULL;
        w->last_dir = arena_strndup(&w->tmp, p, dn);
        w->last_real = arena_strndup(&w->tmp, real, strlen(real));
        if (!w->last_dir || !w->last_real) {
            w->last_dir = NULL;
            return realpath(p, out) != NULL;
        }
    }
    const char *sep = strcmp(w->last_real, "/") == 0 ? "" : "/";
    int n = snprintf(out, PATH_MAX, "%s%s%s", w->last_real, sep, slash + 1);
    return (n > 0 && n < PATH_MAX) || realpath(p, out) != NULL;
}

static void finish_files(Walker *w, DiscoverResult *out) {
    FileRec *f = w->files.items;
    int32_t n = w->files.len, kept = 0;
    if (n) qsort(f, (size_t)n, sizeof *f, cmp_real);
    const char **paths = arena_alloc(w->out, (size_t)(n ? n : 1) * sizeof *paths);
    if (!paths) {
        w->oom = true;
        return;
    }
    for (int32_t i = 0; i < n; i++)
        if (i == 0 || strcmp(f[i].real, f[i - 1].real) != 0) paths[kept++] = f[i].path;
    qsort(paths, (size_t)kept, sizeof *paths, cmp_str);
    out->files = paths;
    out->nfiles = kept;
}

static void finish_diags(Walker *w) {
    DiscoverDiag *d = w->diags.items;
    int32_t n = w->diags.len, kept = 0;
    if (n == 0) return;
    qsort(d, (size_t)n, sizeof *d, cmp_diag);
    for (int32_t i = 0; i < n; i++)
        if (kept == 0 || cmp_diag(&d[kept - 1], &d[i]) != 0) d[kept++] = d[i];
    w->diags.len = kept;
}

/* The absolute directory pattern i of a list is anchored to. */
static const char *root_of(Walker *w, const char *const *roots, int32_t i, const char *root) {
    if (!roots || !roots[i]) return root;
    char cwd[PATH_MAX];
    const char *abs = getcwd(cwd, sizeof cwd) ? glob_absolutize(&w->tmp, cwd, roots[i]) : NULL;
    return abs ? abs : root;
}

static bool build_excludes(Walker *w, const char *root, const char **err, const char **bad) {
    const DiscoverOptions *o = w->opt;
    if (o->exclude_set) {
        for (int32_t i = 0; i < o->nexclude; i++)
            if (!exclude_add(&w->tmp, &w->excl, *bad = o->exclude[i],
                             root_of(w, o->exclude_roots, i, root), err))
                return false;
    } else {
        for (int32_t i = 0; i < discover_ndefault_excludes; i++)
            if (!exclude_add(&w->tmp, &w->excl, *bad = discover_default_excludes[i], NULL, err))
                return false;
    }
    for (int32_t i = 0; i < o->nextend_exclude; i++)
        if (!exclude_add(&w->tmp, &w->excl, *bad = o->extend_exclude[i],
                         root_of(w, o->extend_exclude_roots, i, root), err))
            return false;
    /* include and extend-include, unless they are the default (tested without globs) */
    w->custom_include = o->include_set || o->nextend_include > 0;
    for (int32_t i = 0; w->custom_include && !o->include_set && i < discover_ndefault_includes; i++)
        if (!exclude_add(&w->tmp, &w->incl, *bad = discover_default_includes[i], NULL, err))
            return false;
    for (int32_t i = 0; o->include_set && i < o->ninclude; i++)
        if (!exclude_add(&w->tmp, &w->incl, *bad = o->include[i],
                         root_of(w, o->include_roots, i, root), err))
            return false;
    for (int32_t i = 0; i < o->nextend_include; i++)
        if (!exclude_add(&w->tmp, &w->incl, *bad = o->extend_include[i],
                         root_of(w, o->extend_include_roots, i, root), err))
            return false;
    return true;
}

static bool fail(Walker *w, DiscoverResult *out, const char *why, const char *what) {
    out->error = concat(w->out, why, what ? what : "", "");
    if (!out->error) out->error = "out of memory";
    buf_free(&w->disp), buf_free(&w->abs), buf_free(&w->rel), buf_free(&w->real);
    arena_free(&w->tmp);
    return false;
}

bool discover_files(Arena *a, const DiscoverOptions *o, const char *const *paths, int32_t npaths,
                    DiscoverResult *out) {
    memset(out, 0, sizeof *out);
    Walker w = {.out = a, .opt = o};
    arena_init(&w.tmp);
    buf_init(&w.disp), buf_init(&w.abs), buf_init(&w.rel), buf_init(&w.real);
    char cwd[PATH_MAX];
    if (!getcwd(cwd, sizeof cwd))
        return fail(&w, out, "cannot determine the current directory", NULL);
    const char *root = o->project_root ? glob_absolutize(&w.tmp, cwd, o->project_root) : cwd;
    const char *err = NULL, *bad = NULL;
    if (!root) return fail(&w, out, "out of memory", NULL);
    if (!build_excludes(&w, root, &err, &bad)) {
        if (strcmp(err, "out of memory") == 0) return fail(&w, out, err, NULL);
        char *why = concat(&w.tmp, "invalid exclude pattern '", bad, "': ");
        return fail(&w, out, why ? why : "invalid exclude pattern: ", err);
    }
    for (int32_t i = 0; i < npaths && !w.oom; i++) {
        const char *p = paths[i];
        /* lstat first: for what is not a symbolic link, most paths, it is also stat */
        struct stat st;
        int r = lstat(p, &st);
        bool is_link = r == 0 && S_ISLNK(st.st_mode);
        if (r != 0 || (is_link && stat(p, &st) != 0)) {
            int e = errno;
            diag(&w, p, r == 0 ? "cannot follow symbolic link" : "cannot access", e);
            continue;
        }
        const char *abs = glob_absolutize(&w.tmp, cwd, p);
        if (!abs) {
            w.oom = true;
            break;
        }
        if (o->force_exclude && force_excluded(&w, abs, root)) continue;
        char real[PATH_MAX];
        if (S_ISDIR(st.st_mode))
            walk_root(&w, p, abs);
        else
            add_file(&w, p, real_file_path(&w, p, is_link, real) ? real : abs);
    }
    if (!w.oom) finish_files(&w, out);
    if (w.oom) return fail(&w, out, "out of memory", NULL);
    finish_diags(&w);
    out->diags = w.diags.items;
    out->ndiags = w.diags.len;
    buf_free(&w.disp), buf_free(&w.abs), buf_free(&w.rel), buf_free(&w.real);
    arena_free(&w.tmp);
    return true;
}
