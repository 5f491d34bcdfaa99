/* DW303 stale-override
 *
 * What it does: finds an override that still has statements its base method had and no longer
 * has: the base was changed (most often fixed) after the override was copied from it, and the
 * change never reached the copy. It reads the repository's history with git: the base method's
 * past versions, along the first-parent history of HEAD, following renames of its file back to
 * its creation.
 *
 * Why is this a bug: the override was written as a copy of the base method, and the base's own
 * authors have since removed those statements from it. An override that keeps them keeps what
 * they removed: this is how deadwood's founding bug came back. DeepSpeed's ZenFlow optimizer
 * copied a ZeRO method before commit 1a8ad24 replaced its `if grad_accum is None:` branch (which
 * dereferenced the None it had just tested) with `assert grad_accum is not None`; the copy kept
 * the dead branch for a year.
 *
 * Example:
 *     class DeepSpeedZeroOptimizer:
 *         def copy_grad(self, param):
 *             grad = self.get_grad(param)
 *             assert grad is not None          # was `if grad is None: ...` until 1a8ad24
 *             src = grad.view(-1)
 *             ...
 *     class ZenFlowOptimizer(DeepSpeedZeroOptimizer):
 *         def copy_grad(self, param):          # copied before 1a8ad24
 *             grad = self.get_grad(param)
 *             if grad is None:
 *                 src = grad.view(-1)
 *             ...
 *   reports: stale override: ZenFlowOptimizer.copy_grad still has `if grad is None:` … (lines
 *   4-6), which DeepSpeedZeroOptimizer.copy_grad had until 1a8ad24 (2025-08-02, "fix issues
 *   raised by Coverity scans (#7431)") changed it to `assert grad is not None`
 *
 * Use instead: apply the base's change to the override too, or call super() for the shared part.
 *
 * Which pairs: an override and the base method it overrides, both found in the tree, with at
 * least 4 statements in common (as DW301 counts them: a compound statement is its header and its
 * inner statements; docstrings are dropped; no share is asked), where the override does not call
 * super() and the base is not a stub or abstract. A statement of the override is stale when it
 * does not match the current base, matched (by longest common subsequence) a statement of a past
 * version of the base that the base's next change deleted, and the override has it more often
 * than the current base. One finding per override and base commit, at the override's first stale
 * statement, naming the commit (short id, date, subject: for the merge of a GitHub pull request,
 * its title and number), the old lines and what they became,
 * with the base method's current definition as the related location. Uncommitted changes to the
 * base count as a commit of their own ("your uncommitted changes"); a pull request's commits are
 * history like any other, so its CI reports a base fixed without its copy.
 *
 * Only a change that its history calls a fix is reported: its subject names a defect (fix, bug,
 * crash, error, wrong, missing, regression, gh-N, ...; a pull request's title, a Gerrit merge's
 * quoted title; never a revert's), or the body of its message says which issue it fixes
 * (`Fixes #5241`, `Closes-Bug: #1234567`; not `Closes #12` nor `Related-Bug`; the finding then
 * names it: `..., fixing #5241)`); uncommitted changes count. With
 * `[tool.deadwood.rules.DW303] changes = "all"`, every change is reported.
 *
 * Not reported: a change that is cosmetic (the statements are equal after renaming locals
 * consistently, emptying strings and f-strings, dropping annotations and `cast()` and keyword
 * arguments equal to their parameter's default, the callee found by name in the base's file:
 * `self.wrap(x, strict=False)` where `wrap` has `strict=False`); a commit that also changed the
 * override (its author saw both); an override that already has a statement the change added;
 * statements the change moved into a function it added or changed in the base's file (extract
 * method); statements that say little alone (`pass`, `return`, `else:`); the other direction (the
 * override changed, the base not); a change that switches on an attribute of self the base's file
 * never had before (a new option, which copies for other platforms may not share), or that gave the
 * base a new parameter and uses it where the stale statement was (`if self._dirty:` become
 * `if self._dirty or force:`, `force=False` new) when the override does not take that parameter; a
 * change that rewrote the base method rather than fixed it (it deleted more than 3 of its
 * statements, weak ones not counted: a fix replaces a few, the seed's two); a call the change
 * replaced by the one call the called function makes (`self.process(x, **kw)` become
 * `x._compiler_dispatch(self, **kw)` where `process` only returns that: an inlining); a change that
 * deleted the stale statement and put nothing in its place (the base stopped doing something, most
 * often because something else now does it: in the copy it is at worst redundant); a change whose
 * subject says it adds a feature (its first word, after `[tags]` and a `type(scope):` prefix, add,
 * implement, support, introduce or new, or the type feat or one of those words; for a Gerrit merge,
 * `Merge "<title>"`, in the title it quotes), unless the subject
 * also names a defect (fix, bug, crash, error, wrong, missing, regression, gh-N, ...); a change
 * that every copy kept out of (two or more overrides left stale by one commit, none of the base's
 * overrides taking it, and none the same as the base: the change was the base's own); an override
 * that was no copy of the base as it was before the change (it shares less than half of the shorter
 * of the two: written to differ, it borrowed a few lines, like a printer for another language); a
 * statement the base turned into a parameter with the same default (`x = kwargs.pop("x", None)`
 * become the keyword-only `x=None`: the override gets what the base gets); a name defined more than
 * once in a class (a property's getter and setter: the history finds a method by its name);
 * overrides in test files (`test_*.py`,
 * `*_test.py`, `conftest.py`, a `tests/` directory) unless
 * `[tool.deadwood.rules.DW303] in-tests = true`.
 *
 * Off by default (opt-in: `--extend-select DW303`, or `extend-select = ["DW303"]`): on 266
 * projects with long histories, 22 of its 43 findings in library code were fixes the copy missed
 * (14 of 34 on the projects it was not chosen on, 4 of 17 on the two rounds registered before
 * they were run; with changes = "all", 40 of 109); the others are fixes the copy cannot need,
 * which neither the statements nor the history tell apart (the README's "Why each default is
 * what it is").
 *
 * With `[tool.deadwood.rules.DW303] clones = true`, two functions of the tree that are not a
 * method and one it overrides are compared too, each as the other's copy, when they have at least
 * 4 statements in common that at most 8 functions have and half the shorter's statements (each
 * with its 16 likeliest copies at most; neither in a test file, unless in-tests):
 * `stale copy: load_tsv still has ..., which load (pkg/csvio.py) had until ...`. On 10 projects,
 * 4 of the 25 of its 40 findings judged were fixes the copy missed (16%: most copies are
 * siblings written to differ, create and update), so it is a search, not a gate.
 *
 * Needs git and the history: outside a git work tree or without the git program DW303 is silent
 * (`-v` says why); a shallow clone (CI's default `fetch-depth: 1`) gets a warning naming the fix
 * (`fetch-depth: 0`). What it reads is cached per file and HEAD in the cache directory: a run
 * with an unchanged HEAD reads no history.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include "check/tree.h"
#include "history/history.h"
#include "history/units.h"
#include "parse/parser.h"
#include "rule_docs.h"
#include "source/source.h"

enum {
    MAX_UNITS = 1000, /* longer methods are not compared */
    MAX_FIX_GONE = 3, /* statements a fix deletes at most (rewrite()) */
};

bool stale_override_in_test_file(const char *path) {
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t n = strlen(base);
    if (strncmp(base, "test_", 5) == 0 || strcmp(base, "conftest.py") == 0 ||
        (n > 8 && strcmp(base + n - 8, "_test.py") == 0))
        return true;
    for (const char *p = path; (p = strstr(p, "tests/")); p++)
        if (p == path || p[-1] == '/') return true;
    return false;
}

