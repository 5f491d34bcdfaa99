/* fuzz_history.c — libFuzzer target for the git-history cache's entry decoder (store_decode in
 * src/history/store.c): a history cache entry is read back from disk, where anything may have
 * replaced it. history.c checks the entry's SHA-256 and identity first, then hands the rest to
 * store_decode; this target gives it the input directly, so mutations reach the decoding.
 *
 * Invariants, for every input:
 *   - decoding never crashes or reads out of bounds (ASan, UBSan), and the reader stops inside
 *     the input;
 *   - a decoded history does not point into the bytes it was read from (history.c frees them:
 *     the input is decoded from a copy that is freed before the history is looked at);
 *   - a decoded history is consistent: counts >= 0 and arrays behind them; commit ids,
 *     subjects, the issues commits fix and qualnames non-NULL; qualnames strictly sorted
 *     (history_function finds each function); every version's commit an index into the
 *     commits; every version's names strictly ascending;
 *   - a decoded history encoded again (store_encode) decodes again, consuming every byte, to a
 *     history that encodes to the same bytes.
 * The arena is freed after each input (LeakSanitizer). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "fuzz_util.h"
#include "history/store.h"

static void check_consistent(const FileHistory *fh) {
    FUZZ_CHECK(fh->ncommits >= 0 && fh->nfns >= 0, "%d commits, %d functions", (int)fh->ncommits,
               (int)fh->nfns);
    FUZZ_CHECK(fh->commits && fh->fns, "no commits or functions array");
    for (int32_t i = 0; i < fh->ncommits; i++)
        FUZZ_CHECK(fh->commits[i].id && fh->commits[i].subject && fh->commits[i].fixes,
                   "commit %d without id, subject or fixes", (int)i);
    for (int32_t i = 0; i < fh->nfns; i++) {
        const FnHistory *f = &fh->fns[i];
        FUZZ_CHECK(f->qualname, "function %d without a qualname", (int)i);
        FUZZ_CHECK(!i || strcmp(fh->fns[i - 1].qualname, f->qualname) < 0,
                   "function %d: \"%s\" after \"%s\"", (int)i, f->qualname,
                   fh->fns[i - 1].qualname);
        FUZZ_CHECK(history_function(fh, f->qualname) == f, "history_function misses \"%s\"",
                   f->qualname);
        FUZZ_CHECK(f->nversions >= 0 && f->versions, "function %d: %d versions", (int)i,
                   (int)f->nversions);
        for (int32_t k = 0; k < f->nversions; k++) {
            const FnVersion *v = &f->versions[k];
            FUZZ_CHECK(v->commit >= 0 && v->commit < fh->ncommits,
                       "function %d version %d: commit %d of %d", (int)i, (int)k, (int)v->commit,
                       (int)fh->ncommits);
            FUZZ_CHECK(v->nnames >= 0 && (v->names || !v->nnames),
                       "function %d version %d: %d names", (int)i, (int)k, (int)v->nnames);
            for (int32_t j = 1; j < v->nnames; j++)
                FUZZ_CHECK(v->names[j - 1] < v->names[j],
                           "function %d version %d: names %d and %d out of order", (int)i, (int)k,
                           (int)j - 1, (int)j);
            FUZZ_CHECK(v->nunits >= 0 && (v->units || !v->nunits),
                       "function %d version %d: %d units", (int)i, (int)k, (int)v->nunits);
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* a copy of its own, freed once decoded: a history pointing into it is a use after free */
    unsigned char *copy = malloc(size ? size : 1);
    FUZZ_CHECK(copy, "out of memory");
    if (size) memcpy(copy, data, size);
    Arena a;
    arena_init(&a);
    FileHistory fh;
    memset(&fh, 0, sizeof fh);
    WireReader r = {copy, copy + size, false};
    bool ok = store_decode(&a, &r, &fh);
    FUZZ_CHECK(r.p >= copy && r.p <= copy + size, "the reader stopped %td bytes past the input",
               r.p - (copy + size));
    FUZZ_CHECK(!ok || !r.bad, "a history decoded from bad bytes");
    free(copy);
    if (ok) {
        check_consistent(&fh);
        Buf once;
        buf_init(&once);
        store_encode(&once, &fh);
        if (!once.failed) {
            FileHistory again;
            memset(&again, 0, sizeof again);
            const unsigned char *p = (const unsigned char *)once.data;
            WireReader r2 = {p, p + once.len, false};
            bool ok2 = store_decode(&a, &r2, &again);
            FUZZ_CHECK(ok2 && r2.p == r2.end, "re-encoded (%zu bytes): %s, %td bytes left",
                       once.len, ok2 ? "decoded" : "refused", r2.end - r2.p);
            check_consistent(&again);
            Buf twice;
            buf_init(&twice);
            store_encode(&twice, &again);
            if (!twice.failed)
                FUZZ_CHECK(twice.len == once.len && memcmp(twice.data, once.data, once.len) == 0,
                           "encoded again: %zu bytes, then %zu bytes, not the same", once.len,
                           twice.len);
            buf_free(&twice);
        }
        buf_free(&once);
    }
    arena_free(&a);
    return 0;
}
