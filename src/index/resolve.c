/* resolve.c — the whole-tree index over the module summaries: module names and the roots they
 * are imported from, name resolution through imports and re-exports, class bases (resolved where
 * the class statement runs), the class graph made acyclic, C3 linearization in topological order,
 * subclass lists, method lookup along the MRO.
 *
 * Everything here is bounded on any input: the class graph has no cycle once index_build is done
 * (a base that would close one is made unresolved), MROs are computed once per class, bases
 * first, and are at most MRO_MAX long; walks over bases or subclasses that cannot use an MRO keep
 * a visited set. A chain of n classes costs O(n) memory and O(n * MRO_MAX) time at worst. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "index.h"

/* ---- modules ------------------------------------------------------------------------------ */

static uint32_t slot_mask(const ProjectIndex *ix) {
    return (uint32_t)(ix->mod_hash_cap - 1);
}

static bool same_root(const ProjectIndex *ix, int32_t a, int32_t b) {
    return ix->root_len[a] == ix->root_len[b] && ix->root_hash[a] == ix->root_hash[b] &&
           memcmp(ix->modules[a]->path, ix->modules[b]->path, (size_t)ix->root_len[a]) == 0;
}

static uint64_t name_root_hash(const char *name, uint64_t root_hash) {
    return hash_bytes(name, strlen(name), root_hash);
}

/* Which of two modules of one name and root an import finds: a package before a module (CPython's
 * path finder looks for the directory first), the source before a stub (.pyi, never imported). */
static int import_rank(const ModuleSummary *m) {
    size_t n = strlen(m->path);
    bool stub = n > 4 && strcmp(m->path + n - 4, ".pyi") == 0;
    return (m->is_package ? 0 : 2) + stub;
}

static int32_t better(const ProjectIndex *ix, int32_t a, int32_t b) {
    if (a < 0) return b;
    return import_rank(ix->modules[b]) < import_rank(ix->modules[a]) ? b : a;
}

int32_t index_find_module(const ProjectIndex *ix, const char *name) {
    if (!ix->mod_hash_cap) return -1;
    uint32_t k = name_hash(name) & slot_mask(ix);
    for (; ix->mod_hash[k] >= 0; k = (k + 1) & slot_mask(ix))
        if (strcmp(ix->modules[ix->mod_hash[k]]->module, name) == 0) return ix->mod_hash[k];
    return -1;
}

/* The slot of `name` in mod_hash / mod_only. */
static int64_t name_slot(const ProjectIndex *ix, const char *name) {
    if (!ix->mod_hash_cap) return -1;
    uint32_t k = name_hash(name) & slot_mask(ix);
    for (; ix->mod_hash[k] >= 0; k = (k + 1) & slot_mask(ix))
        if (strcmp(ix->modules[ix->mod_hash[k]]->module, name) == 0) return k;
    return -1;
}

int32_t index_find_module_from(const ProjectIndex *ix, int32_t m, const char *name) {
    int64_t slot = name_slot(ix, name);
    if (slot < 0) return -1;
    if (ix->mod_only[slot] >= 0 || m < 0) return ix->mod_only[slot];
    uint32_t k = (uint32_t)name_root_hash(name, ix->root_hash[m]) & slot_mask(ix);
    for (; ix->mod_in_root[k] >= 0; k = (k + 1) & slot_mask(ix)) {
        int32_t c = ix->mod_in_root[k];
        if (same_root(ix, c, m) && strcmp(ix->modules[c]->module, name) == 0) return c;
    }
    return -1; /* several roots hold it, and not m's: it depends on sys.path */
}

/* Module i's root: its directory, less one level per package it is in (the directory holding
 * its top-level package, or itself when it is a top-level module). */
static int32_t root_length(const ModuleSummary *ms) {
    const char *p = ms->path;
    const char *slash = strrchr(p, '/');
    if (!slash) return 0;
    size_t len = (size_t)(slash - p);
    int32_t levels = ms->is_package ? 1 : 0;
    for (const char *d = ms->module; *d; d++) levels += *d == '.';
    while (levels-- > 0) {
        const char *up = memrchr(p, '/', len);
        if (!up) return 0;
        len = (size_t)(up - p);
    }
    return (int32_t)len;
}