/* A candidate: a pair of the index that passes the rule's conditions. */
typedef struct Cand {
    int32_t pair;
} Cand;

static int32_t count(const StmtUnit *u, int32_t n, uint64_t h) {
    int32_t k = 0;
    for (int32_t i = 0; i < n; i++) k += u[i].hash == h;
    return k;
}

/* The files the checks below read again (the index keeps no syntax tree): each parsed once a run
 * however many verdicts ask, the FILES_KEPT last asked kept. A file of thousands of copies of one
 * method has as many verdicts, and parsing it again for each took minutes (tests/robust/copies.py);
 * a verdict reads two files at a time (its override's and its base's). */
enum { FILES_KEPT = 4 };

typedef struct Parsed {
    const char *path; /* (a module summary's: lives as long as the run) */
    Arena arena;
    SourceText src;
    ParseResult pr;
    bool ok;
    uint64_t used;
} Parsed;

typedef struct Files {
    Parsed slot[FILES_KEPT];
    uint64_t clock;
} Files;

static const Parsed *file_parsed(Files *fs, const char *path) {
    Parsed *p = &fs->slot[0];
    for (int k = 0; k < FILES_KEPT; k++) {
        Parsed *q = &fs->slot[k];
        if (q->path && strcmp(q->path, path) == 0) {
            q->used = ++fs->clock;
            return q;
        }
        if (q->used < p->used) p = q; /* (the least recently asked: an empty slot first) */
    }
    if (p->path) arena_free(&p->arena);
    memset(p, 0, sizeof *p);
    arena_init(&p->arena);
    p->path = path, p->used = ++fs->clock;
    char *data;
    size_t len;
    SourceError se;
    ParseError pe;
    if (source_read_file(path, &data, &len, &se)) {
        p->ok = parse_bytes(&p->arena, data, len, &p->src, &p->pr, &pe) == PARSE_OK;
        dw_free(data);
    }
    return p;
}

static void files_free(Files *fs) {
    for (int k = 0; k < FILES_KEPT; k++)
        if (fs->slot[k].path) arena_free(&fs->slot[k].arena);
}

/* A function as it is in its file now: its def and its statements (in arena). */
typedef struct Override {
    Arena arena;
    SourceText src;
    ParseResult pr;
    const Node *def;
    UnitNode *units;
    int32_t nunits;
} Override;

static void override_open(Override *o, Files *fs, const ModuleSummary *ms, const FuncSum *f) {
    memset(o, 0, sizeof *o);
    arena_init(&o->arena);
    const Parsed *p = file_parsed(fs, ms->path);
    if (!p->ok) return;
    o->src = p->src, o->pr = p->pr;
    if ((o->def = units_find_def(o->pr.module, f->name, f->line))) {
        int32_t n = units_of(o->def, NULL, 0);
        o->units = arena_alloc(&o->arena, sizeof *o->units * (size_t)(n + 1));
        if (o->units) o->nunits = units_of(o->def, o->units, n);
    }
}

/* Unit i's text, and its location (1-based character columns, on its first line). */
static bool override_unit(const Override *o, int32_t i, char *buf, size_t cap, SumLoc *loc) {
    if (i >= o->nunits) return false;
    const UnitNode *u = &o->units[i];
    unit_text(u, &o->src, &o->pr.lines, buf, cap);
    const Node *n = u->node;
    const char *line = o->src.text + o->pr.lines.starts[n->lineno - 1];
    const char *eol = strchr(line, '\n');
    size_t end = n->end_lineno == n->lineno ? (size_t)n->end_col_offset
                                            : (size_t)(eol ? eol - line : (ptrdiff_t)strlen(line));
    loc->line = loc->end_line = n->lineno;
    loc->col = utf8_count_chars(line, (size_t)n->col_offset) + 1;
    loc->end_col = utf8_count_chars(line, end) + 1;
    return true;
}

static bool subject_says_fix(const char *s);

/* "1a8ad24f0d (2025-08-02, "subject")", with ", fixing #12" when only the message's body says it
 * is a fix, or "your uncommitted changes". */
static void describe_commit(const FileCommit *c, char *buf, size_t cap) {
    if (!c->id[0]) {
        snprintf(buf, cap, "your uncommitted changes");
        return;
    }
    time_t t = (time_t)c->time;
    struct tm tm;
    char date[16] = "?";
    if (gmtime_r(&t, &tm)) strftime(date, sizeof date, "%Y-%m-%d", &tm);
    snprintf(buf, cap, "%.10s (%s, \"", c->id, date);
    size_t len = strlen(c->subject), keep = len, tail = 0;
    enum { MAX_SUBJECT = 155 }; /* bytes */
    if (len > MAX_SUBJECT) {
        /* cut at a character, before "…", keeping a pull request's " (#N)" */
        const char *num = strstr(c->subject, " (#");
        while (num && strstr(num + 1, " (#")) num = strstr(num + 1, " (#");
        if (num && c->subject[len - 1] == ')' && len - (size_t)(num - c->subject) <= 16)
            tail = len - (size_t)(num - c->subject);
        keep = MAX_SUBJECT - tail;
        while (keep && ((unsigned char)c->subject[keep] & 0xC0) == 0x80) keep--;
    }
    size_t at = strlen(buf);
    snprintf(buf + at, cap - at, "%.*s%s%s\"", (int)keep, c->subject, keep < len ? "…" : "",
             tail ? c->subject + len - tail : "");
    at = strlen(buf);
    if (c->fixes[0] && !subject_says_fix(c->subject))
        snprintf(buf + at, cap - at, ", fixing %s", c->fixes);
    at = strlen(buf);
    snprintf(buf + at, cap - at, ")");
}

/* Whether the override's history has a version made by the commit with this id. */
static bool edited_by(const FileHistory *fo, const FnHistory *ho, const char *id) {
    for (int32_t k = 0; ho && k < ho->nversions; k++)
        if (strcmp(fo->commits[ho->versions[k].commit].id, id) == 0) return true;
    return false;
}

typedef struct Pair {
    const ModuleSummary *ms, *bm;
    const FuncSum *f, *b;
    const MethodCode *fc, *bc;
    bool clone; /* f is no override of b, but a copy of it elsewhere (CheckOptions.stale_clones) */
} Pair;

/* Where the base's version `next` put what replaced unit t of `prev`: the units of next between
 * the statements kept around t, as [*from, *to). False when out of memory. */
static bool replaced_span(const FnVersion *prev, const FnVersion *next, int32_t t, int32_t *from,
                          int32_t *to) {
    int32_t np = prev->nunits, nn = next->nunits;
    uint64_t *x = malloc(sizeof *x * (size_t)(np + nn + 1));
    int32_t *ma = malloc(sizeof *ma * (size_t)(np + nn + 1));
    bool ok = x && ma;
    if (ok) {
        int32_t *mb = ma + np;
        for (int32_t i = 0; i < np; i++) x[i] = prev->units[i].hash;
        for (int32_t j = 0; j < nn; j++) x[np + j] = next->units[j].hash;
        ok = history_lcs(x, np, x + np, nn, ma, mb) >= 0;
    }
    if (ok) {
        *from = 0, *to = nn;
        for (int32_t i = t - 1; i >= 0; i--)
            if (ma[i] >= 0) {
                *from = ma[i] + 1;
                break;
            }
        for (int32_t i = t + 1; i < np; i++)
            if (ma[i] >= 0) {
                *to = ma[i];
                break;
            }
    }
    free(x), free(ma);
    return ok;
}

/* Whether u is one of the statements a change added that says something (its text is kept). */
static bool added(const HistUnit *u) {
    return (u->flags & (HUNIT_NEW | HUNIT_WEAK)) == HUNIT_NEW && u->text;
}

