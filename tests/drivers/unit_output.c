/* unit_output.c — unit tests of src/output's helpers (out_internal.h): JSON string escaping and
 * the pretty-printing writer, URI percent-encoding and SARIF artifact URIs, workflow-command
 * escaping, rule help as Markdown and messages linking their related locations, display widths,
 * terminal-safe text and the caret placement of the full format (tabs, wide and combining
 * characters, spans past the end), the rule table, format names, rule URLs, and every format under
 * allocation failure. The formats' whole outputs are compared with reviewed files by
 * tests/output/run.py. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/output/out_internal.h"
#include "unit.h"

/* ---- helpers --------------------------------------------------------------------------------- */

static Buf scratch;

static const char *json(const char *s) {
    scratch.len = 0;
    out_json_string(&scratch, s);
    return buf_cstr(&scratch);
}

static const char *uri(const char *s) {
    scratch.len = 0;
    out_uri_encode(&scratch, s, strlen(s));
    return buf_cstr(&scratch);
}

static const char *sarif_uri(const char *path, const char *root, bool *relative) {
    scratch.len = 0;
    *relative = out_sarif_uri(&scratch, path, root);
    return buf_cstr(&scratch);
}

static const char *gh(const char *s, bool property) {
    scratch.len = 0;
    out_gh_escape(&scratch, s, property);
    return buf_cstr(&scratch);
}

static const char *visible(const char *s) {
    scratch.len = 0;
    out_put_visible(&scratch, s);
    return buf_cstr(&scratch);
}

/* ---- JSON ------------------------------------------------------------------------------------ */

