/* diff.c — unified diffs of a fixed file (see fix_unified_diff in session.h).
 *
 * Lines common to both ends are set aside, then Myers' O((N+M)D) algorithm finds a shortest edit
 * script of the middle, keeping each step's furthest-reaching paths (O(D^2) memory: fixes change
 * few lines). Past DIFF_MAX_D differences the middle is written as one replacement: still a
 * correct diff, only not a minimal one.
 */
#include <stdlib.h>
#include <string.h>

#include "base/str.h"
#include "fix/session.h"

enum { DIFF_CONTEXT = 3, DIFF_MAX_D = 2000 };

typedef struct Line {
    const char *s;
    size_t n; /* with its line end */
    uint64_t h;
} Line;

/* Splits text into lines (ending at \n, \r\n or \r, each kept); how many, or -1 (OOM). */
static int32_t split(const char *t, size_t len, Line **out) {
    size_t cap = 1;
    for (size_t i = 0; i < len; i++) cap += t[i] == '\n' || t[i] == '\r';
    Line *l = dw_malloc(sizeof *l * cap);
    if (!l) return -1;
    int32_t n = 0;
    for (size_t s = 0, i = 0; s < len; s = i) {
        while (i < len && t[i] != '\n' && t[i] != '\r') i++;
        if (i < len) i += t[i] == '\r' && i + 1 < len && t[i + 1] == '\n' ? 2 : 1;
        l[n++] = (Line){t + s, i - s, hash_bytes(t + s, i - s, HASH_SEED)};
    }
    *out = l;
    return n;
}

static bool same(const Line *a, const Line *b) {
    return a->h == b->h && a->n == b->n && memcmp(a->s, b->s, a->n) == 0;
}

/* The edit script: per line of a and of b, in order, ' ' (both), '-' (a only), '+' (b only). */
typedef struct Op {
    char kind;
    int32_t a, b; /* the line of a (for ' ' and '-') and of b (for ' ' and '+') */
} Op;

/* Myers on a[0..n) and b[0..m): the ops, in order, appended to ops (room for n + m). */
static bool myers(const Line *a, int32_t n, const Line *b, int32_t m, Op *ops, int32_t *nops,
                  int32_t ao, int32_t bo) {
    int32_t max = n + m < DIFF_MAX_D ? n + m : DIFF_MAX_D;
    /* trace[d] holds V for k in [-d, d] after step d */
    int32_t **trace = dw_malloc(sizeof *trace * (size_t)(max + 1));
    int32_t *v = dw_malloc(sizeof *v * (size_t)(2 * max + 3));
    if (!trace || !v) {
        dw_free(trace), dw_free(v);
        return false;
    }
    int32_t off = max + 1, d_end = -1;
    v[off + 1] = 0;
    for (int32_t d = 0; d <= max && d_end < 0; d++) {
        for (int32_t k = -d; k <= d; k += 2) {
            int32_t x = k == -d || (k != d && v[off + k - 1] < v[off + k + 1]) ? v[off + k + 1]
                                                                               : v[off + k - 1] + 1;
            int32_t y = x - k;
            while (x < n && y < m && same(&a[x], &b[y])) x++, y++;
            v[off + k] = x;
            if (x >= n && y >= m) d_end = d;
        }
        trace[d] = dw_malloc(sizeof(int32_t) * (size_t)(2 * d + 1));
        if (!trace[d]) {
            for (int32_t i = 0; i < d; i++) dw_free(trace[i]);
            dw_free(trace), dw_free(v);
            return false;
        }
        memcpy(trace[d], v + off - d, sizeof(int32_t) * (size_t)(2 * d + 1));
        if (d == max && d_end < 0) d_end = -2;
    }
    int32_t start = *nops;
    if (d_end == -2) { /* too many differences: the whole middle replaced */
        for (int32_t i = 0; i < n; i++) ops[(*nops)++] = (Op){'-', ao + i, 0};
        for (int32_t j = 0; j < m; j++) ops[(*nops)++] = (Op){'+', 0, bo + j};
    } else {
        /* back from (n, m), the ops in reverse */
        int32_t x = n, y = m;
        for (int32_t d = d_end; d >= 0; d--) {
            const int32_t *pv = d ? trace[d - 1] : NULL; /* V after step d-1: index k+(d-1) */
            int32_t k = x - y, pk = 0, px = 0;
            if (d > 0) {
                bool down = k == -d || (k != d && pv[k - 1 + d - 1] < pv[k + 1 + d - 1]);
                pk = down ? k + 1 : k - 1;
                px = pv[pk + d - 1];
            }
            int32_t sx = d ? (pk == k + 1 ? px : px + 1) : 0; /* where the snake begins */
            while (x > sx && y > sx - k) ops[(*nops)++] = (Op){' ', ao + --x, bo + --y};
            if (d == 0) break;
            if (pk == k + 1)
                ops[(*nops)++] = (Op){'+', 0, bo + --y};
            else
                ops[(*nops)++] = (Op){'-', ao + --x, 0};
        }
        for (int32_t i = start, j = *nops - 1; i < j; i++, j--) {
            Op t = ops[i];
            ops[i] = ops[j], ops[j] = t;
        }
    }
    for (int32_t d = 0; d <= max && d <= (d_end < 0 ? max : d_end); d++) dw_free(trace[d]);
    dw_free(trace), dw_free(v);
    return true;
}

