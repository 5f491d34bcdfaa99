/* sha256.h — SHA-256 (FIPS 180-4), for the result cache's keys: which bytes a file's cached
 * findings belong to must not be forgeable (issue 22: two files with the same MurmurHash3 could be
 * made in milliseconds, and one then got the other's findings).
 *
 * Our own implementation rather than a library: the binary needs nothing beyond libc at run time
 * (issue 19), and SHA-256 is small. Portable C, plus the x86 SHA extensions (SHA-NI), chosen at
 * run time when the processor has them, which hash several times faster (a warm cache hashes
 * every source file of the tree). Tested against FIPS 180-4's examples and against Python's
 * hashlib on random inputs (tests/unit). */
#ifndef DW_SHA256_H
#define DW_SHA256_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum { SHA256_LEN = 32 };

typedef struct Sha256 {
    uint32_t h[8];
    uint64_t bytes;        /* hashed so far */
    unsigned char buf[64]; /* a partial block */
    size_t nbuf;
    bool portable; /* never use the SHA extensions (tests compare the two) */
} Sha256;

void sha256_init(Sha256 *s);
void sha256_update(Sha256 *s, const void *data, size_t n);
void sha256_final(Sha256 *s, unsigned char out[SHA256_LEN]);
/* The digest of one buffer. */
void sha256(const void *data, size_t n, unsigned char out[SHA256_LEN]);

/* Whether sha256_init picks the SHA extensions on this processor. */
bool sha256_accelerated(void);

#endif
