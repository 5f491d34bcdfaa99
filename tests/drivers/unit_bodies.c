/* unit_bodies.c — unit tests of src/index/bodies.c, the method hashes made on demand: for every
 * method of every Python file under tests/ and examples/ (or of the files named as arguments),
 * the hashes made from the method's lines alone, read again from disk, are the ones made during
 * the whole file's walk (statement hashes, their lines, the body and signature hashes), and as
 * many statements as the walk counted without hashing them (the count that decides which
 * methods are read again); a file that is decoded (a cookie, CRLF line ends) is handled, and one
 * whose text changed anywhere since it was analyzed gives no method. */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../../src/base/arena.h"
#include "../../src/check/check.h"
#include "../../src/check/tree.h"
#include "../../src/index/index.h"
#include "../../src/source/source.h"
#include "unit.h"

/* The file's summary, with its method hashes made during the walk (now) or not. */
static ModuleSummary *summarize(const char *path, const char *data, size_t len, bool now,
                                Arena *sums) {
    CheckOptions co = {.drift_threshold = 0.6};
    SummaryOptions so;
    tree_rules_needs(&co, &so);
    so.read_once = now;
    Arena scratch;
    arena_init(&scratch);
    FindingList fl;
    findings_init(&fl);
    ModuleSummary *m = NULL;
    if (!check_file_bytes_in(&scratch, path, data, len, &co, &fl, &so, sums, &m)) m = NULL;
    findings_free(&fl);
    arena_free(&scratch);
    return m;
}

static int32_t nunits(const ModuleSummary *m, int32_t i) {
    return func_code(m, i) ? func_code(m, i)->nunits : -1;
}

static bool same_hashes(const MethodCode *a, const MethodCode *b) {
    if (!a || !b) return false;
    if (a->nunits != b->nunits || a->body_hash != b->body_hash || a->sig_hash != b->sig_hash)
        return false;
    for (int32_t k = 0; k < a->nunits; k++)
        if (a->units[k].hash != b->units[k].hash || a->units[k].line != b->units[k].line)
            return false;
    return true;
}

static int files_compared, methods_compared;

/* Every method of the file: made from disk (bytes NULL) or from `bytes`, equal to the walk's. */
static void compare(const char *path, const char *data, size_t len, const char *bytes,
                    size_t blen) {
    Arena sums, out, scratch;
    arena_init(&sums), arena_init(&out), arena_init(&scratch);
    ModuleSummary *now = summarize(path, data, len, true, &sums);
    ModuleSummary *later = summarize(path, data, len, false, &sums);
    if (now && later) {
        CHECK(now->nfunctions == later->nfunctions, "%s: same functions", path);
        uint8_t *need = calloc((size_t)later->nfunctions + 1, 1);
        int32_t methods = 0;
        for (int32_t i = 0; i < later->nfunctions; i++) {
            need[i] = later->functions[i].cls >= 0;
            methods += need[i];
            CHECK(!func_code(later, i), "%s: %s not made during the walk", path,
                  later->functions[i].name);
        }
        int32_t missed = index_fill_module_bodies(later, NULL, need, bytes, blen, &out, &scratch);
        CHECK(missed == 0, "%s: %d of %d methods not made", path, missed, methods);
        for (int32_t i = 0; i < later->nfunctions && i < now->nfunctions; i++) {
            if (!need[i]) continue;
            CHECK(same_hashes(func_code(now, i), func_code(later, i)) &&
                      later->functions[i].size == nunits(now, i),
                  "%s: %s (line %d): %d statements during the walk, %d made alone, %d counted",
                  path, now->functions[i].name, now->functions[i].line, nunits(now, i),
                  nunits(later, i), later->functions[i].size);
        }
        methods_compared += methods;
        files_compared++;
        free(need);
    }
    arena_free(&sums), arena_free(&out), arena_free(&scratch);
}

static void compare_file(const char *path) {
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file(path, &data, &len, &se)) {
        CHECK(0, "%s: cannot read: %s", path, se.msg);
        return;
    }
    compare(path, data, len, NULL, 0);
    dw_free(data);
}

static void walk_dir(const char *dir) {
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        if (e->d_name[0] == '.') continue;
        char path[4096];
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        struct stat st;
        if (lstat(path, &st) != 0) continue;
        size_t n = strlen(path);
        if (S_ISDIR(st.st_mode))
            walk_dir(path);
        else if (S_ISREG(st.st_mode) && n > 3 && strcmp(path + n - 3, ".py") == 0)
            compare_file(path);
    }
    closedir(d);
}

/* Sources made here: decoded texts, and a file changed between the walk and the re-read. */
static const char BASE[] = "class A:\n"
                           "    @staticmethod\n"
                           "    def f(x):\n"
                           "        y = x + 1\n"
                           "        return y\n"
                           "\n"
                           "    def g(self):\n"
                           "        s = '\\u00e9t\\u00e9'\n"
                           "        return s\n";

