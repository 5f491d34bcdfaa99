/* flow.c — see flow.h. */
#include "flow.h"

#include <string.h>

/* ---- the engine --------------------------------------------------------------------------- */

static void propagate(const Cfg *g, const FlowLattice *L, void *ud, FlowResult *r, int32_t to,
                      const void *state, bool *changed) {
    void *dst = flow_in(r, to);
    if (!r->reached[to]) {
        r->reached[to] = true;
        memcpy(dst, state, L->state_size);
        *changed = true;
        return;
    }
    (void)g;
    if (L->join(dst, state, ud)) *changed = true;
}

bool flow_solve(Arena *a, const Cfg *g, const FlowLattice *L, void *ud, FlowResult *out) {
    size_t sz = L->state_size ? L->state_size : 1;
    out->state_size = sz;
    out->in = arena_alloc(a, sz * (size_t)g->nblocks);
    out->reached = arena_zalloc(a, sizeof(bool) * (size_t)g->nblocks);
    char *cur = arena_alloc(a, sz), *tmp = arena_alloc(a, sz);
    if (!out->in || !out->reached || !cur || !tmp) return false;
    for (int32_t b = 0; b < g->nblocks; b++) L->top(flow_in(out, b), ud);
    L->entry(flow_in(out, g->entry), ud);
    out->reached[g->entry] = true;
    bool changed = true;
    int rounds = 0;
    while (changed && rounds++ < 1000) {
        changed = false;
        for (int32_t i = 0; i < g->nrpo; i++) {
            int32_t b = g->rpo[i];
            if (!out->reached[b]) continue;
            const CfgBlock *blk = &g->blocks[b];
            memcpy(cur, flow_in(out, b), sz);
            for (int32_t e = 0; e < blk->nevents; e++) {
                for (int32_t h = 0; h < blk->nhandlers; h++)
                    propagate(g, L, ud, out, blk->handlers[h], cur, &changed);
                L->event(cur, &blk->events[e], ud);
            }
            for (int32_t h = 0; h < blk->nhandlers && !blk->calm_end; h++)
                propagate(g, L, ud, out, blk->handlers[h], cur, &changed);
            for (int32_t s = 0; s < blk->nsucc; s++) {
                memcpy(tmp, cur, sz);
                L->edge(tmp, &blk->succ[s], ud);
                propagate(g, L, ud, out, blk->succ[s].to, tmp, &changed);
            }
        }
    }
    /* not settled: the states may still hold facts some path denies; use none of them */
    return !changed;
}

/* ---- PathFacts ---------------------------------------------------------------------------- */

/* A state: the bit set (one bit per slot, then the "dead" bit), then one witness per slot. */
static uint64_t *bits(const void *s) {
    return (uint64_t *)s;
}
static const Node **witnesses(const PathFacts *pf, const void *s) {
    return (const Node **)((char *)s + sizeof(uint64_t) * (size_t)pf->words);
}

bool facts_dead(const PathFacts *pf, const void *s) {
    return bits(s)[pf->nslots / 64] >> (pf->nslots % 64) & 1;
}

void facts_set_dead(const PathFacts *pf, void *s) {
    memset(s, 0, pf->lattice.state_size);
    bits(s)[pf->nslots / 64] |= 1ull << (pf->nslots % 64);
}

static void pf_entry(void *s, void *ud) {
    PathFacts *pf = ud;
    memset(s, 0, pf->lattice.state_size);
}

static void pf_top(void *s, void *ud) {
    PathFacts *pf = ud;
    memset(s, 0, pf->lattice.state_size);
    for (int32_t i = 0; i < pf->nslots; i++) bits(s)[i / 64] |= 1ull << (i % 64);
}

