/* str.h — byte strings with a length: identifiers, source text, decoded literals. */
#ifndef DW_STR_H
#define DW_STR_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct Str {
    const char *s; /* NULL means "absent" (Python's None for optional strings) */
    int32_t len;
} Str;

#define STR_LIT(lit) ((Str){(lit), (int32_t)(sizeof(lit) - 1)})

static inline Str str_make(const char *s, int32_t len) {
    return (Str){s, len};
}
static inline bool str_eq(Str a, Str b) {
    return a.len == b.len && (a.s == b.s || (a.s && b.s && memcmp(a.s, b.s, (size_t)a.len) == 0));
}
static inline bool str_eq_c(Str a, const char *c) {
    size_t n = strlen(c);
    return a.s && (size_t)a.len == n && memcmp(a.s, c, n) == 0;
}

/* Whether byte c may be part of an identifier: an ASCII letter, digit or `_`, or any byte of a
 * UTF-8 sequence (a non-ASCII letter; which ones are letters is the lexer's business). */
static inline bool str_word_byte(unsigned char c) {
    return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z') || c >= 0x80;
}

/* 64-bit FNV-1a, the hash deadwood uses for strings. */
static inline uint64_t hash_bytes(const void *p, size_t n, uint64_t h) {
    const unsigned char *s = p;
    for (size_t i = 0; i < n; i++) h = (h ^ s[i]) * 0x100000001b3ull;
    return h;
}
#define HASH_SEED 0xcbf29ce484222325ull

/* A hash for in-memory tables of names, 8 bytes at a step (FNV-1a takes one): never stored or
 * compared across runs, so free to change. */
static inline uint64_t hash_quick(const void *p, size_t n) {
    const unsigned char *s = p;
    uint64_t h = 0x9e3779b97f4a7c15ull ^ n, w;
    for (; n >= 8; s += 8, n -= 8) {
        memcpy(&w, s, 8);
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    }
    w = 0;
    if (n) memcpy(&w, s, n);
    h ^= w; /* murmur3's fmix64: every bit of the input reaches the low bits tables use */
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdull;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ull;
    return h ^ h >> 33;
}

#endif