static void test_json_string(void) {
    static const struct {
        const char *in, *want;
    } cases[] = {
        {"", "\"\""},
        {"plain", "\"plain\""},
        {"a\"b\\c/d", "\"a\\\"b\\\\c/d\""},
        {"\n\r\t\b\f", "\"\\n\\r\\t\\b\\f\""},
        {"\x01\x1f\x1b[0m", "\"\\u0001\\u001f\\u001b[0m\""},
        {"del\x7f", "\"del\\u007f\""},
        {"c1 \xc2\x85\xc2\x9f", "\"c1 \\u0085\\u009f\""},
        {"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80",
         "\"caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80\""},
        {"nbsp\xc2\xa0", "\"nbsp\xc2\xa0\""},
        {"ls\xe2\x80\xa8", "\"ls\xe2\x80\xa8\""},           /* U+2028 is valid in JSON */
        {"bad\xff!", "\"bad\xef\xbf\xbd!\""},               /* ill-formed: U+FFFD */
        {"cut\xe6\x97", "\"cut\xef\xbf\xbd\xef\xbf\xbd\""}, /* truncated: one per byte */
        {"sur\xed\xa0\x80", "\"sur\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd\""}, /* a surrogate */
        {"real\xef\xbf\xbd", "\"real\xef\xbf\xbd\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = json(cases[i].in);
        CHECK(strcmp(got, cases[i].want) == 0, "json(%zu): got %s want %s", i, got, cases[i].want);
    }
    CHECK(strcmp(json(NULL), "null") == 0, "json(NULL) = %s", json(NULL));
    /* No raw byte below 0x20 ever reaches the output. */
    char all[33];
    for (int c = 1; c < 32; c++) all[c - 1] = (char)c;
    all[31] = 0;
    const char *got = json(all);
    bool clean = true;
    for (const char *p = got; *p; p++) clean &= (unsigned char)*p >= 0x20;
    CHECK(clean && strlen(got) > 31 * 2, "json of all controls has a raw control: %s", got);
}

static void test_json_writer(void) {
    Buf b;
    buf_init(&b);
    JsonWriter w;
    jw_init(&w, &b);
    jw_open(&w, '{');
    jw_key(&w, "a");
    jw_open(&w, '[');
    jw_close(&w, ']');
    jw_key(&w, "b");
    jw_open(&w, '{');
    jw_close(&w, '}');
    jw_key(&w, "c");
    jw_open(&w, '[');
    jw_int(&w, -12);
    jw_bool(&w, true);
    jw_null(&w);
    jw_str(&w, "x");
    jw_open(&w, '{');
    jw_key(&w, "k");
    jw_bool(&w, false);
    jw_close(&w, '}');
    jw_close(&w, ']');
    jw_location(&w, "loc", 3, 7);
    jw_close(&w, '}');
    const char *want = "{\n"
                       "  \"a\": [],\n"
                       "  \"b\": {},\n"
                       "  \"c\": [\n"
                       "    -12,\n"
                       "    true,\n"
                       "    null,\n"
                       "    \"x\",\n"
                       "    {\n"
                       "      \"k\": false\n"
                       "    }\n"
                       "  ],\n"
                       "  \"loc\": {\n"
                       "    \"column\": 7,\n"
                       "    \"row\": 3\n"
                       "  }\n"
                       "}\n";
    CHECK(strcmp(buf_cstr(&b), want) == 0, "writer output:\n%s", buf_cstr(&b));

    /* Nesting deeper than OUT_JSON_MAXDEPTH stays in bounds and balanced. */
    b.len = 0;
    jw_init(&w, &b);
    enum { DEEP = OUT_JSON_MAXDEPTH + 4 };
    for (int i = 0; i < DEEP; i++) jw_open(&w, '[');
    jw_int(&w, 1);
    for (int i = 0; i < DEEP; i++) jw_close(&w, ']');
    int opens = 0, closes = 0;
    for (size_t i = 0; i < b.len; i++) opens += b.data[i] == '[', closes += b.data[i] == ']';
    CHECK(opens == DEEP && closes == DEEP && w.depth == 0 && b.data[b.len - 1] == '\n',
          "deep nesting: %d [ and %d ]", opens, closes);
    buf_free(&b);
}

/* ---- URIs and GitHub escapes ------------------------------------------------------------------
 */

static void test_uri(void) {
    CHECK(strcmp(uri("AZaz09-._~/x"), "AZaz09-._~/x") == 0, "unreserved: %s", scratch.data);
    CHECK(strcmp(uri("a b/\xc3\xb8:#?%[]@!$&'()*+,;=.py"),
                 "a%20b/%C3%B8%3A%23%3F%25%5B%5D%40%21%24%26%27%28%29%2A%2B%2C%3B%3D.py") == 0,
          "reserved and non-ASCII: %s", scratch.data);
    CHECK(strcmp(uri("\x01\x7f\xff\"\\`"), "%01%7F%FF%22%5C%60") == 0, "others: %s", scratch.data);
    scratch.len = 0;
    out_file_uri_dir(&scratch, "/srv/my proj");
    CHECK(strcmp(buf_cstr(&scratch), "file:///srv/my%20proj/") == 0, "dir uri: %s", scratch.data);
    scratch.len = 0;
    out_file_uri_dir(&scratch, "/srv/p//");
    CHECK(strcmp(buf_cstr(&scratch), "file:///srv/p/") == 0, "dir uri /: %s", scratch.data);
    scratch.len = 0;
    out_file_uri_dir(&scratch, "/");
    CHECK(strcmp(buf_cstr(&scratch), "file:///") == 0, "root dir uri: %s", scratch.data);

    static const struct {
        const char *path, *root, *want;
        bool relative;
    } cases[] = {
        {"a.py", "/r", "a.py", true},
        {"./a.py", "/r", "a.py", true},
        {".//./pkg/a b.py", "/r", "pkg/a%20b.py", true},
        {"../up.py", "/r", "../up.py", true},
        {".hidden/x.py", "/r", ".hidden/x.py", true},
        {"c:x.py", "/r", "c%3Ax.py", true}, /* a ':' must not read as a scheme */
        {"/r/sub/a.py", "/r", "sub/a.py", true},
        {"/r/sub/a.py", "/r/", "sub/a.py", true},
        {"/r//a.py", "/r", "a.py", true},
        {"/rx/a.py", "/r", "file:///rx/a.py", false},
        {"/r", "/r", "file:///r", false},
        {"/etc/x y", NULL, "file:///etc/x%20y", false},
        {"/etc/x", "relative", "file:///etc/x", false},
        {"/etc/x", "/", "etc/x", true},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        bool rel;
        const char *got = sarif_uri(cases[i].path, cases[i].root, &rel);
        CHECK(strcmp(got, cases[i].want) == 0 && rel == cases[i].relative,
              "sarif uri %s (root %s): got %s %d", cases[i].path, OUT_STR(cases[i].root), got, rel);
    }
}

static void test_github_escape(void) {
    CHECK(strcmp(gh("a,b:c%d\r\ne", true), "a%2Cb%3Ac%25d%0D%0Ae") == 0, "property: %s",
          scratch.data);
    CHECK(strcmp(gh("a,b:c%d\r\ne", false), "a,b:c%25d%0D%0Ae") == 0, "data: %s", scratch.data);
    CHECK(strcmp(gh("%25", false), "%2525") == 0, "an escape is escaped again: %s", scratch.data);
    CHECK(strcmp(gh("", true), "") == 0, "empty: %s", scratch.data);
    CHECK(strcmp(gh("t\tx\x1b[1m\x7f\xc2\x9b\xff \xc3\xa9", false),
                 "t\tx\xe2\x90\x9b[1m\xe2\x90\xa1\xef\xbf\xbd\xef\xbf\xbd \xc3\xa9") == 0,
          "controls without an escape: %s", scratch.data);
}

/* ---- SARIF texts: rule help, linked messages --------------------------------------------------
 */

static const char *markdown(const char *doc) {
    scratch.len = 0;
    out_doc_markdown(&scratch, doc);
    return buf_cstr(&scratch);
}

/* The linked message of a finding in `cell` of a notebook (0: not a notebook). */
static const char *linked_in(int32_t cell, const char *path, const char *msg, const Related *rel,
                             int32_t n) {
    Finding f = {
        .code = "DW201", .path = path, .message = msg, .related = (Related *)rel, .nrelated = n};
    f.loc.cell = cell;
    scratch.len = 0;
    out_linked_message(&scratch, &f);
    return buf_cstr(&scratch);
}

static const char *linked(const char *path, const char *msg, const Related *rel, int32_t n) {
    return linked_in(0, path, msg, rel, n);
}

static void test_markdown(void) {
    static const struct {
        const char *doc, *want;
    } cases[] = {
        /* an indented example right after a line of prose: fenced (CommonMark would otherwise
         * read it as the paragraph's continuation) */
        {"Example:\n    if x is None:\n        x.y\n\nUse instead: this.\n",
         "Example:\n```python\nif x is None:\n    x.y\n```\n\nUse instead: this.\n"},
        /* a blank line inside an example stays in it; the blank lines after it do not */
        {"E:\n    a = 1\n\n    b = 2\n\n\nText\n",
         "E:\n```python\na = 1\n\nb = 2\n```\n\n\nText\n"},
        /* markup characters escaped outside code spans, left alone inside them */
        {"`__init__` and __init__, *args, a[0] <b> | ~x~ & `a*b`\n",
         "`__init__` and \\_\\_init\\_\\_, \\*args, a\\[0\\] \\<b\\> \\| \\~x\\~ \\& `a*b`\n"},
        /* what would start a list or a heading at the beginning of a line */
        {"a\n- b\n+ c\n1. d\n2) e\n# f\n", "a\n\\- b\n\\+ c\n1\\. d\n2\\) e\n\\# f\n"},
        /* ... and after up to three spaces, where CommonMark still sees a marker */
        {"a\n  - b\n   1. c\n", "a\n  \\- b\n   1\\. c\n"},
        /* a code span over a line break; a lone backtick */
        {"see `a\nb` and ` here\n", "see `a\nb` and \\` here\n"},
        {"", ""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        const char *got = markdown(cases[i].doc);
        CHECK(strcmp(got, cases[i].want) == 0, "markdown %zu: got [%s] want [%s]", i, got,
              cases[i].want);
    }
}

static void test_linked(void) {
    Related one[] = {{"a.py", {12, 1, 12, 5, 0, 0, 0}, "here"}};
    CHECK(strcmp(linked("a.py", "tested on line 12, so", one, 1), "tested on [line 12](1), so") ==
              0,
          "line N: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "the body (lines 12-14) and", one, 1),
                 "the body ([lines 12-14](1)) and") == 0,
          "lines N-M: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "line 120 and line 12", one, 1), "line 120 and [line 12](1)") == 0,
          "line 120 is not line 12: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "`line 12` then line 12", one, 1), "`line 12` then [line 12](1)") ==
              0,
          "not inside a code span: %s", scratch.data);
    Related other[] = {{"pkg/b[1].py", {40, 1, 40, 5, 0, 0, 0}, "base"}};
    CHECK(strcmp(linked("a.py", "identical to B.f (pkg/b[1].py:40); delete it", other, 1),
                 "identical to B.f ([pkg/b\\[1\\].py:40](1)); delete it") == 0,
          "path:N, brackets escaped in the link text: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "no line named", one, 1), "no line named (see [line 12](1))") == 0,
          "appended when not named: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "no line named", other, 1),
                 "no line named (see [pkg/b\\[1\\].py line 40](1))") == 0,
          "appended, another file: %s", scratch.data);
    Related two[] = {{"a.py", {3, 1, 3, 2, 0, 0, 0}, "x"}, {"a.py", {3, 1, 3, 2, 0, 0, 0}, "y"}};
    CHECK(strcmp(linked("a.py", "line 3 and line 3", two, 2), "[line 3](1) and [line 3](2)") == 0,
          "two related locations on one line: %s", scratch.data);
    CHECK(strcmp(linked("a.py", "plain", NULL, 0), "plain") == 0, "none: %s", scratch.data);
    /* a notebook's finding in cell 2: another cell's line is cited with its cell, which the link
     * takes in; the same line number in the finding's own cell is another line */
    Related cells[] = {{"n.ipynb", {2, 1, 2, 5, 1, 9, 9}, "x"},
                       {"n.ipynb", {2, 1, 2, 5, 2, 20, 20}, "y"}};
    CHECK(strcmp(linked_in(2, "n.ipynb", "line 2 and line 2 of cell 1", cells, 2),
                 "[line 2](2) and [line 2 of cell 1](1)") == 0,
          "cells: %s", scratch.data);
    CHECK(strcmp(linked_in(2, "n.ipynb", "line 2 of cell 3", cells, 1),
                 "line 2 of cell 3 (see [line 2 of cell 1](1))") == 0,
          "another cell's line 2 is not it; appended with its cell: %s", scratch.data);
}

