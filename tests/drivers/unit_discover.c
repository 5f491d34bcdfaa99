/* unit_discover — unit tests of src/discover: git's wildmatch dialect, .gitignore line syntax
 * and matching, ruff's globset dialect, exclude sets, lexical path normalisation, and a walk
 * under an allocator that fails at every allocation in turn (it must report "out of memory" or
 * give exactly the normal result). Whole trees are compared with git by tests/discover/run.py. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/base/arena.h"
#include "../../src/discover/gitignore.h"
#include "../../src/discover/glob.h"
#include "../../src/discover/walk.h"
#include "../../src/discover/wildmatch.h"
#include "unit.h"

static void test_wildmatch(void) {
    static const struct {
        const char *pat, *text;
        unsigned flags;
        bool want;
    } cases[] = {
        {"foo", "foo", 0, true},
        {"fo", "foo", 0, false},
        {"f*", "foo", 0, true},
        {"*", "foo/bar", WM_PATHNAME, false},
        {"*", "foo/bar", 0, true},
        {"*/foo", "bar/foo", WM_PATHNAME, true},
        {"*/foo", "a/bar/foo", WM_PATHNAME, false},
        {"**/foo", "a/b/foo", WM_PATHNAME, true},
        {"**/foo", "foo", WM_PATHNAME, true},
        {"**/foo", "afoo", WM_PATHNAME, false},
        {"foo/**", "foo/a/b", WM_PATHNAME, true},
        {"foo/**", "foo", WM_PATHNAME, false},
        {"a/**/b", "a/b", WM_PATHNAME, true},
        {"a/**/b", "a/x/y/b", WM_PATHNAME, true},
        {"a/**/b", "a/xb", WM_PATHNAME, false},
        {"a**b", "axyb", WM_PATHNAME, true},
        {"a**b", "a/b", WM_PATHNAME, false},
        {"**", "a/b/c", WM_PATHNAME, true},
        {"?", "/", WM_PATHNAME, false},
        {"?", "/", 0, true},
        {"[a-c]", "b", 0, true},
        {"[!a-c]", "b", 0, false},
        {"[^a]", "b", 0, true},
        {"[]]", "]", 0, true},
        {"[]-]", "-", 0, true},
        {"[a-]", "-", 0, true},
        {"[[:digit:]]", "5", 0, true},
        {"[[:digit:]]", "x", 0, false},
        {"[[:alpha:]x]", "x", 0, true},
        {"[[:bogus:]]", "a", 0, false},
        {"[[:alpha]", "[", 0, true}, /* no ":]": an ordinary class with [ */
        {"[a", "a", 0, false},
        {"[/]", "/", WM_PATHNAME, false},
        {"\\*", "*", 0, true},
        {"\\*", "a", 0, false},
        {"foo\\", "foo", 0, false},
        {"\\#x", "#x", 0, true},
        {"*.c", "dir.c", 0, true},
        {"a*c*e", "abcde", 0, true},
        {"a*c*e", "abcdf", 0, false},
        {"*/*/x", "a/b/x", WM_PATHNAME, true},
        {"**/*.log", "a/b/c.log", WM_PATHNAME, true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        bool got = wm_match(cases[i].pat, cases[i].text, cases[i].flags);
        CHECK(got == cases[i].want, "wildmatch(%s, %s, %u) = %d", cases[i].pat, cases[i].text,
              cases[i].flags, got);
    }
}

static const GiPattern *match(const GiList *l, const char *path, bool is_dir) {
    return gi_list_match(l, path, (int32_t)strlen(path), is_dir);
}

