/* unit_history_store.c — unit tests of src/history/store.c, the entries of DW303's history cache:
 * a FileHistory survives encoding and decoding, and a damaged entry is refused: every truncation,
 * every single-byte change that breaks what the builder guarantees (a function's versions in
 * commit order, one per commit; names ascending; functions sorted; known flags only), and a
 * count or index out of range. Refused, the cache reads the history from git again. */
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/base/buf.h"
#include "../../src/history/store.h"
#include "unit.h"

static FileCommit commits[] = {
    {"1a8ad24f0d", 1754092800, "fix issues raised by Coverity scans (#7431)", ""},
    {"2b9be35a1e", 1754179200, "Refactor the copy", "#7402"},
    {"", 1754265600, "your uncommitted changes", ""},
};
static const uint64_t names_a[] = {3, 17, 99}, names_b[] = {5};
static HistUnit units_a[] = {
    {11, 12, 13, 4, HUNIT_GONE, NULL},
    {21, 22, 23, 5, HUNIT_WEAK | HUNIT_GONE, NULL},
};
static HistUnit units_b[] = {
    {31, 32, 33, 4, HUNIT_NEW, "assert grad is not None"},
};
static FnVersion versions_copy[] = {
    {0, units_a, 2, 0, names_a, 3},
    {2, units_b, 1, FNV_NEW_ATTRIBUTE, names_b, 1},
};
static FnVersion versions_init[] = {
    {1, units_b, 1, 0, names_b, 1},
};
static FnHistory fns[] = {
    {"Optimizer.__init__", versions_init, 1, true},
    {"Optimizer.copy_grad", versions_copy, 2, false},
};

static bool decodes(const unsigned char *p, size_t n, FileHistory *out, Arena *a) {
    WireReader r = {p, p + n, false};
    memset(out, 0, sizeof *out);
    return store_decode(a, &r, out) && r.p == r.end;
}

static bool same_version(const FnVersion *x, const FnVersion *y) {
    if (x->commit != y->commit || x->flags != y->flags || x->nunits != y->nunits ||
        x->nnames != y->nnames)
        return false;
    for (int32_t j = 0; j < x->nnames; j++)
        if (x->names[j] != y->names[j]) return false;
    for (int32_t u = 0; u < x->nunits; u++) {
        const HistUnit *a = &x->units[u], *b = &y->units[u];
        if (a->hash != b->hash || a->loose != b->loose || a->blind != b->blind ||
            a->line != b->line || a->flags != b->flags || !a->text != !b->text ||
            (a->text && strcmp(a->text, b->text) != 0))
            return false;
    }
    return true;
}

static bool same(const FileHistory *x, const FileHistory *y) {
    if (x->ncommits != y->ncommits || x->nfns != y->nfns) return false;
    for (int32_t i = 0; i < x->ncommits; i++)
        if (strcmp(x->commits[i].id, y->commits[i].id) != 0 ||
            x->commits[i].time != y->commits[i].time ||
            strcmp(x->commits[i].subject, y->commits[i].subject) != 0 ||
            strcmp(x->commits[i].fixes, y->commits[i].fixes) != 0)
            return false;
    for (int32_t i = 0; i < x->nfns; i++) {
        const FnHistory *f = &x->fns[i], *g = &y->fns[i];
        if (strcmp(f->qualname, g->qualname) != 0 || f->present != g->present ||
            f->nversions != g->nversions)
            return false;
        for (int32_t k = 0; k < f->nversions; k++)
            if (!same_version(&f->versions[k], &g->versions[k])) return false;
    }
    return true;
}

/* fh encoded, in b (reset first). */
static void encode(Buf *b, const FileHistory *fh) {
    b->len = 0;
    store_encode(b, fh);
}

/* Whether fh, valid to the builder's eye but for one broken guarantee, is refused. */
static void refused(const FileHistory *fh, const char *what) {
    Buf b;
    buf_init(&b);
    encode(&b, fh);
    Arena a;
    arena_init(&a);
    FileHistory back;
    CHECK(!b.failed && !decodes((const unsigned char *)b.data, b.len, &back, &a), "%s: refused",
          what);
    arena_free(&a);
    buf_free(&b);
}

