/* unit_json.c — unit tests of the JSON reader (src/base/json.h): RFC 8259's grammar accepted and
 * nothing else (cases in the style of JSONTestSuite's y_/n_/i_ files, each implementation-defined
 * case decided and checked), decoding of escapes and surrogate pairs, the tree and its lookups,
 * positions of values and errors, the depth bound, inputs that are not NUL-terminated, and
 * allocation failure at every point. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/json.h"
#include "unit.h"

/* Parses n bytes copied into a buffer of exactly that size (AddressSanitizer sees any read past
 * the end). */
static const JsonValue *parse_n(Arena *a, const char *src, size_t n, const JsonOptions *o,
                                JsonError *e) {
    char *copy = malloc(n ? n : 1);
    memcpy(copy, src, n);
    const JsonValue *v = json_parse(a, copy, n, o, e);
    free(copy);
    return v;
}

static bool accepts(const char *src, size_t n) {
    Arena a;
    arena_init(&a);
    JsonError e;
    bool ok = parse_n(&a, src, n, NULL, &e) != NULL;
    arena_free(&a);
    return ok;
}

/* y_: must be accepted */
static const char *const yes[] = {
    "[]",
    "{}",
    "[1]",
    "\"\"",
    "[-0]",
    "[1E22]",
    "[1e-2]",
    "[0e1]",
    "[1E+2]",
    "[-1]",
    "[0.000000000000000000001]",
    "123",
    "null",
    "true",
    "false",
    "\"asd\"",
    " [1] ",
    "[1 ]",
    "\t\r\n[\n1\r\n]\n",
    "[[[[]]]]",
    "[true,false,null]",
    "{\"a\":[]}",
    "{\"\":0}",
    "{\"a\":1,\"a\":2}",
    "[\"\\u0000\"]",
    "[\"\\uD834\\uDD1E\"]",
    "[\"\\uDBFF\\uDFFF\"]",
    "[\"\\uFFFF\"]",
    "[\"\\u00e9\\u00E9\"]",
    "[\"\xc3\xa9\"]",
    "[\"\xf0\x9f\x98\x80\"]",
    "[\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]",
    "[\"\x7f\"]",
    "{\"a\":\"b\",\"c\":{\"d\":[1,{\"e\":null}]}}",
    "[-1e-9999]",
    /* i_ decided: accepted (numbers are kept as written, whatever their range) */
    "[1.5e+9999]",
    "[1e400]",
    "[123456789012345678901234567890]",
    "[-123123123123123123123123123123]",
};

/* n_: must be rejected */
static const char *const no[] = {
    "",
    " ",
    "[",
    "]",
    "{",
    "}",
    "[1,]",
    "[,1]",
    "[1,,2]",
    "{\"a\":1,}",
    "{,}",
    "[1 2]",
    "{\"a\" 1}",
    "{a:1}",
    "{'a':1}",
    "['a']",
    "[01]",
    "[-01]",
    "[00]",
    "[+1]",
    "[.1]",
    "[1.]",
    "[1.e1]",
    "[1e]",
    "[1e+]",
    "[-]",
    "[- 1]",
    "[NaN]",
    "[Infinity]",
    "[-Infinity]",
    "[0x1]",
    "[tru]",
    "[True]",
    "[nul]",
    "[nulll]",
    "[\"a\x01b\"]",
    "[\"\t\"]",
    "[\"a\nb\"]",
    "[\"\\a\"]",
    "[\"\\x41\"]",
    "[\"\\'\"]",
    "[\"\\u00\"]",
    "[\"\\u00G0\"]",
    "[\"\\u\"]",
    "\"abc",
    "[\"a\"",
    "[\"a\\\"]",
    "[1]x",
    "[1][2]",
    "/* c */[]",
    "[]//",
    "{\"a\":}",
    "{\"a\"}",
    "{:1}",
    "[1]\x0c",
    "\x0c[1]",
    "[\xc2\xa0]",
    "[\"\xff\"]",
    "[\"\xc0\xaf\"]",
    "[\"\xe0\x80\xaf\"]",
    "[\"\xed\xa0\x80\"]",
    "[\"\xe6\x97\"]",
    "[\"\xf4\x90\x80\x80\"]",
    "[\"\x80\"]",
    "{\"a\":1 \"b\":2}",
    "[-1.0.]",
    "[2.e3]",
    "[1e1.5]",
    "[1]]",
    "[[1]",
    "{\"a\":{}",
    "{\"a\":1}}",
    "\"\\uD800\\\"",
    "[1,]]",
    "{\"\\uDFAA\":0}",
    /* i_ decided: rejected. Lone surrogates have no UTF-8 form (Python's json keeps them in a
     * str; a C string cannot hold them); a byte order mark is refused unless allow_bom. */
    "[\"\\uD800\"]",
    "[\"\\uDC00\"]",
    "[\"\\uD800\\u0041\"]",
    "[\"\\uD800\\uD800\"]",
    "[\"\\uD800abc\"]",
    "\xef\xbb\xbf[]",
};

