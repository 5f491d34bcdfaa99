/* nfa.h — the matching engine of both glob dialects (glob.h's globset globs, wildmatch.h's
 * .gitignore globs): a pattern compiles to a small nondeterministic automaton over bytes, and a
 * text is matched by following all of its states at once, one byte at a time (Thompson's
 * construction and simulation). Time is at most proportional to (program size + 1) x (text
 * length + 1), whatever the pattern: no backtracking, so `*?*?*?...x` or a run of a thousand
 * stars cannot take exponential time (issues 20 and 22). Matching is anchored at both ends. */
#ifndef DW_NFA_H
#define DW_NFA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

enum {
    NFA_BYTE,  /* consume byte c */
    NFA_SET,   /* consume a byte of set (32-byte bitmap) */
    NFA_SPLIT, /* go on at x and at y */
    NFA_JMP,   /* go on at x */
    NFA_MATCH, /* the whole pattern matched (if the text is over) */
};

typedef struct NfaInst {
    uint8_t op, c;
    int32_t x, y;
    const uint8_t *set;
} NfaInst;

typedef struct Nfa {
    NfaInst *ins;
    int32_t n, cap;
    const char *prefix; /* bytes every match starts with (the leading NFA_BYTEs), for speed */
    int32_t nprefix;
    bool never; /* the pattern matches nothing (a malformed .gitignore pattern) */
    bool oom;   /* an allocation failed while building */
} Nfa;

/* Building: nfa_emit appends an instruction and returns its index (-1 when out of memory:
 * then nfa->oom). Finish with nfa_finish, which appends NFA_MATCH and computes the prefix. */
int32_t nfa_emit(Arena *a, Nfa *p, uint8_t op, uint8_t c, const uint8_t *set);
/* `.*`-like: any number of bytes of set (NULL: any byte). */
void nfa_star(Arena *a, Nfa *p, const uint8_t *set);
bool nfa_finish(Arena *a, Nfa *p);

/* Bitmaps for NFA_SET: every byte but '\n' (globset's `.`), but '/' (wildmatch's `*` in a path),
 * and every byte. */
extern const uint8_t nfa_all_but_newline[32], nfa_all_but_slash[32], nfa_all[32];

/* Whether the whole text matches. When steps is not NULL, the states visited are added to it
 * (what the tests count instead of timing). A program of over 1,024 instructions (hundreds of
 * wildcards) needs memory from the heap: when none can be had, the answer is no match. */
bool nfa_match(const Nfa *p, const char *text, size_t len, uint64_t *steps);

#endif