static void test_gitignore_lines(void) {
    Arena a;
    arena_init(&a);
    const char text[] = "\xEF\xBB\xBF# comment\n"
                        "\\#hash\n"
                        "!neg\n"
                        "\\!bang\n"
                        "dir/\n"
                        "/anchored\n"
                        "trail  \n"
                        "keep\\ \n"
                        "crlf\r\n"
                        "\n"
                        "   \n"
                        "mid/dle\n"
                        "*.tmp\n"
                        "last";
    GiList *l = gi_list_parse(&a, text, sizeof text - 1, "", ".gitignore");
    CHECK(l && l->npats == 11, "pattern count %d", l ? l->npats : -1);
    if (!l || l->npats != 11) return;
    CHECK(strcmp(l->pats[0].pat, "\\#hash") == 0 && l->pats[0].line == 2, "escaped hash");
    CHECK(l->pats[1].flags & GI_NEGATIVE, "negation flag");
    CHECK(strcmp(l->pats[3].pat, "dir") == 0 && (l->pats[3].flags & GI_MUSTBEDIR), "dir-only");
    CHECK(!(l->pats[4].flags & GI_NODIR), "anchored pattern is not basename-only");
    CHECK(strcmp(l->pats[5].pat, "trail") == 0, "trailing spaces trimmed: '%s'", l->pats[5].pat);
    CHECK(strcmp(l->pats[6].pat, "keep\\ ") == 0, "escaped space kept: '%s'", l->pats[6].pat);
    CHECK(strcmp(l->pats[7].pat, "crlf") == 0, "CR stripped: '%s'", l->pats[7].pat);
    CHECK(l->pats[8].line == 12, "line numbers count skipped lines: %d", l->pats[8].line);
    CHECK(l->pats[9].flags & GI_ENDSWITH, "*.tmp is a suffix test");
    CHECK(strcmp(l->pats[10].pat, "last") == 0, "unterminated last line");

    CHECK(match(l, "#hash", false), "\\# matches a leading #");
    CHECK(match(l, "!bang", false), "\\! matches a leading !");
    CHECK(match(l, "x/neg", false) && (match(l, "x/neg", false)->flags & GI_NEGATIVE),
          "negation decides");
    CHECK(match(l, "a/dir", true) && !match(l, "a/dir", false), "dir-only needs a directory");
    CHECK(match(l, "anchored", false) && !match(l, "a/anchored", false), "leading slash anchors");
    CHECK(match(l, "mid/dle", false) && !match(l, "x/mid/dle", false), "middle slash anchors");
    CHECK(match(l, "keep ", false) && !match(l, "keep", false), "escaped trailing space");
    CHECK(match(l, "deep/er/x.tmp", false), "basename pattern at depth");

    GiList *sub = gi_list_parse(&a, "/x\ny\n*.c\n!z/*.c\n", 16, "sub/", "sub/.gitignore");
    CHECK(sub && match(sub, "sub/x", false) && !match(sub, "x", false), "anchored to base");
    CHECK(sub && match(sub, "sub/q/y", false) && !match(sub, "other/x", false), "base applies");
    CHECK(sub && match(sub, "sub/z/a.c", false) &&
              (match(sub, "sub/z/a.c", false)->flags & GI_NEGATIVE),
          "last matching pattern wins");
    /* git compares the literal prefix first, so "foo**" + "/bar" acts like a leading "**". */
    GiList *q = gi_list_parse(&a, "foo**/bar\n", 10, "", ".gitignore");
    CHECK(q && match(q, "foo/x/bar", false), "git's prefix split quirk");
    arena_free(&a);
}