/* The module tables (see ProjectIndex). */
static bool index_modules(ProjectIndex *ix) {
    int32_t n = ix->nmodules, cap = 16;
    while (cap < n * 2) cap *= 2;
    size_t slots = sizeof(int32_t) * (size_t)cap;
    ix->mod_hash = arena_alloc(&ix->arena, slots);
    ix->mod_only = arena_alloc(&ix->arena, slots);
    ix->mod_in_root = arena_alloc(&ix->arena, slots);
    ix->root_len = arena_alloc(&ix->arena, sizeof(int32_t) * (size_t)(n + 1));
    ix->root_hash = arena_alloc(&ix->arena, sizeof(uint64_t) * (size_t)(n + 1));
    if (!ix->mod_hash || !ix->mod_only || !ix->mod_in_root || !ix->root_len || !ix->root_hash)
        return false;
    memset(ix->mod_hash, 0xff, slots);
    memset(ix->mod_only, 0xff, slots);
    memset(ix->mod_in_root, 0xff, slots);
    ix->mod_hash_cap = cap;
    uint32_t mask = (uint32_t)(cap - 1);
    for (int32_t i = 0; i < n; i++) {
        ix->root_len[i] = root_length(ix->modules[i]);
        ix->root_hash[i] = hash_bytes(ix->modules[i]->path, (size_t)ix->root_len[i], HASH_SEED);
    }
    /* by name and root: the best of the modules of that name in that root */
    for (int32_t i = 0; i < n; i++) {
        const char *name = ix->modules[i]->module;
        uint32_t k = (uint32_t)name_root_hash(name, ix->root_hash[i]) & mask;
        for (; ix->mod_in_root[k] >= 0; k = (k + 1) & mask) {
            int32_t c = ix->mod_in_root[k];
            if (same_root(ix, c, i) && strcmp(ix->modules[c]->module, name) == 0) break;
        }
        ix->mod_in_root[k] = better(ix, ix->mod_in_root[k], i);
    }
    /* by name: the first in path order, and whether one root holds them all */
    for (int32_t i = 0; i < n; i++) {
        const char *name = ix->modules[i]->module;
        uint32_t k = name_hash(name) & mask;
        for (; ix->mod_hash[k] >= 0; k = (k + 1) & mask)
            if (strcmp(ix->modules[ix->mod_hash[k]]->module, name) == 0) break;
        int32_t first = ix->mod_hash[k];
        if (first < 0) {
            ix->mod_hash[k] = i;
            ix->mod_only[k] = i;
        } else if (ix->mod_only[k] >= 0 && same_root(ix, first, i)) {
            ix->mod_only[k] = better(ix, ix->mod_only[k], i);
        } else if (ix->mod_only[k] >= 0) {
            ix->mod_only[k] = -1; /* a second root */
            if (ix->nambiguous < 4) ix->ambiguous[ix->nambiguous] = name;
            ix->nambiguous++;
        }
    }
    return true;
}

/* ---- names -------------------------------------------------------------------------------- */

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

bool index_module_binds(const ModuleSummary *m, const char *name) {
    return find_name(m, m->names, m->nnames, name, name_hash(name)) != NULL;
}

int32_t index_class_method(const ProjectIndex *ix, ClassRef r, const char *name) {
    return class_method(ix, r, name, name_hash(name));
}

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
    int32_t sub = index_find_module_from(ix, m, buf);
    if (sub >= 0) return (Entity){ENT_MODULE, sub, -1};
    return none_entity();
}

/* What the binding `what` of module m's names stands for. */
static Entity entry_entity(const ProjectIndex *ix, int32_t m, uint32_t what, int depth) {
    const ModuleSummary *ms = ix->modules[m];
    int32_t item = (int32_t)(what >> 2);
    if ((what & 3) == NAME_CLASS) return (Entity){ENT_CLASS, m, item};
    if ((what & 3) == NAME_FUNCTION) return (Entity){ENT_FUNCTION, m, item};
    const ImportSum *im = &ms->imports[item];
    int32_t target = index_find_module_from(ix, m, im->module);
    if (!im->name) return target >= 0 ? (Entity){ENT_MODULE, target, -1} : none_entity();
    if (target < 0) return none_entity();
    return member(ix, target, im->name, depth + 1);
}

static Entity resolve_in(const ProjectIndex *ix, int32_t m, const char *name, int depth) {
    if (depth > 32 || m < 0) return none_entity(); /* (re-exports in a cycle) */
    const ModuleSummary *ms = ix->modules[m];
    /* the last binding at module level wins (ModuleSummary.names) */
    const NameEntry *sym = find_name(ms, ms->names, ms->nnames, name, name_hash(name));
    return sym ? entry_entity(ix, m, sym->what, depth) : none_entity();
}

Entity index_resolve_name(const ProjectIndex *ix, int32_t m, const char *name) {
    return resolve_in(ix, m, name, 0);
}

Origin index_origin(const ProjectIndex *ix, int32_t m, const char *name) {
    Origin o = {m, ix->modules[m]->module, name};
    for (int depth = 0; depth < 32 && o.module >= 0 && o.name; depth++) {
        const ModuleSummary *ms = ix->modules[o.module];
        const NameEntry *sym = find_name(ms, ms->names, ms->nnames, o.name, name_hash(o.name));
        if (!sym || (sym->what & 3) != NAME_IMPORT) break; /* bound here, by its own statement */
        const ImportSum *im = &ms->imports[sym->what >> 2];
        int32_t from = index_find_module_from(ix, o.module, im->module);
        o = (Origin){from, im->module, im->name};
        if (from >= 0) o.module_text = ix->modules[from]->module;
    }
    return o;
}

/* The rest of a dotted name ("b.C" of "a.b.C"), from what its first part is. */
static Entity dotted_from(const ProjectIndex *ix, Entity e, const char *p) {
    char part[512];
    while (*p && e.kind != ENT_NONE) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof part) return none_entity();
        memcpy(part, p, n);
        part[n] = 0;
        if (e.kind == ENT_MODULE) {
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
        p += n;
        if (*p == '.') p++;
    }
    return e;
}

/* Splits a dotted name into its first part (into `first`) and the rest. */
static const char *first_part(const char *dotted, char *first, size_t size) {
    size_t n = strcspn(dotted, ".");
    if (n >= size) return NULL;
    memcpy(first, dotted, n);
    first[n] = 0;
    return dotted[n] == '.' ? dotted + n + 1 : dotted + n;
}

Entity index_resolve_dotted(const ProjectIndex *ix, int32_t m, const char *dotted) {
    char first[512];
    const char *rest = first_part(dotted, first, sizeof first);
    if (!rest || !*first) return none_entity();
    return dotted_from(ix, index_resolve_name(ix, m, first), rest);
}

