/* check_fix.c — see check_fix.h. */
#include "check_fix.h"

#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "output/output.h"

bool check_fix_applies(const CheckFixOptions *o, const CheckFixHooks *h, const Finding *f) {
    return output_fix_applies(f, o->unsafe) && h->fixable(h->ud, f);
}

typedef struct Driver {
    const CheckFixOptions *o;
    const CheckFixHooks *h;
} Driver;

static bool analyze(void *ud, const SourceOverlay *ov, FindingList *out) {
    Driver *d = ud;
    return d->h->analyze(d->h->ud, ov, out);
}

static bool wanted(void *ud, const Finding *f) {
    Driver *d = ud;
    return check_fix_applies(d->o, d->h, f);
}

static bool put(FILE *f, const char *data, size_t len) {
    return (!len || fwrite(data, 1, len, f) == len) && fflush(f) == 0;
}

/* What the loop could not do, said once per file: on stderr, as errors and warnings. */
static void report_troubles(const FixSession *s, const CheckFixOptions *o) {
    for (int32_t i = 0; i < s->n; i++) {
        const FixFile *f = &s->files[i];
        if (f->reverted)
            fprintf(stderr,
                    "deadwood: error: %s: fixes undone: they left a syntax error (%s); the file "
                    "keeps its original text. This is a bug in deadwood: please report it\n",
                    f->display, f->reverted);
    }
    if (!s->converged && !o->quiet)
        for (int32_t i = 0; i < s->n; i++)
            if (s->files[i].last_pass == s->passes - 1)
                fprintf(stderr,
                        "deadwood: warning: %s: still changing after %d passes of fixes; the "
                        "findings left are those of its last version\n",
                        s->files[i].display, FIX_MAX_PASSES);
}

bool check_fix_run(const char *const *files, int32_t n, const CheckFixOptions *o,
                   const CheckFixHooks *h, CheckFixResult *r) {
    memset(r, 0, sizeof *r);
    findings_init(&r->remaining);
    const char **displays = calloc((size_t)(n ? n : 1), sizeof *displays);
    if (!displays) return cli_usage_error("out of memory"), false;
    for (int32_t i = 0; i < n; i++) displays[i] = o->from_stdin && o->shown ? o->shown : files[i];
    Driver d = {o, h};
    bool ok = fix_session_init(&r->session, files, displays, n, o->max_file_size);
    free(displays);
    if (!ok) return cli_usage_error("out of memory"), false;
    FindingList fl;
    if (!fix_session_run(&r->session, analyze, wanted, &d, &fl))
        return false; /* (the analysis said why, or memory ran out) */
    findings_free(&r->remaining);
    r->remaining = fl;
    const FixSession *s = &r->session;
    report_troubles(s, o);
    Buf diff;
    buf_init(&diff);
    for (int32_t i = 0; i < s->n; i++) {
        const FixFile *f = &s->files[i];
        int32_t fixed = fix_file_fixed(f);
        r->fixed += fixed;
        r->fixed_files += fixed > 0;
        r->changes |= f->current != NULL;
        if (o->mode == FIXMODE_DIFF && f->current) {
            fix_unified_diff(&diff, f->display, f->original, f->original_len, f->current,
                             f->current_len);
        } else if (o->mode == FIXMODE_APPLY && o->from_stdin) {
            size_t len;
            const char *bytes = fix_file_bytes(f, &len);
            if (bytes && !put(stdout, bytes, len)) ok = cli_usage_error("cannot write output");
        } else if (o->mode == FIXMODE_APPLY && f->current) {
            char err[600];
            if (!fix_file_write(f, err, sizeof err)) {
                fprintf(stderr, "deadwood: error: %s\n", err);
                r->failed = true;
                r->fixed -= fixed;
                r->fixed_files -= fixed > 0;
            }
        }
    }
    if (diff.failed)
        ok = cli_usage_error("out of memory");
    else if (!put(stdout, diff.data, diff.len))
        ok = cli_usage_error("cannot write output");
    buf_free(&diff);
    return ok;
}

