/* unit_summary_io.c — unit tests of src/index/summary_io.c, the module summaries the result cache
 * keeps: every fixture's summary survives encoding and decoding byte for byte, and any shorter or
 * damaged input is refused or read without a crash (the cache then parses the file instead). */
#include <stdlib.h>
#include <string.h>

#include "../../src/base/arena.h"
#include "../../src/check/check.h"
#include "../../src/check/tree.h"
#include "../../src/source/source.h"
#include "unit.h"

static const char *const files[] = {
    "tests/index/seed/deepspeed/runtime/zero/stage_1_and_2.py",
    "tests/index/seed/deepspeed/runtime/zenflow/zenflow_stage_1_and_2.py",
    "tests/checks/DW203/none_methods.py",
    "tests/checks/DW203/none_order.py",
    "tests/checks/DW203/none_lib.py",
    "tests/checks/DW301/drift_copies.py",
    "tests/index/seed/deepspeed/runtime/zero/stage3.py",
    "examples/zenflow/stage_1_and_2.py",
};

static void one(const char *path) {
    char *data;
    size_t len;
    SourceError se;
    if (!source_read_file(path, &data, &len, &se)) {
        CHECK(0, "%s: cannot read: %s", path, se.msg);
        return;
    }
    CheckOptions co = {.drift_threshold = 0.6};
    SummaryOptions so;
    tree_rules_needs(&co, &so);
    so.read_once = true; /* the hashes are part of what is encoded */
    Arena scratch, sums, back;
    arena_init(&scratch), arena_init(&sums), arena_init(&back);
    FindingList fl;
    findings_init(&fl);
    ModuleSummary *m = NULL;
    bool ok = check_file_bytes_in(&scratch, path, data, len, &co, &fl, &so, &sums, &m);
    CHECK(ok && m, "%s: summarized", path);
    if (ok && m) {
        Buf a, b;
        buf_init(&a), buf_init(&b);
        summary_encode(&a, m);
        ModuleSummary *m2 = summary_decode(&back, a.data, a.len, path, &so);
        CHECK(m2 != NULL, "%s: decodes (%zu bytes)", path, a.len);
        if (m2) summary_encode(&b, m2);
        CHECK(m2 && a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
              "%s: re-encodes to the same bytes", path);
        CHECK(m2 && m2->nfunctions == m->nfunctions && m2->nclasses == m->nclasses &&
                  m2->ncalls == m->ncalls && m2->nimports == m->nimports &&
                  strcmp(m2->module, m->module) == 0 && strcmp(m2->path, path) == 0,
              "%s: same counts, module and path", path);
        /* every truncation is refused; every damaged byte is refused or decoded, never a crash */
        int refused = 0;
        for (size_t n = 0; n < a.len; n++) {
            Arena t;
            arena_init(&t);
            refused += summary_decode(&t, a.data, n, path, &so) == NULL;
            arena_free(&t);
        }
        CHECK(refused == (int)a.len, "%s: %d of %zu truncations refused", path, refused, a.len);
        for (size_t i = 0; i < a.len; i += 3) {
            Arena t;
            arena_init(&t);
            a.data[i] ^= 0x5a;
            (void)summary_decode(&t, a.data, a.len, path, &so);
            a.data[i] ^= 0x5a;
            arena_free(&t);
        }
        buf_free(&a), buf_free(&b);
    }
    findings_free(&fl);
    arena_free(&scratch), arena_free(&sums), arena_free(&back);
    dw_free(data);
}

int main(void) {
    for (size_t i = 0; i < sizeof files / sizeof *files; i++) one(files[i]);
    return unit_finish();
}