/* ---- a class's bases, where its statement runs ---------------------------------------------
 *
 * A base is evaluated in the scope where the `class` statement runs, before the class is bound:
 * after `from x import B`, `class B(B):` derives from x.B, and with no earlier binding of B it
 * derives from nothing known (at run time: NameError). So a base's first name resolves to the
 * module-level binding that last took effect before the statement's line: a top-level class
 * takes effect at its last line (after its body), a def at its line, a module-level import at
 * its line. Module-level names resolve through the latest binding (ModuleSummary.names), which
 * is the common answer: the bindings of a module are sorted by name and position only when it
 * is not (a class named as a base it imports, a name bound again further down). Classes defined
 * in a def run when it is called: their bases resolve through the module's final bindings. */

typedef struct Binding {
    uint32_t hash;
    int32_t at; /* where it takes effect */
    uint32_t what;
} Binding;

static int32_t binding_at(const ModuleSummary *ms, uint32_t what) {
    uint32_t i = what >> 2;
    switch (what & 3) {
    case NAME_CLASS: return ms->classes[i].end_line;
    case NAME_FUNCTION: return ms->functions[i].line;
    default: return ms->imports[i].line ? ms->imports[i].line : INT32_MAX;
    }
}

static int by_hash_then_place(const void *x, const void *y) {
    const Binding *a = x, *b = y;
    if (a->hash != b->hash) return a->hash < b->hash ? -1 : 1;
    if (a->at != b->at) return a->at < b->at ? -1 : 1;
    return a->what < b->what ? -1 : a->what > b->what;
}

/* Every module-level binding of the module, sorted by name hash and position. */
static Binding *sorted_bindings(Arena *a, const ModuleSummary *ms, int32_t *n) {
    int32_t cap = ms->nclasses + ms->nfunctions + ms->nimports;
    Binding *b = arena_alloc(a, sizeof *b * (size_t)(cap ? cap : 1));
    if (!b) return NULL;
    int32_t k = 0;
    for (int32_t i = 0; i < ms->nclasses; i++)
        if (!strchr(ms->classes[i].qualname, '.'))
            b[k++] = (Binding){name_hash(ms->classes[i].name), ms->classes[i].end_line,
                               (uint32_t)i << 2 | NAME_CLASS};
    for (int32_t i = 0; i < ms->nfunctions; i++)
        if (ms->functions[i].cls < 0 && ms->functions[i].outer < 0)
            b[k++] = (Binding){name_hash(ms->functions[i].name), ms->functions[i].line,
                               (uint32_t)i << 2 | NAME_FUNCTION};
    for (int32_t i = 0; i < ms->nimports; i++)
        if (ms->imports[i].line)
            b[k++] = (Binding){name_hash(ms->imports[i].bound), ms->imports[i].line,
                               (uint32_t)i << 2 | NAME_IMPORT};
    qsort(b, (size_t)k, sizeof *b, by_hash_then_place);
    *n = k;
    return b;
}

typedef struct BaseCtx {
    Arena *a;
    Binding **sorted; /* per module, made when first needed */
    int32_t *nsorted;
} BaseCtx;

/* The binding of `name` in module m that last took effect before line `line`, or 0. */
static uint32_t bound_before(const ProjectIndex *ix, BaseCtx *bc, int32_t m, const char *name,
                             int32_t line, bool *oom) {
    const ModuleSummary *ms = ix->modules[m];
    uint32_t h = name_hash(name);
    const NameEntry *sym = find_name(ms, ms->names, ms->nnames, name, h);
    if (!sym) return 0; /* bound nowhere */
    if (binding_at(ms, sym->what) < line) return sym->what;
    if (!bc->sorted[m] && !(bc->sorted[m] = sorted_bindings(bc->a, ms, &bc->nsorted[m]))) {
        *oom = true;
        return 0;
    }
    const Binding *b = bc->sorted[m];
    int32_t lo = 0, hi = bc->nsorted[m]; /* the first entry past (h, line - 1) */
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        if (b[mid].hash < h || (b[mid].hash == h && b[mid].at < line))
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int32_t i = lo - 1; i >= 0 && b[i].hash == h; i--)
        if (strcmp(name_entry_name(ms, b[i].what), name) == 0) return b[i].what;
    return 0;
}

/* What base `text` of class c of module m resolves to. */
static Entity base_entity(const ProjectIndex *ix, BaseCtx *bc, int32_t m, const ClassSum *cs,
                          const char *text, bool *oom) {
    char first[512];
    const char *rest = first_part(text, first, sizeof first);
    if (!rest || !*first) return none_entity();
    if (strstr(cs->qualname, "<locals>")) /* (run when its def is called) */
        return dotted_from(ix, index_resolve_name(ix, m, first), rest);
    uint32_t what = bound_before(ix, bc, m, first, cs->line, oom);
    return what ? dotted_from(ix, entry_entity(ix, m, what, 0), rest) : none_entity();
}

/* Where the k-th entry of a class's resolved bases is in its ClassSum's (`object` is left out). */
static int32_t base_text_index(const ClassSum *cs, int32_t k) {
    for (int32_t b = 0; b < cs->nbases; b++)
        if (strcmp(cs->bases[b], "object") != 0 && k-- == 0) return b;
    return -1;
}