void check_fix_result_free(CheckFixResult *r) {
    findings_free(&r->remaining);
    fix_session_free(&r->session);
}

/* The remaining findings --fix would repair, and those only --unsafe-fixes would. */
static void fixables(const FindingList *fl, const CheckFixOptions *o, const CheckFixHooks *h,
                     int32_t *applicable, int32_t *hidden) {
    *applicable = *hidden = 0;
    for (int32_t i = 0; i < fl->len; i++) {
        const Finding *f = &fl->items[i];
        if (!f->fix || !h->fixable(h->ud, f)) continue;
        if (output_fix_applies(f, o->unsafe))
            ++*applicable;
        else
            ++*hidden;
    }
}

static const char *es(int32_t n) {
    return n == 1 ? "" : "es";
}

void check_fix_hints(const FindingList *remaining, const CheckFixOptions *o,
                     const CheckFixHooks *h) {
    int32_t applicable, hidden;
    fixables(remaining, o, h, &applicable, &hidden);
    if (applicable && hidden)
        fprintf(stderr,
                "[*] %d fixable with the `--fix` option (%d hidden fix%s can be enabled with the "
                "`--unsafe-fixes` option).\n",
                (int)applicable, (int)hidden, es(hidden));
    else if (applicable)
        fprintf(stderr, "[*] %d fixable with the `--fix` option.\n", (int)applicable);
    else if (hidden)
        fprintf(stderr,
                "No fixes available (%d hidden fix%s can be enabled with the `--unsafe-fixes` "
                "option).\n",
                (int)hidden, es(hidden));
}

static int by_count(const void *p, const void *q) {
    const FixCount *a = p, *b = q;
    if (a->n != b->n) return a->n > b->n ? -1 : 1;
    return strcmp(a->code, b->code);
}

static int by_display(const void *p, const void *q) {
    return strcmp((*(const FixFile *const *)p)->display, (*(const FixFile *const *)q)->display);
}

void check_fix_show(const CheckFixResult *r) {
    if (!r || r->fixed <= 0) return;
    const FixSession *s = &r->session;
    const FixFile **files = calloc((size_t)s->n + 1, sizeof *files);
    if (!files) return;
    int32_t n = 0, widest = 1;
    for (int32_t i = 0; i < s->n; i++)
        if (fix_file_fixed(&s->files[i]) > 0 && !s->files[i].reverted) {
            files[n++] = &s->files[i];
            for (int32_t k = 0; k < s->files[i].ncounts; k++) {
                int w = snprintf(NULL, 0, "%d", (int)s->files[i].counts[k].n);
                widest = w > widest ? w : widest;
            }
        }
    qsort(files, (size_t)n, sizeof *files, by_display);
    fprintf(stderr, "\nFixed %d problem%s:\n", (int)r->fixed, r->fixed == 1 ? "" : "s");
    for (int32_t i = 0; i < n; i++) {
        fprintf(stderr, "- %s:\n", files[i]->display);
        qsort(files[i]->counts, (size_t)files[i]->ncounts, sizeof *files[i]->counts, by_count);
        for (int32_t k = 0; k < files[i]->ncounts; k++) {
            const FixCount *c = &files[i]->counts[k];
            fprintf(stderr, "    %*d \xc3\x97 %s (%s)\n", (int)widest, (int)c->n, c->code,
                    c->name ? c->name : "");
        }
    }
    fputc('\n', stderr);
    free(files);
}

