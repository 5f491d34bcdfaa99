/* lcs.c — the longest common subsequence of two statement sequences, as an alignment; see
 * history.h. Versions of a method mostly differ in a few statements: the equal prefix and suffix
 * are matched first, and the quadratic table covers only what lies between. */
#include <stdlib.h>

#include "history.h"

int32_t history_lcs(const uint64_t *a, int32_t n, const uint64_t *b, int32_t m, int32_t *ma,
                    int32_t *mb) {
    for (int32_t i = 0; i < n; i++) ma[i] = -1;
    for (int32_t j = 0; j < m; j++) mb[j] = -1;
    int32_t pre = 0, suf = 0;
    while (pre < n && pre < m && a[pre] == b[pre]) ma[pre] = pre, mb[pre] = pre, pre++;
    while (suf < n - pre && suf < m - pre && a[n - 1 - suf] == b[m - 1 - suf]) {
        ma[n - 1 - suf] = m - 1 - suf, mb[m - 1 - suf] = n - 1 - suf;
        suf++;
    }
    const uint64_t *x = a + pre, *y = b + pre;
    int32_t p = n - pre - suf, q = m - pre - suf, common = pre + suf;
    if (p == 0 || q == 0) return common;
    /* T(i, j): the longest common subsequence of x[i..] and y[j..] */
    int32_t *t = calloc((size_t)(p + 1) * (size_t)(q + 1), sizeof *t);
    if (!t) return -1;
#define T(i, j) t[(size_t)(i) * (size_t)(q + 1) + (size_t)(j)]
    for (int32_t i = p - 1; i >= 0; i--)
        for (int32_t j = q - 1; j >= 0; j--)
            T(i, j) = x[i] == y[j]                 ? T(i + 1, j + 1) + 1
                      : T(i + 1, j) >= T(i, j + 1) ? T(i + 1, j)
                                                   : T(i, j + 1);
    for (int32_t i = 0, j = 0; i < p && j < q;) {
        if (x[i] == y[j] && T(i, j) == T(i + 1, j + 1) + 1) {
            ma[pre + i] = pre + j, mb[pre + j] = pre + i;
            i++, j++;
        } else if (T(i + 1, j) >= T(i, j + 1)) {
            i++;
        } else {
            j++;
        }
    }
    common += T(0, 0);
#undef T
    free(t);
    return common;
}
