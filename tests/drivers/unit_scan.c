/* unit_scan.c — the sixteen-byte scans (src/base/scan16.h) against their portable loops, the line
 * index against a byte-at-a-time count, and the tokenizer's "noqa" scan (sixteen bytes at a time
 * in lex.c) against the spelled-out rule: "noqa" in any case, anywhere in the comment; and
 * source_is_generated()'s marks, in any case, at any offset, in a comment and out of one.
 *
 * On x86-64 the SSE2 and the portable versions of each scan are both compiled here, so the
 * portable ones, which only other targets run, are held to the same answers.
 */
#include <stdlib.h>
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/base/scan16.h"
#include "../../src/lex/lex.h"
#include "../../src/source/source.h"
#include "unit.h"

static uint32_t seed = 12345;
static unsigned char next_byte(void) {
    seed = seed * 1103515245u + 12345u;
    return (unsigned char)(seed >> 16);
}

/* Every byte value at every one of the sixteen positions, among random neighbours. */
static void test_scan16(void) {
    char buf[16];
    int eq_bad = 0, name_bad = 0;
    for (int pos = 0; pos < 16; pos++)
        for (int v = 0; v < 256; v++) {
            for (int i = 0; i < 16; i++) buf[i] = (char)next_byte();
            buf[pos] = (char)v;
            if (scan16_name(buf) != scan16_name_portable(buf)) name_bad++;
            for (int c = 0; c < 256; c += 51)
                if (scan16_eq(buf, (char)c) != scan16_eq_portable(buf, (char)c)) eq_bad++;
            if (scan16_eq(buf, (char)v) != scan16_eq_portable(buf, (char)v) ||
                !(scan16_eq(buf, (char)v) >> pos & 1))
                eq_bad++;
        }
    CHECK(eq_bad == 0, "scan16_eq differs from its portable loop %d times", eq_bad);
    CHECK(name_bad == 0, "scan16_name differs from its portable loop %d times", name_bad);
    /* the name characters, spelled out */
    for (int v = 0; v < 256; v++) {
        memset(buf, ' ', sizeof buf);
        buf[5] = (char)v;
        int want =
            (v >= 'a' && v <= 'z') || (v >= 'A' && v <= 'Z') || (v >= '0' && v <= '9') || v == '_';
        CHECK((int)(scan16_name(buf) >> 5 & 1) == want && (scan16_name(buf) & ~(1u << 5)) == 0,
              "scan16_name of byte 0x%02x: mask 0x%04x", v, scan16_name(buf));
    }
}

/* Counts over lengths that cross the 255-block batches of the SSE2 count. */
static void test_scan_count(void) {
    enum { N = 16 * 600 };
    char *buf = malloc(N);
    CHECK(buf != NULL, "out of memory");
    if (!buf) return;
    for (int round = 0; round < 4; round++) {
        for (size_t i = 0; i < N; i++)
            buf[i] = round == 3 ? '\n' : (next_byte() % (round + 2) == 0 ? '\n' : 'x');
        for (size_t n = 0; n <= N; n += n < 64 ? 16 : 16 * 37) {
            size_t got = scan_count(buf, n, '\n'), want = scan_count_portable(buf, n, '\n');
            CHECK(got == want, "scan_count over %zu bytes: %zu, the portable loop %zu", n, got,
                  want);
        }
        size_t all = scan_count(buf, N, '\n'), want = scan_count_portable(buf, N, '\n');
        CHECK(all == want, "scan_count over %d bytes: %zu, the portable loop %zu", N, all, want);
    }
    free(buf);
}

/* line_index_build against a byte loop, for lengths around its 64-byte blocks. */
static void test_line_index(void) {
    Arena a;
    arena_init(&a);
    char text[300];
    for (size_t len = 0; len <= sizeof text; len++) {
        for (size_t i = 0; i < len; i++) text[i] = next_byte() % 5 == 0 ? '\n' : 'a';
        LineIndex li;
        CHECK(line_index_build(&a, text, len, &li), "line_index_build: out of memory");
        int32_t n = 1;
        int bad = li.starts[0] != 0;
        for (size_t i = 0; i < len; i++)
            if (text[i] == '\n') bad |= n >= li.count || li.starts[n++] != i + 1;
        CHECK(!bad && li.count == n, "line_index_build over %zu bytes: %d lines, want %d", len,
              li.count, n);
    }
    arena_free(&a);
}

