/* unit_toml.c — unit tests of the TOML reader's API (src/config/toml.h): lookups and typed
 * accessors, positions of values and keys, error positions and messages, limits, allocation
 * failure, buffers that are not NUL-terminated, and parsing in parallel. The language itself is
 * tested against the toml-test vectors by tests/toml/run.py. */
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/buf.h"
#include "../../src/config/toml.h"
#include "unit.h"

static const char pyproject[] = "# a pyproject.toml\n"
                                "[project]\n"
                                "name = \"zenflow\"\n"
                                "\n"
                                "[tool.ruff]\n"
                                "line-length = 100\n"
                                "\n"
                                "[tool.deadwood]\n"
                                "select = [\"DW201\", 'DW3']\n"
                                "jobs = 4\n"
                                "ratio = -0.5\n"
                                "strict = true\n"
                                "\"é\".'ü' = \"ß\" # columns count characters\n"
                                "when = 1979-05-27 07:32:00z\n"
                                "[tool.deadwood.per-file]\n"
                                "\"tests/*\" = [\"DW201\"]\n";

static const TomlValue *parse(Arena *a, const char *src, TomlError *err) {
    return toml_parse(a, src, strlen(src), err);
}

static void test_lookups(void) {
    Arena a;
    arena_init(&a);
    TomlError err;
    const TomlValue *root = parse(&a, pyproject, &err);
    CHECK(root != NULL, "pyproject parses: %d:%d: %s", err.line, err.col, err.msg);
    const TomlValue *dw = toml_get_path(root, "tool.deadwood");
    CHECK(toml_is(dw, TOML_TABLE), "tool.deadwood is a table");
    CHECK(dw && dw->line == 8 && dw->col == 7, "[tool.deadwood] at 8:7, got %d:%d",
          dw ? dw->line : 0, dw ? dw->col : 0);
    CHECK(toml_get(toml_get(root, "tool"), "deadwood") == dw, "toml_get chain = toml_get_path");
    CHECK(toml_get_path(root, "") == root, "empty path is the root");
    CHECK(toml_get_path(root, "tool.deadwood.nope") == NULL, "missing key");
    CHECK(toml_get_path(root, "tool.deadwood.jobs.x") == NULL, "path through an integer");
    CHECK(toml_get_path(NULL, "tool") == NULL && toml_get(NULL, "x") == NULL, "NULL-safe");

    const TomlValue *sel = toml_get(dw, "select");
    CHECK(toml_len(sel) == 2, "select has 2 codes, got %d", toml_len(sel));
    CHECK(toml_string(toml_at(sel, 0)) && !strcmp(toml_string(toml_at(sel, 0)), "DW201"), "[0]");
    CHECK(toml_string(toml_at(sel, 1)) && !strcmp(toml_string(toml_at(sel, 1)), "DW3"), "[1]");
    CHECK(toml_at(sel, 2) == NULL && toml_at(sel, -1) == NULL, "index out of range");
    const TomlValue *second = toml_at(sel, 1);
    CHECK(second && second->line == 9 && second->col == 20, "'DW3' at 9:20, got %d:%d",
          second ? second->line : 0, second ? second->col : 0);

    int64_t jobs = 0;
    double ratio = 0;
    bool strict = false;
    Str s;
    CHECK(toml_as_int(toml_get(dw, "jobs"), &jobs) && jobs == 4, "jobs = 4");
    CHECK(toml_as_float(toml_get(dw, "ratio"), &ratio) && ratio == -0.5, "ratio = -0.5");
    CHECK(!toml_as_float(toml_get(dw, "jobs"), &ratio), "an integer is not a float");
    CHECK(!toml_as_int(toml_get(dw, "select"), &jobs) && toml_string(sel) == NULL, "wrong type");
    CHECK(toml_as_bool(toml_get(dw, "strict"), &strict) && strict, "strict = true");
    CHECK(toml_as_str(toml_get_path(dw, "é.ü"), &s) && s.len == 2 && !memcmp(s.s, "ß", 2),
          "dotted non-ASCII key");
    const TomlEntry *when = toml_get_entry(dw, "when");
    CHECK(when && when->line == 14 && when->col == 1, "key 'when' at 14:1");
    CHECK(when && when->value->type == TOML_DATETIME && when->value->col == 8, "datetime at 14:8");
    CHECK(toml_as_datetime(when ? when->value : NULL, &s) && str_eq_c(s, "1979-05-27T07:32:00Z"),
          "datetime normalized to 1979-05-27T07:32:00Z");
    const TomlEntry *u = toml_get_entry(toml_get(dw, "é"), "ü");
    CHECK(u && u->line == 13 && u->col == 5 && u->value->col == 11, "ü at 13:5, value at 13:11");

    const TomlValue *pf = toml_get(dw, "per-file");
    const TomlEntry *e = toml_entry_at(pf, 0);
    CHECK(e && str_eq_c(e->key, "tests/*") && toml_entry_at(pf, 1) == NULL, "quoted key");
    const TomlEntry *first = toml_entry_at(root, 0);
    CHECK(first && str_eq_c(first->key, "project"), "document order: project first");
    CHECK(toml_len(toml_get(root, "tool")) == 2, "tool has ruff and deadwood");
    CHECK(!strcmp(toml_type_name(TOML_DATE_LOCAL), "local date"), "type names");
    arena_free(&a);
}