static bool resolve_bases(ProjectIndex *ix) {
    Arena tmp;
    arena_init(&tmp);
    BaseCtx bc = {&tmp, arena_zalloc(&tmp, sizeof(Binding *) * (size_t)(ix->nmodules + 1)),
                  arena_zalloc(&tmp, sizeof(int32_t) * (size_t)(ix->nmodules + 1))};
    bool oom = !bc.sorted || !bc.nsorted;
    for (int32_t m = 0; m < ix->nmodules && !oom; m++) {
        const ModuleSummary *ms = ix->modules[m];
        for (int32_t c = 0; c < ms->nclasses && !oom; c++) {
            const ClassSum *cs = &ms->classes[c];
            ClassInfo *ci = &ix->classes[m][c];
            ci->bases = arena_alloc(&ix->arena, sizeof(ClassRef) * (size_t)(cs->nbases + 1));
            if (!ci->bases) oom = true;
            for (int32_t b = 0; b < cs->nbases && !oom; b++) {
                if (strcmp(cs->bases[b], "object") == 0) continue; /* implicit anyway */
                Entity e = base_entity(ix, &bc, m, cs, cs->bases[b], &oom);
                ci->bases[ci->nbases++] =
                    e.kind == ENT_CLASS ? (ClassRef){e.module, e.item} : (ClassRef){-1, b};
            }
        }
    }
    arena_free(&tmp);
    return !oom;
}

/* ---- the class graph: no cycle, bases first ------------------------------------------------ */

static ClassInfo *info_of(ProjectIndex *ix, ClassRef r) {
    return &ix->classes[r.module][r.cls];
}

/* Tarjan's strongly connected components over the bases, without recursion: each component is
 * complete once every component its classes derive from is, so ix->order lists bases before the
 * classes deriving from them. A base in its class's own component closes a cycle (a class
 * named as its base is one, of one class): it is made unresolved, and the class gets no MRO. */
static bool order_classes(ProjectIndex *ix) {
    int32_t n = ix->nclasses;
    Arena tmp;
    arena_init(&tmp);
    int32_t *num = arena_alloc(&tmp, sizeof(int32_t) * (size_t)(n + 1));
    int32_t *low = arena_alloc(&tmp, sizeof(int32_t) * (size_t)(n + 1));
    int32_t *comp = arena_alloc(&tmp, sizeof(int32_t) * (size_t)(n + 1));
    int32_t *stack = arena_alloc(&tmp, sizeof(int32_t) * (size_t)(n + 1));
    struct Frame {
        int32_t v, edge;
    } *frames = arena_alloc(&tmp, sizeof(struct Frame) * (size_t)(n + 1));
    ClassRef *ref = arena_alloc(&tmp, sizeof(ClassRef) * (size_t)(n + 1));
    ix->order = arena_alloc(&ix->arena, sizeof(ClassRef) * (size_t)(n + 1));
    if (!num || !low || !comp || !stack || !frames || !ref || !ix->order) {
        arena_free(&tmp);
        return false;
    }
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++)
            ref[ix->class_first[m] + c] = (ClassRef){m, c};
    memset(num, 0xff, sizeof(int32_t) * (size_t)n);
    int32_t counter = 0, sp = 0, ncomp = 0, done = 0;
    for (int32_t s = 0; s < n; s++) {
        if (num[s] >= 0) continue;
        int32_t fp = 0;
        frames[fp++] = (struct Frame){s, 0};
        num[s] = low[s] = counter++;
        comp[s] = -1;
        stack[sp++] = s;
        while (fp) {
            struct Frame *f = &frames[fp - 1];
            int32_t v = f->v;
            const ClassInfo *ci = info_of(ix, ref[v]);
            if (f->edge < ci->nbases) {
                ClassRef b = ci->bases[f->edge++];
                if (b.module < 0) continue;
                int32_t w = class_id(ix, b);
                if (num[w] < 0) {
                    num[w] = low[w] = counter++;
                    comp[w] = -1;
                    stack[sp++] = w;
                    frames[fp++] = (struct Frame){w, 0};
                } else if (comp[w] < 0 && num[w] < low[v]) { /* on the stack */
                    low[v] = num[w];
                }
                continue;
            }
            fp--;
            if (low[v] == num[v]) {
                int32_t w;
                do {
                    w = stack[--sp];
                    comp[w] = ncomp;
                    ix->order[done++] = ref[w];
                } while (w != v);
                ncomp++;
            }
            if (fp && low[v] < low[frames[fp - 1].v]) low[frames[fp - 1].v] = low[v];
        }
    }
    /* the bases that close a cycle */
    for (int32_t v = 0; v < n; v++) {
        ClassInfo *ci = info_of(ix, ref[v]);
        for (int32_t b = 0; b < ci->nbases; b++)
            if (ci->bases[b].module >= 0 && comp[class_id(ix, ci->bases[b])] == comp[v]) {
                ci->bases[b] = (ClassRef){-2, base_text_index(index_class(ix, ref[v]), b)};
                ci->mro_why = MRO_CYCLE;
            }
    }
    arena_free(&tmp);
    return true;
}

/* ---- C3 --------------------------------------------------------------------------------------
 *
 * Once per class, in ix->order (its bases' MROs are made). No base: the class alone. One base:
 * the class, then the base's MRO, shared (ClassInfo.rest). Two or more: the merge of the bases'
 * MROs and the list of bases, where a candidate must not be in the tail of any of them (kept as
 * a count per class of the tails it is in, so a step costs the number of bases); the result
 * shares the MRO of a base it ends with. */

