/* scan16.h — the byte scans that run over every byte of a file, sixteen bytes at a time: SSE2
 * where the compiler targets it (every x86-64), the portable loop (always compiled, and held to
 * the same answers by tests/drivers/unit_scan.c) elsewhere. Each function reads exactly the 16
 * bytes at p (n for scan_count), which the caller guarantees are readable. */
#ifndef DW_SCAN16_H
#define DW_SCAN16_H

#include <stddef.h>
#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

static inline unsigned scan16_eq_portable(const char *p, char c) {
    unsigned m = 0;
    for (int i = 0; i < 16; i++) m |= (unsigned)(p[i] == c) << i;
    return m;
}

/* Bit i is set when p[i] == c. */
static inline unsigned scan16_eq(const char *p, char c) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    return (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(c)));
#else
    return scan16_eq_portable(p, c);
#endif
}

/* Bit i is set when p[i] == c, for the 64 bytes at p. */
static inline uint64_t scan64_eq(const char *p, char c) {
    return (uint64_t)scan16_eq(p, c) | (uint64_t)scan16_eq(p + 16, c) << 16 |
           (uint64_t)scan16_eq(p + 32, c) << 32 | (uint64_t)scan16_eq(p + 48, c) << 48;
}

static inline size_t scan_count_portable(const char *p, size_t n, char c) {
    size_t count = 0;
    for (size_t i = 0; i < n; i++) count += p[i] == c;
    return count;
}

/* How many of the n bytes at p are c (n a multiple of 16), without a branch per block. */
static inline size_t scan_count(const char *p, size_t n, char c) {
#if defined(__SSE2__)
    size_t count = 0;
    const __m128i cv = _mm_set1_epi8(c), zero = _mm_setzero_si128();
    while (n) {
        size_t blocks = n / 16 < 255 ? n / 16 : 255; /* a byte counter holds 255 */
        __m128i acc = zero;
        for (size_t i = 0; i < blocks; i++, p += 16)
            acc = _mm_sub_epi8(
                acc, _mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(const void *)p), cv));
        __m128i sums = _mm_sad_epu8(acc, zero);
        count +=
            (size_t)_mm_cvtsi128_si32(sums) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(sums, 8));
        n -= blocks * 16;
    }
    return count;
#else
    return scan_count_portable(p, n, c);
#endif
}

static inline unsigned scan16_name_portable(const char *p) {
    unsigned m = 0;
    for (int i = 0; i < 16; i++) {
        unsigned char c = (unsigned char)p[i];
        unsigned char l = c | 0x20;
        m |= (unsigned)((l >= 'a' && l <= 'z') || (c >= '0' && c <= '9') || c == '_') << i;
    }
    return m;
}

/* Bit i is set when p[i] is an ASCII name character: a letter, a digit or '_'. */
static inline unsigned scan16_name(const char *p) {
#if defined(__SSE2__)
    __m128i v = _mm_loadu_si128((const __m128i *)(const void *)p);
    __m128i l = _mm_or_si128(v, _mm_set1_epi8(0x20)); /* 'A'-'Z' to 'a'-'z', nothing else */
    __m128i alpha = _mm_and_si128(_mm_cmpgt_epi8(l, _mm_set1_epi8('a' - 1)),
                                  _mm_cmplt_epi8(l, _mm_set1_epi8('z' + 1)));
    __m128i digit = _mm_and_si128(_mm_cmpgt_epi8(v, _mm_set1_epi8('0' - 1)),
                                  _mm_cmplt_epi8(v, _mm_set1_epi8('9' + 1)));
    __m128i under = _mm_cmpeq_epi8(v, _mm_set1_epi8('_'));
    return (unsigned)_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(alpha, digit), under));
#else
    return scan16_name_portable(p);
#endif
}

#endif
