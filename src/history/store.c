/* store.c — a FileHistory as bytes for the history cache, and back (wire.h's encoding). Decoding
 * checks every count against the bytes left, every index against what it indexes and every
 * order and flag against what the builder makes (functions sorted by name, a function's versions
 * by commit, names ascending, no unknown flag): a damaged entry is refused, never trusted. */
#include "store.h"

#include "base/wire.h"

void store_encode(Buf *b, const FileHistory *fh) {
    wire_u64(b, (uint64_t)fh->ncommits);
    for (int32_t i = 0; i < fh->ncommits; i++) {
        wire_str(b, fh->commits[i].id);
        wire_u64(b, (uint64_t)fh->commits[i].time);
        wire_str(b, fh->commits[i].subject);
        wire_str(b, fh->commits[i].fixes);
    }
    wire_u64(b, (uint64_t)fh->nfns);
    for (int32_t i = 0; i < fh->nfns; i++) {
        const FnHistory *f = &fh->fns[i];
        wire_str(b, f->qualname);
        wire_u64(b, f->present);
        wire_u64(b, (uint64_t)f->nversions);
        for (int32_t k = 0; k < f->nversions; k++) {
            const FnVersion *v = &f->versions[k];
            wire_u64(b, (uint64_t)v->commit);
            wire_u64(b, v->flags);
            wire_u64(b, (uint64_t)v->nnames);
            for (int32_t j = 0; j < v->nnames; j++) wire_fixed64(b, v->names[j]);
            wire_u64(b, (uint64_t)v->nunits);
            for (int32_t u = 0; u < v->nunits; u++) {
                const HistUnit *x = &v->units[u];
                wire_fixed64(b, x->hash), wire_fixed64(b, x->loose), wire_fixed64(b, x->blind);
                wire_i32(b, x->line);
                wire_u64(b, x->flags);
                wire_str(b, x->text);
            }
        }
    }
}

/* A count read as such: no more than the bytes left could hold at `min` bytes each. */
static int32_t get_count(WireReader *r, size_t min) {
    uint64_t n = wire_get_u64(r);
    if (r->bad || n > (uint64_t)(r->end - r->p) / min || n > INT32_MAX / 2) {
        r->bad = true;
        return 0;
    }
    return (int32_t)n;
}

static const char *copy(Arena *a, WireReader *r, bool *oom) {
    size_t n;
    const char *s = wire_get_str(r, &n);
    if (!s) return NULL;
    char *d = arena_strndup(a, s, n);
    if (!d) *oom = true;
    return d;
}

bool store_decode(Arena *a, WireReader *r, FileHistory *fh) {
    bool oom = false;
    fh->ncommits = get_count(r, 4); /* (an id, a time, a subject, a reference: a byte each) */
    fh->commits = arena_zalloc(a, sizeof *fh->commits * (size_t)(fh->ncommits + 1));
    if (!fh->commits) return false;
    for (int32_t i = 0; i < fh->ncommits && !r->bad && !oom; i++) {
        fh->commits[i].id = copy(a, r, &oom);
        fh->commits[i].time = (int64_t)wire_get_u64(r);
        fh->commits[i].subject = copy(a, r, &oom);
        fh->commits[i].fixes = copy(a, r, &oom);
        if (!fh->commits[i].id || !fh->commits[i].subject || !fh->commits[i].fixes) r->bad = true;
    }
    fh->nfns = get_count(r, 3);
    fh->fns = arena_zalloc(a, sizeof *fh->fns * (size_t)(fh->nfns + 1));
    if (!fh->fns) return false;
    for (int32_t i = 0; i < fh->nfns && !r->bad && !oom; i++) {
        FnHistory *f = &fh->fns[i];
        f->qualname = copy(a, r, &oom);
        uint64_t present = wire_get_u64(r);
        if (present > 1) r->bad = true;
        f->present = present != 0;
        if (!f->qualname || (i && strcmp(fh->fns[i - 1].qualname, f->qualname) >= 0))
            r->bad = true;              /* (sorted, as history_function's search needs) */
        f->nversions = get_count(r, 4); /* (a commit, flags, two counts) */
        f->versions = arena_zalloc(a, sizeof *f->versions * (size_t)(f->nversions + 1));
        if (!f->versions) return false;
        for (int32_t k = 0; k < f->nversions && !r->bad && !oom; k++) {
            FnVersion *v = &f->versions[k];
            uint64_t c = wire_get_u64(r), flags;
            /* (one version per commit at most, oldest first: judge() reads v and v + 1 so) */
            if (c >= (uint64_t)fh->ncommits || (k && (int32_t)c <= f->versions[k - 1].commit))
                r->bad = true;
            v->commit = (int32_t)c;
            if ((flags = wire_get_u64(r)) & ~(uint64_t)FNV_ALL) r->bad = true;
            v->flags = (uint8_t)flags;
            v->nnames = get_count(r, 8);
            uint64_t *names = arena_alloc(a, sizeof *names * (size_t)(v->nnames + 1));
            if (!names) return false;
            for (int32_t j = 0; j < v->nnames && !r->bad; j++) {
                names[j] = wire_get_fixed64(r);
                if (j && names[j] <= names[j - 1]) r->bad = true; /* (a sorted set: searched) */
            }
            v->names = names;
            v->nunits = get_count(r, 27); /* (3 hashes, a line, flags, no text) */
            v->units = arena_zalloc(a, sizeof *v->units * (size_t)(v->nunits + 1));
            if (!v->units) return false;
            for (int32_t u = 0; u < v->nunits && !r->bad && !oom; u++) {
                HistUnit *x = &v->units[u];
                x->hash = wire_get_fixed64(r), x->loose = wire_get_fixed64(r);
                x->blind = wire_get_fixed64(r);
                x->line = wire_get_i32(r);
                uint64_t uflags = wire_get_u64(r);
                if (uflags & ~(uint64_t)HUNIT_ALL) r->bad = true;
                x->flags = (uint8_t)uflags;
                x->text = copy(a, r, &oom);
            }
        }
    }
    return !oom && !r->bad;
}
