/* utf8.h — one UTF-8 sequence checked, as the Unicode standard's table 3-7 defines well-formed
 * UTF-8 (no overlong form, no encoded surrogate, nothing past U+10FFFF): what the source decoder
 * and the JSON reader both accept. Header-only: it sits in their innermost loops. */
#ifndef DW_UTF8_H
#define DW_UTF8_H

#include <stddef.h>

/* The length (2 to 4) of the well-formed sequence at s[0..n), whose first byte is not ASCII; 0
 * when it is ill-formed, with *why CPython's reason ("invalid start byte", "invalid continuation
 * byte", "unexpected end of data"). */
static inline size_t utf8_sequence(const unsigned char *s, size_t n, const char **why) {
    unsigned c = s[0], lo = 0x80, hi = 0xbf;
    size_t len;
    if (c >= 0xc2 && c <= 0xdf)
        len = 2;
    else if (c == 0xe0)
        len = 3, lo = 0xa0;
    else if ((c >= 0xe1 && c <= 0xec) || c == 0xee || c == 0xef)
        len = 3;
    else if (c == 0xed)
        len = 3, hi = 0x9f;
    else if (c == 0xf0)
        len = 4, lo = 0x90;
    else if (c >= 0xf1 && c <= 0xf3)
        len = 4;
    else if (c == 0xf4)
        len = 4, hi = 0x8f;
    else {
        *why = "invalid start byte";
        return 0;
    }
    for (size_t k = 1; k < len; k++) {
        if (k >= n) {
            *why = "unexpected end of data";
            return 0;
        }
        if (s[k] < (k == 1 ? lo : 0x80) || s[k] > (k == 1 ? hi : 0xbf)) {
            *why = "invalid continuation byte";
            return 0;
        }
    }
    return len;
}

#endif
