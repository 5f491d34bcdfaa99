/* arena.h — region allocation and the replaceable allocator.
 *
 * Every object that belongs to one analyzed file (tokens, AST, CFG, facts) lives in that file's
 * Arena and is released by one arena_free(). Nothing inside an arena is freed on its own.
 * All heap memory deadwood takes goes through dw_malloc/dw_realloc/dw_free, which tests can
 * replace (dw_set_allocator) to make allocation fail at a chosen point.
 */
#ifndef DW_ARENA_H
#define DW_ARENA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct Allocator {
    void *(*malloc_fn)(size_t n, void *ud);
    void *(*realloc_fn)(void *p, size_t n, void *ud);
    void (*free_fn)(void *p, void *ud);
    void *ud;
} Allocator;

void dw_set_allocator(const Allocator *al); /* NULL restores libc's */
void *dw_malloc(size_t n);
void *dw_realloc(void *p, size_t n);
void dw_free(void *p);

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena {
    ArenaChunk *head;
    char *ptr, *end;
    size_t total;      /* bytes of the chunks in use, for memory statistics */
    ArenaChunk *spare; /* the chunk kept by arena_reset for the next file, or NULL */
} Arena;

void arena_init(Arena *a);
void arena_free(Arena *a);
/* Frees everything allocated from the arena at once, like arena_free, but keeps one chunk as
 * large as all it had (up to `keep` bytes) for what is allocated next: a run over many files
 * then asks the allocator for nothing after its largest file, and its memory is that file's.
 * (Under AddressSanitizer it is arena_free: every allocation stays its own chunk.) */
void arena_reset(Arena *a, size_t keep);
/* Makes the arena's next chunk (at least) n bytes, asked for now: an arena that will hold
 * megabytes has them in one chunk, on huge pages where the system gives them (other chunks
 * are not asked to be). */
void arena_reserve(Arena *a, size_t n);
/* What a per-file arena keeps between files. */
#define KEEP_BETWEEN_FILES ((size_t)64 << 20)
/* Moves every chunk of src into dst (src is left empty): dst's arena_free frees them. */
void arena_adopt(Arena *dst, Arena *src);
#if defined(__has_feature)
#if __has_feature(address_sanitizer) && !defined(__SANITIZE_ADDRESS__)
#define __SANITIZE_ADDRESS__ 1
#endif
#endif

/* The slow path: a new chunk (under AddressSanitizer, every allocation is its own chunk, so an
 * overflow from one object into the next is caught). */
void *arena_alloc_slow(Arena *a, size_t n);

/* 8-byte aligned, uninitialised; NULL when the allocator fails. Inline: the parser allocates a
 * node every few bytes of source. */
static inline void *arena_alloc(Arena *a, size_t n) {
#if !defined(__SANITIZE_ADDRESS__)
    n = (n + 7) & ~(size_t)7;
    if (a->ptr && (size_t)(a->end - a->ptr) >= n) {
        void *p = a->ptr;
        a->ptr += n;
        return p;
    }
#endif
    return arena_alloc_slow(a, n);
}

static inline void *arena_zalloc(Arena *a, size_t n) {
    void *p = arena_alloc(a, n);
    if (p) memset(p, 0, n);
    return p;
}
void *arena_memdup(Arena *a, const void *p, size_t n);
/* NUL-terminated copy. */
char *arena_strndup(Arena *a, const char *s, size_t n);

/* Growable array of T, allocated from an arena (old storage is abandoned in the arena on growth).
 */
#define VEC(T)                                                                                     \
    struct {                                                                                       \
        T *items;                                                                                  \
        int32_t len, cap;                                                                          \
    }
int vec_grow_(Arena *a, void **items, int32_t *cap, size_t elem, int32_t need);
/* Evaluates to 0 on success, -1 when out of memory. */
#define VEC_PUSH(arena, v, x)                                                                      \
    (((v).len < (v).cap ||                                                                         \
      vec_grow_((arena), (void **)&(v).items, &(v).cap, sizeof(*(v).items), (v).len + 1) == 0)     \
         ? ((v).items[(v).len++] = (x), 0)                                                         \
         : -1)

/* The same, on the heap through dw_realloc (for data that outlives one file). */
int hvec_grow_(void **items, int32_t *cap, size_t elem, int32_t need);
#define HVEC_PUSH(v, x)                                                                            \
    (((v).len < (v).cap ||                                                                         \
      hvec_grow_((void **)&(v).items, &(v).cap, sizeof(*(v).items), (v).len + 1) == 0)             \
         ? ((v).items[(v).len++] = (x), 0)                                                         \
         : -1)

#endif
