/* wire.c — see wire.h. */
#include "wire.h"

#include <string.h>

uint64_t wire_load64(const unsigned char *p) {
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
}

void wire_store64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

void wire_u64(Buf *b, uint64_t v) {
    unsigned char x[8];
    wire_store64(x, v);
    buf_put(b, x, 8);
}

void wire_i32(Buf *b, int32_t v) {
    wire_u64(b, (uint64_t)(int64_t)v);
}

void wire_str(Buf *b, const char *s) {
    size_t n = s ? strlen(s) : 0;
    wire_u64(b, s ? n + 1 : 0);
    if (s) buf_put(b, s, n + 1);
}

uint64_t wire_get_u64(WireReader *r) {
    if (r->bad || r->end - r->p < 8) return r->bad = true, 0;
    uint64_t v = wire_load64(r->p);
    r->p += 8;
    return v;
}

int32_t wire_get_i32(WireReader *r) {
    int64_t v = (int64_t)wire_get_u64(r);
    if (v < INT32_MIN || v > INT32_MAX) return r->bad = true, 0;
    return (int32_t)v;
}

const char *wire_get_str(WireReader *r) {
    uint64_t n = wire_get_u64(r);
    if (n == 0 || r->bad) return NULL;
    if ((uint64_t)(r->end - r->p) < n || r->p[n - 1] != 0 || memchr(r->p, 0, n - 1)) {
        r->bad = true;
        return NULL;
    }
    const char *s = (const char *)r->p;
    r->p += n;
    return s;
}
