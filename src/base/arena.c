/* arena.c — see arena.h. */
#include "arena.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

static void *libc_malloc(size_t n, void *ud) {
    (void)ud;
    return malloc(n);
}
static void *libc_realloc(void *p, size_t n, void *ud) {
    (void)ud;
    return realloc(p, n);
}
static void libc_free(void *p, void *ud) {
    (void)ud;
    free(p);
}
static const Allocator libc_allocator = {libc_malloc, libc_realloc, libc_free, NULL};
static const Allocator *current = &libc_allocator;

void dw_set_allocator(const Allocator *al) {
    current = al ? al : &libc_allocator;
}
void *dw_malloc(size_t n) {
    return current->malloc_fn(n ? n : 1, current->ud);
}
void *dw_realloc(void *p, size_t n) {
    return current->realloc_fn(p, n ? n : 1, current->ud);
}
void dw_free(void *p) {
    if (p) current->free_fn(p, current->ud);
}

struct ArenaChunk {
    ArenaChunk *next;
    size_t size;
    max_align_t data[];
};

enum { CHUNK_MIN = 64 * 1024 };

/* A reserved chunk (arena_reserve: the summaries of a whole tree, its index) is asked to be
 * backed by huge pages where the kernel leaves that to the program
 * (transparent_hugepage=madvise): the run fills it once and reads it all again, and on a
 * virtual machine a first touch, or a TLB miss, costs microseconds per 4 KiB page. A file's
 * arena is not: a huge page there would hold memory the file does not use (a parse of the
 * stdlib would take half as much memory again). */
#if !defined(__SANITIZE_ADDRESS__)
static ArenaChunk *new_chunk(size_t size, bool huge_pages) {
    ArenaChunk *c = dw_malloc(sizeof(ArenaChunk) + size);
#if defined(MADV_HUGEPAGE)
    const uintptr_t huge = (uintptr_t)2 << 20;
    uintptr_t from = ((uintptr_t)c + huge - 1) & ~(huge - 1);
    uintptr_t to = ((uintptr_t)c + sizeof(ArenaChunk) + size) & ~(huge - 1);
    if (c && huge_pages && to > from) (void)madvise((void *)from, to - from, MADV_HUGEPAGE);
#else
    (void)huge_pages;
#endif
    return c;
}
#endif

void arena_init(Arena *a) {
    memset(a, 0, sizeof *a);
}

static void free_chunks(ArenaChunk *c) {
    while (c) {
        ArenaChunk *next = c->next;
        dw_free(c);
        c = next;
    }
}

void arena_free(Arena *a) {
    free_chunks(a->head);
    free_chunks(a->spare);
    arena_init(a);
}

void arena_reserve(Arena *a, size_t n) {
#if defined(__SANITIZE_ADDRESS__)
    (void)a, (void)n;
#else
    ArenaChunk *c = n > CHUNK_MIN ? new_chunk(n, true) : NULL;
    if (!c) return; /* (only a hint) */
    c->size = n;
    c->next = a->spare;
    a->spare = c;
#endif
}

void arena_reset(Arena *a, size_t keep) {
#if defined(__SANITIZE_ADDRESS__)
    (void)keep;
    arena_free(a);
#else
    /* One chunk is kept, as large as everything this file took (up to `keep`): the next file
     * allocates from it alone, touching only the pages it needs, and nothing is fragmented. */
    size_t used = 0;
    for (ArenaChunk *c = a->head; c; c = c->next) used += c->size;
    ArenaChunk *spare = a->spare;
    if (used > keep) used = keep;
    if (!spare || spare->size < used || spare->size > keep) {
        free_chunks(spare);
        spare = NULL;
        if (a->head && !a->head->next && a->head->size >= used && a->head->size <= keep) {
            /* one chunk: keep it */
            spare = a->head;
            a->head = NULL;
        }
    }
    free_chunks(a->head);
    if (!spare && used && (spare = new_chunk(used, false))) {
        spare->size = used;
        spare->next = NULL;
    }
    arena_init(a);
    a->spare = spare;
#endif
}

#if !defined(__SANITIZE_ADDRESS__)
static void *arena_slow(Arena *a, size_t n) {
    size_t prev = a->head ? a->head->size : 0;
    size_t size = prev * 2 > CHUNK_MIN ? prev * 2 : CHUNK_MIN;
    if (size > 16u << 20) size = 16u << 20;
    if (size < n) size = n;
    ArenaChunk *c = NULL;
    for (ArenaChunk **at = &a->spare; *at; at = &(*at)->next) /* a kept chunk that fits */
        if ((*at)->size >= n) {
            c = *at;
            *at = c->next;
            size = c->size;
            break;
        }
    if (!c && !(c = new_chunk(size, false))) return NULL;
    c->size = size;
    c->next = a->head;
    a->head = c;
    a->total += size;
    char *p = (char *)c->data;
    a->ptr = p + n;
    a->end = p + size;
    return p;
}
#endif

#if defined(__SANITIZE_ADDRESS__)
void *arena_alloc_slow(Arena *a, size_t n) {
    ArenaChunk *c = dw_malloc(sizeof(ArenaChunk) + (n ? n : 1));
    if (!c) return NULL;
    c->size = n;
    c->next = a->head;
    a->head = c;
    a->total += n;
    return c->data;
}
#else
void *arena_alloc_slow(Arena *a, size_t n) {
    return arena_slow(a, (n + 7) & ~(size_t)7);
}
#endif

void arena_adopt(Arena *dst, Arena *src) {
    free_chunks(src->spare);
    src->spare = NULL;
    if (!src->head) return;
    ArenaChunk *last = src->head;
    while (last->next) last = last->next;
    /* src's chunks go after dst's current one, so dst keeps allocating where it was */
    if (dst->head) {
        last->next = dst->head->next;
        dst->head->next = src->head;
    } else {
        last->next = NULL;
        dst->head = src->head;
        dst->ptr = src->ptr;
        dst->end = src->end;
    }
    dst->total += src->total;
    arena_init(src);
}

void *arena_memdup(Arena *a, const void *src, size_t n) {
    void *p = arena_alloc(a, n);
    if (p && n) memcpy(p, src, n);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n) {
    char *p = arena_alloc(a, n + 1);
    if (!p) return NULL;
    memcpy(p, s, n);
    p[n] = 0;
    return p;
}

int vec_grow_(Arena *a, void **items, int32_t *cap, size_t elem, int32_t need) {
    int32_t ncap = *cap ? *cap * 2 : 8;
    while (ncap < need) ncap *= 2;
    void *p = arena_alloc(a, (size_t)ncap * elem);
    if (!p) return -1;
    if (*items) memcpy(p, *items, (size_t)*cap * elem);
    *items = p;
    *cap = ncap;
    return 0;
}

int hvec_grow_(void **items, int32_t *cap, size_t elem, int32_t need) {
    int32_t ncap = *cap ? *cap * 2 : 8;
    while (ncap < need) ncap *= 2;
    void *p = dw_realloc(*items, (size_t)ncap * elem);
    if (!p) return -1;
    *items = p;
    *cap = ncap;
    return 0;
}