/* The text of the first statement that replaced unit t, and whether there are more; NULL when
 * none did, or out of memory. */
static const char *became(const FnVersion *prev, const FnVersion *next, int32_t t, bool *more) {
    int32_t from, to;
    const char *text = NULL;
    *more = false;
    if (!replaced_span(prev, next, t, &from, &to)) return NULL;
    for (int32_t j = from; j < to; j++) {
        if (!added(&next->units[j])) continue;
        if (text) {
            *more = true;
            break;
        }
        text = next->units[j].text;
    }
    return text;
}

static void report(TreeCtx *tx, Files *fs, const Pair *p, const FileHistory *fb,
                   const FnHistory *hb, int32_t v, const int32_t *stale, int32_t nstale,
                   int32_t first, int32_t at) {
    const FnVersion *prev = &hb->versions[v], *next = &hb->versions[v + 1];
    int32_t lo = INT32_MAX, hi = 0;
    for (int32_t k = 0; k < nstale; k++) {
        int32_t line = p->fc->units[stale[k]].line;
        lo = line < lo ? line : lo, hi = line > hi ? line : hi;
    }
    char old[160], when[512], where[64], fname[QUALNAME_MAX], bname[QUALNAME_MAX];
    Override o;
    override_open(&o, fs, p->ms, p->f);
    SumLoc loc;
    if (o.nunits != p->fc->nunits || !override_unit(&o, first, old, sizeof old, &loc)) {
        snprintf(old, sizeof old, "line %d", (int)p->fc->units[first].line); /* (changed since) */
        loc = func_def(p->f);
    }
    arena_free(&o.arena);
    describe_commit(&fb->commits[next->commit], when, sizeof when);
    if (lo == hi)
        snprintf(where, sizeof where, "line %d", lo);
    else
        snprintf(where, sizeof where, "lines %d-%d", lo, hi);
    bool more = false;
    const char *now = became(prev, next, at, &more);
    char what[300];
    if (!now) /* (the first stale statement was removed; a later one was changed: removal()) */
        snprintf(what, sizeof what, "removed it");
    else if (strcmp(now, old) == 0)
        snprintf(what, sizeof what, "changed its body");
    else
        snprintf(what, sizeof what, "changed it to `%s`%s", now, more ? " …" : "");
    SumLoc bdef = func_def(p->b);
    func_qualname(p->ms, p->f, fname, sizeof fname);
    func_qualname(p->bm, p->b, bname, sizeof bname);
    if (p->clone)
        tree_report(tx, p->ms, &loc, p->bm, &bdef, "the function it copies, as it is now",
                    "stale copy: %s still has `%s`%s (%s), which %s (%s) had until %s %s", fname,
                    old, nstale > 1 ? " …" : "", where, bname, p->bm->path, when, what);
    else
        tree_report(tx, p->ms, &loc, p->bm, &bdef, "the base method as it is now",
                    "stale override: %s still has `%s`%s (%s), which %s had until %s %s", fname,
                    old, nstale > 1 ? " …" : "", where, bname, when, what);
}

/* The findings of one pair, from the newest change of the base to the oldest: each statement of
 * the override is blamed on the latest change that left it stale. */
/* A finding to be, or (adopted) an override that took a change of its base: kept until every
 * pair is judged, since the copies of one method are judged together (see Sibling). */
typedef struct Verdict {
    const Pair *p;
    const FileHistory *fb;
    const FnHistory *hb;
    int32_t v; /* the change: hb's versions v to v + 1 */
    const char *commit;
    bool adopted;
    bool borrowed; /* stale, but the override was no copy of the base (copied_from) */
    int32_t *stale, nstale, first, at;
    int32_t *was;  /* per stale statement: the unit of the base's version `v` it matched */
    uint8_t *weak; /* per stale statement: one that says little (HUNIT_WEAK) */
} Verdict;

typedef VEC(Verdict) Verdicts;

/* Whether the override was a copy of the base's version `prev` (ov: the override's statements
 * matched in it): at least half of the shorter of the two in common. An override that shares
 * less was written to differ and borrowed a few lines (a printer for another language, a
 * platform's own way of doing it), and what the base's change did to them was not meant for it
 * (on eighteen projects, 3 findings went so, none a fix the copy missed). It still counts as a
 * copy that kept out of the change (sibling_consensus). */
static bool copied_from(const int32_t *ov, int32_t n, int32_t nprev) {
    int32_t common = 0;
    for (int32_t i = 0; i < n; i++) common += ov[i] >= 0;
    return 2 * common >= (n < nprev ? n : nprev);
}

/* Whether the change that ended version `prev` of the base rewrote the method rather than fixed
 * it: it deleted more than MAX_FIX_GONE statements (weak ones, like `else:`, not counted). A fix
 * replaces a few statements (the seed's replaced two: `if grad_accum is None:` and its arm); a
 * change that deletes more restructures the method or adds a feature, and a copy that kept the old
 * shape is the copy's own design. On eighteen projects with long histories, the 13 fixes the copies
 * missed deleted at most 3 statements each, and none of the 5 findings of larger changes was one;
 * chosen there, the bound then took out 3 findings in library code on 37 other projects, none a
 * fix. */
static bool rewrite(const FnVersion *prev) {
    int32_t gone = 0;
    for (int32_t k = 0; k < prev->nunits; k++)
        gone += (prev->units[k].flags & (HUNIT_GONE | HUNIT_WEAK)) == HUNIT_GONE;
    return gone > MAX_FIX_GONE;
}

static void judge(TreeCtx *tx, const Pair *p, const FileHistory *fb, const FnHistory *hb,
                  const FileHistory *fo, const FnHistory *ho, Verdicts *out) {
    const StmtUnit *o = p->fc->units;
    int32_t n = p->fc->nunits, m = p->bc->nunits;
    uint64_t *x = malloc(sizeof *x * (size_t)(n + m + MAX_UNITS + 1));
    int32_t *ob = malloc(sizeof *ob * (size_t)(n + m + 1) * 2);
    int32_t *ov = malloc(sizeof *ov * (size_t)(n + MAX_UNITS + 1) * 2);
    int32_t *blamed = malloc(sizeof *blamed * (size_t)(n + 1) * 2);
    if (!x || !ob || !ov || !blamed) {
        tx->failed = true;
        goto done;
    }
    int32_t *stale = blamed + n + 1;
    for (int32_t i = 0; i < n; i++) x[i] = o[i].hash, blamed[i] = -1;
    for (int32_t j = 0; j < m; j++) x[n + j] = p->bc->units[j].hash;
    if (history_lcs(x, n, x + n, m, ob, ob + n) < 0) {
        tx->failed = true;
        goto done;
    }
    for (int32_t v = hb->nversions - 2; v >= 0; v--) {
        const FnVersion *prev = &hb->versions[v], *next = &hb->versions[v + 1];
        if (prev->nunits > MAX_UNITS) continue;
        bool gone = false;
        for (int32_t k = 0; k < prev->nunits && !gone; k++)
            gone = (prev->units[k].flags & (HUNIT_GONE | HUNIT_WEAK)) == HUNIT_GONE;
        const char *id = fb->commits[next->commit].id;
        if (!gone || (next->flags & FNV_NEW_ATTRIBUTE) || rewrite(prev)) continue;
        bool has_new = false; /* the override already has a statement the change added */
        for (int32_t k = 0; k < next->nunits && !has_new; k++)
            has_new = (next->units[k].flags & (HUNIT_NEW | HUNIT_WEAK)) == HUNIT_NEW &&
                      count(o, n, next->units[k].hash) > 0;
        if (has_new || p->fc->body_hash == p->bc->body_hash) { /* (the same: took them all) */
            if (VEC_PUSH(&tx->arena, *out,
                         ((Verdict){p, fb, hb, v, id, true, false, NULL, 0, 0, 0, NULL, NULL})))
                tx->failed = true;
            continue;
        }
        if (edited_by(fo, ho, id)) continue; /* its author saw both */
        uint64_t *y = x + n + m;
        for (int32_t k = 0; k < prev->nunits; k++) y[k] = prev->units[k].hash;
        if (history_lcs(x, n, y, prev->nunits, ov, ov + n) < 0) {
            tx->failed = true;
            goto done;
        }
        int32_t nstale = 0, first = -1, at = -1;
        for (int32_t i = 0; i < n; i++) {
            int32_t t = ov[i];
            if (t < 0 || !(prev->units[t].flags & HUNIT_GONE) || ob[i] >= 0 || blamed[i] >= 0 ||
                count(o, n, o[i].hash) <= count(p->bc->units, m, o[i].hash))
                continue;
            stale[nstale++] = i;
            if (first < 0 && !(prev->units[t].flags & HUNIT_WEAK)) first = i, at = t;
        }
        if (first < 0) continue; /* only statements that say little */
        for (int32_t k = 0; k < nstale; k++) blamed[stale[k]] = v;
        int32_t *keep = arena_memdup(&tx->arena, stale, sizeof *stale * (size_t)nstale);
        int32_t *was = arena_alloc(&tx->arena, sizeof *was * (size_t)(nstale + 1));
        uint8_t *weak = arena_alloc(&tx->arena, (size_t)nstale + 1);
        for (int32_t k = 0; was && weak && k < nstale; k++) {
            was[k] = ov[stale[k]];
            weak[k] = (prev->units[was[k]].flags & HUNIT_WEAK) != 0;
        }
        if (!keep || !was || !weak ||
            VEC_PUSH(&tx->arena, *out,
                     ((Verdict){p, fb, hb, v, id, false, !copied_from(ov, n, prev->nunits), keep,
                                nstale, first, at, was, weak})))
            tx->failed = true;
    }
done:
    free(x), free(ob), free(ov), free(blamed);
}