typedef struct C3 {
    Arena *tmp;        /* one merge's */
    int32_t *in_tails; /* per class number: in how many sequences' tails it is */
    ClassRef *out;     /* MRO_MAX + 1 */
} C3;

static MroWhy merge(ProjectIndex *ix, C3 *c3, ClassRef r) {
    ClassInfo *ci = info_of(ix, r);
    int32_t nb = ci->nbases, total = 0;
    if (nb + 1 > MRO_MAX) return MRO_TOO_LONG;
    for (int32_t j = 0; j < nb; j++) total += index_class_info(ix, ci->bases[j])->nmro;
    if (total > 4 * MRO_MAX) return MRO_TOO_LONG; /* (a bound on the work; no real class is near) */
    /* the sequences: each base's MRO, then the bases; seq[j] from at[j] to at[j + 1] */
    ClassRef *seq = arena_alloc(c3->tmp, sizeof(ClassRef) * (size_t)(total + nb));
    int32_t *at = arena_alloc(c3->tmp, sizeof(int32_t) * (size_t)(nb + 2));
    int32_t *pos = arena_alloc(c3->tmp, sizeof(int32_t) * (size_t)(nb + 1));
    if (!seq || !at || !pos) return MRO_TOO_LONG; /* (out of memory: no MRO) */
    int32_t k = 0;
    for (int32_t j = 0; j < nb; j++) {
        at[j] = k;
        ClassRef x;
        for (MroIter it = mro_begin(ix, ci->bases[j]); mro_next(&it, &x);) seq[k++] = x;
    }
    at[nb] = k;
    for (int32_t j = 0; j < nb; j++) seq[k++] = ci->bases[j];
    at[nb + 1] = k;
    int32_t left = 0;
    for (int32_t j = 0; j <= nb; j++) {
        pos[j] = at[j];
        for (int32_t i = at[j] + 1; i < at[j + 1]; i++) c3->in_tails[class_id(ix, seq[i])]++;
        left += at[j + 1] - at[j];
    }
    MroWhy why = MRO_OK;
    int32_t n = 0;
    c3->out[n++] = r;
    while (left) {
        int32_t j = 0;
        while (j <= nb && (pos[j] == at[j + 1] || c3->in_tails[class_id(ix, seq[pos[j]])])) j++;
        if (j > nb) {
            why = MRO_INCONSISTENT; /* Python raises TypeError */
            break;
        }
        if (n == MRO_MAX) {
            why = MRO_TOO_LONG;
            break;
        }
        ClassRef cand = seq[pos[j]];
        c3->out[n++] = cand;
        for (int32_t t = 0; t <= nb; t++)
            if (pos[t] < at[t + 1] && class_same(seq[pos[t]], cand)) {
                pos[t]++, left--;
                if (pos[t] < at[t + 1]) c3->in_tails[class_id(ix, seq[pos[t]])]--;
            }
    }
    for (int32_t i = 0; i < k; i++) c3->in_tails[class_id(ix, seq[i])] = 0;
    if (why != MRO_OK) return why;
    /* the MRO of a base it ends with is shared: the longest first */
    int32_t keep = n;
    ClassRef rest = {-1, -1};
    for (int32_t j = nb - 1; j >= 0 && keep == n; j--) {
        int32_t from = n - index_class_info(ix, ci->bases[j])->nmro;
        if (from < 1 || !class_same(c3->out[from], ci->bases[j])) continue;
        ClassRef x;
        int32_t i = from;
        for (MroIter it = mro_begin(ix, ci->bases[j]); i < n && mro_next(&it, &x); i++)
            if (!class_same(x, c3->out[i])) break;
        if (i == n) keep = from, rest = ci->bases[j];
    }
    ci->own = arena_memdup(&ix->arena, c3->out, sizeof(ClassRef) * (size_t)keep);
    if (!ci->own) return MRO_TOO_LONG;
    ci->nown = keep;
    ci->rest = rest;
    ci->nmro = n;
    return MRO_OK;
}

static bool linearize(ProjectIndex *ix) {
    Arena tmp, one;
    arena_init(&tmp), arena_init(&one);
    C3 c3 = {&one, arena_zalloc(&tmp, sizeof(int32_t) * (size_t)(ix->nclasses + 1)),
             arena_alloc(&tmp, sizeof(ClassRef) * (MRO_MAX + 1))};
    bool ok = c3.in_tails && c3.out;
    for (int32_t k = 0; k < ix->nclasses && ok; k++) {
        ClassRef r = ix->order[k];
        ClassInfo *ci = info_of(ix, r);
        ci->rest = (ClassRef){-1, -1};
        MroWhy why = (MroWhy)ci->mro_why; /* (MRO_CYCLE, or nothing yet) */
        const ClassInfo *one_base = NULL; /* (the resolved base of a class with one base) */
        for (int32_t b = 0; b < ci->nbases && !why; b++) {
            if (ci->bases[b].module < 0) {
                why = MRO_UNRESOLVED;
                break;
            }
            const ClassInfo *bi = index_class_info(ix, ci->bases[b]);
            why = bi->mro_complete ? MRO_OK : (MroWhy)bi->mro_why;
            if (ci->nbases == 1) one_base = bi;
        }
        if (!why && ci->nbases >= 2) {
            why = merge(ix, &c3, r);
            arena_reset(&one, KEEP_BETWEEN_FILES);
        } else if (!why ||
                   (why == MRO_UNRESOLVED && ci->nbases == 1 && (!one_base || one_base->nown))) {
            /* no base, or one: the class, then the base's MRO, or the part known of it when a
             * base outside the tree ends it (where DW203 and the queries look first) */
            ci->own = arena_alloc(&ix->arena, sizeof(ClassRef));
            if (!(ok = ci->own != NULL)) break;
            ci->own[0] = r;
            ci->nown = 1;
            ci->nmro = 1;
            if (one_base) {
                ci->rest = ci->bases[0];
                ci->nmro += one_base->nmro;
                if (ci->nmro > MRO_MAX) why = MRO_TOO_LONG;
            }
        }
        ci->mro_why = (uint8_t)why;
        ci->mro_complete = why == MRO_OK;
        if (why != MRO_OK && why != MRO_UNRESOLVED) ci->nown = ci->nmro = 0;
    }
    arena_free(&tmp), arena_free(&one);
    return ok;
}

