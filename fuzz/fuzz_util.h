/* fuzz_util.h — what the libFuzzer targets share: failing loudly on a broken invariant, and the
 * line geometry of a decoded text (how many lines, how long each is) that positions are checked
 * against. Header-only: each target is one translation unit linked with the library. */
#ifndef DW_FUZZ_UTIL_H
#define DW_FUZZ_UTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/arena.h"
#include "source/source.h"

/* A broken invariant: say which, then abort so libFuzzer records the input as a crash. */
#define FUZZ_CHECK(cond, ...)                                                                      \
    do {                                                                                           \
        if (!(cond)) {                                                                             \
            fprintf(stderr, "fuzz invariant failed: %s (%s:%d)\n  ", #cond, __FILE__, __LINE__);   \
            fprintf(stderr, __VA_ARGS__);                                                          \
            fputc('\n', stderr);                                                                   \
            abort();                                                                               \
        }                                                                                          \
    } while (0)

/* The lines of a decoded text: line l (1-based, 1 <= l <= nlines) is text[start[l-1] ..
 * start[l-1] + len(l)), its "\n" excluded. A "\n"-terminated text of N newlines has N lines. */
typedef struct FuzzLines {
    LineIndex li;
    int32_t nlines;
    size_t text_len;
} FuzzLines;

static inline void fuzz_lines(Arena *a, const SourceText *src, FuzzLines *fl) {
    /* built a byte at a time, independently of line_index_build (whose SIMD it checks) */
    size_t count = 1;
    for (size_t i = 0; i < src->len; i++) count += src->text[i] == '\n';
    uint32_t *st = arena_alloc(a, sizeof(uint32_t) * count);
    FUZZ_CHECK(st, "line index: out of memory");
    int32_t n = 0;
    st[n++] = 0;
    for (size_t i = 0; i < src->len; i++)
        if (src->text[i] == '\n') st[n++] = (uint32_t)(i + 1);
    fl->li = (LineIndex){st, n};
    LineIndex built;
    FUZZ_CHECK(line_index_build(a, src->text, src->len, &built), "line index: out of memory");
    FUZZ_CHECK(built.count == n && memcmp(built.starts, st, sizeof(uint32_t) * count) == 0,
               "line_index_build: %d lines, a byte-at-a-time count %d", built.count, n);
    /* the index counts the (empty) line after the last "\n" too */
    fl->nlines = src->len > 0 && src->text[src->len - 1] == '\n' ? fl->li.count - 1 : fl->li.count;
    if (src->len == 0) fl->nlines = 0;
    fl->text_len = src->len;
}

/* Bytes on line l, without its "\n"; -1 when l is not a line of the text. */
static inline int64_t fuzz_line_len(const FuzzLines *fl, int32_t l) {
    if (l < 1 || l > fl->nlines) return -1;
    size_t start = fl->li.starts[l - 1];
    size_t end = l < fl->li.count ? fl->li.starts[l] - 1 : fl->text_len;
    return (int64_t)(end - start);
}

/* Lines in undecoded bytes (for errors raised before decoding succeeded): "\r\n", "\r" and "\n"
 * each end a line, and a last line without a terminator counts. */
static inline int32_t fuzz_raw_lines(const uint8_t *d, size_t n) {
    int32_t lines = 0;
    for (size_t i = 0; i < n; i++) {
        if (d[i] == '\r' && i + 1 < n && d[i + 1] == '\n') i++;
        if (d[i] == '\n' || d[i] == '\r') lines++;
    }
    return lines + (n > 0 && d[n - 1] != '\n' && d[n - 1] != '\r');
}

#endif