/* ---- what the verdicts say together ---------------------------------------------------------
 * Two questions are asked of a verdict's fellows: the other copies of its base left stale by its
 * commit (sibling_consensus), and what was told of its statement before (told_groups). A tree with
 * thousands of copies of one method and a long history has hundreds of thousands of verdicts, so
 * they are grouped by sorting (V log V), never by comparing each with every other (V², which took
 * 41 s on 3,000 copies of a method fixed 40 times). */

typedef struct Keyed {
    uintptr_t a, b; /* two pointers or flags of the key */
    const char *commit;
    int32_t i; /* the verdict */
} Keyed;

static int by_key(const void *x, const void *y) {
    const Keyed *p = x, *q = y;
    if (p->a != q->a) return p->a < q->a ? -1 : 1;
    if (p->b != q->b) return p->b < q->b ? -1 : 1;
    int c = strcmp(p->commit, q->commit);
    return c ? c : (p->i > q->i) - (p->i < q->i);
}

/* Numbers the groups of the n keys (sorted in place) and sets group[k.i] for each; returns how
 * many groups there are. */
static int32_t group_by(Keyed *ks, int32_t n, int32_t *group) {
    if (n) qsort(ks, (size_t)n, sizeof *ks, by_key);
    int32_t g = -1;
    for (int32_t k = 0; k < n; k++) {
        const Keyed *p = &ks[k], *q = &ks[k - (k > 0)];
        if (!k || p->a != q->a || p->b != q->b || strcmp(p->commit, q->commit) != 0) g++;
        group[p->i] = g;
    }
    return g + 1;
}

/* Whether every copy of the base method kept what the change removed: two or more overrides
 * left stale by the same commit, and none of the base's overrides took the change. Then the
 * change was the base's own (a case, a platform or a setting its copies do not share: on real
 * projects nearly all such findings were), and none of them is reported. Sets consensus[i] for
 * each verdict; false when out of memory. (Overrides are judged alike whether clones are compared
 * or not.) */
static bool sibling_consensus(const Verdicts *vs, uint8_t *consensus) {
    int32_t n = vs->len, *group = malloc(sizeof *group * ((size_t)n + 1));
    int32_t *stale = calloc((size_t)n + 1, sizeof *stale); /* per group; -1: one adopted */
    Keyed *ks = malloc(sizeof *ks * ((size_t)n + 1));
    bool ok = group && stale && ks;
    for (int32_t i = 0; ok && i < n; i++) {
        const Verdict *d = &vs->items[i];
        ks[i] = (Keyed){(uintptr_t)d->p->b, d->p->clone, d->commit, i};
    }
    if (ok) group_by(ks, n, group);
    for (int32_t i = 0; ok && i < n; i++) {
        int32_t *g = &stale[group[i]];
        *g = vs->items[i].adopted || *g < 0 ? -1 : *g + 1;
    }
    for (int32_t i = 0; ok && i < n; i++) consensus[i] = stale[group[i]] >= 2;
    free(group), free(stale), free(ks);
    return ok;
}

/* ---- statements the base turned into a parameter ---------------------------------------------
 * `x = kwargs.pop("x", None)` become the keyword-only parameter `x=None` is the same method
 * written another way: the override that still pops its keyword, with the same default, gets
 * what the base gets. */

/* Whether unit u is `name = KW.pop("name", D)` (or `.get`), the base's def has the parameter
 * name with default D (`.get` without one: None; `.pop` without one: no default), and the
 * override's def has no parameter name. */
static bool now_a_param(const UnitNode *u, const Node *odef, const Node *bdef) {
    const Node *x = u->node, *c;
    if (u->part != UNIT_WHOLE || x->kind != AST_ASSIGN || x->Assign.targets.len != 1 ||
        x->Assign.targets.items[0]->kind != AST_NAME || (c = x->Assign.value)->kind != AST_CALL ||
        c->Call.func->kind != AST_ATTRIBUTE || c->Call.keywords.len || !c->Call.args.len ||
        c->Call.args.len > 2)
        return false;
    Str name = x->Assign.targets.items[0]->Name.id, method = c->Call.func->Attribute.attr;
    const Node *key = c->Call.args.items[0],
               *d = c->Call.args.len == 2 ? c->Call.args.items[1] : NULL;
    bool pop = str_eq_c(method, "pop");
    if ((!pop && !str_eq_c(method, "get")) || key->kind != AST_CONSTANT ||
        key->Constant.value.kind != CONST_STR || !str_eq(key->Constant.value.s, name))
        return false;
    const Node *pd, *od;
    if (!units_param(bdef, name, &pd) || units_param(odef, name, &od)) return false;
    if (d) return pd && ast_equal(d, pd);
    if (pop) return !pd;
    return pd && pd->kind == AST_CONSTANT && pd->Constant.value.kind == CONST_NONE;
}

/* Whether every stale statement of d is one the base turned into a parameter. */
static bool into_signature(Files *fs, const Verdict *d) {
    Override o, b;
    override_open(&o, fs, d->p->ms, d->p->f);
    override_open(&b, fs, d->p->bm, d->p->b);
    bool all = o.nunits == d->p->fc->nunits && b.def;
    for (int32_t k = 0; all && k < d->nstale; k++)
        all = now_a_param(&o.units[d->stale[k]], o.def, b.def);
    arena_free(&o.arena), arena_free(&b.arena);
    return all;
}

/* ---- a new option -----------------------------------------------------------------------------
 * A change that gave the base method a new parameter and used it in what replaced the stale
 * statement (`if self._dirty:` become `if self._dirty or force:`, `force=False` new in its
 * signature) gave the base an option; an override that does not take that parameter has no such
 * option to miss (as with a new switch on self, FNV_NEW_ATTRIBUTE). */

