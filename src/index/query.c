/* query.c — see query.h. */
#include "query.h"

#include <stdio.h>
#include <string.h>

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

/* Does class k have class t among its ancestors (or is it t)? */
static bool derives(const ProjectIndex *ix, ClassRef k, ClassRef t, int depth) {
    if (k.module == t.module && k.cls == t.cls) return true;
    if (depth > 64) return false;
    const ClassInfo *ci = index_class_info(ix, k);
    for (int32_t i = 0; i < ci->nbases; i++)
        if (ci->bases[i].module >= 0 && derives(ix, ci->bases[i], t, depth + 1)) return true;
    return false;
}

/* Some class of the tree that has k in its MRO gets one of the targets for `name`: looking it
 * up past k (super() in k, from == after) or from its start (a self call in k). */
static bool reached_through_subclass(const ProjectIndex *ix, ClassRef k, const char *name,
                                     bool after, const Target *t, int nt) {
    for (int32_t m = 0; m < ix->nmodules; m++)
        for (int32_t c = 0; c < ix->modules[m]->nclasses; c++) {
            ClassRef d = {m, c};
            if ((d.module == k.module && d.cls == k.cls) || !derives(ix, d, k, 0)) continue;
            const ClassInfo *di = index_class_info(ix, d);
            int from = 0;
            if (after) { /* the position of k in d's MRO, plus one */
                if (!di->mro_complete) continue;
                while (from < di->nmro &&
                       !(di->mro[from].module == k.module && di->mro[from].cls == k.cls))
                    from++;
                from++;
            }
            ClassRef owner;
            int32_t fn;
            bool uncertain;
            if (index_lookup_method(ix, d, name, from, &owner, &fn, &uncertain) &&
                is_target(t, nt, owner.module, fn))
                return true;
        }
    return false;
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
