/* resolve.c — the whole-tree index over the module summaries: module names, name resolution
 * through imports and re-exports, class bases, C3 linearization, subclass lists, method lookup
 * along the MRO. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"

int32_t index_find_module(const ProjectIndex *ix, const char *name) {
    if (!ix->mod_hash_cap) return -1;
    uint32_t k = name_hash(name) & (uint32_t)(ix->mod_hash_cap - 1);
    for (; ix->mod_hash[k] >= 0; k = (k + 1) & (uint32_t)(ix->mod_hash_cap - 1))
        if (strcmp(ix->modules[ix->mod_hash[k]]->module, name) == 0) return ix->mod_hash[k];
    return -1;
}

/* The entry for `name` (of hash h) in a table by name (cap slots), or NULL. */
static const NameEntry *find_name(const ModuleSummary *m, const NameEntry *t, int32_t cap,
                                  const char *name, uint32_t h) {
    if (!cap) return NULL;
    for (uint32_t at = h & (uint32_t)(cap - 1); t[at].what; at = (at + 1) & (uint32_t)(cap - 1))
        if (t[at].hash == h && strcmp(name_entry_name(m, t[at].what), name) == 0) return &t[at];
    return NULL;
}

static int32_t class_method(const ProjectIndex *ix, ClassRef r, const char *name, uint32_t h) {
    const ModuleSummary *m = ix->modules[r.module];
    const ClassSum *cs = &m->classes[r.cls];
    const NameEntry *e = find_name(m, cs->byname, cs->nbyname, name, h);
    return e ? (int32_t)(e->what >> 2) : -1;
}

int32_t index_class_method(const ProjectIndex *ix, ClassRef r, const char *name) {
    return class_method(ix, r, name, name_hash(name));
}

/* ---- names -------------------------------------------------------------------------------- */

static Entity none_entity(void) {
    return (Entity){ENT_NONE, -1, -1};
}

static Entity resolve_in(const ProjectIndex *ix, int32_t m, const char *name, int depth);

/* `module.attr`: a submodule, or a name defined in the module. */
static Entity member(const ProjectIndex *ix, int32_t m, const char *name, int depth) {
    Entity e = resolve_in(ix, m, name, depth + 1);
    if (e.kind != ENT_NONE) return e;
    const char *mod = ix->modules[m]->module;
    size_t a = strlen(mod), b = strlen(name);
    char buf[1024];
    if (a + 1 + b >= sizeof buf) return none_entity();
    memcpy(buf, mod, a);
    buf[a] = '.';
    memcpy(buf + a + 1, name, b + 1);
    int32_t sub = index_find_module(ix, buf);
    if (sub >= 0) return (Entity){ENT_MODULE, sub, -1};
    return none_entity();
}

static Entity resolve_in(const ProjectIndex *ix, int32_t m, const char *name, int depth) {
    if (depth > 32 || m < 0) return none_entity();
    const ModuleSummary *ms = ix->modules[m];
    /* the last binding at module level wins (ModuleSummary.names) */
    const NameEntry *sym = find_name(ms, ms->names, ms->nnames, name, name_hash(name));
    if (!sym) return none_entity();
    int32_t item = (int32_t)(sym->what >> 2);
    if ((sym->what & 3) == NAME_CLASS) return (Entity){ENT_CLASS, m, item};
    if ((sym->what & 3) == NAME_FUNCTION) return (Entity){ENT_FUNCTION, m, item};
    const ImportSum *im = &ms->imports[item];
    int32_t target = index_find_module(ix, im->module);
    if (!im->name) return target >= 0 ? (Entity){ENT_MODULE, target, -1} : none_entity();
    if (target < 0) return none_entity();
    return member(ix, target, im->name, depth + 1);
}

Entity index_resolve_name(const ProjectIndex *ix, int32_t m, const char *name) {
    return resolve_in(ix, m, name, 0);
}

