/* unit_wire.c — unit tests of src/base/wire.c: every value comes back as written, at the edges of
 * its range; a short, overlong or malformed input sets `bad` and never reads past the end. */
#include <stdint.h>
#include <string.h>

#include "../../src/base/wire.h"
#include "unit.h"

int main(void) {
    static const uint64_t u[] = {
        0, 1, 127, 128, 16383, 16384, UINT32_MAX, (uint64_t)1 << 63, UINT64_MAX};
    static const int32_t i[] = {0, 1, -1, 63, -64, 64, -65, INT32_MAX, INT32_MIN};
    Buf b;
    buf_init(&b);
    for (size_t k = 0; k < sizeof u / sizeof *u; k++) wire_u64(&b, u[k]);
    for (size_t k = 0; k < sizeof i / sizeof *i; k++) wire_i32(&b, i[k]);
    wire_fixed64(&b, 0x0123456789abcdefull);
    wire_str(&b, NULL), wire_str(&b, ""), wire_str(&b, "deadwood");
    CHECK(!b.failed, "written");
    WireReader r = {(const unsigned char *)b.data, (const unsigned char *)b.data + b.len, false};
    for (size_t k = 0; k < sizeof u / sizeof *u; k++) {
        uint64_t v = wire_get_u64(&r);
        CHECK(v == u[k], "u64 %llu read as %llu", (unsigned long long)u[k], (unsigned long long)v);
    }
    for (size_t k = 0; k < sizeof i / sizeof *i; k++) {
        int32_t v = wire_get_i32(&r);
        CHECK(v == i[k], "i32 %d read as %d", i[k], v);
    }
    CHECK(wire_get_fixed64(&r) == 0x0123456789abcdefull, "fixed64");
    size_t n = 99;
    CHECK(wire_get_str(&r, &n) == NULL && !r.bad, "NULL string");
    const char *s = wire_get_str(&r, &n);
    CHECK(s && n == 0 && *s == 0, "empty string");
    s = wire_get_str(&r, &n);
    CHECK(s && n == 8 && strcmp(s, "deadwood") == 0, "string");
    CHECK(!r.bad && r.p == r.end, "everything read, nothing more");
    CHECK(wire_get_u64(&r) == 0 && r.bad, "reading past the end is bad");
    /* small values take one byte */
    Buf one;
    buf_init(&one);
    wire_u64(&one, 127), wire_i32(&one, -64), wire_i32(&one, 63);
    CHECK(one.len == 3, "one byte each for 127, -64, 63: %zu bytes", one.len);
    /* malformed inputs */
    unsigned char overlong[11];
    memset(overlong, 0x80, sizeof overlong);
    WireReader o = {overlong, overlong + sizeof overlong, false};
    CHECK(wire_get_u64(&o) == 0 && o.bad, "an 11-byte varint is bad");
    unsigned char cut[] = {0x80, 0x80};
    WireReader c = {cut, cut + 2, false};
    CHECK(wire_get_u64(&c) == 0 && c.bad, "a varint cut short is bad");
    unsigned char big[] = {0xff, 0xff, 0xff, 0xff, 0x7f}; /* 2^35 - 1: more than 32 bits */
    WireReader g = {big, big + sizeof big, false};
    CHECK(wire_get_i32(&g) == 0 && g.bad, "a zigzagged number past 32 bits is bad");
    unsigned char str_no_nul[] = {4, 'a', 'b', 'c', 'd'};
    WireReader t = {str_no_nul, str_no_nul + sizeof str_no_nul, false};
    CHECK(wire_get_str(&t, NULL) == NULL && t.bad, "a string without its NUL is bad");
    unsigned char str_nul[] = {4, 'a', 0, 'c', 0};
    WireReader z = {str_nul, str_nul + sizeof str_nul, false};
    CHECK(wire_get_str(&z, NULL) == NULL && z.bad, "a string holding a NUL is bad");
    unsigned char str_long[] = {9, 'a', 0};
    WireReader l = {str_long, str_long + sizeof str_long, false};
    CHECK(wire_get_str(&l, NULL) == NULL && l.bad, "a string longer than the input is bad");
    buf_free(&b), buf_free(&one);
    return unit_finish();
}
