/* config.c — see config.h: reading deadwood's keys from a TOML tree, rule selection, and the
 * directory-by-directory lookup of configuration files. */
#include "config.h"

#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/check.h"
#include "config/toml.h"
#include "discover/glob.h"
#include "source/source.h"

static const char *const known_keys =
    "select, extend-select, ignore, exclude, extend-exclude, include, extend-include, "
    "per-file-ignores, target-version, respect-gitignore, force-exclude, cache-dir, "
    "max-file-size, extend, rules, fix, unsafe-fixes, fixable, unfixable";

/* Rules that have options, and their keys (a rule's keys in one string, for its error). */
static const struct {
    const char *code, *keys;
} rule_options[] = {{"DW301", "similarity"}, {"DW303", "in-tests, clones, changes"}};

/* ---- errors ----------------------------------------------------------------------------- */

static bool failv(ConfigError *err, const char *path, int line, int col, const char *fmt,
                  va_list ap) {
    err->path = path;
    err->line = line;
    err->col = col;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    return false;
}

static bool fail(ConfigError *err, const char *path, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static bool fail(ConfigError *err, const char *path, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    failv(err, path, line, col, fmt, ap);
    va_end(ap);
    return false;
}

/* The reading of one file: where errors point. */
typedef struct Reader {
    Arena *a;
    const char *path;
    const char *table; /* "[tool.deadwood]" or the file name, for messages */
    ConfigError *err;
    int extend_line, extend_col; /* where `extend` is written */
} Reader;

static bool at(Reader *r, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool at(Reader *r, int line, int col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    failv(r->err, r->path, line, col, fmt, ap);
    va_end(ap);
    return false;
}

static bool oom(Reader *r) {
    return at(r, 0, 0, "out of memory");
}

/* "a string", "an integer", ... for messages. */
static const char *a_type(TomlType t) {
    static const char *const names[] = {
        "a string",          "an integer",   "a float",      "a boolean", "an offset date-time",
        "a local date-time", "a local date", "a local time", "an array",  "a table"};
    return (unsigned)t < sizeof names / sizeof *names ? names[t] : "a value";
}

/* ---- values ----------------------------------------------------------------------------- */

/* A TOML string may hold NUL (\u0000); a rule, a path or a glob is a C string and cannot: cut at
 * the NUL, `"DW1\u0000xx"` would select DW1 (issue 20). Such a string or key is an error. */
static bool has_nul(Str s) {
    return s.s && memchr(s.s, 0, (size_t)s.len) != NULL;
}

static bool nul_error(Reader *r, int line, int col, const char *what) {
    return at(r, line, col, "a NUL character (\\u0000) in %s: no rule, path or glob can hold one",
              what);
}

static bool want_type(Reader *r, const TomlEntry *e, TomlType type, const char *what) {
    if (toml_is(e->value, type)) return true;
    return at(r, e->value->line, e->value->col, "'%s' expects %s, got %s", e->key.s, what,
              a_type(e->value->type));
}

/* A string value, with no NUL in it. */
static bool want_text(Reader *r, const TomlEntry *e) {
    if (!want_type(r, e, TOML_STRING, "a string")) return false;
    if (has_nul(e->value->u.str)) return nul_error(r, e->value->line, e->value->col, "the string");
    return true;
}

/* An array of strings; each checked by `valid` when given (its message: "unknown rule"). */
static bool read_strings(Reader *r, const char *key, const TomlValue *v, NameList *out,
                         bool (*valid)(Reader *, const TomlValue *)) {
    if (!toml_is(v, TOML_ARRAY))
        return at(r, v->line, v->col, "'%s' expects an array of strings, got %s", key,
                  a_type(v->type));
    int32_t n = toml_len(v);
    out->items = arena_alloc(r->a, sizeof *out->items * (size_t)(n ? n : 1));
    if (!out->items) return oom(r);
    out->len = n;
    for (int32_t i = 0; i < n; i++) {
        const TomlValue *it = toml_at(v, i);
        const char *s = toml_string(it);
        if (!s)
            return at(r, it->line, it->col,
                      "'%s' expects an array of strings, got an element "
                      "of type %s",
                      key, a_type(it->type));
        if (has_nul(it->u.str)) return nul_error(r, it->line, it->col, "the string");
        if (valid && !valid(r, it)) return false;
        out->items[i] = s;
    }
    return true;
}

static bool valid_selector(Reader *r, const TomlValue *v) {
    if (config_selector_valid(v->u.str.s)) return true;
    return at(r, v->line, v->col,
              "unknown rule selector '%s' (expected a rule code, a code prefix "
              "such as DW2, a rule name or ALL; see: deadwood rule --all)",
              v->u.str.s);
}

/* Anchors every glob of l to root (the directory of the file that wrote them). */
static bool anchor(Reader *r, NameList *l, const char *root) {
    l->roots = arena_alloc(r->a, sizeof *l->roots * (size_t)(l->len ? l->len : 1));
    if (!l->roots) return oom(r);
    for (int32_t i = 0; i < l->len; i++) l->roots[i] = root;
    return true;
}

static bool valid_glob(Reader *r, const TomlValue *v) {
    Arena tmp;
    arena_init(&tmp);
    const char *why = NULL;
    bool ok = glob_compile(&tmp, v->u.str.s, &why) != NULL;
    arena_free(&tmp);
    if (ok) return true;
    return at(r, v->line, v->col, "invalid glob '%s': %s", v->u.str.s, why ? why : "?");
}

static bool read_bool(Reader *r, const TomlEntry *e, int8_t *out) {
    if (!want_type(r, e, TOML_BOOL, "a boolean")) return false;
    *out = e->value->u.boolean ? 1 : 0;
    return true;
}

static bool read_per_file_ignores(Reader *r, const TomlEntry *e, Config *c) {
    if (!want_type(r, e, TOML_TABLE, "a table of glob = [rule codes]")) return false;
    int32_t n = toml_len(e->value);
    c->per_file_ignores = arena_zalloc(r->a, sizeof *c->per_file_ignores * (size_t)(n ? n : 1));
    if (!c->per_file_ignores) return oom(r);
    for (int32_t i = 0; i < n; i++) {
        const TomlEntry *pe = toml_entry_at(e->value, i);
        PerFileIgnore *p = &c->per_file_ignores[i];
        if (has_nul(pe->key)) return nul_error(r, pe->line, pe->col, "the glob");
        p->pattern = pe->key.s;
        p->root = c->root;
        Arena tmp;
        arena_init(&tmp);
        const char *why = NULL;
        bool ok = glob_compile(&tmp, p->pattern, &why) != NULL;
        arena_free(&tmp);
        if (!ok) return at(r, pe->line, pe->col, "invalid glob '%s': %s", p->pattern, why);
        if (!read_strings(r, p->pattern, pe->value, &p->codes, valid_selector)) return false;
    }
    c->nper_file_ignores = n;
    c->has_per_file_ignores = true;
    return true;
}

static bool read_similarity(Reader *r, const TomlEntry *e, Config *c) {
    const TomlValue *v = e->value;
    double x;
    int64_t i;
    if (toml_as_int(v, &i))
        x = (double)i;
    else if (!toml_as_float(v, &x))
        return at(r, v->line, v->col, "'similarity' expects a number in (0, 1], got %s",
                  a_type(v->type));
    if (!(x > 0 && x <= 1))
        return at(r, v->line, v->col, "'similarity' expects a number in (0, 1], got %g", x);
    c->similarity = x;
    c->has_similarity = true;
    return true;
}

/* DW303's changes: "fixes" (those the history calls fixes) or "all". */
static bool read_changes(Reader *r, const TomlEntry *e, Config *c) {
    const TomlValue *v = e->value;
    Str s;
    bool str = toml_as_str(v, &s);
    if (str && ((s.len == 5 && memcmp(s.s, "fixes", 5) == 0) ||
                (s.len == 3 && memcmp(s.s, "all", 3) == 0))) {
        c->stale_all_changes = s.len == 3;
        return true;
    }
    if (str && s.len <= 40 && !memchr(s.s, 0, (size_t)s.len))
        return at(r, v->line, v->col, "'changes' expects \"fixes\" or \"all\", got \"%s\"", s.s);
    return at(r, v->line, v->col, "'changes' expects \"fixes\" or \"all\", got %s",
              str ? "another string" : a_type(v->type));
}

/* max-file-size: a positive integer of bytes, or a string "<number> <unit>" (unit B, KB, MB, GB;
 * powers of 1024; the space optional). */
static bool read_max_file_size(Reader *r, const TomlEntry *e, Config *c) {
    const TomlValue *v = e->value;
    int64_t n = 0;
    static const char expects[] =
        "'max-file-size' expects a positive number of bytes or a size such as \"64MB\"";
    if (toml_as_int(v, &n)) {
        if (n < 1) return at(r, v->line, v->col, "%s, got %lld", expects, (long long)n);
    } else if (toml_is(v, TOML_STRING)) {
        if (has_nul(v->u.str)) return nul_error(r, v->line, v->col, "the string");
        const char *s = v->u.str.s, *p = s;
        uint64_t x = 0;
        while (*p >= '0' && *p <= '9' && x < (1ull << 50)) x = x * 10 + (uint64_t)(*p++ - '0');
        if (p == s) return at(r, v->line, v->col, "%s, got \"%s\"", expects, s);
        while (*p == ' ') p++;
        static const char *const units[] = {"B", "KB", "MB", "GB"};
        int u = *p ? -1 : 0;
        for (int i = 0; u < 0 && i < 4; i++)
            if (strcasecmp(p, units[i]) == 0) u = i;
        if (u < 0 || x == 0 || x > (1ull << 50) >> (10 * u))
            return at(r, v->line, v->col, "%s, got \"%s\"", expects, s);
        n = (int64_t)(x << (10 * u));
    } else {
        return at(r, v->line, v->col, "%s, got %s", expects, a_type(v->type));
    }
    c->max_file_size = n;
    return true;
}

/* [rules] : a table of rule code -> table of that rule's options. */
static bool read_rules(Reader *r, const TomlEntry *e, Config *c) {
    if (!want_type(r, e, TOML_TABLE, "a table of rule codes ([rules.DW301])")) return false;
    for (int32_t i = 0; i < toml_len(e->value); i++) {
        const TomlEntry *re = toml_entry_at(e->value, i);
        if (has_nul(re->key)) return nul_error(r, re->line, re->col, "the key");
        int k = -1;
        for (size_t j = 0; j < sizeof rule_options / sizeof *rule_options; j++)
            if (strcasecmp(re->key.s, rule_options[j].code) == 0) k = (int)j;
        if (k < 0)
            return at(r, re->line, re->col,
                      "rule '%s' has no options (rules with options: DW301, DW303)", re->key.s);
        if (!want_type(r, re, TOML_TABLE, "a table of options")) return false;
        for (int32_t j = 0; j < toml_len(re->value); j++) {
            const TomlEntry *oe = toml_entry_at(re->value, j);
            if (has_nul(oe->key)) return nul_error(r, oe->line, oe->col, "the key");
            bool ok;
            if (k == 0 && strcmp(oe->key.s, "similarity") == 0)
                ok = read_similarity(r, oe, c);
            else if (k == 1 && strcmp(oe->key.s, "in-tests") == 0)
                ok = read_bool(r, oe, &c->stale_in_tests);
            else if (k == 1 && strcmp(oe->key.s, "clones") == 0)
                ok = read_bool(r, oe, &c->stale_clones);
            else if (k == 1 && strcmp(oe->key.s, "changes") == 0)
                ok = read_changes(r, oe, c);
            else
                return at(r, oe->line, oe->col, "unknown option '%s' of rule %s (expected: %s)",
                          oe->key.s, rule_options[k].code, rule_options[k].keys);
            if (!ok) return false;
        }
    }
    return true;
}

/* Whether dir lies strictly below root, lexically and once the links on the way are resolved (the
 * deepest part of dir that exists is resolved; what does not exist yet cannot be a link). */
static bool strictly_below(const char *root, const char *dir) {
    size_t n = strlen(root);
    if (strcmp(root, "/") == 0) n = 0;
    if (strncmp(dir, root, n) != 0 || dir[n] != '/' || !dir[n + 1]) return false;
    char real_root[PATH_MAX], real[PATH_MAX], probe[PATH_MAX];
    if (!realpath(root, real_root) || strlen(dir) >= sizeof probe) return false;
    strcpy(probe, dir);
    for (;;) { /* the deepest existing ancestor of dir (root itself at the least) */
        if (realpath(probe, real)) break;
        char *slash = strrchr(probe, '/');
        if (!slash || (size_t)(slash - probe) < n) return false;
        *slash = 0;
    }
    size_t m = strlen(real_root);
    if (strcmp(real_root, "/") == 0) m = 0;
    return strcmp(real, real_root) == 0 || (strncmp(real, real_root, m) == 0 && real[m] == '/');
}

/* Reads every key of the deadwood table t into c. */
static bool read_table(Reader *r, const TomlValue *t, Config *c) {
    for (int32_t i = 0; i < toml_len(t); i++) {
        const TomlEntry *e = toml_entry_at(t, i);
        const char *k = e->key.s;
        const TomlValue *v = e->value;
        bool ok;
        if (has_nul(e->key)) {
            ok = nul_error(r, e->line, e->col, "the key");
        } else if (strcmp(k, "select") == 0) {
            ok = read_strings(r, k, v, &c->rules.select, valid_selector);
            c->rules.has_select = true;
        } else if (strcmp(k, "extend-select") == 0) {
            ok = read_strings(r, k, v, &c->rules.extend_select, valid_selector);
        } else if (strcmp(k, "ignore") == 0) {
            ok = read_strings(r, k, v, &c->rules.ignore, valid_selector);
        } else if (strcmp(k, "exclude") == 0) {
            ok = read_strings(r, k, v, &c->exclude, valid_glob) && anchor(r, &c->exclude, c->root);
            c->has_exclude = true;
        } else if (strcmp(k, "extend-exclude") == 0) {
            ok = read_strings(r, k, v, &c->extend_exclude, valid_glob) &&
                 anchor(r, &c->extend_exclude, c->root);
        } else if (strcmp(k, "include") == 0) {
            ok = read_strings(r, k, v, &c->include, valid_glob) && anchor(r, &c->include, c->root);
            c->has_include = true;
        } else if (strcmp(k, "extend-include") == 0) {
            ok = read_strings(r, k, v, &c->extend_include, valid_glob) &&
                 anchor(r, &c->extend_include, c->root);
        } else if (strcmp(k, "per-file-ignores") == 0) {
            ok = read_per_file_ignores(r, e, c);
        } else if (strcmp(k, "target-version") == 0) {
            ok = want_text(r, e);
            if (ok && !config_target_version_valid(v->u.str.s))
                ok = at(r, v->line, v->col, "unknown target-version '%s' (expected one of: %s)",
                        v->u.str.s, CONFIG_TARGET_VERSIONS);
            if (ok) c->target_version = v->u.str.s;
        } else if (strcmp(k, "respect-gitignore") == 0) {
            ok = read_bool(r, e, &c->respect_gitignore);
        } else if (strcmp(k, "force-exclude") == 0) {
            ok = read_bool(r, e, &c->force_exclude);
        } else if (strcmp(k, "cache-dir") == 0) {
            ok = want_text(r, e);
            if (ok && !v->u.str.len) ok = at(r, v->line, v->col, "'cache-dir' is empty");
            if (ok && !(c->cache_dir = glob_absolutize(r->a, c->root, v->u.str.s))) ok = oom(r);
            /* a repository's configuration must not make deadwood write (or prune) in the
             * project root, above it or elsewhere (issue 22) */
            if (ok && !strictly_below(c->root, c->cache_dir))
                ok = at(r, v->line, v->col,
                        "'cache-dir' must be a directory inside the project, below %s (a "
                        "directory elsewhere is given with --cache-dir or DEADWOOD_CACHE_DIR)",
                        c->root);
        } else if (strcmp(k, "max-file-size") == 0) {
            ok = read_max_file_size(r, e, c);
        } else if (strcmp(k, "extend") == 0) {
            ok = want_text(r, e);
            if (ok && !v->u.str.len) ok = at(r, v->line, v->col, "'extend' is empty");
            const char *home = getenv("HOME");
            bool tilde = ok && strncmp(v->u.str.s, "~/", 2) == 0 && home && *home;
            if (ok && !(c->extend = glob_absolutize(r->a, tilde ? home : c->root,
                                                    v->u.str.s + (tilde ? 2 : 0))))
                ok = oom(r);
            r->extend_line = v->line, r->extend_col = v->col;
        } else if (strcmp(k, "rules") == 0) {
            ok = read_rules(r, e, c);
        } else if (strcmp(k, "fix") == 0) {
            ok = read_bool(r, e, &c->fix);
        } else if (strcmp(k, "unsafe-fixes") == 0) {
            ok = read_bool(r, e, &c->unsafe_fixes);
        } else if (strcmp(k, "fixable") == 0) {
            ok = read_strings(r, k, v, &c->fixable, valid_selector);
            c->has_fixable = true;
        } else if (strcmp(k, "unfixable") == 0) {
            ok = read_strings(r, k, v, &c->unfixable, valid_selector);
        } else {
            ok = at(r, e->line, e->col, "unknown key '%s' in %s (expected one of: %s)", k, r->table,
                    known_keys);
        }
        if (!ok) return false;
    }
    return true;
}

/* ---- files ------------------------------------------------------------------------------ */

Config *config_defaults(Arena *a, const char *root) {
    Config *c = arena_zalloc(a, sizeof *c);
    if (!c) return NULL;
    c->root = root;
    c->respect_gitignore = -1;
    c->stale_in_tests = c->stale_clones = c->stale_all_changes = -1;
    c->force_exclude = -1;
    c->fix = c->unsafe_fixes = -1;
    c->similarity = CONFIG_DEFAULT_SIMILARITY;
    return c;
}

static const char *base_name(const char *path) {
    const char *s = strrchr(path, '/');
    return s ? s + 1 : path;
}

/* The files being read, innermost first: `extend` may not lead back into one. */
typedef struct Chain {
    const char *id; /* the real path (the lexical absolute one when it cannot be resolved) */
    const struct Chain *up;
    int depth;
} Chain;

enum { MAX_EXTEND_DEPTH = 32 };

static bool read_config(Arena *a, const char *path, bool required, const Chain *chain, Config **out,
                        ConfigError *err);

NameList config_join_globs(Arena *a, NameList x, const char *xroot, NameList y, const char *yroot) {
    NameList r = {arena_alloc(a, sizeof(char *) * (size_t)(x.len + y.len + 1)), 0,
                  arena_alloc(a, sizeof(char *) * (size_t)(x.len + y.len + 1))};
    if (!r.items || !r.roots) return (NameList){0};
    for (int32_t i = 0; i < x.len; i++)
        r.roots[r.len] = config_glob_root(&x, i, xroot), r.items[r.len++] = x.items[i];
    for (int32_t i = 0; i < y.len; i++)
        r.roots[r.len] = config_glob_root(&y, i, yroot), r.items[r.len++] = y.items[i];
    return r;
}

/* Makes the base b what c did not set (ruff's Configuration::combine). */
static bool inherit(Arena *a, Config *c, const Config *b) {
    RuleSelection *layers = arena_alloc(a, sizeof *layers * (size_t)(b->ninherited + 1));
    if (!layers) return false;
    if (b->ninherited) memcpy(layers, b->inherited, sizeof *layers * (size_t)b->ninherited);
    layers[b->ninherited] = b->rules;
    c->inherited = layers, c->ninherited = b->ninherited + 1;
    if (!c->has_exclude) c->exclude = b->exclude, c->has_exclude = b->has_exclude;
    if (b->extend_exclude.len) {
        c->extend_exclude =
            config_join_globs(a, b->extend_exclude, b->root, c->extend_exclude, c->root);
        if (!c->extend_exclude.items) return false;
    }
    if (!c->has_include) c->include = b->include, c->has_include = b->has_include;
    if (b->extend_include.len) {
        c->extend_include =
            config_join_globs(a, b->extend_include, b->root, c->extend_include, c->root);
        if (!c->extend_include.items) return false;
    }
    if (!c->has_per_file_ignores) {
        c->per_file_ignores = b->per_file_ignores, c->nper_file_ignores = b->nper_file_ignores;
        c->has_per_file_ignores = b->has_per_file_ignores;
    }
    if (!c->target_version) c->target_version = b->target_version;
    if (c->respect_gitignore < 0) c->respect_gitignore = b->respect_gitignore;
    if (c->force_exclude < 0) c->force_exclude = b->force_exclude;
    if (!c->cache_dir) c->cache_dir = b->cache_dir;
    if (!c->max_file_size) c->max_file_size = b->max_file_size;
    if (!c->has_similarity) c->similarity = b->similarity, c->has_similarity = b->has_similarity;
    if (c->fix < 0) c->fix = b->fix;
    if (c->unsafe_fixes < 0) c->unsafe_fixes = b->unsafe_fixes;
    if (!c->has_fixable) c->fixable = b->fixable, c->has_fixable = b->has_fixable;
    if (!c->unfixable.len) c->unfixable = b->unfixable;
    if (c->stale_in_tests < 0) c->stale_in_tests = b->stale_in_tests;
    if (c->stale_clones < 0) c->stale_clones = b->stale_clones;
    if (c->stale_all_changes < 0) c->stale_all_changes = b->stale_all_changes;
    return true;
}

/* Reads the file c extends (written at r's extend position) and inherits from it. */
static bool read_base(Reader *r, Config *c, const Chain *chain) {
    char real[PATH_MAX];
    const char *id = realpath(c->extend, real) ? real : c->extend;
    for (const Chain *k = chain; k; k = k->up)
        if (strcmp(k->id, id) == 0)
            return at(r, r->extend_line, r->extend_col,
                      "circular extend: %s is already being read (through its extends)", c->extend);
    if (chain->depth >= MAX_EXTEND_DEPTH)
        return at(r, r->extend_line, r->extend_col, "'extend' chains more than %d files",
                  MAX_EXTEND_DEPTH);
    struct stat st;
    if (stat(c->extend, &st) != 0)
        return at(r, r->extend_line, r->extend_col, "cannot read the extended configuration %s: %s",
                  c->extend, strerror(errno));
    Config *base;
    if (!read_config(r->a, c->extend, true, chain, &base, r->err)) return false;
    return inherit(r->a, c, base) || oom(r);
}

static bool read_config(Arena *a, const char *path, bool required, const Chain *up, Config **out,
                        ConfigError *err) {
    *out = NULL;
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        return fail(err, path, 0, 0, "cannot determine the current directory");
    const char *abs = glob_absolutize(a, cwd, path);
    const char *slash = abs ? strrchr(abs, '/') : NULL;
    const char *root =
        slash ? arena_strndup(a, abs, slash == abs ? 1 : (size_t)(slash - abs)) : NULL;
    const char *p = arena_strndup(a, path, strlen(path));
    if (!root || !p) return fail(err, path, 0, 0, "out of memory");
    struct stat st;
    if (stat(path, &st) == 0 && S_ISDIR(st.st_mode))
        return fail(err, p, 0, 0, "cannot read the configuration: it is a directory");
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file(path, &data, &len, &se)) {
        const char *why = strncmp(se.msg, "cannot read file: ", 18) == 0 ? se.msg + 18 : se.msg;
        return fail(err, p, 0, 0, "cannot read the configuration: %s", why);
    }
    TomlError te;
    const TomlValue *doc = toml_parse(a, data, len, &te);
    dw_free(data);
    if (!doc) return fail(err, p, te.line, te.col, "invalid TOML: %s", te.msg);
    bool pyproject = strcmp(base_name(path), "pyproject.toml") == 0;
    Reader r = {a, p, pyproject ? "[tool.deadwood]" : base_name(p), err, 0, 0};
    const TomlValue *t = doc;
    if (pyproject) {
        const TomlValue *tool = toml_get(doc, "tool");
        if (tool && !toml_is(tool, TOML_TABLE))
            return at(&r, tool->line, tool->col, "'tool' expects a table, got %s",
                      a_type(tool->type));
        t = toml_get(tool, "deadwood");
        if (t && !toml_is(t, TOML_TABLE))
            return at(&r, t->line, t->col, "'tool.deadwood' expects a table, got %s",
                      a_type(t->type));
        if (!t && !required) return true;
    }
    Config *c = config_defaults(a, root);
    if (!c) return oom(&r);
    c->path = p;
    if (t && !read_table(&r, t, c)) return false;
    if (c->extend) {
        char real[PATH_MAX];
        Chain here = {realpath(path, real) ? real : abs, up, up ? up->depth + 1 : 0};
        if (!read_base(&r, c, &here)) return false;
    }
    *out = c;
    return true;
}

bool config_read(Arena *a, const char *path, bool required, Config **out, ConfigError *err) {
    return read_config(a, path, required, NULL, out, err);
}

/* ---- rule selection --------------------------------------------------------------------- */

/* How specifically sel names rule c: -1 not at all, 0 ALL, the prefix length for a code
 * prefix, 1000 for the rule's name. */
static int specificity(const char *sel, const Check *c) {
    if (strcasecmp(sel, "ALL") == 0) return 0;
    if (strcmp(sel, c->info.name) == 0) return 1000;
    size_t n = strlen(sel);
    if (n && n <= strlen(c->info.code) && strncasecmp(c->info.code, sel, n) == 0) return (int)n;
    return -1;
}

bool config_selector_valid(const char *sel) {
    for (int i = 0; i < check_count; i++)
        if (specificity(sel, check_registry[i]) >= 0) return true;
    return false;
}

static int best(const NameList *l, const Check *c, int so_far) {
    for (int32_t i = 0; i < l->len; i++) {
        int s = specificity(l->items[i], c);
        if (s > so_far) so_far = s;
    }
    return so_far;
}

void config_apply_selection(bool *enabled, const RuleSelection *layer) {
    for (int i = 0; i < check_count; i++) {
        const Check *c = check_registry[i];
        int on = best(&layer->extend_select, c, best(&layer->select, c, -1));
        int off = best(&layer->ignore, c, -1);
        int verdict = off >= 0 && off >= on ? 0 : on >= 0 ? 1 : -1;
        if (layer->has_select)
            enabled[i] = verdict == 1;
        else if (verdict >= 0)
            enabled[i] = verdict == 1;
    }
}

void config_apply_rules(bool *enabled, const Config *c) {
    for (int32_t i = 0; i < c->ninherited; i++) config_apply_selection(enabled, &c->inherited[i]);
    config_apply_selection(enabled, &c->rules);
}

void config_fixable(bool *fixable, const Config *c) {
    static const char *all[] = {"ALL"};
    RuleSelection sel = {.select = c->has_fixable ? c->fixable : (NameList){all, 1, NULL},
                         .has_select = true,
                         .ignore = c->unfixable};
    config_apply_selection(fixable, &sel);
}

bool config_target_version_valid(const char *v) {
    static const char *const versions[] = {"py38",  "py39",  "py310", "py311",
                                           "py312", "py313", "py314", "py315"};
    for (size_t i = 0; i < sizeof versions / sizeof *versions; i++)
        if (strcmp(v, versions[i]) == 0) return true;
    return false;
}

/* The minor version of the lower bound of a requires-python specifier set (">=3.9",
 * ">=3.10,<4", "~=3.11", "==3.12.*", ">3.8"), or 0. */
static int lower_bound_minor(const char *spec) {
    int best = 0;
    for (const char *p = spec; *p;) {
        while (*p == ' ' || *p == ',') p++;
        const char *op = p;
        while (*p == '>' || *p == '=' || *p == '~' || *p == '<' || *p == '!') p++;
        bool lower = (op[0] == '>' || op[0] == '~' || (op[0] == '=' && op[1] == '='));
        while (*p == ' ') p++;
        if (lower && p[0] == '3' && p[1] == '.' && p[2] >= '0' && p[2] <= '9') {
            int minor = 0;
            for (const char *d = p + 2; *d >= '0' && *d <= '9'; d++) minor = minor * 10 + *d - '0';
            if (minor > best) best = minor;
        }
        while (*p && *p != ',') p++;
    }
    return best;
}

int config_requires_python_minor(const char *dir) {
    char path[4096];
    snprintf(path, sizeof path, "%s", dir);
    for (;;) {
        size_t n = strlen(path);
        char file[4200];
        snprintf(file, sizeof file, "%s/pyproject.toml", n > 1 ? path : "");
        char *data;
        size_t len;
        SourceError se;
        if (source_read_file(file, &data, &len, &se)) {
            Arena a;
            arena_init(&a);
            TomlError te;
            const TomlValue *doc = toml_parse(&a, data, len, &te);
            const TomlValue *project = doc ? toml_get(doc, "project") : NULL;
            const TomlValue *rp = project ? toml_get(project, "requires-python") : NULL;
            int minor = rp && rp->type == TOML_STRING ? lower_bound_minor(rp->u.str.s) : 0;
            arena_free(&a);
            dw_free(data);
            return minor; /* the nearest pyproject.toml decides, with the bound or without */
        }
        char *slash = strrchr(path, '/');
        if (!slash || slash == path) return 0;
        *slash = 0;
    }
}

/* ---- lookup by directory ---------------------------------------------------------------- */

typedef struct ConfigDir {
    const char *dir; /* NULL: empty slot */
    uint64_t hash;
    const Config *config;
} ConfigDir;

void config_resolver_init(ConfigResolver *r, Arena *a) {
    memset(r, 0, sizeof *r), r->arena = a;
}

void config_resolver_free(ConfigResolver *r) {
    dw_free(r->slots), r->slots = NULL;
}

static ConfigDir *slot(ConfigResolver *r, const char *dir, size_t n, uint64_t h) {
    for (int32_t i = (int32_t)(h & (uint64_t)(r->nslots - 1));; i = (i + 1) & (r->nslots - 1)) {
        ConfigDir *s = &r->slots[i];
        if (!s->dir || (s->hash == h && strncmp(s->dir, dir, n) == 0 && !s->dir[n])) return s;
    }
}

static bool remember(ConfigResolver *r, const char *dir, size_t n, const Config *c) {
    if ((r->used + 1) * 2 > r->nslots) {
        int32_t cap = r->nslots ? r->nslots * 2 : 64;
        ConfigDir *old = r->slots;
        int32_t oldn = r->nslots;
        ConfigDir *fresh = dw_malloc(sizeof *r->slots * (size_t)cap);
        if (!fresh) return false;
        r->slots = fresh;
        memset(r->slots, 0, sizeof *r->slots * (size_t)cap);
        r->nslots = cap;
        for (int32_t i = 0; i < oldn; i++)
            if (old[i].dir) *slot(r, old[i].dir, strlen(old[i].dir), old[i].hash) = old[i];
        dw_free(old);
    }
    uint64_t h = hash_bytes(dir, n, HASH_SEED);
    ConfigDir *s = slot(r, dir, n, h);
    if (!s->dir) {
        if (!(s->dir = arena_strndup(r->arena, dir, n))) return false;
        r->used++;
    }
    s->hash = h;
    s->config = c;
    return true;
}

/* The configuration file in one directory (dir[0..n)), or NULL. */
static bool config_in(ConfigResolver *r, const char *dir, size_t n, Config **out,
                      ConfigError *err) {
    static const char *const names[] = {".deadwood.toml", "deadwood.toml", "pyproject.toml"};
    char path[4200];
    *out = NULL;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (n + strlen(names[i]) + 2 > sizeof path) return true;
        snprintf(path, sizeof path, "%.*s/%s", n == 1 ? 0 : (int)n, dir, names[i]);
        struct stat st;
        if (stat(path, &st) != 0 || !S_ISREG(st.st_mode)) continue;
        if (!config_read(r->arena, path, false, out, err)) return false;
        if (*out) return true;
    }
    return true;
}

bool config_for_dir(ConfigResolver *r, const char *dir, const Config **out, ConfigError *err) {
    size_t n = strlen(dir);
    while (n > 1 && dir[n - 1] == '/') n--;
    size_t start = n;
    const Config *found = NULL;
    for (;;) {
        if (r->nslots) {
            ConfigDir *s = slot(r, dir, n, hash_bytes(dir, n, HASH_SEED));
            if (s->dir) {
                found = s->config;
                break;
            }
        }
        Config *c;
        if (!config_in(r, dir, n, &c, err)) return false;
        if (c) {
            found = c;
            break;
        }
        if (n <= 1) break;
        while (n > 1 && dir[n - 1] != '/') n--;
        if (n > 1) n--; /* drop the slash, except the root's */
    }
    /* remember the answer for every directory visited */
    for (size_t m = start;;) {
        if (!remember(r, dir, m, found)) return fail(err, NULL, 0, 0, "out of memory");
        if (m <= n) break;
        while (m > 1 && dir[m - 1] != '/') m--;
        if (m > 1) m--;
    }
    *out = found;
    return true;
}