static int32_t resolved_bases(const ClassInfo *ci) {
    int32_t n = 0;
    for (int32_t b = 0; b < ci->nbases; b++) n += ci->bases[b].module >= 0;
    return n;
}

/* Subclass lists, and which classes have one with several bases below them. */
static bool link_subclasses(ProjectIndex *ix) {
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++) {
            ClassInfo *ci = &ix->classes[m][c];
            for (int32_t b = 0; b < ci->nbases; b++) {
                if (ci->bases[b].module < 0) continue;
                ClassInfo *base = info_of(ix, ci->bases[b]);
                if (base->nsub == base->capsub &&
                    vec_grow_(&ix->arena, (void **)&base->subclasses, &base->capsub,
                              sizeof(ClassRef), base->nsub + 1))
                    return false;
                base->subclasses[base->nsub++] = (ClassRef){m, c};
            }
        }
    for (int32_t k = ix->nclasses - 1; k >= 0; k--) {
        const ClassInfo *ci = info_of(ix, ix->order[k]);
        bool mi = resolved_bases(ci) >= 2 || ci->mi_below;
        for (int32_t b = 0; b < ci->nbases; b++)
            if (ci->bases[b].module >= 0) info_of(ix, ci->bases[b])->mi_below |= mi;
    }
    return true;
}

bool index_build(ProjectIndex *ix, ModuleSummary **mods, int32_t n) {
    memset(ix, 0, sizeof *ix);
    arena_init(&ix->arena);
    arena_reserve(&ix->arena, (size_t)n * (4 << 10)); /* (3 KiB a module on the stdlib) */
    ix->modules = mods;
    ix->nmodules = n;
    ix->classes = arena_zalloc(&ix->arena, sizeof(ClassInfo *) * (size_t)(n ? n : 1));
    ix->class_first = arena_alloc(&ix->arena, sizeof(int32_t) * (size_t)(n + 1));
    if (!ix->classes || !ix->class_first || !index_modules(ix)) return false;
    for (int32_t m = 0; m < n; m++) {
        int32_t nc = mods[m]->nclasses;
        ix->class_first[m] = ix->nclasses;
        ix->nclasses += nc;
        ix->classes[m] = arena_zalloc(&ix->arena, sizeof(ClassInfo) * (size_t)(nc ? nc : 1));
        if (!ix->classes[m]) return false;
    }
    return resolve_bases(ix) && order_classes(ix) && linearize(ix) && link_subclasses(ix);
}

void index_free(ProjectIndex *ix) {
    arena_free(&ix->arena);
}

/* ---- lookups ------------------------------------------------------------------------------ */

int32_t index_mro_position(const ProjectIndex *ix, ClassRef r, ClassRef k) {
    ClassRef x;
    int32_t i = 0;
    for (MroIter it = mro_begin(ix, r); mro_next(&it, &x); i++)
        if (class_same(x, k)) return i;
    return -1;
}

/* A walk over a class and its ancestors along resolved bases, depth first, left to right, each
 * class once, MRO_MAX of them at most: for classes without an MRO. (The classes seen are looked
 * for in a list while they are few, as they most often are, then in a table.) */
enum { FEW_SEEN = 16, SEEN_SLOTS = 2 * MRO_MAX };
typedef struct AncestorWalk {
    const ProjectIndex *ix;
    ClassRef stack[MRO_MAX];
    int32_t sp, visited;
    int32_t list[MRO_MAX];    /* the numbers of the classes seen */
    int32_t seen[SEEN_SLOTS]; /* (once more than FEW_SEEN: number + 1, open addressing) */
    bool unresolved_seen;     /* an unresolved base came before the current class */
    bool cut;                 /* classes were left out (the bound) */
} AncestorWalk;

static void walk_begin(AncestorWalk *w, const ProjectIndex *ix, ClassRef r) {
    w->ix = ix;
    w->sp = 0, w->visited = 0;
    w->unresolved_seen = w->cut = false;
    w->stack[w->sp++] = r;
}

static uint32_t seen_slot(const AncestorWalk *w, int32_t id) {
    uint32_t at = (uint32_t)id * 0x9e3779b9u % SEEN_SLOTS;
    while (w->seen[at] && w->seen[at] != id + 1) at = (at + 1) % SEEN_SLOTS;
    return at;
}

