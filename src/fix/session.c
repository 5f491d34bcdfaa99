/* session.c — see session.h: the files held, the passes, the reverts. */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fix/apply.h"
#include "parse/parser.h"

static const char *copy(Arena *a, const char *s) {
    return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

/* A file index sorted by a name of the file. */
typedef struct Keyed {
    const char *key;
    int32_t i;
} Keyed;

static int by_key(const void *p, const void *q) {
    const Keyed *a = p, *b = q;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->i > b->i) - (a->i < b->i);
}

/* The files' indices in order of their display names (display) or paths, into out. */
static bool sorted_files(const FixSession *s, bool display, int32_t *out) {
    Keyed *k = dw_malloc(sizeof *k * (size_t)(s->n ? s->n : 1));
    if (!k) return false;
    for (int32_t i = 0; i < s->n; i++)
        k[i] = (Keyed){display ? s->files[i].display : s->files[i].path, i};
    qsort(k, (size_t)s->n, sizeof *k, by_key);
    for (int32_t i = 0; i < s->n; i++) out[i] = k[i].i;
    dw_free(k);
    return true;
}

bool fix_session_init(FixSession *s, const char *const *paths, const char *const *displays,
                      int32_t n, size_t max_size) {
    return fix_session_init_over(s, paths, displays, n, max_size, NULL);
}

bool fix_session_init_over(FixSession *s, const char *const *paths, const char *const *displays,
                           int32_t n, size_t max_size, const SourceOverlay *from) {
    memset(s, 0, sizeof *s);
    arena_init(&s->arena);
    s->converged = true;
    size_t k = (size_t)(n ? n : 1);
    s->files = arena_zalloc(&s->arena, sizeof *s->files * k);
    s->by_display = arena_alloc(&s->arena, sizeof *s->by_display * k);
    s->ov_paths = arena_alloc(&s->arena, sizeof *s->ov_paths * k);
    s->ov_bytes = arena_alloc(&s->arena, sizeof *s->ov_bytes * k);
    s->ov_lens = arena_alloc(&s->arena, sizeof *s->ov_lens * k);
    s->ov_file = arena_alloc(&s->arena, sizeof *s->ov_file * k);
    if (!s->files || !s->by_display || !s->ov_paths || !s->ov_bytes || !s->ov_lens || !s->ov_file)
        return false;
    s->n = n;
    for (int32_t i = 0; i < n; i++) {
        FixFile *f = &s->files[i];
        f->path = paths[i];
        f->display = displays && displays[i] ? displays[i] : paths[i];
        SourceError se;
        if (!source_read_over(from, f->path, max_size, &f->original, &f->original_len, &se))
            f->original = NULL; /* (the analysis reads it, and reports why it cannot) */
    }
    int32_t *order = arena_alloc(&s->arena, sizeof *order * k);
    if (!order || !sorted_files(s, true, s->by_display) || !sorted_files(s, false, order))
        return false;
    int32_t m = 0;
    for (int32_t j = 0; j < n; j++) {
        const FixFile *f = &s->files[order[j]];
        if (!f->original || (m && strcmp(s->ov_paths[m - 1], f->path) == 0)) continue;
        s->ov_paths[m] = f->path;
        s->ov_bytes[m] = f->original;
        s->ov_lens[m] = f->original_len;
        s->ov_file[m++] = order[j];
    }
    s->overlay = (SourceOverlay){s->ov_paths, s->ov_bytes, s->ov_lens, m};
    return true;
}

void fix_session_free(FixSession *s) {
    for (int32_t i = 0; i < s->n; i++) {
        dw_free(s->files[i].original);
        dw_free(s->files[i].current);
        dw_free(s->files[i].counts);
    }
    arena_free(&s->arena);
    memset(s, 0, sizeof *s);
}

const SourceOverlay *fix_session_overlay(const FixSession *s) {
    return &s->overlay;
}

static void refresh_overlay(FixSession *s) {
    for (int32_t m = 0; m < s->overlay.n; m++)
        s->ov_bytes[m] = fix_file_bytes(&s->files[s->ov_file[m]], &s->ov_lens[m]);
}

int32_t fix_file_fixed(const FixFile *f) {
    int32_t n = 0;
    for (int32_t i = 0; i < f->ncounts; i++) n += f->counts[i].n;
    return n;
}

int32_t fix_session_file(const FixSession *s, const char *display) {
    int32_t lo = 0, hi = s->n;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(s->files[s->by_display[mid]].display, display);
        if (c == 0) return s->by_display[mid];
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return -1;
}