int main(void) {
    FileHistory fh = {"a.py", "/repo", "a.py", commits, 3, fns, 2};
    Buf b;
    buf_init(&b);
    encode(&b, &fh);
    CHECK(!b.failed, "encoded");
    const unsigned char *p = (const unsigned char *)b.data;

    Arena a;
    arena_init(&a);
    FileHistory back;
    CHECK(decodes(p, b.len, &back, &a) && same(&fh, &back), "read back as written");
    arena_free(&a);

    /* every truncation is refused (and read without a crash: the sanitizers watch) */
    int cut = 0;
    for (size_t n = 0; n < b.len; n++) {
        arena_init(&a);
        cut += !decodes(p, n, &back, &a);
        arena_free(&a);
    }
    CHECK(cut == (int)b.len, "%d of %d truncations refused", cut, (int)b.len);

    /* every byte changed to every value: refused or read whole, never a crash; those read back
     * keep the builder's guarantees */
    unsigned char *copy = dw_malloc(b.len);
    int kept = 0, broken = 0;
    for (size_t i = 0; copy && i < b.len; i++)
        for (int v = 0; v < 256; v++) {
            memcpy(copy, p, b.len);
            copy[i] = (unsigned char)v;
            arena_init(&a);
            if (decodes(copy, b.len, &back, &a)) {
                kept++;
                for (int32_t f = 0; f < back.nfns; f++) {
                    const FnHistory *h = &back.fns[f];
                    broken += f && strcmp(back.fns[f - 1].qualname, h->qualname) >= 0;
                    for (int32_t k = 0; k < h->nversions; k++) {
                        const FnVersion *x = &h->versions[k];
                        broken += x->commit < 0 || x->commit >= back.ncommits ||
                                  (k && x->commit <= h->versions[k - 1].commit) ||
                                  (x->flags & ~FNV_ALL);
                        for (int32_t j = 1; j < x->nnames; j++)
                            broken += x->names[j] <= x->names[j - 1];
                        for (int32_t u = 0; u < x->nunits; u++)
                            broken += (x->units[u].flags & ~HUNIT_ALL) != 0;
                    }
                }
            }
            arena_free(&a);
        }
    dw_free(copy);
    CHECK(kept > 0 && broken == 0, "%d one-byte changes read back, %d of them broken", kept,
          broken);

    /* each guarantee the builder keeps, broken on its own */
    versions_copy[1].commit = 0;
    refused(&fh, "two versions made by one commit");
    versions_copy[1].commit = 2, versions_copy[0].commit = 2, versions_copy[1].commit = 1;
    refused(&fh, "versions out of commit order");
    versions_copy[0].commit = 0, versions_copy[1].commit = 3;
    refused(&fh, "a commit index past the commits");
    versions_copy[1].commit = 2, versions_copy[1].flags = 2;
    refused(&fh, "an unknown version flag");
    versions_copy[1].flags = FNV_NEW_ATTRIBUTE, units_a[0].flags = 8;
    refused(&fh, "an unknown statement flag");
    units_a[0].flags = HUNIT_GONE;
    static const uint64_t unsorted[] = {17, 3, 99}, twice[] = {3, 3, 99};
    versions_copy[0].names = unsorted;
    refused(&fh, "names out of order");
    versions_copy[0].names = twice;
    refused(&fh, "a name twice");
    versions_copy[0].names = names_a;
    fns[0].qualname = "Optimizer.z", fns[1].qualname = "Optimizer.a";
    refused(&fh, "functions out of order");
    fns[0].qualname = "Optimizer.__init__", fns[1].qualname = "Optimizer.copy_grad";
    encode(&b, &fh);
    arena_init(&a);
    CHECK(decodes((const unsigned char *)b.data, b.len, &back, &a) && same(&fh, &back),
          "restored, read back again");
    arena_free(&a);

    /* a version flag as a varint past a byte: refused, not cut to its low byte */
    Buf w;
    buf_init(&w);
    wire_u64(&w, 1), wire_str(&w, "c1"), wire_u64(&w, 0), wire_str(&w, "s"), wire_str(&w, "");
    wire_u64(&w, 1), wire_str(&w, "f"), wire_u64(&w, 1), wire_u64(&w, 1);
    wire_u64(&w, 0), wire_u64(&w, 0x100), wire_u64(&w, 0), wire_u64(&w, 0);
    arena_init(&a);
    CHECK(!decodes((const unsigned char *)w.data, w.len, &back, &a), "flags 0x100 refused");
    arena_free(&a);
    w.len = 0;
    wire_u64(&w, 1), wire_str(&w, "c1"), wire_u64(&w, 0), wire_str(&w, "s"), wire_str(&w, "");
    wire_u64(&w, 1), wire_str(&w, "f"), wire_u64(&w, 1), wire_u64(&w, 1);
    wire_u64(&w, 0), wire_u64(&w, 0), wire_u64(&w, 0), wire_u64(&w, 0);
    arena_init(&a);
    CHECK(decodes((const unsigned char *)w.data, w.len, &back, &a) && back.nfns == 1 &&
              back.fns[0].nversions == 1,
          "the same entry with flags 0 read");
    arena_free(&a);
    buf_free(&w);
    buf_free(&b);
    return unit_finish();
}