Entity index_resolve_dotted(const ProjectIndex *ix, int32_t m, const char *dotted) {
    char part[512];
    const char *p = dotted;
    Entity e = none_entity();
    bool first = true;
    while (*p) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof part) return none_entity();
        memcpy(part, p, n);
        part[n] = 0;
        if (first) {
            e = index_resolve_name(ix, m, part);
            first = false;
        } else if (e.kind == ENT_MODULE) {
            e = member(ix, e.module, part, 0);
        } else if (e.kind == ENT_CLASS) {
            /* a class nested in a class: Outer.Inner */
            const ModuleSummary *ms = ix->modules[e.module];
            char q[1100];
            snprintf(q, sizeof q, "%s.%s", ms->classes[e.item].qualname, part);
            Entity f = none_entity();
            for (int32_t i = 0; i < ms->nclasses; i++)
                if (strcmp(ms->classes[i].qualname, q) == 0) f = (Entity){ENT_CLASS, e.module, i};
            e = f;
        } else {
            return none_entity();
        }
        if (e.kind == ENT_NONE) return e;
        p += n;
        if (*p == '.') p++;
    }
    return e;
}

/* ---- classes ------------------------------------------------------------------------------ */

static bool same(ClassRef a, ClassRef b) {
    return a.module == b.module && a.cls == b.cls;
}

/* C3: merge the bases' linearizations and the list of bases. Returns false when some base is
 * unresolved or the hierarchy has no consistent order. */
static bool c3(ProjectIndex *ix, ClassRef r, int depth) {
    ClassInfo *ci = &ix->classes[r.module][r.cls];
    if (ci->mro) return true;
    if (ci->nmro < 0 || depth > 64) return false; /* failed before, or a cycle */
    ci->nmro = -1;
    int32_t nb = ci->nbases;
    for (int32_t i = 0; i < nb; i++) {
        if (ci->bases[i].module < 0) return false;
        if (same(ci->bases[i], r)) return false;
        if (!c3(ix, ci->bases[i], depth + 1)) return false;
    }
    /* sequences: each base's MRO, then the bases list */
    int32_t total = 1;
    for (int32_t i = 0; i < nb; i++) total += index_class_info(ix, ci->bases[i])->nmro;
    ClassRef *out = arena_alloc(&ix->arena, sizeof(ClassRef) * (size_t)total);
    int32_t *pos = arena_zalloc(&ix->arena, sizeof(int32_t) * (size_t)(nb + 1));
    if (!out || !pos) return false;
    int32_t n = 0;
    out[n++] = r;
    for (;;) {
        bool any = false, found = false;
        for (int32_t s = 0; s <= nb && !found; s++) {
            const ClassRef *seq = s < nb ? index_class_info(ix, ci->bases[s])->mro : ci->bases;
            int32_t len = s < nb ? index_class_info(ix, ci->bases[s])->nmro : nb;
            if (pos[s] >= len) continue;
            any = true;
            ClassRef cand = seq[pos[s]];
            /* cand must not appear in the tail of any sequence */
            bool in_tail = false;
            for (int32_t t = 0; t <= nb && !in_tail; t++) {
                const ClassRef *sq = t < nb ? index_class_info(ix, ci->bases[t])->mro : ci->bases;
                int32_t ln = t < nb ? index_class_info(ix, ci->bases[t])->nmro : nb;
                for (int32_t k = pos[t] + 1; k < ln; k++)
                    if (same(sq[k], cand)) in_tail = true;
            }
            if (in_tail) continue;
            out[n++] = cand;
            for (int32_t t = 0; t <= nb; t++) {
                const ClassRef *sq = t < nb ? index_class_info(ix, ci->bases[t])->mro : ci->bases;
                int32_t ln = t < nb ? index_class_info(ix, ci->bases[t])->nmro : nb;
                if (pos[t] < ln && same(sq[pos[t]], cand)) pos[t]++;
            }
            found = true;
        }
        if (!any) break;
        if (!found) return false; /* inconsistent hierarchy: Python raises TypeError */
        if (n > total) return false;
    }
    ci->mro = out;
    ci->nmro = n;
    ci->mro_complete = true;
    return true;
}

bool index_lookup_method(const ProjectIndex *ix, ClassRef r, const char *name, int from,
                         ClassRef *owner, int32_t *fn, bool *uncertain) {
    *uncertain = false;
    const ClassInfo *ci = index_class_info(ix, r);
    if (ci->mro_complete && ci->nmro <= from) return false; /* (most classes: no base) */
    uint32_t h = name_hash(name);
    if (ci->mro_complete) {
        for (int32_t i = from; i < ci->nmro; i++) {
            int32_t f = class_method(ix, ci->mro[i], name, h);
            if (f >= 0) {
                *owner = ci->mro[i];
                *fn = f;
                return true;
            }
        }
        return false;
    }
    /* an unresolved base somewhere: depth-first, left to right; the answer is uncertain when an
     * unresolved base comes before it (the method may be defined there) */
    ClassRef stack[256];
    int sp = 0, skip = from;
    bool unresolved_seen = false;
    stack[sp++] = r;
    while (sp) {
        ClassRef c = stack[--sp];
        if (c.module < 0) {
            unresolved_seen = true;
            continue;
        }
        if (skip > 0) {
            skip--;
        } else {
            int32_t f = class_method(ix, c, name, h);
            if (f >= 0) {
                *owner = c;
                *fn = f;
                *uncertain = unresolved_seen;
                return true;
            }
        }
        const ClassInfo *cc = index_class_info(ix, c);
        for (int32_t i = cc->nbases - 1; i >= 0 && sp < 256; i--) stack[sp++] = cc->bases[i];
    }
    *uncertain = true;
    return false;
}

