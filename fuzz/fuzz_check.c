/* fuzz_check.c — libFuzzer target for the analysis: every rule, the index and the whole-tree
 * rules on arbitrary input. The input is cut at lines "#---" into up to four modules of one
 * package (pkg/__init__.py, pkg/a.py, pkg/b.py, pkg/c.py), so that imports, re-exports and
 * inheritance across modules are exercised too.
 *
 * Invariants, for every input:
 *   - the per-file analysis never fails (it only may when out of memory);
 *   - every finding has a code, a message and a location inside its file (1-based line within
 *     the file's lines + 1, 1-based columns, end not before start);
 *   - the index builds, the tree rules run, and every query answer is consistent;
 *   - an MRO starts with its class and never comes back to it; an override rule never compares
 *     a method with itself.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/check.h"
#include "check/tree.h"
#include "fuzz_util.h"
#include "index/index.h"
#include "index/query.h"

static const char *const names[] = {"pkg/__init__.py", "pkg/a.py", "pkg/b.py", "pkg/c.py"};

/* Module names come from __init__.py files on disk: work in a directory that has the package. */
int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    char dir[] = "/tmp/deadwood-fuzz-check-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0 || mkdir("pkg", 0755) != 0) return 0;
    FILE *f = fopen("pkg/__init__.py", "w");
    if (f) fclose(f);
    return 0;
}

static int lines_of(const uint8_t *s, size_t n) {
    int l = 1;
    for (size_t i = 0; i < n; i++)
        l += s[i] == '\n' || (s[i] == '\r' && (i + 1 >= n || s[i + 1] != '\n'));
    return l;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    /* split into modules */
    const uint8_t *part[4];
    size_t plen[4];
    int np = 0;
    size_t start = 0;
    for (size_t i = 0; i + 5 <= size && np < 3; i++) {
        if ((i == 0 || data[i - 1] == '\n') && memcmp(data + i, "#---\n", 5) == 0) {
            part[np] = data + start;
            plen[np++] = i - start;
            start = i + 5;
            i += 4;
        }
    }
    part[np] = data + start;
    plen[np++] = size - start;

    bool *all = calloc((size_t)check_count, sizeof *all);
    FUZZ_CHECK(all != NULL, "out of memory");
    for (int i = 0; i < check_count; i++) all[i] = true;
    CheckOptions opt = {.enabled = all, .drift_threshold = 0.6};
    /* the files exist only here (read_once): their methods are hashed, and the bindings DW203
     * asks about collected, during the walk; nothing is read again */
    SummaryOptions so;
    tree_rules_needs(&opt, &so); /* every rule's collector */
    so.callers_of = "get";
    so.after = "setup";
    so.read_once = true;
    Arena sums;
    arena_init(&sums);
    ModuleSummary *mods[4];
    int nmods = 0;
    FindingList out;
    findings_init(&out);
    for (int i = 0; i < np; i++) {
        ModuleSummary *m = NULL;
        FUZZ_CHECK(
            check_file_bytes(names[i], (const char *)part[i], plen[i], &opt, &out, &so, &sums, &m),
            "check_file_bytes failed");
        if (m) mods[nmods++] = m;
    }
    ProjectIndex ix;
    FUZZ_CHECK(index_build(&ix, mods, nmods), "index_build failed");
    int32_t unread;
    FUZZ_CHECK(index_fill_bodies(&ix, &so, 1, &unread) && unread == 0, "index_fill_bodies");
    FUZZ_CHECK(tree_rules_run(&ix, &opt, NULL, &out), "tree rules failed");
    for (int32_t m = 0; m < ix.nmodules; m++) {
        const ModuleSummary *ms = ix.modules[m];
        for (int32_t c = 0; c < ms->nclasses; c++) {
            ClassRef owner;
            int32_t fn;
            bool unc;
            /* an MRO holds each class once, the class first */
            ClassRef x, first = {-1, -1};
            int32_t n = 0;
            for (MroIter it = mro_begin(&ix, (ClassRef){m, c}); mro_next(&it, &x); n++) {
                if (!n) first = x;
                FUZZ_CHECK(n < MRO_MAX && (!n || !class_same(x, first)), "MRO repeats a class");
            }
            FUZZ_CHECK(!n || class_same(first, ((ClassRef){m, c})), "MRO not starting with it");
            for (int32_t k = 0; k < ms->classes[c].nmethods; k++) {
                const FuncSum *f = &ms->functions[ms->classes[c].methods[k]];
                if (index_lookup_method(&ix, (ClassRef){m, c}, f->name, 0, &owner, &fn, &unc))
                    FUZZ_CHECK(fn >= 0 && fn < ix.modules[owner.module]->nfunctions,
                               "lookup out of range");
            }
        }
        Target t[8];
        int nt = query_targets(&ix, "pkg.a.get", t, 8);
        for (int32_t i = 0; i < ms->ncalls; i++) {
            Reach how;
            query_call_reaches(&ix, m, &ms->calls[i], t, nt, &how);
        }
    }
    for (int32_t i = 0; i < out.len; i++) {
        const Finding *f = &out.items[i];
        FUZZ_CHECK(f->code && f->message && f->path, "finding without code, message or path");
        /* an override is never compared with itself */
        if (strncmp(f->code, "DW30", 4) == 0 && f->nrelated)
            FUZZ_CHECK(strcmp(f->related[0].path, f->path) != 0 ||
                           f->related[0].loc.line != f->loc.line,
                       "an override compared with itself");
        int part_i = 0;
        while (part_i < np && strcmp(names[part_i], f->path) != 0) part_i++;
        FUZZ_CHECK(part_i < np, "finding in an unknown file");
        int nl = lines_of(part[part_i], plen[part_i]);
        FUZZ_CHECK(f->loc.line >= 1 && f->loc.line <= nl + 1, "finding line out of range");
        FUZZ_CHECK(f->loc.col >= 1 && f->loc.end_col >= 1, "finding column below 1");
        FUZZ_CHECK(f->loc.end_line >= f->loc.line, "finding ends before it starts");
    }
    index_free(&ix);
    findings_free(&out);
    arena_free(&sums);
    free(all);
    return 0;
}