/* ---- terminal text and carets ---------------------------------------------------------------- */

static void test_widths(void) {
    static const struct {
        uint32_t cp;
        int w;
    } cases[] = {
        {'a', 1},     {0xe9, 1},   {0x301, 0},  {0x20dd, 0}, {0x200b, 0},
        {0x65e5, 2},  {0x30c6, 2}, {0xff21, 2}, {0xac00, 2}, {0x1160, 0},
        {0x1f600, 2}, {0x3b1, 1},  {0x5d0, 1},  {0xad, 1},   {0x20000, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
        CHECK(out_char_width(cases[i].cp) == cases[i].w, "width(U+%04X) = %d, want %d",
              (unsigned)cases[i].cp, out_char_width(cases[i].cp), cases[i].w);
}

static void test_visible(void) {
    CHECK(strcmp(visible("plain \xc3\xa9 \xe6\x97\xa5"), "plain \xc3\xa9 \xe6\x97\xa5") == 0,
          "plain: %s", scratch.data);
    /* newline, ESC, DEL as control pictures; tab kept; C1 CSI and a bad byte as U+FFFD */
    CHECK(strcmp(visible("a\nb\x1b[1m\tc\x7f\xc2\x9b\xff"),
                 "a\xe2\x90\x8a"
                 "b\xe2\x90\x9b[1m\tc\xe2\x90\xa1\xef\xbf\xbd\xef\xbf\xbd") == 0,
          "controls: %s", scratch.data);
    CHECK(strcmp(visible("\r"), "\xe2\x90\x8d") == 0, "CR: %s", scratch.data);
}

static void test_echo(void) {
    static const struct {
        const char *line;
        int32_t col, end_col;
        const char *echo;
        int32_t at, len;
    } cases[] = {
        {"abc", 2, 3, "abc", 1, 1},
        {"abc", 1, 4, "abc", 0, 3},
        {"abcd", 2, -1, "abcd", 1, 3}, /* to the end of the line */
        {"abc", 2, 2, "abc", 1, 1},    /* empty span: one caret */
        {"abc", 2, 1, "abc", 1, 1},    /* end before start: one caret */
        {"ab", 3, 4, "ab", 2, 1},      /* at the newline */
        {"ab", 9, 12, "ab", 2, 1},     /* past the end */
        {"ab", 0, 2, "ab", 0, 1},      /* column 0: the start */
        {"abc", 2, 9, "abc", 1, 2},    /* end past the end */
        {"", 1, 2, "", 0, 1},          /* empty line */
        {"\tx", 2, 3, "    x", 4, 1},  /* leading tab */
        {"\t\treturn x.y", 10, 13, "        return x.y", 15, 3},
        {"ab\tc", 4, 5, "ab  c", 4, 1},       /* tab to the next stop */
        {"abcd\te", 6, 7, "abcd    e", 8, 1}, /* a tab at a stop is a full stop */
        {"a\tb", 1, 4, "a   b", 0, 5},        /* a tab inside the span */
        {"\tfoo(a,\tb.attr)", 9, 15, "    foo(a,  b.attr)", 12, 6},
        {"\xe6\x97\xa5\xe6\x9c\xacx", 3, 4, "\xe6\x97\xa5\xe6\x9c\xacx", 4, 1},
        {"\xe6\x97\xa5\xe6\x9c\xacx", 1, 2, "\xe6\x97\xa5\xe6\x9c\xacx", 0, 2},
        {"\xe6\x97\xa5\t\xe6\x9c\xac", 3, 4, "\xe6\x97\xa5  \xe6\x9c\xac", 4, 2},
        {"e\xcc\x81x", 3, 4, "e\xcc\x81x", 1, 1}, /* a combining accent takes no column */
        {"e\xcc\x81x", 1, 3, "e\xcc\x81x", 0, 1},
        {"e\xcc\x81x", 2, 3, "e\xcc\x81x", 1, 1},       /* a span of the accent alone */
        {"caf\xc3\xa9.x", 5, 7, "caf\xc3\xa9.x", 4, 2}, /* precomposed: one character */
        {"a\x1b"
         "b",
         3, 4,
         "a\xe2\x90\x9b"
         "b",
         2, 1}, /* a control shown as one column */
        {"\xff"
         "a",
         2, 3,
         "\xef\xbf\xbd"
         "a",
         1, 1},                       /* a bad byte is one character */
        {"ab\r\n", 1, 9, "ab", 0, 2}, /* stops at the line end */
        {"ab\rcd", 1, 9, "ab", 0, 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        Buf b;
        buf_init(&b);
        int32_t at = -7, len = -7;
        out_echo_line(&b, cases[i].line, cases[i].col, cases[i].end_col, &at, &len);
        const char *got = buf_cstr(&b);
        CHECK(strcmp(got, cases[i].echo) == 0 && at == cases[i].at && len == cases[i].len,
              "echo(%zu): \"%s\" at %d len %d; want \"%s\" at %d len %d", i, got, at, len,
              cases[i].echo, cases[i].at, cases[i].len);
        buf_free(&b);
    }
}

/* ---- names, URLs, rules, integers ------------------------------------------------------------ */

static void test_names(void) {
    const char *names[] = {"text", "full", "json", "sarif", "github"};
    for (int i = 0; i < 5; i++) {
        OutputFormat f = (OutputFormat)-1;
        CHECK(output_format_parse(names[i], &f) && strcmp(output_format_name(f), names[i]) == 0,
              "format %s", names[i]);
        CHECK(strstr(OUTPUT_FORMAT_NAMES, names[i]) != NULL, "%s not in OUTPUT_FORMAT_NAMES",
              names[i]);
    }
    OutputFormat f = OUT_JSON;
    CHECK(!output_format_parse("TEXT", &f) && !output_format_parse("", &f) &&
              !output_format_parse("xml", &f) && !output_format_parse(NULL, &f) && f == OUT_JSON,
          "bad names are refused and leave *out alone");

    scratch.len = 0;
    output_rule_url(&scratch, NULL, "DW201");
    CHECK(strcmp(buf_cstr(&scratch), OUTPUT_DEFAULT_HOMEPAGE "/blob/main/README.md#dw201") == 0,
          "url: %s", scratch.data);
    scratch.len = 0;
    output_rule_url(&scratch, "https://example.org/dw", "AbC9");
    CHECK(strcmp(buf_cstr(&scratch), "https://example.org/dw/blob/main/README.md#abc9") == 0,
          "url with homepage: %s", scratch.data);

    static const int64_t ints[] = {0, 7, -5, 1234567890, INT64_MIN, INT64_MAX};
    for (size_t i = 0; i < sizeof ints / sizeof *ints; i++) {
        char want[32];
        snprintf(want, sizeof want, "%lld", (long long)ints[i]);
        scratch.len = 0;
        out_put_int(&scratch, ints[i]);
        CHECK(strcmp(buf_cstr(&scratch), want) == 0, "int %s: %s", want, scratch.data);
    }
}

static void add(FindingList *l, const char *code, const char *path, int32_t line, const char *msg) {
    Related rel = {"other.py", {.line = 1, .col = 1, .end_line = 1, .end_col = 4}, "see \"here\""};
    Finding f = {.code = code,
                 .name = "some-rule",
                 .path = path,
                 .loc = {.line = line, .col = 3, .end_line = line, .end_col = 8},
                 .message = msg,
                 .source = "\tx = y.z  # \xe6\x97\xa5",
                 .noqa_line = line,
                 .related = &rel,
                 .nrelated = line % 2};
    findings_add(l, &f);
}

static void test_rules(void) {
    RuleInfo infos[] = {
        {"DW1", "one", NULL, NULL, true, "error"},
        {"DW2", "two", NULL, NULL, true, "bogus"},
        {"DW1", "dup", NULL, NULL, true, "note"}, /* a duplicate code: the first wins */
    };
    OutputOptions opt = {.rules = infos, .nrules = 3};
    FindingList l;
    findings_init(&l);
    for (int i = 0; i < 40; i++) add(&l, i % 4 == 0 ? "DW2" : i % 2 ? "DW9" : "X", "a.py", i, "m");
    Arena a;
    arena_init(&a);
    RuleTable t;
    CHECK(out_rules_init(&t, &a, &opt, &l), "rules init");
    CHECK(t.len == 4, "4 distinct codes, got %d", t.len);
    CHECK(out_rules_find(&t, "DW1") == 0 && out_rules_find(&t, "DW2") == 1 &&
              out_rules_find(&t, "DW9") == 2 && out_rules_find(&t, "X") == 3,
          "rule order: options first, then codes in order of first occurrence");
    CHECK(out_rules_find(&t, "DW3") == -1 && out_rules_find(&t, "") == -1, "missing codes");
    CHECK(strcmp(t.rules[0].name, "one") == 0, "first of a duplicate wins");
    CHECK(strcmp(out_rule_level(&t.rules[0]), "error") == 0 &&
              strcmp(out_rule_level(&t.rules[1]), "warning") == 0 &&
              strcmp(out_rule_level(&t.rules[3]), "warning") == 0 &&
              strcmp(out_rule_level(NULL), "warning") == 0,
          "levels");
    arena_free(&a);
    findings_free(&l);
}

/* ---- whole outputs: empty lists, colour, allocation failure ---------------------------------- */

static long alloc_budget = -1;
static bool alloc_failed;

static bool take(void) {
    if (alloc_budget < 0) return true;
    if (alloc_budget == 0) {
        alloc_failed = true;
        return false;
    }
    alloc_budget--;
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

static void test_outputs(void) {
    static const RuleInfo infos[] = {{"DW201", "none-dereference", "s", "d", true, "error"}};
    OutputOptions opt = {.rules = infos, .nrules = 1, .root = "/r", .version = "1"};
    FindingList empty;
    findings_init(&empty);
    static const char *const want_empty[] = {"", "", "[]\n", NULL, ""};
    for (int f = OUT_TEXT; f <= OUT_GITHUB; f++) {
        opt.format = (OutputFormat)f;
        Buf b;
        buf_init(&b);
        CHECK(output_write(&b, &empty, &opt), "empty %s", output_format_name(opt.format));
        if (want_empty[f])
            CHECK(strcmp(buf_cstr(&b), want_empty[f]) == 0, "empty %s: \"%s\"",
                  output_format_name(opt.format), buf_cstr(&b));
        else
            CHECK(strstr(buf_cstr(&b), "\"results\": []") != NULL, "empty sarif:\n%s", b.data);
        Buf null_list;
        buf_init(&null_list);
        CHECK(output_write(&null_list, NULL, &opt) && null_list.len == b.len &&
                  (b.len == 0 || memcmp(null_list.data, b.data, b.len) == 0),
              "a NULL list is written as an empty one (%s)", output_format_name(opt.format));
        buf_free(&null_list);
        buf_free(&b);
    }
    findings_free(&empty);

    FindingList l;
    findings_init(&l);
    for (int i = 1; i <= 6; i++)
        add(&l, i % 3 ? "DW201" : "DW7", i % 2 ? "a b.py" : "/r/c.py", i, "msg \"q\"\n\x1b[31m");
    static const Allocator failing = {f_malloc, f_realloc, f_free, NULL};
    for (int f = OUT_TEXT; f <= OUT_GITHUB; f++) {
        for (int color = 0; color < 2; color++) {
            opt.format = (OutputFormat)f;
            opt.color = color;
            Buf ref;
            buf_init(&ref);
            CHECK(output_write(&ref, &l, &opt), "reference %s", output_format_name(opt.format));
            bool has_esc = memchr(ref.data, 0x1b, ref.len) != NULL;
            CHECK(has_esc == (color && f <= OUT_FULL), "%s color=%d: escape present %d",
                  output_format_name(opt.format), color, has_esc);
            dw_set_allocator(&failing);
            int wrong = 0, runs = 0;
            for (long budget = 0; budget < 10000; budget++) {
                Buf b;
                buf_init(&b);
                alloc_budget = budget, alloc_failed = false;
                bool ok = output_write(&b, &l, &opt);
                alloc_budget = -1;
                runs++;
                if (alloc_failed ? ok || !b.failed
                                 : !ok || b.len != ref.len || memcmp(b.data, ref.data, b.len))
                    wrong++;
                buf_free(&b);
                if (!alloc_failed) break;
            }
            dw_set_allocator(NULL);
            CHECK(wrong == 0 && runs > 1,
                  "%s color=%d: %d of %d runs wrong under allocation failure",
                  output_format_name(opt.format), color, wrong, runs);
            buf_free(&ref);
        }
    }
    findings_free(&l);
}

int main(void) {
    buf_init(&scratch);
    test_json_string();
    test_json_writer();
    test_uri();
    test_github_escape();
    test_markdown();
    test_linked();
    test_widths();
    test_visible();
    test_echo();
    test_names();
    test_rules();
    test_outputs();
    buf_free(&scratch);
    return unit_finish();
}