static bool count(FixSession *s, FixFile *f, const Finding *x) {
    for (int32_t i = 0; i < f->ncounts; i++)
        if (strcmp(f->counts[i].code, x->code) == 0) return f->counts[i].n++, true;
    if (f->ncounts == f->capcounts &&
        hvec_grow_((void **)&f->counts, &f->capcounts, sizeof *f->counts, f->ncounts + 1))
        return false;
    FixCount c = {copy(&s->arena, x->code), copy(&s->arena, x->name), 1};
    if (!c.code) return false;
    f->counts[f->ncounts++] = c;
    return true;
}

int fix_session_apply(FixSession *s, int32_t fi, const Fix *const *fixes, int32_t n,
                      bool *applied) {
    FixFile *f = &s->files[fi];
    if (!f->original || f->reverted) {
        for (int32_t i = 0; i < n; i++) applied[i] = false;
        return 0;
    }
    size_t len;
    const char *bytes = fix_file_bytes(f, &len);
    Buf out;
    buf_init(&out);
    if (!fix_apply(bytes, len, fixes, n, applied, &out)) {
        buf_free(&out);
        return -1;
    }
    int rc = 0;
    if (out.len != len || (len && memcmp(out.data, bytes, len) != 0)) {
        Arena a;
        arena_init(&a);
        SourceText st;
        ParseResult pr;
        ParseError err;
        ParseStatus ps = parse_bytes(&a, out.data ? out.data : "", out.len, &st, &pr, &err);
        rc = 1;
        if (ps == PARSE_NO_MEMORY) {
            rc = -1;
        } else if (ps != PARSE_OK) { /* every change undone: back to the original bytes */
            char why[400];
            snprintf(why, sizeof why, "%d:%d: %s", err.line, err.col + 1, err.msg);
            f->reverted = copy(&s->arena, why);
            dw_free(f->current);
            f->current = NULL;
            f->ncounts = 0;
            for (int32_t i = 0; i < n; i++) applied[i] = false;
            if (!f->reverted) rc = -1;
        } else {
            dw_free(f->current);
            f->current = out.data;
            f->current_len = out.len;
            out.data = NULL;
        }
        arena_free(&a);
    }
    buf_free(&out);
    refresh_overlay(s);
    return rc;
}

/* Applies the wanted fixes of findings [from, to) (one file's) to file fi, counting them. 1:
 * changed, 0: not, -1: out of memory. */
static int fix_one(FixSession *s, int32_t fi, const FindingList *fl, int32_t from, int32_t to,
                   FixWanted wanted, void *ud) {
    int32_t n = to - from;
    const Fix **fixes = dw_malloc(sizeof *fixes * (size_t)n);
    bool *applied = dw_malloc(sizeof *applied * (size_t)n);
    int rc = fixes && applied ? 0 : -1;
    for (int32_t i = 0; rc == 0 && i < n; i++) {
        const Finding *x = &fl->items[from + i];
        fixes[i] = x->fix && wanted(ud, x) ? x->fix : NULL;
    }
    if (rc == 0) rc = fix_session_apply(s, fi, fixes, n, applied);
    for (int32_t i = 0; rc > 0 && i < n; i++)
        if (applied[i] && !count(s, &s->files[fi], &fl->items[from + i])) rc = -1;
    dw_free(fixes);
    dw_free(applied);
    return rc;
}

int32_t fix_session_pass(FixSession *s, const FindingList *fl, FixWanted wanted, void *ud) {
    int32_t changed = 0;
    /* the findings come sorted by path: each file's are together */
    for (int32_t i = 0; i < fl->len;) {
        int32_t j = i + 1;
        while (j < fl->len && strcmp(fl->items[j].path, fl->items[i].path) == 0) j++;
        bool any = false;
        for (int32_t k = i; k < j && !any; k++) any = fl->items[k].fix != NULL;
        int32_t fi = any ? fix_session_file(s, fl->items[i].path) : -1;
        FixFile *f = fi >= 0 ? &s->files[fi] : NULL;
        if (f && f->original && !f->reverted) {
            int rc = fix_one(s, fi, fl, i, j, wanted, ud);
            if (rc < 0) return -1;
            if (rc > 0) {
                changed++;
                f->last_pass = s->passes;
            }
        }
        i = j;
    }
    return changed;
}

bool fix_session_run(FixSession *s, FixAnalyze analyze, FixWanted wanted, void *ud,
                     FindingList *out) {
    for (;;) {
        FindingList fl;
        findings_init(&fl);
        s->passes++;
        if (!analyze(ud, &s->overlay, &fl)) {
            findings_free(&fl);
            return false;
        }
        if (s->passes > FIX_MAX_PASSES) { /* the findings of the last change stand */
            s->converged = false;
            *out = fl;
            return true;
        }
        int32_t changed = fix_session_pass(s, &fl, wanted, ud);
        if (changed == 0) {
            *out = fl;
            return true;
        }
        findings_free(&fl);
        if (changed < 0) return false;
    }
}