static bool name_char(char c) {
    return c == '_' || (c >= '0' && c <= '9') || ((c | 32) >= 'a' && (c | 32) <= 'z') ||
           (unsigned char)c >= 0x80;
}

/* What follows each whole-word occurrence of name in text (not inside a longer name; after a `.`
 * only when attributes count): the first character after it and its spaces. Whether one of them
 * is accepted by want(). */
static bool word_then(const char *text, Str name, bool attributes, bool (*want)(const char *)) {
    size_t n = strlen(text), k = (size_t)name.len;
    for (size_t i = 0; k && i + k <= n; i++) {
        if (memcmp(text + i, name.s, k) != 0 || name_char(text[i + k]) ||
            (i && (name_char(text[i - 1]) || (!attributes && text[i - 1] == '.'))))
            continue;
        const char *after = text + i + k;
        while (*after == ' ') after++;
        if (want(after)) return true;
    }
    return false;
}

static bool not_keyword(const char *after) { /* `name=` is a keyword argument's name */
    return !(after[0] == '=' && after[1] != '=');
}

static bool call_paren(const char *after) {
    return *after == '(';
}

/* Whether text uses name as a name (not `.name`, nor the keyword of an argument `name=`). */
static bool has_word(const char *text, Str name) {
    return word_then(text, name, false, not_keyword);
}

/* Whether text calls name: `name(` or `x.name(`. */
static bool text_calls(const char *text, Str name) {
    return word_then(text, name, true, call_paren);
}

static bool new_option(Files *fs, const Verdict *d) {
    const FnVersion *prev = &d->hb->versions[d->v], *next = &d->hb->versions[d->v + 1];
    int32_t from, to;
    if (!replaced_span(prev, next, d->at, &from, &to)) return false;
    Override o, b;
    override_open(&o, fs, d->p->ms, d->p->f);
    override_open(&b, fs, d->p->bm, d->p->b);
    bool found = false;
    const Node *a = o.def && b.def ? b.def->FunctionDef.args : NULL;
    const NodeList *lists[] = {a ? &a->arguments.posonlyargs : NULL, a ? &a->arguments.args : NULL,
                               a ? &a->arguments.kwonlyargs : NULL};
    for (int k = 0; a && k < 3 && !found; k++)
        for (int32_t i = 0; i < lists[k]->len && !found; i++) {
            Str name = lists[k]->items[i]->arg.arg;
            const Node *dflt;
            if (history_has_name(prev, name) || units_param(o.def, name, &dflt)) continue;
            for (int32_t j = from; j < to && !found; j++)
                found = added(&next->units[j]) && has_word(next->units[j].text, name);
        }
    arena_free(&o.arena), arena_free(&b.arena);
    return found;
}

/* ---- features ---------------------------------------------------------------------------------
 * A change whose own subject says it adds something ("Add allow_section_headings to the parsing
 * methods", "Implement support for retaining the index", "feat: noise augmentation") gave the
 * base a feature, and a copy without it is a copy without the feature, not one that missed a fix:
 * on 125 projects, 16 findings came from such changes and 1 was a fix the copy missed. The
 * subject is read after its `[tags]` and a `type(scope):` prefix (a conventional commit's `feat:`
 * says the same), and a Gerrit merge's by the title it quotes; a subject that also names a defect
 * ("Add the missing None check", "Add a guard against the crash in load") is a fix, and is
 * reported. */

static bool word_is(const char *w, size_t n, const char *const *list) {
    for (; *list; list++)
        if (strlen(*list) == n && strncasecmp(w, *list, n) == 0) return true;
    return false;
}

static bool letter(char c) {
    return (c | 32) >= 'a' && (c | 32) <= 'z';
}

static const char *const FIX_WORDS[] = {
    "fix",   "fixes",   "fixed", "fixing", "bug",   "bugs",      "bugfix",  "hotfix",
    "crash", "crashes", "error", "errors", "wrong", "incorrect", "missing", "regression",
    "typo",  "broken",  "issue", "issues", "leak",  "race",      NULL};

/* Whether s[0, end) names a defect: one of FIX_WORDS as a word, or an issue reference `gh-N`. */
static bool names_defect_in(const char *s, const char *end) {
    for (const char *p = s; p < end;) {
        if (!letter(*p)) {
            p++;
            continue;
        }
        const char *w = p;
        while (p < end && letter(*p)) p++;
        size_t n = (size_t)(p - w);
        if (w != s && name_char(w[-1])) continue; /* inside a longer name */
        if ((p == end || !name_char(*p)) && word_is(w, n, FIX_WORDS)) return true;
        if (n == 2 && strncasecmp(w, "gh", 2) == 0 && end - p >= 2 && p[0] == '-' && p[1] >= '0' &&
            p[1] <= '9')
            return true;
    }
    return false;
}

static bool names_defect(const char *s) {
    return names_defect_in(s, s + strlen(s));
}

/* Whether a commit's subject says it fixes something (names_defect): a Gerrit merge's by the title
 * it quotes (`Merge "<title>" into <branch>`: a branch named bugfix/2.1 says nothing of the
 * change), and a revert's never (`Revert "<subject>"` takes a change back, a fix or not). */
static bool subject_says_fix(const char *s) {
    if (strncmp(s, "Revert \"", 8) == 0) return false;
    const char *q = strncmp(s, "Merge \"", 7) == 0 ? strrchr(s + 7, '"') : NULL;
    return q ? names_defect_in(s + 7, q) : names_defect(s);
}

static bool feature_subject(const char *s) {
    static const char *const FEATURE_TYPES[] = {"feat", "feature", NULL};
    static const char *const FEATURE_WORDS[] = {
        "add",         "adds",         "added",   "adding",   "implement", "implements",
        "implemented", "implementing", "support", "supports", "supported", "introduce",
        "introduces",  "introduced",   "new",     NULL};
    if (names_defect(s)) return false;
    if (strncmp(s, "Merge \"", 7) == 0) s += 7; /* Gerrit's: `Merge "<title>"[ into <branch>]` */
    /* the prefixes: `[tag] `, `[tag]: `, `type(scope)!: `; a tag or a type may say feat, and a
     * type that is a feature word is the subject's first word ("Add: ...") */
    for (;;) {
        while (*s == ' ' || *s == '\t') s++;
        const char *w = s, *e;
        size_t n;
        if (*s == '[' && (e = strchr(s, ']'))) {
            w = s + 1, n = (size_t)(e - w), s = e + 1;
            if (*s == ':') s++; /* `[tag]: ` */
        } else {
            while (letter(*s)) s++;
            n = (size_t)(s - w);
            e = s;
            const char *close = *e == '(' ? strchr(e, ')') : NULL;
            if (close) e = close + 1;
            if (*e == '!') e++;
            if (!n || e[0] != ':' || (e[1] != ' ' && e[1] != '\t')) {
                s = w; /* no prefix: the subject's first word */
                break;
            }
            s = e + 1;
            if (word_is(w, n, FEATURE_WORDS)) return true;
        }
        if (word_is(w, n, FEATURE_TYPES)) return true;
    }
    const char *w = s;
    while (letter(*s)) s++;
    return !name_char(*s) && word_is(w, (size_t)(s - w), FEATURE_WORDS);
}

/* The commit whose change a verdict is about. */
static const FileCommit *change_of(const Verdict *d) {
    return &d->fb->commits[d->hb->versions[d->v + 1].commit];
}