void check_fix_only_summary(const CheckFixResult *r, const FindingList *remaining,
                            const CheckFixOptions *o, const CheckFixHooks *h) {
    int32_t applicable, hidden;
    fixables(remaining, o, h, &applicable, &hidden);
    bool would = o->mode == FIXMODE_DIFF;
    const char *s = r->fixed == 1 ? "" : "s";
    if (r->fixed && hidden)
        fprintf(stderr, "%s %d problem%s (%d additional fix%s available with `--unsafe-fixes`).\n",
                would ? "Would fix" : "Fixed", (int)r->fixed, s, (int)hidden, es(hidden));
    else if (hidden)
        fprintf(stderr, "No problems %s (%d fix%s available with `--unsafe-fixes`).\n",
                would ? "would be fixed" : "fixed", (int)hidden, es(hidden));
    else if (r->fixed)
        fprintf(stderr, "%s %d problem%s.\n", would ? "Would fix" : "Fixed", (int)r->fixed, s);
}

/* ---- --add-noqa ---------------------------------------------------------------------------- */

int check_add_noqa(const char *const *files, int32_t n, const CheckFixOptions *o,
                   const CheckFixHooks *h) {
    FixSession s;
    FindingList fl;
    findings_init(&fl);
    if (!fix_session_init(&s, files, NULL, n, o->max_file_size)) {
        findings_free(&fl);
        return cli_usage_error("out of memory");
    }
    int rc = EXIT_CLEAN;
    if (!h->analyze(h->ud, fix_session_overlay(&s), &fl)) rc = EXIT_USAGE;
    int32_t added = 0, skipped = 0, in_cells = 0;
    const Finding **fs = calloc((size_t)fl.len + 1, sizeof *fs);
    if (!fs && rc == EXIT_CLEAN) rc = cli_usage_error("out of memory");
    for (int32_t i = 0; rc == EXIT_CLEAN && i < fl.len;) {
        int32_t j = i, k = 0;
        for (; j < fl.len && strcmp(fl.items[j].path, fl.items[i].path) == 0; j++)
            if (strcmp(fl.items[j].code, "DW003") == 0 || fl.items[j].noqa_line <= 0)
                continue;
            else if (fl.items[j]
                         .loc.cell) /* a notebook: its lines are cells' lines, not the file's */
                in_cells++;
            else
                fs[k++] = &fl.items[j];
        int32_t fi = k ? fix_session_file(&s, fl.items[i].path) : -1;
        const FixFile *f = fi >= 0 ? &s.files[fi] : NULL;
        if (f && f->original) {
            Arena a;
            arena_init(&a);
            int32_t lines, skip;
            const Fix *fix = fix_noqa_edit(&a, f->original, f->original_len, fs, k, &lines, &skip);
            bool applied = false;
            int changed = fix ? fix_session_apply(&s, fi, &fix, 1, &applied) : 0;
            if (changed < 0) rc = cli_usage_error("out of memory");
            skipped += skip;
            if (changed > 0 && applied) {
                char err[600];
                if (fix_file_write(f, err, sizeof err)) {
                    added += lines;
                } else {
                    fprintf(stderr, "deadwood: error: %s\n", err);
                    rc = EXIT_USAGE;
                }
            } else if (changed > 0) {
                fprintf(stderr,
                        "deadwood: error: %s: noqa comments not added: they left a syntax "
                        "error (%s). This is a bug in deadwood: please report it\n",
                        f->display, f->reverted ? f->reverted : "?");
                rc = EXIT_USAGE;
            }
            arena_free(&a);
        }
        i = j;
    }
    if (rc != EXIT_USAGE && !o->quiet) {
        if (skipped)
            fprintf(stderr,
                    "deadwood: warning: %d finding%s on lines that cannot end with a comment (the "
                    "line ends inside a string, continues with a backslash, or holds the file's "
                    "`# deadwood: noqa`): no noqa added\n",
                    (int)skipped, skipped == 1 ? "" : "s");
        if (in_cells)
            fprintf(stderr,
                    "deadwood: warning: %d finding%s in notebook cells: no noqa added (write "
                    "`# noqa: CODE` in the cell)\n",
                    (int)in_cells, in_cells == 1 ? "" : "s");
        fprintf(stderr, "Added %d noqa directive%s.\n", (int)added, added == 1 ? "" : "s");
    }
    free(fs);
    findings_free(&fl);
    fix_session_free(&s);
    return rc;
}
