/* bigint.h — an integer literal beyond int64 in the tree is its lowercase hexadecimal digits
 * (CONST_BIGINT): a literal in base 2, 8 or 16 becomes that in linear time, whatever its length,
 * and equal values compare equal whatever base they were written in. Decimal is made only for
 * the canonical JSON. */
#ifndef DW_BIGINT_H
#define DW_BIGINT_H

#include <stdbool.h>
#include <stddef.h>

#include "../base/arena.h"
#include "../base/buf.h"
#include "../base/str.h"

/* digits[0..n) in base 2^bits (bits 1, 3 or 4; no prefix, no underscores, no leading zeros) as
 * lowercase hexadecimal in the arena. Linear. */
bool bigint_to_hex(Arena *a, const char *digits, size_t n, int bits, Str *out);
/* Decimal digits (no leading zeros) as lowercase hexadecimal in the arena. Quadratic: for the
 * literals CPython accepts, at most 4,300 digits. */
bool bigint_decimal_to_hex(Arena *a, const char *dec, size_t n, Str *out);
/* Appends the decimal digits of hex[0..n) to out. O(M(n) log n) with Karatsuba products. */
bool bigint_hex_to_decimal(const char *hex, size_t n, Buf *out);

#endif
