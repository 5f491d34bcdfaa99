/* unit_fix.c — the fix engine below the rules: applying edits to bytes (line ends, a BOM, the
 * overlap rule), the session's revert of a result that does not parse, and unified diffs.
 * `unit_fix --diff A B` prints fix_unified_diff of two files (tests/fix/run.py holds it to a
 * patch's meaning and to GNU diff's edit count on random files). */
#include <stdlib.h>
#include <string.h>

#include "fix/apply.h"
#include "fix/session.h"
#include "unit.h"

/* A fix of one edit: lines 1-based, columns 0-based bytes. */
static Fix one(Edit *e, int32_t line, int32_t col, int32_t end_line, int32_t end_col,
               const char *content) {
    memset(e, 0, sizeof *e);
    e->loc.line = line, e->col = col, e->loc.end_line = end_line, e->end_col = end_col;
    e->content = content;
    return (Fix){FIX_SAFE, "m", e, 1};
}

/* bytes with fixes applied, as a string (static storage: one at a time) */
static const char *applied(const char *bytes, const Fix *fixes, int32_t n, bool *done) {
    static char out[512];
    const Fix *ptrs[8];
    bool mine[8];
    for (int32_t i = 0; i < n; i++) ptrs[i] = &fixes[i];
    Buf b;
    buf_init(&b);
    bool ok = fix_apply(bytes, strlen(bytes), ptrs, n, done ? done : mine, &b);
    snprintf(out, sizeof out, "%s", ok ? buf_cstr(&b) : "<failed>");
    buf_free(&b);
    return out;
}

static void test_apply(void) {
    Edit e[4];
    Fix f[4];
    f[0] = one(&e[0], 2, 4, 2, 8, "");
    CHECK(strcmp(applied("a = 1\nb = 2 + 3\n", f, 1, NULL), "a = 1\nb = 3\n") == 0,
          "a deletion in an LF file");
    CHECK(strcmp(applied("a = 1\r\nb = 2 + 3\r\n", f, 1, NULL), "a = 1\r\nb = 3\r\n") == 0,
          "a deletion in a CRLF file: the positions are the text's");
    CHECK(strcmp(applied("a = 1\rb = 2 + 3\r", f, 1, NULL), "a = 1\rb = 3\r") == 0,
          "a deletion in a file of lone CRs");
    CHECK(strcmp(applied("\xef\xbb\xbf"
                         "a = 1\nb = 2 + 3",
                         f, 1, NULL),
                 "\xef\xbb\xbf"
                 "a = 1\nb = 3") == 0,
          "a BOM is skipped, a missing final newline stays missing");
    f[0] = one(&e[0], 1, 0, 1, 0, "x = 0\n");
    CHECK(strcmp(applied("a = 1\r\nb = 2\r\n", f, 1, NULL), "x = 0\r\na = 1\r\nb = 2\r\n") == 0,
          "inserted line ends are the file's");
    f[0] = one(&e[0], 1, 0, 2, 0, "");
    CHECK(strcmp(applied("a = 1\r\nb = 2\r\n", f, 1, NULL), "b = 2\r\n") == 0,
          "deleting a whole line takes its CRLF");
    f[0] = one(&e[0], 3, 0, 3, 0, "c = 3\n");
    CHECK(strcmp(applied("a = 1\nb = 2", f, 1, NULL), "<failed>") != 0 &&
              strcmp(applied("a = 1\nb = 2\n", f, 1, NULL), "a = 1\nb = 2\nc = 3\n") == 0,
          "the end of the text is the end of the bytes");
    /* the overlap rule: in order of their first edit; one starting at or before the end of an
     * applied one waits; the very same edits count as applied */
    bool done[4];
    f[0] = one(&e[0], 1, 0, 1, 3, "A");
    f[1] = one(&e[1], 1, 2, 1, 5, "B");
    f[2] = one(&e[2], 1, 6, 1, 7, "C");
    f[3] = one(&e[3], 1, 0, 1, 3, "A");
    const char *r = applied("0123456789\n", f, 4, done);
    CHECK(strcmp(r, "A345C789\n") == 0 && done[0] && !done[1] && done[2] && done[3],
          "overlapping fixes wait, identical ones count: %s", r);
    f[0] = one(&e[0], 1, 0, 1, 3, "A");
    f[1] = one(&e[1], 1, 3, 1, 5, "B");
    r = applied("0123456789\n", f, 2, done);
    CHECK(strcmp(r, "A3456789\n") == 0 && done[0] && !done[1], "touching fixes wait too: %s", r);
    f[0] = one(&e[0], 1, 0, 1, 40, "A");
    f[1] = one(&e[1], 9, 0, 9, 1, "B");
    r = applied("0123456789\n", f, 2, done);
    CHECK(strcmp(r, "0123456789\n") == 0 && !done[0] && !done[1],
          "an edit beyond its line or the file is not applied");
    /* several edits of one fix */
    Edit two[2];
    one(&two[0], 1, 0, 1, 0, "(");
    one(&two[1], 1, 1, 1, 1, ") or b");
    Fix both = {FIX_SAFE, "m", two, 2};
    CHECK(strcmp(applied("a\n", &both, 1, NULL), "(a) or b\n") == 0, "a fix of two edits");
    CHECK(strcmp(fix_line_ending("a\r\nb\n", 5), "\r\n") == 0 &&
              strcmp(fix_line_ending("a", 1), "\n") == 0,
          "a file's line ending is its first one");
}

