/* query.c — see query.h. */
#include "query.h"

#include <stdio.h>
#include <string.h>

#include "ast/unparse.h"

const char *query_reach_name(Reach r) {
    switch (r) {
    case REACH_DIRECT: return "direct";
    case REACH_SELF: return "self";
    case REACH_INHERITED: return "self (inherited)";
    case REACH_SUPER: return "super";
    case REACH_UNKNOWN: return "unknown receiver";
    default: return "by name";
    }
}

int query_classes(const ProjectIndex *ix, const char *name, ClassRef *out, int max) {
    int n = 0;
    for (int32_t m = 0; m < ix->nmodules && n < max; m++) {
        const ModuleSummary *ms = ix->modules[m];
        size_t ml = strlen(ms->module);
        for (int32_t c = 0; c < ms->nclasses && n < max; c++) {
            const char *q = ms->classes[c].qualname;
            bool hit = strcmp(q, name) == 0;
            /* module.Class */
            if (!hit && strncmp(name, ms->module, ml) == 0 && name[ml] == '.' &&
                strcmp(name + ml + 1, q) == 0)
                hit = true;
            if (hit) out[n++] = (ClassRef){m, c};
        }
    }
    return n;
}

int query_targets(const ProjectIndex *ix, const char *name, Target *out, int max) {
    const char *dot = strrchr(name, '.');
    if (!dot) return 0;
    int n = 0;
    char owner[1024];
    snprintf(owner, sizeof owner, "%.*s", (int)(dot - name), name);
    const char *meth = dot + 1;
    /* Class.method */
    ClassRef cls[64];
    int nc = query_classes(ix, owner, cls, 64);
    for (int i = 0; i < nc && n < max; i++) {
        int32_t f = index_class_method(ix, cls[i], meth);
        if (f >= 0) {
            out[n++] = (Target){cls[i].module, f, cls[i].cls};
            continue;
        }
        /* Class.method it inherits: the definition it gets */
        ClassRef from;
        bool uncertain;
        if (index_lookup_method(ix, cls[i], meth, 0, &from, &f, &uncertain)) {
            bool dup = false;
            for (int k = 0; k < n; k++) dup |= out[k].module == from.module && out[k].func == f;
            if (!dup) out[n++] = (Target){from.module, f, from.cls};
        }
    }
    /* module.func */
    int32_t m = index_find_module(ix, owner);
    if (m >= 0 && n < max) {
        Entity e = index_resolve_name(ix, m, meth);
        if (e.kind == ENT_FUNCTION) out[n++] = (Target){e.module, e.item, -1};
    }
    return n;
}

static bool is_target(const Target *t, int nt, int32_t m, int32_t f) {
    for (int i = 0; i < nt; i++)
        if (t[i].module == m && t[i].func == f) return true;
    return false;
}

/* Whether a call `self.name()` (or `super().name()`, when `after`) written in class k reaches
 * one of the targets through an instance of a class deriving from k, when it does not through
 * an instance of k itself (the caller looked that up).
 *
 * A self call: in a class d deriving from k, `name` resolves to the first definition along d's
 * MRO, which holds k's MRO in the same order (C3 keeps it). So a target defined in a class
 * deriving from k is reached (through its own instances); one defined in k or above it is not
 * (the definition k's lookup found comes before it in every such MRO); one defined in a class
 * unrelated to k is reached only through a class deriving from both, which has two bases or more
 * on the way. A super() call: after k in d's MRO comes what comes after k in its own, unless a
 * class on the way has two bases or more. So only the classes with several bases that derive
 * from k are looked up, never every class deriving from it. */