bool index_build(ProjectIndex *ix, ModuleSummary **mods, int32_t n) {
    memset(ix, 0, sizeof *ix);
    arena_init(&ix->arena);
    arena_reserve(&ix->arena, (size_t)n * (4 << 10)); /* (3 KiB a module on the stdlib) */
    /* a module found twice (two roots): the first path in sorted order wins */
    ix->modules = mods;
    ix->nmodules = n;
    int32_t cap = 16;
    while (cap < n * 2) cap *= 2;
    ix->mod_hash = arena_alloc(&ix->arena, sizeof(int32_t) * (size_t)cap);
    ix->classes = arena_zalloc(&ix->arena, sizeof(ClassInfo *) * (size_t)(n ? n : 1));
    if (!ix->mod_hash || !ix->classes) return false;
    memset(ix->mod_hash, 0xff, sizeof(int32_t) * (size_t)cap);
    ix->mod_hash_cap = cap;
    for (int32_t i = 0; i < n; i++) {
        uint32_t k = name_hash(mods[i]->module) & (uint32_t)(cap - 1);
        bool dupl = false;
        for (; ix->mod_hash[k] >= 0; k = (k + 1) & (uint32_t)(cap - 1))
            if (strcmp(mods[ix->mod_hash[k]]->module, mods[i]->module) == 0) {
                if (strcmp(mods[i]->path, mods[ix->mod_hash[k]]->path) < 0) ix->mod_hash[k] = i;
                dupl = true;
                break;
            }
        if (!dupl) ix->mod_hash[k] = i;
    }
    /* resolve bases */
    for (int32_t m = 0; m < n; m++) {
        int32_t nc = mods[m]->nclasses;
        ix->classes[m] = arena_zalloc(&ix->arena, sizeof(ClassInfo) * (size_t)(nc ? nc : 1));
        if (!ix->classes[m]) return false;
    }
    for (int32_t m = 0; m < n; m++) {
        for (int32_t c = 0; c < mods[m]->nclasses; c++) {
            const ClassSum *cs = &mods[m]->classes[c];
            ClassInfo *ci = &ix->classes[m][c];
            ci->nbases = 0;
            ci->bases = arena_alloc(&ix->arena, sizeof(ClassRef) * (size_t)(cs->nbases + 1));
            if (!ci->bases) return false;
            for (int32_t b = 0; b < cs->nbases; b++) {
                if (strcmp(cs->bases[b], "object") == 0) continue; /* implicit anyway */
                Entity e = *cs->bases[b] ? index_resolve_dotted(ix, m, cs->bases[b])
                                         : (Entity){ENT_NONE, -1, -1};
                ci->bases[ci->nbases++] =
                    e.kind == ENT_CLASS ? (ClassRef){e.module, e.item} : (ClassRef){-1, b};
            }
        }
    }
    /* MROs and subclass lists */
    for (int32_t m = 0; m < n; m++)
        for (int32_t c = 0; c < mods[m]->nclasses; c++) {
            c3(ix, (ClassRef){m, c}, 0);
            ClassInfo *ci = &ix->classes[m][c];
            for (int32_t b = 0; b < ci->nbases; b++) {
                if (ci->bases[b].module < 0) continue;
                ClassInfo *base = &ix->classes[ci->bases[b].module][ci->bases[b].cls];
                if (base->nsub == base->capsub &&
                    vec_grow_(&ix->arena, (void **)&base->subclasses, &base->capsub,
                              sizeof(ClassRef), base->nsub + 1))
                    return false;
                base->subclasses[base->nsub++] = (ClassRef){m, c};
            }
        }
    return true;
}

void index_free(ProjectIndex *ix) {
    arena_free(&ix->arena);
}