static void test_grammar(void) {
    for (size_t i = 0; i < sizeof yes / sizeof *yes; i++)
        CHECK(accepts(yes[i], strlen(yes[i])), "accepts %s", yes[i]);
    for (size_t i = 0; i < sizeof no / sizeof *no; i++)
        CHECK(!accepts(no[i], strlen(no[i])), "rejects %s", no[i]);
    /* NUL bytes, which the tables cannot hold */
    CHECK(!accepts("[\0]", 3), "rejects a NUL byte between brackets");
    CHECK(!accepts("[1]\0", 4), "rejects a NUL byte after the value");
    CHECK(!accepts("[\"\0\"]", 5), "rejects a raw NUL in a string");
}

static void test_decoding(void) {
    Arena a;
    arena_init(&a);
    JsonError e;
    static const char src[] = "[\"a\\u00e9\\uD834\\uDD1E\\n\", \"x\\u0000y\", \"\\/\", \"\"]";
    const JsonValue *v = parse_n(&a, src, sizeof src - 1, NULL, &e);
    CHECK(v && json_len(v) == 4, "four strings: %s", v ? "" : e.msg);
    Str s;
    CHECK(json_as_str(json_at(v, 0), &s) && s.len == 8 &&
              memcmp(s.s, "a\xc3\xa9\xf0\x9d\x84\x9e\n", 8) == 0 && s.s[8] == 0,
          "escapes and a surrogate pair decode to UTF-8");
    CHECK(json_as_str(json_at(v, 1), &s) && s.len == 3 && memcmp(s.s, "x\0y", 3) == 0,
          "\\u0000 is carried, with the length");
    CHECK(json_string(json_at(v, 1)) == NULL, "json_string refuses a string holding NUL");
    CHECK(json_string_is(json_at(v, 2), "/"), "\\/ is /");
    CHECK(json_string_is(json_at(v, 3), "") && json_string(json_at(v, 3)), "empty string");
    arena_free(&a);
}

/* Strings are copied eight bytes at a time where plain: every special character at every
 * position of strings up to 24 bytes long decodes right, and a raw one is refused there. */