static bool reached_through_subclass(const ProjectIndex *ix, ClassRef k, const char *name,
                                     bool after, const Target *t, int nt) {
    bool unrelated = after;
    for (int i = 0; i < nt && !after; i++) {
        if (t[i].cls < 0) continue;
        ClassRef tc = {t[i].module, t[i].cls};
        if (class_same(tc, k)) continue;
        if (index_derives(ix, tc, k)) return true; /* (an instance of tc runs k's method) */
        if (!index_derives(ix, k, tc)) unrelated = true;
    }
    if (!unrelated) return false;
    Arena a;
    arena_init(&a);
    ClassRef *mi;
    int32_t n = index_descendants(ix, k, true, &a, &mi);
    bool hit = false;
    for (int32_t i = 0; i < n && !hit; i++) {
        int from = 0;
        if (after) { /* the place of k in d's MRO, plus one */
            int32_t at = index_mro_position(ix, mi[i], k);
            if (at < 0) continue;
            from = at + 1;
        }
        ClassRef owner;
        int32_t fn;
        bool uncertain;
        hit = index_lookup_method(ix, mi[i], name, from, &owner, &fn, &uncertain) &&
              is_target(t, nt, owner.module, fn);
    }
    arena_free(&a);
    return hit;
}

bool query_call_reaches(const ProjectIndex *ix, int32_t m, const CallSum *c, const Target *t,
                        int nt, Reach *how) {
    if (nt == 0) {
        *how = REACH_NAME;
        return true;
    }
    ClassRef owner;
    int32_t fn;
    bool uncertain;
    switch ((Receiver)c->kind) {
    case RECV_NAME: {
        if (c->local == LOCAL_YES) return false;
        Entity e = index_resolve_name(ix, m, c->callee);
        *how = REACH_DIRECT;
        return e.kind == ENT_FUNCTION && is_target(t, nt, e.module, e.item);
    }
    case RECV_DOTTED: {
        Entity e = index_resolve_dotted(ix, m, c->receiver);
        *how = REACH_DIRECT;
        if (e.kind == ENT_MODULE) {
            Entity f = index_resolve_name(ix, e.module, c->callee);
            return f.kind == ENT_FUNCTION && is_target(t, nt, f.module, f.item);
        }
        if (e.kind == ENT_CLASS) {
            return index_lookup_method(ix, (ClassRef){e.module, e.item}, c->callee, 0, &owner, &fn,
                                       &uncertain) &&
                   is_target(t, nt, owner.module, fn);
        }
        /* an unresolved receiver: an object of unknown type */
        *how = REACH_UNKNOWN;
        return true;
    }
    case RECV_SELF:
    case RECV_CLS:
    case RECV_SUPER: {
        if (c->cls < 0) return false;
        ClassRef k = {m, c->cls};
        int from = c->kind == RECV_SUPER ? 1 : 0;
        if (index_lookup_method(ix, k, c->callee, from, &owner, &fn, &uncertain) &&
            is_target(t, nt, owner.module, fn)) {
            *how = c->kind == RECV_SUPER ? REACH_SUPER : REACH_SELF;
            return true;
        }
        /* through instances of a subclass: a self call in a base class reaches the subclass's
         * override; super() in a class of a diamond reaches what follows it in the MRO of the
         * class that joins the diamond */
        if (reached_through_subclass(ix, k, c->callee, c->kind == RECV_SUPER, t, nt)) {
            *how = c->kind == RECV_SUPER ? REACH_SUPER : REACH_INHERITED;
            return true;
        }
        return false;
    }
    default: *how = REACH_UNKNOWN; return true;
    }
}

void query_condition(Buf *b, const Guard *g, int place) {
    bool paren = g->prec < place;
    if (paren) buf_putc(b, '(');
    buf_puts(b, g->text);
    if (paren) buf_putc(b, ')');
}

const char *query_conjunction(Buf *b, const Guard *g, int32_t n) {
    b->len = 0;
    for (int32_t i = 0; i < n; i++) {
        if (i) buf_puts(b, " and ");
        query_condition(b, &g[i], n > 1 ? PREC_NOT : PREC_TEST);
    }
    return buf_cstr(b);
}
