/* unit_sha256.c — unit tests of src/base/sha256.c: FIPS 180-4's example messages (and the
 * million-'a' one), both compression functions (portable and SHA-NI, when the processor has it)
 * agreeing on every length up to 1,100 bytes fed whole and in uneven pieces.
 *
 *   unit_sha256                      the tests, then a RESULT line
 *   unit_sha256 --digest FILE...     for each file "HEX HEX": the digest by the implementation
 *                                    sha256() picks and by the portable one (tests/unit/run.py
 *                                    compares both with Python's hashlib on random inputs) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/sha256.h"
#include "unit.h"

static void hex(const unsigned char d[SHA256_LEN], char out[2 * SHA256_LEN + 1]) {
    for (int i = 0; i < SHA256_LEN; i++) sprintf(out + 2 * i, "%02x", d[i]);
}

/* The digest of data fed in pieces of `step` bytes (0: whole), portable or not. */
static void digest(const void *data, size_t n, size_t step, bool portable, char out[65]) {
    Sha256 s;
    sha256_init(&s);
    s.portable = s.portable || portable;
    const unsigned char *p = data;
    for (size_t done = 0; done < n;) {
        size_t k = step && step < n - done ? step : n - done;
        sha256_update(&s, p + done, k);
        done += k;
    }
    unsigned char d[SHA256_LEN];
    sha256_final(&s, d);
    hex(d, out);
}

static int digest_files(int argc, char **argv) {
    for (int i = 2; i < argc; i++) {
        FILE *f = fopen(argv[i], "rb");
        if (!f) return 2;
        fseek(f, 0, SEEK_END);
        long n = ftell(f);
        fseek(f, 0, SEEK_SET);
        unsigned char *data = malloc((size_t)n + 1);
        if (!data || fread(data, 1, (size_t)n, f) != (size_t)n) return 2;
        fclose(f);
        char a[65], b[65];
        unsigned char d[SHA256_LEN];
        sha256(data, (size_t)n, d);
        hex(d, a);
        digest(data, (size_t)n, 0, true, b);
        printf("%s %s\n", a, b);
        free(data);
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--digest") == 0) return digest_files(argc, argv);
    static const struct {
        const char *msg, *want;
    } nist[] = {
        {"", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"},
        {"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
        {"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
         "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"},
        {"abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
         "lmnopqrsmnopqrstnopqrstu",
         "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"},
    };
    for (size_t i = 0; i < sizeof nist / sizeof *nist; i++) {
        for (int portable = 0; portable < 2; portable++) {
            char got[65];
            digest(nist[i].msg, strlen(nist[i].msg), 0, portable, got);
            CHECK(strcmp(got, nist[i].want) == 0, "FIPS example %zu (portable %d): %s", i, portable,
                  got);
        }
    }
    size_t million = 1000000;
    char *a = malloc(million);
    if (a) {
        memset(a, 'a', million);
        const char *want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
        char got[65];
        for (int portable = 0; portable < 2; portable++) {
            digest(a, million, 0, portable, got);
            CHECK(strcmp(got, want) == 0, "a million 'a' (portable %d): %s", portable, got);
            digest(a, million, 997, portable, got);
            CHECK(strcmp(got, want) == 0, "a million 'a' in pieces (portable %d): %s", portable,
                  got);
        }
        free(a);
    }
    /* every length across several blocks, pseudo-random bytes, whole and in pieces */
    unsigned char buf[1100];
    uint64_t x = 0x9e3779b97f4a7c15ull;
    for (size_t i = 0; i < sizeof buf; i++) {
        x ^= x << 13, x ^= x >> 7, x ^= x << 17;
        buf[i] = (unsigned char)x;
    }
    int differ = 0;
    for (size_t n = 0; n <= sizeof buf; n++) {
        char whole[65], portable[65], pieces[65];
        digest(buf, n, 0, false, whole);
        digest(buf, n, 0, true, portable);
        digest(buf, n, 1 + n % 70, false, pieces);
        differ += strcmp(whole, portable) != 0 || strcmp(whole, pieces) != 0;
    }
    CHECK(differ == 0, "%d lengths where the implementations or the piecewise digest differ",
          differ);
    printf("sha256: %s\n", sha256_accelerated() ? "SHA-NI" : "portable");
    return unit_finish();
}