static void test_revert(void) {
    static const char *path = "unit_fix_tmp.py";
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        CHECK(false, "cannot write %s", path);
        return;
    }
    fputs("def f(x):\n    return x\n", fp);
    fclose(fp);
    const char *paths[] = {path};
    FixSession s;
    CHECK(fix_session_init(&s, paths, NULL, 1, 1 << 20), "session");
    Edit e;
    Fix broken = one(&e, 1, 7, 1, 8, ""); /* `def f(x:` */
    const Fix *fixes[] = {&broken};
    bool done = true;
    int rc = fix_session_apply(&s, 0, fixes, 1, &done);
    size_t len;
    const char *now = fix_file_bytes(&s.files[0], &len);
    CHECK(rc == 1 && !done && s.files[0].reverted && !s.files[0].current &&
              len == strlen("def f(x):\n    return x\n"),
          "a result that does not parse is undone (%d, %s)", rc,
          s.files[0].reverted ? s.files[0].reverted : "not reverted");
    Fix fine = one(&e, 2, 11, 2, 12, "1");
    fixes[0] = &fine;
    rc = fix_session_apply(&s, 0, fixes, 1, &done);
    CHECK(rc == 0 && !done, "a reverted file gets no more fixes");
    (void)now;
    fix_session_free(&s);
    remove(path);
}

/* One edit as a byte change (an editor's quick fix): offsets in the bytes, content with the
 * file's line ending. */
static void test_edit_bytes(void) {
    Edit e;
    one(&e, 2, 4, 2, 8, "");
    size_t from = 0, to = 0;
    Buf c;
    buf_init(&c);
    const char *crlf = "a = 1\r\nb = 2 + 3\r\n";
    CHECK(fix_edit_bytes(crlf, strlen(crlf), &e, &from, &to, &c) && from == 11 && to == 15 &&
              c.len == 0,
          "a deletion in a CRLF file: bytes %zu..%zu", from, to);
    one(&e, 1, 0, 1, 0, "x = 0\n");
    CHECK(fix_edit_bytes(crlf, strlen(crlf), &e, &from, &to, &c) && from == 0 && to == 0 &&
              strcmp(buf_cstr(&c), "x = 0\r\n") == 0,
          "an insertion gets the file's line ending: %s", buf_cstr(&c));
    c.len = 0;
    const char *bom = "\xef\xbb\xbf"
                      "a = 1\n";
    one(&e, 1, 0, 1, 1, "b");
    CHECK(fix_edit_bytes(bom, strlen(bom), &e, &from, &to, &c) && from == 3 && to == 4,
          "line 1 starts after a BOM: %zu..%zu", from, to);
    one(&e, 1, 0, 1, 9, "");
    CHECK(!fix_edit_bytes(bom, strlen(bom), &e, &from, &to, &c), "past its line's end: refused");
    buf_free(&c);
}

