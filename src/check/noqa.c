/* noqa.c — see noqa.h. */
#include "noqa.h"

#include <ctype.h>
#include <string.h>
#include <strings.h>

static size_t skip_blanks(const char *s, size_t n, size_t i) {
    while (i < n && (s[i] == ' ' || s[i] == '\t')) i++;
    return i;
}

/* `word` (any case) at s[i], not followed by a letter or digit: the index after it, or 0. */
static size_t word_at(const char *s, size_t n, size_t i, const char *word) {
    size_t w = strlen(word);
    if (i + w > n || strncasecmp(s + i, word, w) != 0) return 0;
    if (i + w < n && isalnum((unsigned char)s[i + w])) return 0; /* "#noqable" */
    return i + w;
}

/* The codes after `noqa` at s[k]: none (a blanket) unless a colon and at least one code follow,
 * as ruff reads `# noqa:` with nothing after it. */
static void parse_codes(const char *s, size_t n, size_t k, Noqa *q) {
    q->blanket = true;
    k = skip_blanks(s, n, k);
    if (k >= n || s[k] != ':') return;
    k++;
    for (;;) {
        while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == ',')) k++;
        size_t b = k;
        while (k < n && isupper((unsigned char)s[k])) k++;
        size_t letters = k - b;
        while (k < n && isdigit((unsigned char)s[k])) k++;
        if (letters == 0 || k == b + letters) break; /* not a code: the list ends */
        q->blanket = false;
        if (q->ncodes < NOQA_MAX_CODES && b <= UINT16_MAX && k - b <= UINT16_MAX) {
            q->codes[q->ncodes].off = (uint16_t)b;
            q->codes[q->ncodes].len = (uint16_t)(k - b);
            q->ncodes++;
        }
    }
}

bool noqa_parse(const char *s, size_t n, Noqa *q) {
    memset(q, 0, sizeof *q);
    q->text = s;
    for (size_t i = 0; i < n; i++) {
        if (s[i] != '#') continue;
        size_t j = skip_blanks(s, n, i + 1);
        size_t k = word_at(s, n, j, "noqa");
        if (!k && (k = word_at(s, n, j, "deadwood")) != 0) {
            k = skip_blanks(s, n, k);
            k = k < n && s[k] == ':' ? word_at(s, n, skip_blanks(s, n, k + 1), "noqa") : 0;
            q->file = k != 0;
        }
        if (!k) continue;
        parse_codes(s, n, k, q);
        return true;
    }
    return false;
}

bool noqa_use(Noqa *q, int32_t line, const char *code) {
    if (!q->file && q->line != line) return false;
    if (q->blanket) return q->blanket_used = true;
    size_t clen = strlen(code);
    for (int32_t i = 0; i < q->ncodes; i++)
        if (q->codes[i].len == clen && strncasecmp(q->text + q->codes[i].off, code, clen) == 0) {
            q->used |= 1u << i;
            return true;
        }
    return false;
}

bool noqa_silences(const char *s, size_t n, const char *code) {
    Noqa q;
    return noqa_parse(s, n, &q) && !q.file && noqa_use(&q, 0, code);
}

bool noqa_is_deadwood_code(const Noqa *q, int32_t i) {
    const char *c = q->text + q->codes[i].off;
    return q->codes[i].len == 5 && toupper((unsigned char)c[0]) == 'D' &&
           toupper((unsigned char)c[1]) == 'W' && isdigit((unsigned char)c[2]);
}