/* Whether class number id was seen; if not, it is now. */
static bool seen_before(AncestorWalk *w, int32_t id) {
    if (w->visited <= FEW_SEEN) {
        for (int32_t i = 0; i < w->visited; i++)
            if (w->list[i] == id) return true;
    } else if (w->seen[seen_slot(w, id)]) {
        return true;
    }
    w->list[w->visited++] = id;
    if (w->visited == FEW_SEEN + 1) memset(w->seen, 0, sizeof w->seen);
    if (w->visited > FEW_SEEN)
        for (int32_t i = w->visited == FEW_SEEN + 1 ? 0 : w->visited - 1; i < w->visited; i++)
            w->seen[seen_slot(w, w->list[i])] = w->list[i] + 1;
    return false;
}

/* The next class of the walk; false at the end. */
static bool walk_next(AncestorWalk *w, ClassRef *out) {
    while (w->sp) {
        ClassRef c = w->stack[--w->sp];
        if (c.module < 0) {
            w->unresolved_seen = true;
            continue;
        }
        int32_t id = class_id(w->ix, c);
        if (w->visited == MRO_MAX) {
            w->cut = true;
            return false;
        }
        if (seen_before(w, id)) continue;
        const ClassInfo *ci = index_class_info(w->ix, c);
        for (int32_t i = ci->nbases - 1; i >= 0; i--) {
            if (w->sp == MRO_MAX) {
                w->cut = true;
                break;
            }
            w->stack[w->sp++] = ci->bases[i];
        }
        *out = c;
        return true;
    }
    return false;
}

bool index_derives(const ProjectIndex *ix, ClassRef d, ClassRef k) {
    if (class_same(d, k)) return true;
    const ClassInfo *di = index_class_info(ix, d);
    if (di->mro_complete) return index_mro_position(ix, d, k) >= 0;
    if (!di->nown && di->mro_why != MRO_UNRESOLVED) return false;
    AncestorWalk *w = malloc(sizeof *w);
    if (!w) return false;
    walk_begin(w, ix, d);
    ClassRef c;
    bool found = false;
    while (!found && walk_next(w, &c)) found = class_same(c, k);
    free(w);
    return found;
}

bool index_lookup_method(const ProjectIndex *ix, ClassRef r, const char *name, int from,
                         ClassRef *owner, int32_t *fn, bool *uncertain) {
    const ClassInfo *ci = index_class_info(ix, r);
    *uncertain = !ci->mro_complete;
    if (ci->nmro <= from && (ci->mro_complete || ci->nown)) return false;
    uint32_t h = name_hash(name);
    if (ci->nown) { /* the MRO, or its part known (a base outside the tree ends it) */
        ClassRef c;
        int i = 0;
        for (MroIter it = mro_begin(ix, r); mro_next(&it, &c); i++) {
            if (i < from) continue;
            int32_t f = class_method(ix, c, name, h);
            if (f >= 0) {
                *owner = c;
                *fn = f;
                *uncertain = false;
                return true;
            }
        }
        return false;
    }
    if (ci->mro_why != MRO_UNRESOLVED) return false; /* (no MRO Python could make, or too long) */
    /* several bases, one outside the tree: depth-first, left to right; the answer is uncertain
     * when an unresolved base comes before it (the method may be defined there) */
    AncestorWalk *w = malloc(sizeof *w);
    if (!w) return false;
    walk_begin(w, ix, r);
    int skip = from;
    bool found = false;
    ClassRef c;
    while (!found && walk_next(w, &c)) {
        if (skip > 0) {
            skip--;
            continue;
        }
        int32_t f = class_method(ix, c, name, h);
        if (f >= 0) *owner = c, *fn = f, found = true;
    }
    *uncertain = !found || w->unresolved_seen || w->cut;
    free(w);
    return found;
}

int32_t index_ancestors(const ProjectIndex *ix, ClassRef r, Arena *a, ClassRef **out) {
    AncestorWalk *w = malloc(sizeof *w);
    *out = arena_alloc(a, sizeof(ClassRef) * MRO_MAX);
    if (!w || !*out) {
        free(w);
        return -1;
    }
    walk_begin(w, ix, r);
    int32_t n = 0;
    ClassRef c;
    while (walk_next(w, &c)) (*out)[n++] = c;
    if (w->cut) n = -1;
    free(w);
    return n;
}

int32_t index_descendants(const ProjectIndex *ix, ClassRef r, bool mi_only, Arena *a,
                          ClassRef **out) {
    if (mi_only && !index_class_info(ix, r)->mi_below) {
        *out = NULL;
        return 0;
    }
    uint8_t *seen = arena_zalloc(a, (size_t)ix->nclasses / 8 + 1);
    ClassRef *queue = arena_alloc(a, sizeof(ClassRef) * (size_t)(ix->nclasses + 1));
    ClassRef *found = arena_alloc(a, sizeof(ClassRef) * (size_t)(ix->nclasses + 1));
    if (!seen || !queue || !found) return -1;
    int32_t head = 0, tail = 0, n = 0;
    queue[tail++] = r;
    seen[class_id(ix, r) / 8] |= (uint8_t)(1 << class_id(ix, r) % 8);
    while (head < tail) {
        const ClassInfo *ci = index_class_info(ix, queue[head++]);
        for (int32_t i = 0; i < ci->nsub; i++) {
            ClassRef s = ci->subclasses[i];
            const ClassInfo *si = index_class_info(ix, s);
            int32_t id = class_id(ix, s);
            if (seen[id / 8] & (1 << id % 8)) continue;
            seen[id / 8] |= (uint8_t)(1 << id % 8);
            bool mi = resolved_bases(si) >= 2;
            if (mi_only && !mi && !si->mi_below) continue;
            queue[tail++] = s;
            if (!mi_only || mi) found[n++] = s;
        }
    }
    *out = found;
    return n;
}