static void test_string_runs(void) {
    static const struct {
        const char *written, *decoded;
        bool ok;
    } specials[] = {
        {"\\\"", "\"", true},           {"\\\\", "\\", true},   {"\\u0001", "\x01", true},
        {"\xc3\xa9", "\xc3\xa9", true}, {"\x7f", "\x7f", true}, {"\\n", "\n", true},
        {"\x01", NULL, false},          {"\xff", NULL, false},  {"\t", NULL, false}};
    int bad = 0;
    for (size_t k = 0; k < sizeof specials / sizeof *specials; k++)
        for (int len = 0; len <= 24; len++)
            for (int at = 0; at <= len; at++) {
                char src[96], want[64];
                int n = 0, m = 0;
                src[n++] = '"';
                for (int i = 0; i <= len; i++) {
                    if (i == at) {
                        n += snprintf(src + n, sizeof src - (size_t)n, "%s", specials[k].written);
                        if (specials[k].ok)
                            m += snprintf(want + m, sizeof want - (size_t)m, "%s",
                                          specials[k].decoded);
                    }
                    if (i < len) src[n++] = (char)('a' + i), want[m++] = (char)('a' + i);
                }
                src[n++] = '"';
                Arena a;
                arena_init(&a);
                JsonError e;
                const JsonValue *v = parse_n(&a, src, (size_t)n, NULL, &e);
                Str s;
                bool right = specials[k].ok ? v && json_as_str(v, &s) && s.len == m &&
                                                  memcmp(s.s, want, (size_t)m) == 0
                                            : !v && e.col == 2 + at;
                if (!right && bad++ < 5)
                    CHECK(false, "special %zu at %d of %d: %s", k, at, len, v ? "" : e.msg);
                arena_free(&a);
            }
    CHECK(bad == 0, "every special character at every position (%d wrong)", bad);
}

static void test_tree(void) {
    Arena a;
    arena_init(&a);
    JsonError e;
    static const char src[] = "{\n"
                              "  \"nbformat\": 4,\n"
                              "  \"cells\": [\n"
                              "    {\"cell_type\": \"code\", \"source\": [\"x = 1\\n\", \"y\"]},\n"
                              "    {\"cell_type\": \"markdown\"}\n"
                              "  ],\n"
                              "  \"k\": 1, \"k\": {\"deep\": [true, null, -2.5e3]},\n"
                              "  \"\xc3\xa9t\xc3\xa9\": \"\xc3\xa9\", \"z\": 9223372036854775807\n"
                              "}";
    const JsonValue *root = parse_n(&a, src, sizeof src - 1, NULL, &e);
    CHECK(root && root->type == JSON_OBJECT && json_len(root) == 6, "an object of 6 members: %s",
          root ? "" : e.msg);
    int64_t i64 = 0;
    CHECK(json_as_int(json_get(root, "nbformat"), &i64) && i64 == 4, "nbformat 4");
    const JsonValue *cells = json_get(root, "cells");
    CHECK(json_is(cells, JSON_ARRAY) && json_len(cells) == 2, "two cells");
    const JsonValue *c0 = json_at(cells, 0);
    CHECK(json_string_is(json_get(c0, "cell_type"), "code"), "cell 0 is code");
    const JsonValue *src0 = json_get(c0, "source");
    CHECK(json_len(src0) == 2 && json_string_is(json_at(src0, 1), "y"), "source list");
    CHECK(src0 && src0->line == 4 && json_at(src0, 0)->line == 4, "source on line 4");
    CHECK(json_at(src0, 0)->col == 38, "source[0] at column 38, got %d",
          json_at(src0, 0) ? json_at(src0, 0)->col : 0);
    CHECK(json_at(cells, 2) == NULL && json_at(cells, -1) == NULL, "index out of range");
    const JsonValue *k = json_get(root, "k");
    CHECK(json_is(k, JSON_OBJECT), "the last of duplicate members wins");
    const JsonValue *deep = json_get(k, "deep");
    bool b = false;
    double d = 0;
    CHECK(json_as_bool(json_at(deep, 0), &b) && b, "true");
    CHECK(json_is(json_at(deep, 1), JSON_NULL), "null");
    CHECK(json_as_double(json_at(deep, 2), &d) && d == -2500.0, "-2.5e3 as double");
    CHECK(!json_as_int(json_at(deep, 2), &i64), "-2.5e3 is not an integer");
    const JsonMember *m = json_member(root, "\xc3\xa9t\xc3\xa9");
    CHECK(m && m->line == 8 && m->col == 3 && m->value.col == 10,
          "a non-ASCII name at 8:3, its value at column 10 (characters), got %d:%d, %d",
          m ? m->line : 0, m ? m->col : 0, m ? m->value.col : 0);
    CHECK(json_as_int(json_get(root, "z"), &i64) && i64 == INT64_MAX, "INT64_MAX");
    CHECK(json_member_at(root, 0) && str_eq_c(json_member_at(root, 0)->key, "nbformat"),
          "members in document order");
    CHECK(json_get(NULL, "x") == NULL && json_len(NULL) == 0 && json_string(NULL) == NULL &&
              json_get(cells, "x") == NULL && json_at(root, 0) == NULL,
          "NULL-safe, type-safe lookups");
    CHECK(strcmp(json_type_name(JSON_OBJECT), "object") == 0 &&
              strcmp(json_type_name(JSON_BOOL), "boolean") == 0,
          "type names");
    arena_free(&a);
}