/* "start,length" of a hunk side as difflib writes it (1-based; no length when it is 1; the line
 * before for an empty side). */
static void put_range(Buf *out, int32_t start, int32_t len) {
    if (len == 1) {
        buf_printf(out, "%d", (int)start + 1);
        return;
    }
    buf_printf(out, "%d,%d", (int)(len ? start + 1 : start), (int)len);
}

static void put_line(Buf *out, char mark, const Line *l) {
    buf_putc(out, mark);
    buf_put(out, l->s, l->n);
    if (!l->n || (l->s[l->n - 1] != '\n' && l->s[l->n - 1] != '\r'))
        buf_puts(out, "\n\\ No newline at end of file\n");
}

void fix_unified_diff(Buf *out, const char *name, const char *a, size_t alen, const char *b,
                      size_t blen) {
    if (alen == blen && memcmp(a, b, alen) == 0) return;
    Line *la = NULL, *lb = NULL;
    int32_t n = split(a, alen, &la), m = split(b, blen, &lb);
    Op *ops = n >= 0 && m >= 0 ? dw_malloc(sizeof *ops * (size_t)(n + m + 1)) : NULL;
    if (!ops) {
        out->failed = true;
        dw_free(la), dw_free(lb);
        return;
    }
    int32_t pre = 0, suf = 0, nops = 0;
    while (pre < n && pre < m && same(&la[pre], &lb[pre])) pre++;
    while (suf < n - pre && suf < m - pre && same(&la[n - 1 - suf], &lb[m - 1 - suf])) suf++;
    for (int32_t i = 0; i < pre; i++) ops[nops++] = (Op){' ', i, i};
    if (!myers(la + pre, n - pre - suf, lb + pre, m - pre - suf, ops, &nops, pre, pre)) {
        out->failed = true;
    } else {
        for (int32_t i = 0; i < suf; i++) ops[nops++] = (Op){' ', n - suf + i, m - suf + i};
        buf_printf(out, "--- %s\n+++ %s\n", name, name);
        /* hunks: the changes with DIFF_CONTEXT lines around them, merged when their contexts meet
         */
        for (int32_t i = 0; i < nops;) {
            while (i < nops && ops[i].kind == ' ') i++;
            if (i >= nops) break;
            int32_t from = i - DIFF_CONTEXT < 0 ? 0 : i - DIFF_CONTEXT, to = i;
            for (;;) { /* extend over changes and gaps shorter than two contexts */
                while (to < nops && ops[to].kind != ' ') to++;
                int32_t gap = 0;
                while (to + gap < nops && ops[to + gap].kind == ' ') gap++;
                if (to + gap >= nops || gap > 2 * DIFF_CONTEXT) {
                    to += gap < DIFF_CONTEXT ? gap : DIFF_CONTEXT;
                    break;
                }
                to += gap;
            }
            int32_t as = -1, bs = -1, an = 0, bn = 0;
            for (int32_t k = from; k < to; k++) {
                if (ops[k].kind != '+') {
                    if (as < 0) as = ops[k].a;
                    an++;
                }
                if (ops[k].kind != '-') {
                    if (bs < 0) bs = ops[k].b;
                    bn++;
                }
            }
            /* an empty side starts after the lines before it */
            if (as < 0) as = from < nops && from > 0 ? ops[from - 1].a + 1 : 0;
            if (bs < 0) bs = from < nops && from > 0 ? ops[from - 1].b + 1 : 0;
            buf_puts(out, "@@ -");
            put_range(out, as, an);
            buf_puts(out, " +");
            put_range(out, bs, bn);
            buf_puts(out, " @@\n");
            for (int32_t k = from; k < to; k++)
                put_line(out, ops[k].kind, ops[k].kind == '+' ? &lb[ops[k].b] : &la[ops[k].a]);
            i = to;
        }
    }
    dw_free(ops), dw_free(la), dw_free(lb);
}