static int noqa_count(const char *code, bool reference) {
    Arena a;
    arena_init(&a);
    SourceText src;
    SourceError err;
    TokenArray ta;
    int n = -1;
    if (source_decode(&a, code, strlen(code), &src, &err) &&
        (reference ? lex_tokenize_reference(&a, &src, &ta) : lex_tokenize(&a, &src, &ta)))
        n = ta.nnoqa;
    arena_free(&a);
    return n;
}

/* A word at every offset of a comment, after code and on a line of its own (the tokenizer's two
 * places for comments), in both tokenizers. */
static void test_noqa(void) {
    static const struct {
        const char *word;
        int mentions;
    } words[] = {
        {"noqa", 1},  {"NoQa", 1}, {"NOQA", 1}, {"nOqA", 1},        {"noq", 0},    {"oqa", 0},
        {"no qa", 0}, {"nqoa", 0}, {"mopa", 0}, {"n\xc3\xb6qa", 0}, {"nnoqaa", 1}, {"q", 0},
    };
    char code[200];
    for (size_t w = 0; w < sizeof words / sizeof *words; w++)
        for (int before = 0; before <= 48; before++)
            for (int after = 0; after <= 20; after += 19)
                for (int own_line = 0; own_line < 2; own_line++) {
                    snprintf(code, sizeof code, "%s#%.*s%s%.*s\n", own_line ? "" : "x = 1  ",
                             before, "................................................",
                             words[w].word, after, "....................");
                    int fast = noqa_count(code, false), ref = noqa_count(code, true);
                    CHECK(fast == words[w].mentions && ref == words[w].mentions,
                          "%d noqa (reference %d) in %s, want %d", fast, ref, code,
                          words[w].mentions);
                }
}

/* A file's first ten lines say a program wrote it: each mark in any case (one letter of it
 * changed: not a mark), at offsets around it, in a comment and in code or a docstring, and on
 * line 10 but not on line 11. */
static void test_generated(void) {
    static const struct {
        const char *mark;
        int in_comment, anywhere;
    } marks[] = {
        {"@generated", 1, 1},
        {"do not edit", 1, 1},
        {"generated by", 1, 0},
        {"generated from", 1, 0},
        {"generated file", 1, 0},
        {"auto-generated", 1, 0},
        {"automatically generated", 1, 0},
        {"autogenerated", 1, 0},
        {"this file is generated", 0, 1}, /* in a comment, "generated by" and the like */
        {"this file was generated", 0, 1},
        {"this file is auto", 0, 1},
        {"this file was auto", 0, 1},
        {"generated", 0, 0},
        {"do not  edit", 0, 0},
        {"autogenerate", 0, 0},
    };
    char text[256], word[64];
    int bad = 0;
    for (size_t m = 0; m < sizeof marks / sizeof *marks; m++)
        for (int variant = 0; variant < 4; variant++) {
            size_t n = strlen(marks[m].mark);
            memcpy(word, marks[m].mark, n + 1);
            for (size_t i = 0; i < n;
                 i++) /* 0: as is; 1: upper case; 2: mixed; 3: one letter off */
                if (variant == 1 || (variant == 2 && i % 2))
                    word[i] = (char)(word[i] >= 'a' && word[i] <= 'z' ? word[i] - 32 : word[i]);
            if (variant == 3) word[n - 1] = word[n - 1] == 'x' ? 'y' : 'x';
            for (int comment = 0; comment < 2; comment++)
                for (int before = 0; before <= 5; before++)
                    for (int line = 9; line <= 10; line++) {
                        int at = 0;
                        for (int l = 0; l < line; l++) at += snprintf(text + at, 8, "x\n");
                        snprintf(text + at, sizeof text - (size_t)at, "%s%.*s%s tail\n",
                                 comment ? "  # " : "  s = '", before, "atdga", word);
                        int want = line == 10 || variant == 3
                                       ? 0
                                       : (comment ? marks[m].in_comment : marks[m].anywhere);
                        if (source_is_generated(text, strlen(text)) != (want != 0)) {
                            bad++;
                            if (bad < 5)
                                CHECK(false, "source_is_generated of line %d \"%s\": want %d",
                                      line + 1, text + at, want);
                        }
                    }
        }
    CHECK(bad == 0, "%d wrong answers from source_is_generated", bad);
}

int main(void) {
    test_scan16();
    test_scan_count();
    test_line_index();
    test_noqa();
    test_generated();
    return unit_finish();
}