static void test_numbers(void) {
    static const struct {
        const char *text;
        bool is_int;
        int64_t value;
    } cases[] = {
        {"0", true, 0},
        {"-0", true, 0},
        {"9223372036854775807", true, INT64_MAX},
        {"-9223372036854775808", true, INT64_MIN},
        {"9223372036854775808", false, 0},
        {"-9223372036854775809", false, 0},
        {"1.0", false, 0},
        {"1e2", false, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Arena a;
        arena_init(&a);
        JsonError e;
        const JsonValue *v = parse_n(&a, cases[i].text, strlen(cases[i].text), NULL, &e);
        int64_t x = -1;
        bool got = json_as_int(v, &x);
        CHECK(v && got == cases[i].is_int && (!got || x == cases[i].value),
              "%s as an integer: %d %lld", cases[i].text, got, (long long)x);
        CHECK(v && str_eq_c(v->u.number, cases[i].text), "%s kept as written", cases[i].text);
        arena_free(&a);
    }
}

/* Where errors are reported, and what they say. */
static void test_errors(void) {
    static const struct {
        const char *src;
        int line, col;
        const char *says;
    } cases[] = {
        {"", 1, 1, "expected a value, found the end of the input"},
        {"[1,]", 1, 4, "trailing comma"},
        {"{\n  \"a\": 1,\n  b: 2}", 3, 3, "expected a member name"},
        {"[\"\xc3\xa9\", 01]", 1, 7, "leading zeros"},
        {"[\"abc", 1, 2, "unterminated string"},
        {"{\"cells\": [\n  1,\n  2", 3, 4, "the array opened at 1:11 is not closed"},
        {"[\"\\uD800\"]", 1, 3, "lone surrogate \\uD800"},
        {"[\"\\uDC00\"]", 1, 3, "low surrogate"},
        {"[\"a\\qb\"]", 1, 4, "invalid escape"},
        {"[\"a\tb\"]", 1, 4, "control character 0x09"},
        {"[\"\xff\"]", 1, 3, "invalid UTF-8 (byte 0xff: invalid start byte)"},
        {"[1] [2]", 1, 5, "expected the end of the input"},
        {"\xef\xbb\xbf{}", 1, 1, "byte order mark"},
        {"[tru]", 1, 2, "expected a value, found 't'"},
        {"[1 2]", 1, 4, "expected ',' or ']'"},
        {"{\"a\" 1}", 1, 6, "expected ':'"},
        {"[-x]", 1, 3, "a digit after '-'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Arena a;
        arena_init(&a);
        JsonError e;
        const JsonValue *v = parse_n(&a, cases[i].src, strlen(cases[i].src), NULL, &e);
        CHECK(!v && e.line == cases[i].line && e.col == cases[i].col &&
                  strstr(e.msg, cases[i].says) && !e.oom,
              "case %zu: want %d:%d '%s', got %d:%d '%s'", i, cases[i].line, cases[i].col,
              cases[i].says, e.line, e.col, e.msg);
        arena_free(&a);
    }
}

static void test_options_and_limits(void) {
    Arena a;
    arena_init(&a);
    JsonError e;
    JsonOptions bom = {.allow_bom = true};
    const JsonValue *v = parse_n(&a, "\xef\xbb\xbf[1]", 6, &bom, &e);
    CHECK(v && json_len(v) == 1 && v->col == 1, "allow_bom skips it (column 1 after it)");
    /* the depth bound: exactly max_depth levels parse, one more does not */
    JsonOptions three = {.max_depth = 3};
    CHECK(parse_n(&a, "[[[1]]]", 7, &three, &e) != NULL, "3 levels within max_depth 3");
    CHECK(!parse_n(&a, "[[[[1]]]]", 9, &three, &e) && strstr(e.msg, "deeper than 3") && e.col == 4,
          "4 levels refused at the 4th bracket: %d %s", e.col, e.msg);
    CHECK(!parse_n(&a, "{\"a\":{\"b\":{\"c\":{}}}}", 21, &three, &e), "objects count too");
    /* the default bound, and a huge nesting that must neither crash nor recurse */
    size_t n = 1000000;
    char *deep = malloc(2 * n);
    memset(deep, '[', n);
    memset(deep + n, ']', n);
    CHECK(!parse_n(&a, deep, 2 * n, NULL, &e) && strstr(e.msg, "deeper than 512"),
          "a million nested arrays: %s", e.msg);
    CHECK(parse_n(&a, deep + n - 512, 1024, NULL, &e) != NULL, "512 nested arrays parse");
    free(deep);
    /* a long flat array on one line: every element has its column (linear work) */
    size_t count = 200000;
    char *flat = malloc(count * 2 + 2);
    flat[0] = '[';
    for (size_t i = 0; i < count; i++) flat[1 + 2 * i] = '0', flat[2 + 2 * i] = ',';
    flat[count * 2] = ']';
    v = parse_n(&a, flat, count * 2 + 1, NULL, &e);
    CHECK(v && json_len(v) == (int32_t)count && json_at(v, (int32_t)count - 1)->col == 400000,
          "a 200,000-element line: last element at column 400000");
    free(flat);
    /* a string value that ends exactly at the end of the buffer */
    CHECK(parse_n(&a, "\"x\"", 3, NULL, &e) != NULL, "a top-level string");
    arena_free(&a);
}

/* ---- allocation failure ------------------------------------------------------------------ */

static int alloc_left;
static void *fail_malloc(size_t n, void *ud) {
    (void)ud;
    return alloc_left-- > 0 ? malloc(n) : NULL;
}
static void *fail_realloc(void *p, size_t n, void *ud) {
    (void)ud;
    return alloc_left-- > 0 ? realloc(p, n) : NULL;
}
static void fail_free(void *p, void *ud) {
    (void)ud;
    free(p);
}

static void test_oom(void) {
    static const char src[] = "{\"a\": [1, 2, {\"b\": \"c\\u00e9\"}], \"d\": [[[]]], \"e\": 1e5}";
    Allocator al = {fail_malloc, fail_realloc, fail_free, NULL};
    bool succeeded = false;
    for (int k = 0; k < 200 && !succeeded; k++) {
        alloc_left = k;
        dw_set_allocator(&al);
        Arena a;
        arena_init(&a);
        JsonError e;
        const JsonValue *v = json_parse(&a, src, sizeof src - 1, NULL, &e);
        dw_set_allocator(NULL);
        if (v)
            succeeded = json_len(json_get(v, "a")) == 3;
        else
            CHECK(e.oom && strcmp(e.msg, "out of memory") == 0,
                  "failure %d is reported as out of memory: %s", k, e.msg);
        arena_free(&a);
    }
    CHECK(succeeded, "parses once enough allocations succeed");
}

int main(void) {
    test_grammar();
    test_decoding();
    test_string_runs();
    test_tree();
    test_numbers();
    test_errors();
    test_options_and_limits();
    test_oom();
    return unit_finish();
}