static void test_globs(void) {
    Arena a;
    arena_init(&a);
    static const struct {
        const char *pat, *text;
        bool want;
    } cases[] = {
        {"*.py", "a/b.py", true},    {"**/foo", "foo", true},   {"**/foo", "/foo", true},
        {"**/foo", "a/b/foo", true}, {"**/foo", "afoo", false}, {"foo/**", "foo/a/b", true},
        {"foo/**", "foo", false},    {"a/**/b", "a/b", true},   {"a/**/b", "a/x/y/b", true},
        {"a/**/b", "axb", false},    {"{a,b}c", "bc", true},    {"{a,b}c", "cc", false},
        {"{a,{b,c}}d", "cd", true},  {"x{,y}", "x", false},     {"[!a]", "b", true},
        {"[!a]", "a", false},        {"[a-c]x", "bx", true},    {"[]]", "]", true},
        {"[a-]", "-", true},         {"\\*", "*", true},        {"\\*", "a", false},
        {"**", "any/thing", true},   {"a**", "a/b", true},      {"?", "\n", false},
        {"*", "a\nb", false},        {"build", "build", true},  {"build", "/p/build", false},
        {"a,b", "a,b", true},        {"/p/**/x", "/p/x", true}, {"/p/**/x", "/p/q/x", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *err = NULL;
        Glob *g = glob_compile(&a, cases[i].pat, &err);
        bool got = g && glob_match(g, cases[i].text, strlen(cases[i].text));
        CHECK(g && got == cases[i].want, "glob(%s, %s) = %d (%s)", cases[i].pat, cases[i].text, got,
              err ? err : "compiled");
    }
    const char *bad[] = {"[abc", "{a", "a}", "x\\", "[z-a]"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *err = NULL;
        CHECK(!glob_compile(&a, bad[i], &err) && err, "invalid glob %s accepted", bad[i]);
    }
    arena_free(&a);
}

static bool excluded(const ExcludeSet *s, const char *abs) {
    const char *name = strrchr(abs, '/') + 1;
    return exclude_match(s, abs, strlen(abs), name, strlen(name));
}

static void test_excludes(void) {
    Arena a;
    arena_init(&a);
    const char *err;
    ExcludeSet s = {0};
    CHECK(exclude_add(&a, &s, "build", NULL, &err), "builtin");
    CHECK(exclude_add(&a, &s, "src/gen", "/p", &err), "anchored user pattern");
    CHECK(exclude_add(&a, &s, "*.pyi", "/p", &err), "basename user pattern");
    CHECK(exclude_add(&a, &s, "../sib", "/p/q", &err), "dot-dot user pattern");
    CHECK(exclude_add(&a, &s, "lit", "/r[1]", &err), "root with glob characters");
    CHECK(!exclude_add(&a, &s, "[x", "/p", &err), "invalid user pattern rejected");
    CHECK(excluded(&s, "/any/where/build"), "builtin matches any basename");
    CHECK(excluded(&s, "/p/src/gen") && !excluded(&s, "/p/a/src/gen"), "anchored to the root");
    CHECK(excluded(&s, "/elsewhere/x.pyi"), "slash-free pattern matches basenames");
    CHECK(excluded(&s, "/p/sib/x") == false && excluded(&s, "/p/sib"), "../ normalised");
    CHECK(excluded(&s, "/r[1]/lit") && excluded(&s, "/zz/lit"), "escaped root");
    /* a slash-free pattern sees the path below the root and the basename, never the absolute
     * path: a project under .../mytests/proj is not excluded whole by *tests* (issue 22) */
    ExcludeSet t = {0};
    CHECK(exclude_add(&a, &t, "*tests*", "/home/me/mytests/proj", &err), "*tests*");
    CHECK(!excluded(&t, "/home/me/mytests/proj/pkg/mod.py"), "*tests*: not the root's ancestors");
    CHECK(excluded(&t, "/home/me/mytests/proj/pkg/tests/x.py") &&
              excluded(&t, "/home/me/mytests/proj/unittests") && excluded(&t, "/else/tests.py"),
          "*tests*: below the root, and basenames anywhere");
    arena_free(&a);
}

/* Work, not time (issues 20 and 22): patterns that made the backtracking matchers take time
 * exponential in the number of stars must be decided in steps bounded by a small multiple of
 * (pattern size + 2) x (text length + 1), in both dialects. */
static char *repeat(const char *unit, int n, const char *tail) {
    size_t u = strlen(unit), t = strlen(tail);
    char *s = malloc(u * (size_t)n + t + 1);
    if (!s) return NULL;
    for (int i = 0; i < n; i++) memcpy(s + u * (size_t)i, unit, u);
    memcpy(s + u * (size_t)n, tail, t + 1);
    return s;
}

static void test_linear_time(void) {
    static const struct {
        const char *unit;
        int n;
        const char *tail, *text_unit;
        int text_len;
        bool want;
    } cases[] = {
        {"*?", 30, "x", "a", 200, false},  /* issue 20: 30 pairs */
        {"*", 1000, "x", "a", 200, false}, /* issue 20: a run of 1,000 stars */
        {"*", 5, "x", "a", 200, false},    /* issue 22: nearly a minute */
        {"*", 5, "x", "a", 199, false},      {"*a", 40, "b", "a", 200, false},
        {"*a", 40, "", "a", 200, true},      {"**/", 50, "x", "a/", 100, false},
        {"{*,?}", 20, "x", "a", 200, false},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        char *pat = repeat(cases[i].unit, cases[i].n, cases[i].tail);
        char *text = repeat(cases[i].text_unit, cases[i].text_len, "");
        if (!pat || !text) {
            CHECK(false, "out of memory");
            free(pat), free(text);
            continue;
        }
        size_t plen = strlen(pat), tlen = strlen(text);
        uint64_t bound = 8 * ((uint64_t)plen + 2) * ((uint64_t)tlen + 1);
        Arena a;
        arena_init(&a);
        const char *err = NULL;
        Glob *g = glob_compile(&a, pat, &err);
        uint64_t steps = 0;
        bool got = g && glob_match_steps(g, text, tlen, &steps);
        CHECK(g && got == cases[i].want && steps <= bound,
              "glob %s x%d%s against %zu bytes: %d in %llu steps (bound %llu)", cases[i].unit,
              cases[i].n, cases[i].tail, tlen, got, (unsigned long long)steps,
              (unsigned long long)bound);
        for (unsigned flags = 0; flags <= WM_PATHNAME; flags++) {
            if (strchr(pat, '{')) break; /* not wildmatch syntax */
            WmPattern *w = wm_compile(&a, pat, flags);
            steps = 0;
            got = w && wm_match_compiled(w, text, tlen, &steps);
            bool want = cases[i].want && !(flags && strchr(text, '/') && !strstr(pat, "**"));
            CHECK(w && got == want && steps <= bound,
                  "wildmatch %s x%d%s (flags %u) against %zu bytes: %d in %llu steps (bound %llu)",
                  cases[i].unit, cases[i].n, cases[i].tail, flags, tlen, got,
                  (unsigned long long)steps, (unsigned long long)bound);
            CHECK(wm_match(pat, text, flags) == got, "wm_match = wm_match_compiled");
        }
        arena_free(&a);
        free(pat), free(text);
    }
    /* growth: twice the text, about twice the steps (not four times) */
    Arena a;
    arena_init(&a);
    const char *err;
    Glob *g = glob_compile(&a, "*?*?*?*?*?*?*?*?*?*?x", &err);
    uint64_t s1 = 0, s2 = 0;
    char *t1 = repeat("a", 1000, ""), *t2 = repeat("a", 2000, "");
    if (g && t1 && t2) {
        glob_match_steps(g, t1, 1000, &s1);
        glob_match_steps(g, t2, 2000, &s2);
    }
    CHECK(s1 && s2 <= s1 * 21 / 10, "steps for 1,000 and 2,000 bytes: %llu, %llu",
          (unsigned long long)s1, (unsigned long long)s2);
    free(t1), free(t2);
    arena_free(&a);
}

static void test_absolutize(void) {
    Arena a;
    arena_init(&a);
    static const char *cases[][3] = {
        {"/a/b", "c/../d", "/a/b/d"},
        {"/a", "/x/./y//z/", "/x/y/z"},
        {"/", "..", "/"},
        {"/a/b", ".", "/a/b"},
        {"/a", "", "/a"},
        {"/a/b", "../../..", "/"},
        {"/a", "./x", "/a/x"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *got = glob_absolutize(&a, cases[i][0], cases[i][1]);
        CHECK(got && strcmp(got, cases[i][2]) == 0, "absolutize(%s, %s) = %s", cases[i][0],
              cases[i][1], got ? got : "NULL");
    }
    arena_free(&a);
}

/* ---- allocation failures ------------------------------------------------------------------ */

static long fail_at = -1;   /* index of the allocation that fails; -1: none */
static bool fail_all_after; /* and every one after it too */
static long alloc_count;
static bool alloc_failed;

static bool take(void) {
    if (fail_at < 0) return true;
    long k = alloc_count++;
    if (k == fail_at || (fail_all_after && k > fail_at)) return !(alloc_failed = true);
    return true;
}
static void *f_malloc(size_t n, void *ud) {
    (void)ud;
    return take() ? malloc(n) : NULL;
}
static void *f_realloc(void *p, size_t n, void *ud) {
    (void)ud;
    return take() ? realloc(p, n) : NULL;
}
static void f_free(void *p, void *ud) {
    (void)ud;
    free(p);
}

static const char *tree_files[][2] = {
    {".git/info/exclude", "x_*.py\n"},
    {".gitignore", "ign/\n*.tmp.py\n"},
    {"a.py", ""},
    {"pkg/b.py", ""},
    {"pkg/.gitignore", "c.py\n"},
    {"pkg/c.py", ""},
    {"ign/d.py", ""},
    {"x_e.py", ""},
    {"f.tmp.py", ""},
    {"pkg/sub/g.pyi", ""},
};
static const char *tree_dirs[] = {".git/info", ".git", "pkg/sub", "pkg", "ign"};

static bool make_tree(const char *top) {
    char p[512];
    for (size_t i = sizeof tree_dirs / sizeof *tree_dirs; i-- > 0;) {
        snprintf(p, sizeof p, "%s/%s", top, tree_dirs[i]);
        if (mkdir(p, 0755) != 0) return false;
    }
    for (size_t i = 0; i < sizeof tree_files / sizeof *tree_files; i++) {
        snprintf(p, sizeof p, "%s/%s", top, tree_files[i][0]);
        FILE *f = fopen(p, "w");
        if (!f) return false;
        fputs(tree_files[i][1], f);
        fclose(f);
    }
    snprintf(p, sizeof p, "%s/link", top);
    if (symlink("pkg", p) != 0) return false;
    snprintf(p, sizeof p, "%s/pkg/loop", top);
    return symlink("..", p) == 0;
}

static void remove_tree(const char *top) {
    char p[512];
    for (size_t i = 0; i < sizeof tree_files / sizeof *tree_files; i++) {
        snprintf(p, sizeof p, "%s/%s", top, tree_files[i][0]);
        unlink(p);
    }
    snprintf(p, sizeof p, "%s/link", top);
    unlink(p);
    snprintf(p, sizeof p, "%s/pkg/loop", top);
    unlink(p);
    for (size_t i = 0; i < sizeof tree_dirs / sizeof *tree_dirs; i++) {
        snprintf(p, sizeof p, "%s/%s", top, tree_dirs[i]);
        rmdir(p);
    }
    rmdir(top);
}

static bool same_result(const DiscoverResult *x, const DiscoverResult *y) {
    if (x->nfiles != y->nfiles || x->ndiags != y->ndiags) return false;
    for (int32_t i = 0; i < x->nfiles; i++)
        if (strcmp(x->files[i], y->files[i]) != 0) return false;
    for (int32_t i = 0; i < x->ndiags; i++)
        if (strcmp(x->diags[i].path, y->diags[i].path) != 0 ||
            strcmp(x->diags[i].message, y->diags[i].message) != 0)
            return false;
    return true;
}

static void test_allocation_failures(void) {
    char top[] = "/tmp/dw-unit-discover-XXXXXX";
    if (!mkdtemp(top) || !make_tree(top)) {
        CHECK(false, "cannot build the test tree in /tmp");
        return;
    }
    setenv("HOME", top, 1);
    unsetenv("XDG_CONFIG_HOME");
    setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
    DiscoverOptions o;
    discover_options_init(&o);
    const char *extra[] = {"*_skip.py", "{a,b}/**"};
    o.extend_exclude = extra, o.nextend_exclude = 2;
    const char *paths[] = {top, "/nonexistent-dw-path"};
    Arena ref;
    arena_init(&ref);
    DiscoverResult want;
    bool ok = discover_files(&ref, &o, paths, 2, &want);
    /* a.py, link/b.py (= pkg/b.py), link/sub/g.pyi; loops link/loop and pkg/loop, the bad path */
    CHECK(ok && want.nfiles == 3 && want.ndiags == 3, "reference walk: %d files, %d diagnostics",
          ok ? want.nfiles : -1, ok ? want.ndiags : -1);

    static const Allocator failing = {f_malloc, f_realloc, f_free, NULL};
    dw_set_allocator(&failing);
    for (int mode = 0; mode < 2; mode++) {
        int failures = 0, mismatches = 0;
        long at = 0;
        for (; at < 100000; at++) {
            Arena a;
            arena_init(&a);
            DiscoverResult got;
            fail_at = at, fail_all_after = mode == 1, alloc_count = 0, alloc_failed = false;
            bool r = discover_files(&a, &o, paths, 2, &got);
            bool hit = alloc_failed;
            fail_at = -1;
            if (!r) failures += got.error && strcmp(got.error, "out of memory") == 0 ? 0 : 1;
            if (r && !same_result(&got, &want)) mismatches++;
            arena_free(&a);
            if (!hit) break;
        }
        const char *how = mode ? "from the Nth allocation on" : "at the Nth allocation only";
        CHECK(at > 5, "failing %s: the walk made only %ld allocations", how, at);
        CHECK(failures == 0, "failing %s: %d failed walks without an \"out of memory\" error", how,
              failures);
        CHECK(mismatches == 0, "failing %s: %d walks succeeded with a different result", how,
              mismatches);
    }
    dw_set_allocator(NULL);
    arena_free(&ref);
    remove_tree(top);
}

int main(void) {
    test_allocation_failures();
    test_wildmatch();
    test_gitignore_lines();
    test_globs();
    test_excludes();
    test_linear_time();
    test_absolutize();
    return unit_finish();
}
