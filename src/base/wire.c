/* wire.c — see wire.h. */
#include "wire.h"

#include <string.h>

uint64_t wire_load64(const unsigned char *p) {
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t v;
    memcpy(&v, p, 8);
    return v;
#else
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--) v = (v << 8) | p[i];
    return v;
#endif
}

void wire_store64(unsigned char *p, uint64_t v) {
    for (int i = 0; i < 8; i++) p[i] = (unsigned char)(v >> (8 * i));
}

void wire_u64(Buf *b, uint64_t v) {
    unsigned char x[10];
    int n = 0;
    do {
        x[n++] = (unsigned char)((v & 0x7f) | (v > 0x7f ? 0x80 : 0));
        v >>= 7;
    } while (v);
    buf_put(b, x, (size_t)n);
}

void wire_i32(Buf *b, int32_t v) {
    wire_u64(b, ((uint32_t)v << 1) ^ (v < 0 ? UINT32_MAX : 0)); /* zigzag: -1 is 1, 1 is 2 */
}

void wire_fixed64(Buf *b, uint64_t v) {
    unsigned char x[8];
    wire_store64(x, v);
    buf_put(b, x, 8);
}

void wire_str(Buf *b, const char *s) {
    size_t n = s ? strlen(s) : 0;
    wire_u64(b, s ? n + 1 : 0);
    if (s) buf_put(b, s, n + 1);
}

uint64_t wire_get_u64(WireReader *r) {
    uint64_t v = 0;
    for (int shift = 0; !r->bad && shift < 64; shift += 7) {
        if (r->p >= r->end) break;
        unsigned c = *r->p++;
        v |= (uint64_t)(c & 0x7f) << shift;
        if (!(c & 0x80)) return v;
    }
    r->bad = true;
    return 0;
}

int32_t wire_get_i32(WireReader *r) {
    uint64_t z = wire_get_u64(r);
    if (z > UINT32_MAX) return r->bad = true, 0;
    uint32_t u = (uint32_t)(z >> 1) ^ (uint32_t) - (int32_t)(z & 1);
    return (int32_t)u;
}

uint64_t wire_get_fixed64(WireReader *r) {
    if (r->bad || r->end - r->p < 8) return r->bad = true, 0;
    uint64_t v = wire_load64(r->p);
    r->p += 8;
    return v;
}

const char *wire_get_str(WireReader *r, size_t *len) {
    uint64_t n = wire_get_u64(r);
    if (n == 0 || r->bad) return NULL;
    if ((uint64_t)(r->end - r->p) < n || r->p[n - 1] != 0 || memchr(r->p, 0, n - 1)) {
        r->bad = true;
        return NULL;
    }
    const char *s = (const char *)r->p;
    r->p += n;
    if (len) *len = (size_t)(n - 1);
    return s;
}