/* A session over bytes held in memory (an editor's open document): fixed there, nothing read
 * from or written to the disk. */
static void test_in_memory(void) {
    const char *path = "unit_fix_not_on_disk.py", *text = "def f(x):\n    return x\n";
    const char *paths[] = {path}, *bytes[] = {text};
    size_t lens[] = {strlen(text)};
    SourceOverlay ov = {paths, bytes, lens, 1};
    FixSession s;
    CHECK(fix_session_init_over(&s, paths, NULL, 1, 1 << 20, &ov) && s.files[0].original &&
              s.files[0].original_len == lens[0],
          "the document's bytes are the file's");
    Edit e;
    Fix fine = one(&e, 2, 11, 2, 12, "1");
    const Fix *fixes[] = {&fine};
    bool done = false;
    int rc = fix_session_apply(&s, 0, fixes, 1, &done);
    size_t len;
    const char *now = fix_file_bytes(&s.files[0], &len);
    CHECK(rc == 1 && done && len == lens[0] && memcmp(now, "def f(x):\n    return 1\n", len) == 0,
          "fixed in memory");
    FILE *fp = fopen(path, "rb");
    CHECK(!fp, "nothing written");
    if (fp) fclose(fp);
    fix_session_free(&s);
}

static const char *diff(const char *a, const char *b) {
    static char out[1024];
    Buf d;
    buf_init(&d);
    fix_unified_diff(&d, "f.py", a, strlen(a), b, strlen(b));
    snprintf(out, sizeof out, "%s", buf_cstr(&d));
    buf_free(&d);
    return out;
}

static void test_diff(void) {
    CHECK(strcmp(diff("a\nb\n", "a\nb\n"), "") == 0, "no diff for the same text");
    const char *d = diff("1\n2\n3\n4\n5\n6\n7\n8\n9\n", "1\n2\n3\n4\nfive\n6\n7\n8\n9\n");
    CHECK(strcmp(d, "--- f.py\n+++ f.py\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n") ==
              0,
          "one line changed, three of context: %s", d);
    d = diff("a\nb", "a\nc");
    CHECK(strcmp(d, "--- f.py\n+++ f.py\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of "
                    "file\n+c\n\\ No newline at end of file\n") == 0,
          "a last line without a line end: %s", d);
    d = diff("", "x\n");
    CHECK(strcmp(d, "--- f.py\n+++ f.py\n@@ -0,0 +1 @@\n+x\n") == 0, "from nothing: %s", d);
    d = diff("a\r\nb\r\n", "b\r\n");
    CHECK(strcmp(d, "--- f.py\n+++ f.py\n@@ -1,2 +1 @@\n-a\r\n b\r\n") == 0,
          "CRLF lines keep their line ends: %s", d);
}

static char *slurp(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    *len = s ? fread(s, 1, (size_t)n, f) : 0;
    fclose(f);
    return s;
}

int main(int argc, char **argv) {
    if (argc == 4 && strcmp(argv[1], "--diff") == 0) {
        size_t an, bn;
        char *a = slurp(argv[2], &an), *b = slurp(argv[3], &bn);
        if (!a || !b) return 2;
        Buf d;
        buf_init(&d);
        fix_unified_diff(&d, "f", a, an, b, bn);
        fwrite(d.data ? d.data : "", 1, d.len, stdout);
        buf_free(&d);
        free(a), free(b);
        return 0;
    }
    test_apply();
    test_edit_bytes();
    test_in_memory();
    test_revert();
    test_diff();
    return unit_finish();
}