/* A dead state (the path raised) is the identity of the join: it adds no constraint. */
static bool pf_join(void *dst, const void *src, void *ud) {
    PathFacts *pf = ud;
    if (facts_dead(pf, src)) return false;
    if (facts_dead(pf, dst)) {
        memcpy(dst, src, pf->lattice.state_size);
        return true;
    }
    bool changed = false;
    for (int32_t w = 0; w < pf->words; w++) {
        uint64_t v = bits(dst)[w] & bits(src)[w];
        if (v != bits(dst)[w]) {
            bits(dst)[w] = v;
            changed = true;
        }
    }
    return changed;
}

static void pf_event(void *s, const CfgEvent *ev, void *ud) {
    PathFacts *pf = ud;
    if (!facts_dead(pf, s)) pf->event(pf, s, ev, pf->ud);
}

static void pf_edge(void *s, const CfgEdge *e, void *ud) {
    PathFacts *pf = ud;
    if (pf->edge && !facts_dead(pf, s)) pf->edge(pf, s, e, pf->ud);
}

bool facts_init(PathFacts *pf, Arena *a, const Cfg *g, const bool *track) {
    pf->g = g;
    pf->arena = a;
    pf->notes.len = 0;
    pf->note_index = NULL;
    pf->nslots = 0;
    pf->slot = arena_alloc(a, sizeof(int32_t) * (size_t)(g->npaths ? g->npaths : 1));
    pf->path = arena_alloc(a, sizeof(int32_t) * FACTS_MAX_PATHS);
    if (!pf->slot || !pf->path) return false;
    for (int32_t p = 0; p < g->npaths; p++) {
        pf->slot[p] = -1;
        if (track[p] && pf->nslots < FACTS_MAX_PATHS) {
            pf->slot[p] = pf->nslots;
            pf->path[pf->nslots++] = p;
        }
    }
    pf->words = (pf->nslots + 1 + 63) / 64; /* + the dead bit */
    pf->lattice = (FlowLattice){
        .state_size = sizeof(uint64_t) * (size_t)pf->words + sizeof(Node *) * (size_t)pf->nslots,
        .entry = pf_entry,
        .top = pf_top,
        .join = pf_join,
        .event = pf_event,
        .edge = pf_edge,
    };
    return true;
}

const Node *facts_get(const PathFacts *pf, const void *s, int32_t path) {
    int32_t k = path >= 0 ? pf->slot[path] : -1;
    if (k < 0 || !(bits(s)[k / 64] >> (k % 64) & 1)) return NULL;
    return witnesses(pf, s)[k];
}

void facts_set(const PathFacts *pf, void *s, int32_t path, const Node *witness) {
    int32_t k = path >= 0 ? pf->slot[path] : -1;
    if (k < 0) return;
    bits(s)[k / 64] |= 1ull << (k % 64);
    witnesses(pf, s)[k] = witness;
}

void facts_clear(const PathFacts *pf, void *s, int32_t path) {
    int32_t k = path >= 0 ? pf->slot[path] : -1;
    if (k >= 0) bits(s)[k / 64] &= ~(1ull << (k % 64));
}

void facts_kill_prefix(const PathFacts *pf, void *s, int32_t path) {
    if (path < 0) return;
    for (int32_t k = 0; k < pf->nslots; k++)
        if (cfg_path_has_prefix(pf->g, pf->path[k], path)) bits(s)[k / 64] &= ~(1ull << (k % 64));
}

void facts_kill_calls(const PathFacts *pf, void *s) {
    for (int32_t k = 0; k < pf->nslots; k++) {
        const CfgPath *p = &pf->g->paths[pf->path[k]];
        if (p->parent >= 0 || p->shared) bits(s)[k / 64] &= ~(1ull << (k % 64));
    }
}

void facts_kill_siblings(const PathFacts *pf, void *s, int32_t path) {
    int32_t obj = path >= 0 ? pf->g->paths[path].parent : -1;
    if (obj < 0) return;
    for (int32_t k = 0; k < pf->nslots; k++)
        if (pf->path[k] != obj && cfg_path_has_prefix(pf->g, pf->path[k], obj))
            bits(s)[k / 64] &= ~(1ull << (k % 64));
}