bool index_resolve_call(const ProjectIndex *ix, int32_t m, const CallRef *c, FuncRef *out) {
    ClassRef owner;
    int32_t fn;
    bool uncertain;
    switch ((Receiver)c->kind) {
    case RECV_NAME: {
        if (c->local == LOCAL_YES) return false;
        Entity e = index_resolve_name(ix, m, c->callee);
        if (e.kind != ENT_FUNCTION) return false;
        *out = (FuncRef){e.module, e.item};
        return true;
    }
    case RECV_SELF:
    case RECV_CLS:
    case RECV_SUPER: {
        if (c->cls < 0) return false;
        int from = c->kind == RECV_SUPER ? 1 : 0;
        if (!index_lookup_method(ix, (ClassRef){m, c->cls}, c->callee, from, &owner, &fn,
                                 &uncertain) ||
            uncertain)
            return false;
        *out = (FuncRef){owner.module, fn};
        return true;
    }
    case RECV_DOTTED: {
        Entity e = index_resolve_dotted(ix, m, c->receiver);
        if (e.kind == ENT_MODULE) {
            Entity f = index_resolve_name(ix, e.module, c->callee);
            if (f.kind != ENT_FUNCTION) return false;
            *out = (FuncRef){f.module, f.item};
            return true;
        }
        if (e.kind != ENT_CLASS ||
            !index_lookup_method(ix, (ClassRef){e.module, e.item}, c->callee, 0, &owner, &fn,
                                 &uncertain) ||
            uncertain)
            return false;
        *out = (FuncRef){owner.module, fn};
        return true;
    }
    default: return false;
    }
}

/* ---- replacing a summary in a built index --------------------------------------------------- */

static bool same_text(const char *a, const char *b) {
    return a == b || (a && b && strcmp(a, b) == 0);
}

typedef struct Placed {
    int32_t at, k; /* a position, and its place in the sequence */
} Placed;

static int by_place(const void *x, const void *y) {
    const Placed *a = x, *b = y;
    if (a->at != b->at) return a->at < b->at ? -1 : 1;
    return (a->k > b->k) - (a->k < b->k);
}

/* Whether two sequences of positions are in the same order, ties included. */
static bool same_order(Placed *x, Placed *y, int32_t n) {
    qsort(x, (size_t)n, sizeof *x, by_place);
    qsort(y, (size_t)n, sizeof *y, by_place);
    for (int32_t i = 0; i < n; i++) {
        if (x[i].k != y[i].k) return false;
        if (i && (x[i].at == x[i - 1].at) != (y[i].at == y[i - 1].at)) return false;
    }
    return true;
}

/* The positions index_build compares (where each module-level binding takes effect, and the
 * class statements whose bases are resolved before them), in a fixed sequence. */
static int32_t positions(const ModuleSummary *m, Placed *out) {
    int32_t n = 0;
    for (int32_t i = 0; i < m->nclasses; i++) {
        out[n] = (Placed){m->classes[i].line, n}, n++;
        out[n] = (Placed){m->classes[i].end_line, n}, n++;
    }
    for (int32_t i = 0; i < m->nfunctions; i++) out[n] = (Placed){m->functions[i].line, n}, n++;
    for (int32_t i = 0; i < m->nimports; i++)
        out[n] = (Placed){m->imports[i].line ? m->imports[i].line : INT32_MAX, n}, n++;
    return n;
}

bool index_same_structure(const ModuleSummary *a, const ModuleSummary *b) {
    if (!same_text(a->module, b->module) || a->is_package != b->is_package ||
        a->nclasses != b->nclasses || a->nfunctions != b->nfunctions || a->nimports != b->nimports)
        return false;
    for (int32_t i = 0; i < a->nclasses; i++) {
        const ClassSum *x = &a->classes[i], *y = &b->classes[i];
        if (!same_text(x->name, y->name) || !same_text(x->qualname, y->qualname) ||
            x->nbases != y->nbases || x->nmethods != y->nmethods || x->decorated != y->decorated)
            return false;
        for (int32_t k = 0; k < x->nbases; k++)
            if (!same_text(x->bases[k], y->bases[k])) return false;
        for (int32_t k = 0; k < x->nmethods; k++)
            if (x->methods[k] != y->methods[k]) return false;
    }
    for (int32_t i = 0; i < a->nfunctions; i++) {
        const FuncSum *x = &a->functions[i], *y = &b->functions[i];
        if (!same_text(x->name, y->name) || x->cls != y->cls || x->outer != y->outer) return false;
    }
    for (int32_t i = 0; i < a->nimports; i++) {
        const ImportSum *x = &a->imports[i], *y = &b->imports[i];
        if (!same_text(x->bound, y->bound) || !same_text(x->module, y->module) ||
            !same_text(x->name, y->name))
            return false;
    }
    size_t n = (size_t)(2 * a->nclasses + a->nfunctions + a->nimports) + 1;
    Placed *buf = malloc(sizeof *buf * n * 2);
    bool same = buf != NULL;
    if (same) {
        int32_t k = positions(a, buf);
        positions(b, buf + n);
        same = same_order(buf, buf + n, k);
    }
    free(buf);
    return same;
}