/* ---- fixes ------------------------------------------------------------------------------------
 * DW303 reports the fixes a copy missed, and a change is taken for a fix when its history says
 * so: its subject names a defect ("fix issues raised by Coverity scans", "bug fix (#2703)", "Fix
 * gh-12939"; a pull request's title, a Gerrit merge's quoted title; not a revert's), or the body
 * of its message says which issue it fixes ("Fixes #5241", "Closes-Bug: #1234567"; not "Closes
 * #12", which a feature says too, nor "Related-Bug"). Any other change (a refactor, a speed-up, a
 * new option, a print become a log call) changed the base for reasons of its own, which the copy
 * may not share. Uncommitted changes, the user's own work in progress, are taken as they are. */
static bool fix(const Verdict *d) {
    const FileCommit *c = change_of(d);
    return !c->id[0] || c->fixes[0] || subject_says_fix(c->subject);
}

/* Whether the change was, by its subject, a feature the base gained. */
static bool feature(const Verdict *d) {
    return feature_subject(change_of(d)->subject);
}

/* ---- removals ---------------------------------------------------------------------------------
 * A change that deleted the stale statements and put nothing in their place stopped the base doing
 * something, most often because something else now does it (an index that makes a check
 * redundant, a wrapper that records what the method used to store): in the copy the statement is
 * at worst redundant. On 65 projects, none of the 6 findings of such changes was a fix the copy
 * missed (4 in library code, 2 in examples). */
static bool removal(const Verdict *d) {
    const FnVersion *prev = &d->hb->versions[d->v], *next = &d->hb->versions[d->v + 1];
    for (int32_t k = 0; k < d->nstale; k++) {
        int32_t from, to;
        if (d->weak[k]) continue;
        if (!replaced_span(prev, next, d->was[k], &from, &to)) return false;
        for (int32_t j = from; j < to; j++)
            if (added(&next->units[j])) return false;
    }
    return true;
}

/* ---- inlined calls ---------------------------------------------------------------------------
 * `order_by = self.process(clause, **kw)` become `order_by = clause._compiler_dispatch(self,
 * **kw)`, where the base's file has `def process(self, obj, **kw): return obj._compiler_dispatch(
 * self, **kw)`: the change put the one statement of a function in place of its call (inlining, to
 * save a call), and the copy that still makes the call does the same thing. */

enum { MAX_CALLEES = 32 };

typedef struct Callees {
    Str names[MAX_CALLEES];
    int n, depth;
} Callees;

/* The names a statement calls: `f(...)` and `x.f(...)` both give f. */
static int collect_calls(Node *x, void *ud) {
    Callees *c = ud;
    if (c->depth > 200) return 0;
    if (x->kind == AST_CALL && c->n < MAX_CALLEES) {
        const Node *f = x->Call.func;
        if (f->kind == AST_NAME) c->names[c->n++] = f->Name.id;
        if (f->kind == AST_ATTRIBUTE) c->names[c->n++] = f->Attribute.attr;
    }
    c->depth++;
    ast_children(x, collect_calls, ud);
    c->depth--;
    return 0;
}

/* The statements of the base's next version that replaced a stale one: next->units[from, to). */
typedef struct Span {
    const FnVersion *next;
    int32_t from, to;
} Span;

/* Whether a statement the change added in span calls name. */
static bool span_calls(const Span *sp, Str name) {
    for (int32_t j = sp->from; j < sp->to; j++)
        if (added(&sp->next->units[j]) && text_calls(sp->next->units[j].text, name)) return true;
    return false;
}

/* Whether def fn's body is one statement (a docstring aside) that calls a name the statements
 * added in span call: `return obj._compiler_dispatch(self, **kw)`. */
static bool wrapper_of(const Node *fn, const Span *sp) {
    const NodeList *body = &fn->FunctionDef.body;
    int32_t i = 0;
    if (body->len && body->items[0]->kind == AST_EXPR &&
        body->items[0]->Expr.value->kind == AST_CONSTANT &&
        body->items[0]->Expr.value->Constant.value.kind == CONST_STR)
        i = 1;
    if (body->len != i + 1) return false;
    const Node *x = body->items[i], *call = NULL;
    if (x->kind == AST_RETURN) call = x->Return.value;
    if (x->kind == AST_EXPR) call = x->Expr.value;
    if (!call || call->kind != AST_CALL) return false;
    const Node *f = call->Call.func;
    Str g = f->kind == AST_NAME        ? f->Name.id
            : f->kind == AST_ATTRIBUTE ? f->Attribute.attr
                                       : (Str){0};
    return g.len && span_calls(sp, g);
}

typedef struct DefScan {
    Str name;
    const Span *span;
    bool found;
    int depth;
} DefScan;

/* Looks for a def of the name that is a wrapper_of a call the change added. */
static int scan_wrappers(Node *x, void *ud) {
    DefScan *s = ud;
    if (s->found || s->depth > 100) return 1;
    if ((x->kind == AST_FUNCTION_DEF || x->kind == AST_ASYNC_FUNCTION_DEF) &&
        str_eq(x->FunctionDef.name, s->name) && wrapper_of(x, s->span)) {
        s->found = true;
        return 1;
    }
    if (x->kind != AST_MODULE && x->kind != AST_CLASS_DEF) return 0; /* defs of modules, classes */
    s->depth++;
    ast_children(x, scan_wrappers, ud);
    s->depth--;
    return s->found;
}

/* Whether every stale statement of d that says something calls a function of the base's file that
 * the change inlined: a one-statement function whose call the statements that replaced it make
 * instead. */
static bool inlined(Files *fs, const Verdict *d) {
    const FnVersion *prev = &d->hb->versions[d->v], *next = &d->hb->versions[d->v + 1];
    Override o, b;
    override_open(&o, fs, d->p->ms, d->p->f);
    override_open(&b, fs, d->p->bm, d->p->b);
    bool all = o.nunits == d->p->fc->nunits && b.pr.module;
    for (int32_t k = 0; all && k < d->nstale; k++) {
        if (d->weak[k]) continue;
        const UnitNode *u = &o.units[d->stale[k]];
        Callees c = {.n = 0};
        if (u->part == UNIT_WHOLE)
            collect_calls((Node *)u->node, &c);
        else if (u->part == UNIT_HEADER && (u->node->kind == AST_IF || u->node->kind == AST_WHILE))
            collect_calls(u->node->If.test, &c);
        Span sp = {next, 0, 0};
        bool one = false;
        if (!replaced_span(prev, next, d->was[k], &sp.from, &sp.to)) {
            all = false;
            break;
        }
        for (int i = 0; i < c.n && !one; i++) {
            if (span_calls(&sp, c.names[i])) continue;
            DefScan s = {c.names[i], &sp, false, 0};
            scan_wrappers((Node *)b.pr.module, &s);
            one = s.found;
        }
        all = one;
    }
    arena_free(&o.arena), arena_free(&b.arena);
    return all;
}

/* The statements a and b have in common (longest common subsequence), or -1 out of memory. */
static int32_t common_units(const MethodCode *a, const MethodCode *b) {
    int32_t n = a->nunits, m = b->nunits;
    uint64_t *x = malloc(sizeof *x * (size_t)(n + m + 1));
    int32_t *ma = malloc(sizeof *ma * (size_t)(n + m + 1));
    int32_t common = -1;
    if (x && ma) {
        for (int32_t k = 0; k < n; k++) x[k] = a->units[k].hash;
        for (int32_t k = 0; k < m; k++) x[n + k] = b->units[k].hash;
        common = history_lcs(x, n, x + n, m, ma, ma + n);
    }
    free(x), free(ma);
    return common;
}

typedef struct Pairs {
    Pair *items;
    int32_t len, cap;
} Pairs;

