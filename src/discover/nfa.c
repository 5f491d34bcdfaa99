/* nfa.c — see nfa.h. The simulation keeps the current states in a list with a mark per state
 * (the generation that added it), so each state enters each step once; following the SPLIT and
 * JMP instructions uses an explicit stack, so a long chain of stars recurses nowhere. */
#include "nfa.h"

#include <string.h>

#define ALL8 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff
const uint8_t nfa_all_but_newline[32] = {0xff, 0xfb, 0xff, 0xff, 0xff, 0xff,
                                         0xff, 0xff, ALL8, ALL8, ALL8}; /* '\n' = 8 * 1 + 2 */
const uint8_t nfa_all_but_slash[32] = {0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
                                       0xff, 0xff, ALL8, ALL8, ALL8}; /* '/' = 8 * 5 + 7 */
const uint8_t nfa_all[32] = {ALL8, ALL8, ALL8, ALL8};

int32_t nfa_emit(Arena *a, Nfa *p, uint8_t op, uint8_t c, const uint8_t *set) {
    if (p->oom) return -1;
    if (p->n == p->cap) {
        int32_t cap = p->cap ? p->cap * 2 : 16;
        NfaInst *ni = arena_alloc(a, (size_t)cap * sizeof *ni);
        if (!ni) {
            p->oom = true;
            return -1;
        }
        if (p->n) memcpy(ni, p->ins, (size_t)p->n * sizeof *ni);
        p->ins = ni, p->cap = cap;
    }
    p->ins[p->n] = (NfaInst){op, c, p->n + 1, p->n + 1, set};
    return p->n++;
}

void nfa_star(Arena *a, Nfa *p, const uint8_t *set) {
    /* L: SPLIT L+1, L+3;  L+1: SET;  L+2: JMP L;  L+3: ... */
    int32_t l = nfa_emit(a, p, NFA_SPLIT, 0, NULL);
    nfa_emit(a, p, NFA_SET, 0, set ? set : nfa_all);
    int32_t j = nfa_emit(a, p, NFA_JMP, 0, NULL);
    if (l < 0 || j < 0) return;
    p->ins[l].y = j + 1;
    p->ins[j].x = l;
}

bool nfa_finish(Arena *a, Nfa *p) {
    nfa_emit(a, p, NFA_MATCH, 0, NULL);
    if (p->oom) return false;
    int32_t k = 0;
    while (p->ins[k].op == NFA_BYTE) k++;
    char *pre = k ? arena_alloc(a, (size_t)k) : NULL;
    if (k && !pre) return p->oom = true, false;
    for (int32_t i = 0; i < k; i++) pre[i] = (char)p->ins[i].c;
    p->prefix = pre, p->nprefix = k;
    return true;
}

typedef struct Sim {
    const Nfa *p;
    int32_t *list[2], len[2];
    uint32_t *mark; /* per state: the generation that last added it */
    int32_t *stack;
    uint32_t gen;
    uint64_t steps;
} Sim;

/* Adds state s and everything reachable from it without consuming a byte to list `to`. */
static void add(Sim *m, int to, int32_t s) {
    int32_t top = 0;
    m->stack[top++] = s;
    while (top) {
        s = m->stack[--top];
        if (m->mark[s] == m->gen) continue;
        m->mark[s] = m->gen;
        m->steps++;
        const NfaInst *in = &m->p->ins[s];
        if (in->op == NFA_JMP) {
            m->stack[top++] = in->x;
        } else if (in->op == NFA_SPLIT) {
            m->stack[top++] = in->y;
            m->stack[top++] = in->x;
        } else {
            m->list[to][m->len[to]++] = s;
        }
    }
}

static bool simulate(Sim *m, const uint8_t *t, size_t len) {
    int cur = 0;
    m->gen++;
    m->len[0] = m->len[1] = 0;
    add(m, cur, 0);
    for (size_t i = 0; i < len && m->len[cur]; i++) {
        int nxt = !cur;
        m->len[nxt] = 0;
        m->gen++;
        uint8_t b = t[i];
        for (int32_t k = 0; k < m->len[cur]; k++) {
            const NfaInst *in = &m->p->ins[m->list[cur][k]];
            m->steps++;
            if ((in->op == NFA_BYTE && in->c == b) ||
                (in->op == NFA_SET && (in->set[b >> 3] >> (b & 7)) & 1))
                add(m, nxt, m->list[cur][k] + 1);
        }
        cur = nxt;
    }
    for (int32_t k = 0; k < m->len[cur]; k++)
        if (m->p->ins[m->list[cur][k]].op == NFA_MATCH) return true;
    return false;
}

bool nfa_match(const Nfa *p, const char *text, size_t len, uint64_t *steps) {
    if (p->never || p->oom) return false;
    if (p->nprefix &&
        ((size_t)p->nprefix > len || memcmp(p->prefix, text, (size_t)p->nprefix) != 0))
        return false;
    enum { SMALL = 1024 }; /* 24 KB of stack; larger programs take memory from the heap */
    int32_t a0[SMALL], a1[SMALL], st[2 * SMALL + 2];
    uint32_t mk[SMALL];
    Sim m = {p, {a0, a1}, {0, 0}, mk, st, 0, 0};
    void *heap = NULL;
    size_t n = (size_t)p->n;
    if (n > SMALL) {
        /* the lists hold at most n states each; the stack at most two entries per state and
         * the first */
        heap = dw_malloc(n * (sizeof(int32_t) * 4 + sizeof(uint32_t)) + 2 * sizeof(int32_t));
        if (!heap) return false;
        m.list[0] = heap, m.list[1] = m.list[0] + n, m.stack = m.list[1] + n;
        m.mark = (uint32_t *)(m.stack + 2 * n + 2);
    }
    memset(m.mark, 0, n * sizeof *m.mark);
    bool hit = simulate(&m, (const uint8_t *)text, len);
    dw_free(heap);
    if (steps) *steps += m.steps + 1;
    return hit;
}
