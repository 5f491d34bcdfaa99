/* unit_arena.c — unit tests of src/base/arena.c: alignment, growth past a chunk, large blocks,
 * vectors, and arena_reset's reuse of one chunk between files (under AddressSanitizer, where
 * every allocation is its own chunk, reset frees everything instead), and huge pages asked for
 * a chunk of megabytes. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../src/base/arena.h"
#include "unit.h"

#if defined(__SANITIZE_ADDRESS__)
enum { ASAN = 1 };
#else
enum { ASAN = 0 };
#endif

/* The VmFlags of the mapping holding address p (from /proc/self/smaps), or "" if none. */
static void vm_flags(const void *p, char *flags, size_t n) {
    flags[0] = 0;
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return;
    char line[512];
    bool in = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long lo, hi;
        if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2 && strchr(line, '-') < strchr(line, ' '))
            in = (uintptr_t)p >= lo && (uintptr_t)p < hi;
        else if (in && strncmp(line, "VmFlags:", 8) == 0) {
            size_t k = strlen(line + 8) < n ? strlen(line + 8) : n - 1;
            memcpy(flags, line + 8, k);
            flags[k] = 0;
            break;
        }
    }
    fclose(f);
}

int main(void) {
    Arena a;
    arena_init(&a);
    /* alignment and distinctness */
    char *p1 = arena_alloc(&a, 1), *p2 = arena_alloc(&a, 3), *p3 = arena_alloc(&a, 9);
    CHECK(((uintptr_t)p1 & 7) == 0 && ((uintptr_t)p2 & 7) == 0 && ((uintptr_t)p3 & 7) == 0,
          "8-byte alignment");
    CHECK(p1 != p2 && p2 != p3 && (ASAN || (p2 >= p1 + 1 && p3 >= p2 + 3)), "no overlap");
    /* zeroed and copied */
    int32_t *z = arena_zalloc(&a, 100 * sizeof *z);
    int zero = 1;
    for (int i = 0; i < 100; i++) zero &= z[i] == 0;
    CHECK(zero, "arena_zalloc zeroes");
    char *s = arena_strndup(&a, "deadwood!", 8);
    CHECK(s && strcmp(s, "deadwood") == 0, "arena_strndup: %s", s ? s : "(null)");
    /* growth past the first chunk, and a block larger than any chunk */
    for (int i = 0; i < 5000; i++) {
        char *q = arena_alloc(&a, 100);
        memset(q, i & 0xff, 100);
    }
    char *big = arena_alloc(&a, 40u << 20);
    CHECK(big != NULL, "a 40 MB block");
    memset(big, 1, 40u << 20);
    /* a chunk the arena grows by is not asked for huge pages (VmFlags "hg"): see below */
    bool thp = !ASAN && access("/sys/kernel/mm/transparent_hugepage/enabled", F_OK) == 0;
    char flags[256];
    if (thp) {
        uintptr_t mid = ((uintptr_t)big + (20u << 20)) & ~(uintptr_t)((2u << 20) - 1);
        vm_flags((const void *)mid, flags, sizeof flags);
        CHECK(strstr(flags, " hg") == NULL, "a grown chunk is left to the system: VmFlags%s",
              flags);
    }
    size_t used = a.total;
    CHECK(used >= (40u << 20) + 500000, "total counts the chunks: %zu", used);
    /* vectors */
    VEC(int) v = {0};
    int ok = 1;
    for (int i = 0; i < 10000; i++) ok &= VEC_PUSH(&a, v, i) == 0;
    for (int i = 0; i < 10000; i++) ok &= v.items[i] == i;
    CHECK(ok && v.len == 10000, "VEC_PUSH keeps every element");

    /* reset: one chunk kept, as large as everything (up to `keep`), reused by what comes next */
    used = a.total;
    arena_reset(&a, (size_t)64 << 20);
    CHECK(a.head == NULL && a.total == 0, "reset empties the arena");
    if (!ASAN) {
        CHECK(a.spare != NULL, "reset keeps a chunk");
        char *r1 = arena_alloc(&a, 1000);
        char *r2 = arena_alloc(&a, 30u << 20); /* fits in the kept chunk: no new one */
        CHECK(r1 && r2 && a.spare == NULL && a.total == used,
              "the next file allocates from the kept chunk alone: total %zu, kept %zu", a.total,
              used);
        memset(r2, 2, 30u << 20);
        arena_reset(&a, 1u << 20); /* a smaller limit: nothing this large is kept */
        char *r3 = arena_alloc(&a, 100);
        CHECK(r3 && a.total <= (1u << 20), "reset honours its limit: %zu", a.total);
    } else {
        CHECK(a.spare == NULL, "under ASan, reset frees everything");
    }
    char *after = arena_alloc(&a, 64);
    CHECK(after != NULL, "allocating after a reset");

    /* a reserved chunk is the one the next allocations come from, whole; a small one is none */
    Arena rv;
    arena_init(&rv);
    arena_reserve(&rv, 8u << 20);
    arena_reserve(&rv, 100);
    CHECK(rv.head == NULL && rv.total == 0, "reserving allocates nothing from the arena");
    char *x1 = arena_alloc(&rv, 1000), *x2 = arena_alloc(&rv, 6u << 20);
    CHECK(x1 && x2 && (ASAN || rv.total == (8u << 20)),
          "the first allocations take the reserved chunk alone: total %zu", rv.total);
    /* where the kernel has transparent huge pages, the reserved chunk asked for them */
    if (thp && x2) {
        uintptr_t mid = ((uintptr_t)x2 + (4u << 20)) & ~(uintptr_t)((2u << 20) - 1);
        vm_flags((const void *)mid, flags, sizeof flags);
        CHECK(strstr(flags, " hg") != NULL, "a reserved chunk is advised huge pages: VmFlags%s",
              flags);
    }
    arena_free(&rv);
    CHECK(rv.head == NULL && rv.spare == NULL, "arena_free frees a reserved chunk");
    arena_free(&a);
    CHECK(a.head == NULL && a.spare == NULL && a.total == 0, "arena_free empties the arena");
    /* adopt: a reset arena's spare chunk is freed, its chunks move */
    Arena b, c;
    arena_init(&b);
    arena_init(&c);
    char *in_c = arena_strndup(&c, "kept", 4);
    arena_adopt(&b, &c);
    CHECK(strcmp(in_c, "kept") == 0 && c.head == NULL && b.head != NULL, "adopt moves chunks");
    arena_free(&b);
    return unit_finish();
}