static bool push_pair(Pairs *v, Pair p) {
    if (v->len == v->cap) {
        int32_t cap = v->cap ? 2 * v->cap : 64;
        Pair *items = realloc(v->items, sizeof *items * (size_t)cap);
        if (!items) return false;
        v->items = items, v->cap = cap;
    }
    v->items[v->len++] = p;
    return true;
}

/* Whether the pair is one to compare: statements that differ (or, with same_ok, the same), neither
 * too long, at least DRIFT_MIN_COMMON of them in common. An override the same as its base has no
 * stale statement, but it took every change of the base since it was copied: with it, a change
 * is not one every copy kept out of (sibling_consensus). */
static bool comparable(TreeCtx *tx, const Pair *p, bool same_ok) {
    if (!p->fc || !p->bc || (!same_ok && p->fc->body_hash == p->bc->body_hash)) return false;
    if (p->fc->nunits > MAX_UNITS || p->bc->nunits > MAX_UNITS) return false;
    int32_t common = common_units(p->fc, p->bc);
    if (common < 0) tx->failed = true;
    return common >= DRIFT_MIN_COMMON;
}

/* ---- clones -----------------------------------------------------------------------------------
 * With `[tool.deadwood.rules.DW303] clones = true`, two functions anywhere in the tree that have
 * DRIFT_MIN_COMMON statements in common and are not a method and one it overrides (or the other
 * way) are compared too, each as the other's copy: a fix that reached one and not the other is
 * reported on the other, with everything else as for an override. Candidates are found through
 * the statements they share that few functions have (MAX_SHARERS at most): a statement that
 * many functions have (`self.x = x`, `return result`) says nothing of a copy, and would make the
 * pairs to compare grow with the square of the tree. A pair is compared when it has
 * DRIFT_MIN_COMMON such statements in common and half the shorter function's statements, and
 * each function with MAX_PARTNERS others at most (those sharing most first): the work a tree can
 * ask for grows with its size, not its square, whatever it holds. */

enum {
    MAX_SHARERS = 8,  /* functions a statement is shared by, at most, to say they may be copies */
    MAX_PARTNERS = 16 /* copies compared with one function, at most (those sharing most first) */
};

/* A pair of candidates (a << 32 | b, a < b) and the rare statements they share. */
typedef struct Linked {
    uint64_t pair;
    int32_t shared;
} Linked;

static int by_strength(const void *x, const void *y) {
    const Linked *a = x, *b = y;
    if (a->shared != b->shared) return a->shared > b->shared ? -1 : 1;
    return (a->pair > b->pair) - (a->pair < b->pair);
}

typedef struct Occ {
    uint64_t hash;
    int32_t fn; /* the candidate's number */
} Occ;

static int by_occ(const void *a, const void *b) {
    const Occ *x = a, *y = b;
    if (x->hash != y->hash) return x->hash < y->hash ? -1 : 1;
    return (x->fn > y->fn) - (x->fn < y->fn);
}

static int by_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

/* Whether f's qualified name is f's alone in its module (not a name defined twice, in a class
 * or a class defined twice, or at the top level under `if`/`else`): the history finds a function
 * by that name. */
static bool defined_once(const ModuleSummary *m, const FuncSum *f) {
    char mine[QUALNAME_MAX], theirs[QUALNAME_MAX];
    func_qualname(m, f, mine, sizeof mine);
    for (int32_t i = 0; i < m->nfunctions; i++) {
        const FuncSum *g = &m->functions[i];
        if (g != f && g->outer < 0 && strcmp(g->name, f->name) == 0 &&
            strcmp(func_qualname(m, g, theirs, sizeof theirs), mine) == 0)
            return false;
    }
    return true;
}

/* The statements of c, their hashes sorted (into out, c->nunits of them). */
static void sorted_hashes(const MethodCode *c, uint64_t *out) {
    for (int32_t k = 0; k < c->nunits; k++) out[k] = c->units[k].hash;
    qsort(out, (size_t)c->nunits, sizeof *out, by_u64);
}

/* Whether two functions have, as multisets, at least half the shorter's statements in common:
 * what a copy has (copied_from asks as much of the version it was copied from), checked in
 * linear time before the quadratic longest common subsequence. a and b: sorted_hashes. */
static bool alike_enough(const uint64_t *a, int32_t n, const uint64_t *b, int32_t m) {
    int32_t i = 0, j = 0, common = 0;
    while (i < n && j < m)
        if (a[i] == b[j])
            common++, i++, j++;
        else if (a[i] < b[j])
            i++;
        else
            j++;
    return common >= DRIFT_MIN_COMMON && 2 * common >= (n < m ? n : m);
}

/* Whether a and b are a method and one it overrides, either way (the override pairs' business:
 * an override that calls super() is left alone on purpose). */
static bool override_related(const ProjectIndex *ix, FuncRef a, FuncRef b) {
    const FuncSum *f = &ix->modules[a.module]->functions[a.fn],
                  *g = &ix->modules[b.module]->functions[b.fn];
    if (f->cls < 0 || g->cls < 0 || strcmp(f->name, g->name) != 0) return false;
    ClassRef ca = {a.module, f->cls}, cb = {b.module, g->cls};
    return index_derives(ix, ca, cb) || index_derives(ix, cb, ca);
}

static bool clone_pairs(TreeCtx *tx, Pairs *out) {
    const ProjectIndex *ix = tx->ix;
    VEC(FuncRef) cands = {0};
    VEC(Occ) occ = {0};
    VEC(uint64_t) shared = {0};
    bool ok = true;
    for (int32_t m = 0; ok && m < ix->nmodules; m++) {
        const ModuleSummary *ms = ix->modules[m];
        if (!tx->opt->stale_in_tests && stale_override_in_test_file(ms->path)) continue;
        for (int32_t i = 0; ok && i < ms->nfunctions; i++) {
            const MethodCode *c = func_code(ms, i);
            if (!c || !index_clone_candidate(ms, i) || c->nunits > MAX_UNITS) continue;
            int32_t id = cands.len;
            ok = !VEC_PUSH(&tx->arena, cands, ((FuncRef){m, i}));
            for (int32_t k = 0; ok && k < c->nunits; k++)
                ok = !VEC_PUSH(&tx->arena, occ, ((Occ){c->units[k].hash, id}));
        }
    }
    if (ok && occ.len) qsort(occ.items, (size_t)occ.len, sizeof *occ.items, by_occ);
    /* per statement shared by 2 to MAX_SHARERS functions, each pair of them (a < b: a << 32 | b) */
    for (int32_t i = 0, j; ok && i < occ.len; i = j) {
        int32_t fns[MAX_SHARERS + 1], n = 0;
        for (j = i; j < occ.len && occ.items[j].hash == occ.items[i].hash; j++)
            if (n <= MAX_SHARERS && (!n || fns[n - 1] != occ.items[j].fn))
                fns[n++] = occ.items[j].fn; /* (each function once: sorted by fn) */
        if (n < 2 || n > MAX_SHARERS) continue;
        for (int32_t a = 0; ok && a < n; a++)
            for (int32_t b = a + 1; ok && b < n; b++)
                ok = !VEC_PUSH(&tx->arena, shared,
                               ((uint64_t)(uint32_t)fns[a] << 32 | (uint32_t)fns[b]));
    }
    if (ok && shared.len) qsort(shared.items, (size_t)shared.len, sizeof *shared.items, by_u64);
    /* the pairs with DRIFT_MIN_COMMON rare statements in common, most first */
    VEC(Linked) links = {0};
    for (int32_t i = 0, j; ok && i < shared.len; i = j) {
        for (j = i; j < shared.len && shared.items[j] == shared.items[i]; j++) {
        }
        if (j - i >= DRIFT_MIN_COMMON)
            ok = !VEC_PUSH(&tx->arena, links, ((Linked){shared.items[i], j - i}));
    }
    if (ok && links.len) qsort(links.items, (size_t)links.len, sizeof *links.items, by_strength);
    uint8_t *partners = ok ? arena_zalloc(&tx->arena, (size_t)cands.len + 1) : NULL;
    uint64_t *ha = malloc(sizeof *ha * (MAX_UNITS + 1) * 2), *hb = ha ? ha + MAX_UNITS + 1 : NULL;
    if (!ha || !partners) ok = false;
    for (int32_t i = 0; ok && i < links.len; i++) {
        uint32_t ia = (uint32_t)(links.items[i].pair >> 32),
                 ib = (uint32_t)(links.items[i].pair & 0xffffffffu);
        if (partners[ia] >= MAX_PARTNERS || partners[ib] >= MAX_PARTNERS) continue;
        FuncRef a = cands.items[ia], b = cands.items[ib];
        const ModuleSummary *ma = ix->modules[a.module], *mb = ix->modules[b.module];
        const FuncSum *fa = &ma->functions[a.fn], *fb = &mb->functions[b.fn];
        if (override_related(ix, a, b) || !defined_once(ma, fa) || !defined_once(mb, fb)) continue;
        Pair p = {ma, mb, fa, fb, func_code(ma, a.fn), func_code(mb, b.fn), true};
        sorted_hashes(p.fc, ha), sorted_hashes(p.bc, hb);
        if (!alike_enough(ha, p.fc->nunits, hb, p.bc->nunits) || !comparable(tx, &p, false))
            continue;
        Pair q = {mb, ma, fb, fa, p.bc, p.fc, true};
        partners[ia]++, partners[ib]++;
        ok = push_pair(out, p) && push_pair(out, q);
    }
    free(ha);
    if (!ok) tx->failed = true;
    return ok;
}