static void made_here(void) {
    /* CRLF line ends: the text is decoded again (its offsets are not the bytes') */
    char crlf[512];
    size_t n = 0;
    for (const char *p = BASE; *p; p++) {
        if (*p == '\n') crlf[n++] = '\r';
        crlf[n++] = *p;
    }
    compare("crlf.py", crlf, n, crlf, n);
    /* a latin-1 cookie and a non-ASCII byte: decoded again */
    static const char latin1[] = "# -*- coding: latin-1 -*-\n"
                                 "class B:\n"
                                 "    def h(self):\n"
                                 "        return '\xe9t\xe9'\n";
    compare("latin1.py", latin1, sizeof latin1 - 1, latin1, sizeof latin1 - 1);
    /* a BOM: the text starts 3 bytes into the file */
    static const char bom[] = "\xef\xbb\xbf"
                              "class C:\n"
                              "    def k(self):\n"
                              "        return 1\n";
    compare("bom.py", bom, sizeof bom - 1, bom, sizeof bom - 1);
    /* no final newline, tabs, a decorator over two lines, a string at column 0 */
    static const char odd[] = "class D:\n"
                              "\tdef a(self):\n"
                              "\t\tx = '''\n"
                              "text at column 0\n"
                              "'''\n"
                              "\t\treturn x\n"
                              "\t@property\n"
                              "\t@functools.cache(\n"
                              "  maxsize=3)\n"
                              "\tdef b(self): return self.a() \\\n"
                              "    + 1";
    compare("odd.py", odd, sizeof odd - 1, odd, sizeof odd - 1);

    /* changed since the walk: a renamed method, a NUL, a CR, a line added above, a byte of the
     * same length in one method, a comment after both: the file no longer holds the text that
     * was analyzed (its length or its hash differ), and none of its methods is made */
    static const struct {
        const char *from, *to;
        size_t tolen;
        const char *missed; /* the methods not made, by name */
    } changes[] = {
        {"def g(self)", "def G(self)", 11, "fg"}, {"y = x + 1", "y = x\0+ 1", 9, "fg"},
        {"y = x + 1", "y = x\r+ 1", 9, "fg"},     {"class A:\n", "import os\nclass A:\n", 19, "fg"},
        {"y = x + 1", "y = x - 1", 9, "fg"},      {"return s\n", "return s\n# end\n", 15, "fg"},
    };
    /* each change given as bytes, then written to a file read again (its methods' lines alone) */
    for (size_t k = 0; k < 2 * sizeof changes / sizeof *changes; k++) {
        size_t on_disk = k % 2, c = k / 2;
        Arena sums, out, scratch;
        arena_init(&sums), arena_init(&out), arena_init(&scratch);
        size_t len = sizeof BASE - 1;
        char path[] = "/tmp/dw_unit_bodies_XXXXXX";
        int fd = on_disk ? mkstemp(path) : -1;
        CHECK(!on_disk || fd >= 0, "a temporary file");
        ModuleSummary *m = summarize(on_disk ? path : "changed.py", BASE, len, false, &sums);
        CHECK(m && m->nfunctions == 2, "change %zu: summarized", c);
        if (m && m->nfunctions == 2) {
            char edited[512];
            const char *at = strstr(BASE, changes[c].from);
            size_t pre = (size_t)(at - BASE), cut = strlen(changes[c].from);
            memcpy(edited, BASE, pre);
            memcpy(edited + pre, changes[c].to, changes[c].tolen);
            memcpy(edited + pre + changes[c].tolen, at + cut, len - pre - cut);
            size_t elen = len - cut + changes[c].tolen;
            uint8_t need[2] = {1, 1};
            if (fd >= 0) CHECK(write(fd, edited, elen) == (ssize_t)elen, "written");
            int32_t missed = index_fill_module_bodies(m, NULL, need, fd >= 0 ? NULL : edited, elen,
                                                      &out, &scratch);
            char names[3] = "";
            for (int32_t i = 0; i < 2; i++)
                if (!func_code(m, i)) strncat(names, m->functions[i].name, 1);
            CHECK(strcmp(names, changes[c].missed) == 0 &&
                      missed == (int32_t)strlen(changes[c].missed),
                  "change %zu%s: not made: \"%s\" (%d), expected \"%s\"", c,
                  on_disk ? " on disk" : "", names, missed, changes[c].missed);
        }
        if (fd >= 0) close(fd), unlink(path);
        arena_free(&sums), arena_free(&out), arena_free(&scratch);
    }
}

int main(int argc, char **argv) {
    if (argc > 1) {
        for (int i = 1; i < argc; i++) compare_file(argv[i]);
    } else {
        walk_dir("tests");
        walk_dir("examples");
        made_here();
        CHECK(files_compared > 250 && methods_compared > 200, "%d files, %d methods compared",
              files_compared, methods_compared);
    }
    printf("unit_bodies: %d files, %d methods compared\n", files_compared, methods_compared);
    return unit_finish();
}