static void test_values(void) {
    Arena a;
    arena_init(&a);
    TomlError err;
    const TomlValue *root = parse(&a,
                                  "n = -nan\ni = -inf\nh = 0xdead_BEEF\nt = 07:32:00.999999999\n"
                                  "m = \"\"\"\\\n   x\r\ny\"\"\"\"\nz = \"a\\u0000b\"\n",
                                  &err);
    CHECK(root != NULL, "values parse: %s", err.msg);
    double x = 0;
    int64_t h = 0;
    Str s = {0};
    CHECK(toml_as_float(toml_get(root, "n"), &x) && isnan(x) && signbit(x), "-nan keeps its sign");
    CHECK(toml_as_float(toml_get(root, "i"), &x) && isinf(x) && x < 0, "-inf");
    CHECK(toml_as_int(toml_get(root, "h"), &h) && h == 0xdeadbeef, "hex with underscore");
    CHECK(toml_is(toml_get(root, "t"), TOML_TIME_LOCAL) &&
              toml_as_datetime(toml_get(root, "t"), &s) && str_eq_c(s, "07:32:00.999999999"),
          "local time keeps every digit");
    CHECK(toml_as_str(toml_get(root, "m"), &s) && str_eq_c(s, "x\ny\""),
          "multi-line: line-ending backslash, CRLF stored as LF, quote before the delimiter");
    CHECK(toml_as_str(toml_get(root, "z"), &s) && s.len == 3 && !memcmp(s.s, "a\0b", 3),
          "\\u0000 kept inside the length");
    arena_free(&a);
}

/* The error for `src` is at line:col and its message contains `msg`. */
static void expect_error(const char *src, int line, int col, const char *msg) {
    Arena a;
    arena_init(&a);
    TomlError err;
    const TomlValue *root = toml_parse(&a, src, strlen(src), &err);
    CHECK(root == NULL, "%s: accepted", msg);
    CHECK(err.line == line && err.col == col && strstr(err.msg, msg),
          "expected %d:%d: ...%s..., got %d:%d: %s", line, col, msg, err.line, err.col, err.msg);
    arena_free(&a);
}

static void test_errors(void) {
    expect_error("a = 1\nkey 1", 2, 5, "expected '=' after key");
    expect_error("[t]\na = 1\n a = 2", 3, 2, "duplicate key 'a'");
    expect_error("s = \"ok\\q\"", 1, 8, "invalid escape \\q");
    expect_error("é = \"\xff\"", 1, 6, "invalid UTF-8 byte 0xff");
    expect_error("a = 1 2", 1, 7, "expected a newline after the value");
    expect_error("a = [1 2]", 1, 8, "expected ',' or ']'");
    expect_error("[a]\n[a]", 2, 2, "table [a] is already defined");
    expect_error("a = {b = 1}\na.c = 2", 2, 1, "'a' is already an inline table");
    expect_error("x = 2100-02-29", 1, 13, "not a leap year");
    expect_error("x = 99999999999999999999", 1, 5, "integer out of range");
    expect_error("x = \"abc", 1, 5, "unterminated string");
    expect_error("x = {a = 1,\n b = 2}", 1, 12, "expected a key");
    expect_error("x = 1 # bell \a", 1, 14, "control character U+0007 in comment");
    expect_error("x = 1\r", 1, 6, "carriage return not followed by newline");
    expect_error("[[a]]\n[a]", 2, 2, "already an array of tables");
    char deep[400];
    memset(deep, '[', sizeof deep);
    memcpy(deep, "a = ", 4);
    deep[sizeof deep - 1] = 0;
    expect_error(deep, 1, 5 + TOML_MAX_DEPTH, "nesting deeper than");

    /* NUL bytes are characters like any other: reported where they are */
    Arena a;
    arena_init(&a);
    TomlError err;
    CHECK(toml_parse(&a, "a = 1\n\0 = 2", 11, &err) == NULL && err.line == 2 && err.col == 1 &&
              strstr(err.msg, "U+0000"),
          "NUL byte: %d:%d: %s", err.line, err.col, err.msg);
    arena_free(&a);
}

