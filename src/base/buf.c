/* buf.c — see buf.h. */
#include "buf.h"

#include <stdio.h>
#include <string.h>

#include "arena.h"

void buf_init(Buf *b) {
    memset(b, 0, sizeof *b);
}

void buf_free(Buf *b) {
    dw_free(b->data);
    buf_init(b);
}

bool buf_reserve(Buf *b, size_t extra) {
    if (b->failed) return false;
    if (b->len + extra + 1 <= b->cap) return true;
    size_t cap = b->cap ? b->cap * 2 : 256;
    while (cap < b->len + extra + 1) cap *= 2;
    char *p = dw_realloc(b->data, cap);
    if (!p) {
        b->failed = true;
        return false;
    }
    b->data = p;
    b->cap = cap;
    return true;
}

void buf_put(Buf *b, const void *p, size_t n) {
    if (!buf_reserve(b, n)) return;
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

void buf_puts(Buf *b, const char *s) {
    buf_put(b, s, strlen(s));
}

void buf_putc(Buf *b, char c) {
    if (b->len + 2 <= b->cap || buf_reserve(b, 1)) b->data[b->len++] = c;
}

void buf_vprintf(Buf *b, const char *fmt, va_list ap) {
    va_list ap2;
    va_copy(ap2, ap);
    char small[256];
    int n = vsnprintf(small, sizeof small, fmt, ap);
    if (n < 0) {
        va_end(ap2);
        return;
    }
    if ((size_t)n < sizeof small) {
        buf_put(b, small, (size_t)n);
    } else if (buf_reserve(b, (size_t)n)) {
        vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap2);
        b->len += (size_t)n;
    }
    va_end(ap2);
}

void buf_printf(Buf *b, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    buf_vprintf(b, fmt, ap);
    va_end(ap);
}

const char *buf_cstr(Buf *b) {
    if (!buf_reserve(b, 0)) return "";
    b->data[b->len] = 0;
    return b->data;
}