/* A clone's finding that says what one reported before it says (the same copy, statement and
 * commit, against another function the commit fixed the same way: a copy of several) is not told
 * again. Groups the verdicts by (copy, statement, commit) into group[]; false when out of memory.
 */
static bool told_groups(const Verdicts *vs, int32_t *group) {
    int32_t n = vs->len;
    Keyed *ks = malloc(sizeof *ks * ((size_t)n + 1));
    if (!ks) return false;
    for (int32_t i = 0; i < n; i++) {
        const Verdict *d = &vs->items[i];
        ks[i] = (Keyed){(uintptr_t)d->p->f, (uintptr_t)(uint32_t)d->first, d->commit, i};
    }
    group_by(ks, n, group);
    free(ks);
    return true;
}

static int by_path(const void *a, const void *b) {
    return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The history of path, one of the n sorted paths whose histories fhs holds. */
static const FileHistory *file_of(const char **paths, const FileHistory **fhs, int32_t n,
                                  const char *path) {
    const char **at = bsearch(&path, paths, (size_t)n, sizeof *paths, by_path);
    return at ? fhs[at - paths] : NULL;
}

void stale_override_run(TreeCtx *tx) {
    const ProjectIndex *ix = tx->ix;
    History *h = tx->opt ? tx->opt->history : NULL;
    if (!h) return;
    Pairs pairs = {0};
    const char **paths = NULL;
    const FileHistory **fhs = NULL;
    int32_t npaths = 0;
    for (int32_t i = 0; i < ix->npairs && !tx->failed; i++) {
        if (ix->pairs[i].ndefs != 1 || ix->pairs[i].nbase_defs != 1) continue; /* (see mark()) */
        Pair p = {0};
        p.ms = ix->modules[ix->pairs[i].method.module];
        p.f = &p.ms->functions[ix->pairs[i].method.fn];
        p.bm = ix->modules[ix->pairs[i].base.module];
        p.b = &p.bm->functions[ix->pairs[i].base.fn];
        if ((p.f->flags & FN_CALLS_SUPER) || (p.b->flags & (FN_STUB | FN_ABSTRACT))) continue;
        if (!tx->opt->stale_in_tests && stale_override_in_test_file(p.ms->path)) continue;
        p.fc = func_code(p.ms, ix->pairs[i].method.fn);
        p.bc = func_code(p.bm, ix->pairs[i].base.fn);
        if (comparable(tx, &p, true) && !push_pair(&pairs, p)) tx->failed = true;
    }
    if (tx->opt->stale_clones && !tx->failed) clone_pairs(tx, &pairs);
    if (tx->failed) goto done;
    paths = malloc(sizeof *paths * (size_t)(pairs.len + 1) * 2);
    if (!paths) {
        tx->failed = true;
        goto done;
    }
    for (int32_t i = 0; i < pairs.len; i++)
        paths[npaths++] = pairs.items[i].ms->path, paths[npaths++] = pairs.items[i].bm->path;
    /* each file once, and its history looked up once (a tree of clones has many pairs a file) */
    if (npaths) qsort(paths, (size_t)npaths, sizeof *paths, by_path);
    int32_t nfiles = 0;
    for (int32_t i = 0; i < npaths; i++)
        if (!nfiles || strcmp(paths[nfiles - 1], paths[i]) != 0) paths[nfiles++] = paths[i];
    if (nfiles && !history_prepare(h, paths, nfiles)) tx->failed = true;
    fhs = malloc(sizeof *fhs * (size_t)(nfiles + 1));
    if (!fhs) tx->failed = true;
    for (int32_t i = 0; i < nfiles && fhs; i++) fhs[i] = history_file(h, paths[i]);
    Verdicts vs = {0};
    Files fs = {0};
    for (int32_t i = 0; i < pairs.len && !tx->failed; i++) {
        const Pair *p = &pairs.items[i];
        char fname[QUALNAME_MAX], bname[QUALNAME_MAX];
        const FileHistory *fb = file_of(paths, fhs, nfiles, p->bm->path),
                          *fo = file_of(paths, fhs, nfiles, p->ms->path);
        const FnHistory *hb = history_function(fb, func_qualname(p->bm, p->b, bname, sizeof bname));
        const FnHistory *ho = history_function(fo, func_qualname(p->ms, p->f, fname, sizeof fname));
        if (hb && hb->nversions >= 2) judge(tx, p, fb, hb, fo, ho, &vs);
    }
    int32_t nv = vs.len, *group = malloc(sizeof *group * ((size_t)nv + 1));
    uint8_t *consensus = malloc((size_t)nv + 1), *told = calloc((size_t)nv + 1, 1); /* per group */
    if (!group || !consensus || !told || !sibling_consensus(&vs, consensus) ||
        !told_groups(&vs, group))
        tx->failed = true;
    for (int32_t i = 0; i < nv && !tx->failed; i++) {
        const Verdict *d = &vs.items[i];
        if (d->adopted || d->borrowed || (!tx->opt->stale_all_changes && !fix(d)) || consensus[i] ||
            removal(d) || feature(d) || into_signature(&fs, d) || new_option(&fs, d) ||
            inlined(&fs, d) || (d->p->clone && told[group[i]]))
            continue;
        report(tx, &fs, d->p, d->fb, d->hb, d->v, d->stale, d->nstale, d->first, d->at);
        told[group[i]] = 1;
    }
    free(group), free(consensus), free(told);
    files_free(&fs);
done:
    free(pairs.items), free(paths), free(fhs);
}

bool stale_override_is_clone(const char *message) {
    return message && strncmp(message, "stale copy:", 11) == 0;
}

const Check check_stale_override = {
    .info = {"DW303", "stale-override",
             "An override still has statements its base method had until a later commit "
             "changed them (reads the git history).",
             DOC_DW303, false, "warning"},
};
