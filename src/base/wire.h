/* wire.h — the binary encoding of cache entries: counts, lines and flags as LEB128 varints (most
 * take one byte), signed numbers zigzagged first, hashes and checksums as 8 little-endian bytes,
 * strings as a varint of their length + 1 (0 for NULL), their bytes and a NUL. Written to a Buf;
 * read back by a WireReader that checks every bound and turns anything malformed into `bad`,
 * never a crash. */
#ifndef DW_WIRE_H
#define DW_WIRE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

void wire_u64(Buf *b, uint64_t v);
void wire_i32(Buf *b, int32_t v);
void wire_fixed64(Buf *b, uint64_t v);
void wire_str(Buf *b, const char *s);

typedef struct WireReader {
    const unsigned char *p, *end;
    bool bad; /* a read ran past the end or met a malformed value; later reads return 0/NULL */
} WireReader;

uint64_t wire_get_u64(WireReader *r);
int32_t wire_get_i32(WireReader *r);
uint64_t wire_get_fixed64(WireReader *r);
/* The string in place (NUL-terminated inside the input), its length in *n (when not NULL);
 * NULL for NULL or when bad. */
const char *wire_get_str(WireReader *r, size_t *n);

uint64_t wire_load64(const unsigned char *p);
void wire_store64(unsigned char *p, uint64_t v);

#endif