void facts_kill_attribute(const PathFacts *pf, void *s, Str name) {
    for (int32_t k = 0; k < pf->nslots; k++) {
        for (int32_t q = pf->path[k]; q >= 0 && pf->g->paths[q].parent >= 0;
             q = pf->g->paths[q].parent) {
            if (str_eq(pf->g->paths[q].name, name)) {
                bits(s)[k / 64] &= ~(1ull << (k % 64));
                break;
            }
        }
    }
}

bool facts_solve_and_replay(PathFacts *pf, Arena *a, const Cfg *g, const bool *track,
                            bool *reporting) {
    if (!facts_init(pf, a, g, track)) return false;
    if (pf->nslots == 0) return true;
    int32_t nevents = 0;
    for (int32_t b = 0; b < g->nblocks; b++) nevents += g->blocks[b].nevents;
    pf->note_cap = 16;
    while (pf->note_cap < nevents * 2 + 2) pf->note_cap *= 2;
    pf->note_index = arena_alloc(a, sizeof(int32_t) * (size_t)pf->note_cap);
    if (!pf->note_index) return false;
    memset(pf->note_index, 0xff, sizeof(int32_t) * (size_t)pf->note_cap);
    FlowResult r;
    if (!flow_solve(a, g, &pf->lattice, pf, &r)) return false;
    size_t sz = pf->lattice.state_size;
    void *s = arena_alloc(a, sz);
    if (!s) return false;
    *reporting = true;
    for (int32_t i = 0; i < g->nrpo; i++) {
        int32_t b = g->rpo[i];
        if (!r.reached[b]) continue;
        memcpy(s, flow_in(&r, b), sz);
        for (int32_t e = 0; e < g->blocks[b].nevents && !facts_dead(pf, s); e++)
            pf->event(pf, s, &g->blocks[b].events[e], pf->ud);
    }
    return true;
}

/* Notes are keyed by (node, path): one expression may dereference two paths (`for i in x.items`
 * dereferences x, and then iterates x.items, both at the same node). */
static uint32_t note_hash(const CfgEvent *ev) {
    uintptr_t v = (uintptr_t)ev->node;
    return (uint32_t)((v >> 3) * 2654435761u) ^ (uint32_t)ev->path * 40503u;
}

void facts_note(PathFacts *pf, const CfgEvent *ev, const Node *witness) {
    if (!pf->note_index) return; /* out of memory at the start: no findings */
    uint32_t mask = (uint32_t)pf->note_cap - 1;
    uint32_t k = note_hash(ev) & mask;
    for (; pf->note_index[k] >= 0; k = (k + 1) & mask) {
        FactsNote *n = &pf->notes.items[pf->note_index[k]];
        if (n->ev->node != ev->node || n->ev->path != ev->path) continue;
        if (!witness) n->witness = NULL; /* an occurrence without the fact: not on every path */
        return;
    }
    if (pf->notes.len * 2 + 2 > pf->note_cap) return; /* more notes than events: cannot be */
    if (VEC_PUSH(pf->arena, pf->notes, ((FactsNote){ev, witness}))) return;
    pf->note_index[k] = pf->notes.len - 1;
}

void facts_apply_kills(const PathFacts *pf, void *s, const CfgEvent *ev) {
    switch ((CfgEventKind)ev->kind) {
    case EV_ASSIGN:
    case EV_ASSIGN_NONE:
    case EV_DEL: facts_kill_prefix(pf, s, ev->path); break;
    case EV_CALL: facts_kill_calls(pf, s); break;
    case EV_ATTR_STORE:
        if (ev->node->kind == AST_ATTRIBUTE) facts_kill_attribute(pf, s, ev->node->Attribute.attr);
        facts_kill_siblings(pf, s, ev->path); /* a setter, a descriptor or __setattr__ may */
        break;
    default: break;
    }
}