/* The input need not be NUL-terminated: only `len` bytes are read (ASan checks the bound). */
static void test_unterminated_buffer(void) {
    static const char *const srcs[] = {"a = 12345",  "a = \"abc\"", "a = 1979-05-27T07:32:00",
                                       "a = [1, 2]", "a = 'x'",     "a = tr"};
    for (size_t i = 0; i < sizeof srcs / sizeof *srcs; i++) {
        for (size_t len = 0; len <= strlen(srcs[i]); len++) {
            char *buf = dw_malloc(len);
            memcpy(buf, srcs[i], len);
            Arena a;
            arena_init(&a);
            TomlError err;
            const TomlValue *root = toml_parse(&a, buf, len, &err);
            CHECK(root || (err.line == 1 && err.col >= 1 && err.msg[0]),
                  "prefix %zu of '%s': bad error", len, srcs[i]);
            if (len == 6 && i == 0) {
                int64_t v = 0;
                CHECK(toml_as_int(toml_get(root, "a"), &v) && v == 12, "prefix 'a = 12' is 12");
            }
            arena_free(&a);
            dw_free(buf);
        }
    }
}

static void test_big_table(void) {
    Buf b;
    buf_init(&b);
    for (int i = 0; i < 5000; i++) buf_printf(&b, "k%d = %d\n", i, i);
    Arena a;
    arena_init(&a);
    TomlError err;
    const TomlValue *root = toml_parse(&a, b.data, b.len, &err);
    CHECK(toml_len(root) == 5000, "5000 keys");
    int bad = 0;
    for (int i = 0; i < 5000; i++) {
        char key[16];
        int64_t v = -1;
        snprintf(key, sizeof key, "k%d", i);
        if (!toml_as_int(toml_get(root, key), &v) || v != i) bad++;
        const TomlEntry *e = toml_entry_at(root, i);
        if (!e || !str_eq_c(e->key, key) || e->line != i + 1) bad++;
    }
    CHECK(bad == 0, "%d keys looked up wrong", bad);
    buf_puts(&b, "k4321 = 0\n");
    arena_free(&a);
    arena_init(&a);
    CHECK(toml_parse(&a, b.data, b.len, &err) == NULL && err.line == 5001 &&
              strstr(err.msg, "duplicate key 'k4321'"),
          "duplicate found through the hash index: %d:%d: %s", err.line, err.col, err.msg);
    arena_free(&a);
    buf_free(&b);
}

/* An allocator that fails from the n-th allocation on. */
static long alloc_budget;
static void *failing_malloc(size_t n, void *ud) {
    (void)ud;
    return alloc_budget-- > 0 ? malloc(n) : NULL;
}
static void *failing_realloc(void *p, size_t n, void *ud) {
    (void)ud;
    return alloc_budget-- > 0 ? realloc(p, n) : NULL;
}
static void plain_free(void *p, void *ud) {
    (void)ud;
    free(p);
}

/* Fails the allocation at every point in turn (under ASan every arena object is an allocation of
 * its own); each failure must come back as "out of memory", never as a crash. */
static void test_out_of_memory(void) {
    Buf b;
    buf_init(&b);
    buf_puts(&b, pyproject);
    for (int i = 0; i < 20; i++) /* enough keys for the hash index */
        buf_printf(&b, "k%d = [%d, 1.5, \"%0100d\", {a.b = 1979-05-27}, [[]]]\n", i, i, i);
    static const Allocator failing = {failing_malloc, failing_realloc, plain_free, NULL};
    int failures = 0, bad = 0;
    for (long budget = 0;; budget++) {
        alloc_budget = budget;
        dw_set_allocator(&failing);
        Arena a;
        arena_init(&a);
        TomlError err;
        const TomlValue *root = toml_parse(&a, b.data, b.len, &err);
        arena_free(&a);
        dw_set_allocator(NULL);
        if (root) break;
        failures++;
        if (strcmp(err.msg, "out of memory") != 0) bad++;
    }
    CHECK(failures >= 1 && bad == 0, "%d allocation failures, %d without 'out of memory'", failures,
          bad);
    buf_free(&b);
}

static void *parse_many(void *arg) {
    long ok = 0;
    for (int i = 0; i < 200; i++) {
        Arena a;
        arena_init(&a);
        TomlError err;
        const TomlValue *root = parse(&a, pyproject, &err);
        int64_t jobs = 0;
        if (toml_as_int(toml_get_path(root, "tool.deadwood.jobs"), &jobs) && jobs == 4) ok++;
        arena_free(&a);
    }
    *(long *)arg = ok;
    return NULL;
}

static void test_threads(void) {
    pthread_t th[4];
    long ok[4] = {0};
    for (int i = 0; i < 4; i++) pthread_create(&th[i], NULL, parse_many, &ok[i]);
    for (int i = 0; i < 4; i++) pthread_join(th[i], NULL);
    CHECK(ok[0] + ok[1] + ok[2] + ok[3] == 800, "parallel parses agree");
}

int main(void) {
    test_lookups();
    test_values();
    test_errors();
    test_unterminated_buffer();
    test_big_table();
    test_out_of_memory();
    test_threads();
    return unit_finish();
}
