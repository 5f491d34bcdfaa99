/* bigint.c — the conversions between the two spellings of an integer literal beyond int64:
 * lowercase hexadecimal (how the tree keeps it, CONST_BIGINT) and decimal (how the canonical JSON
 * prints it, and how a decimal literal is written).
 *
 * Hexadecimal to decimal is the one that can be huge (CPython accepts a literal of any length in
 * a power-of-two base): it is divide and conquer, x = high * 2^(32h) + low with h a power of two,
 * the two halves converted recursively and joined by a Karatsuba product in base 10^9, so it takes
 * O(M(n) log n), not the O(n^2) of repeated division (1 M hex digits: about a second instead of
 * half a minute). Decimal to hexadecimal only ever sees CPython's 4,300-digit limit, and is the
 * plain quadratic loop. */
#include "bigint.h"

#include <stdio.h>
#include <string.h>

enum { BILLION = 1000000000, SMALL = 32 /* limbs: below this, schoolbook and repeated division */ };

typedef uint32_t limb;

static int hexval(unsigned char c) {
    return c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10;
}

/* ---- base 10^9 arithmetic (little-endian limbs below 10^9) ---------------------------------- */

/* r[0..na+nb) = a * b, schoolbook; r must not alias a or b. */
static void mul_school(limb *r, const limb *a, size_t na, const limb *b, size_t nb) {
    memset(r, 0, (na + nb) * sizeof *r);
    for (size_t i = 0; i < na; i++) {
        uint64_t carry = 0, ai = a[i];
        if (!ai) continue;
        for (size_t j = 0; j < nb; j++) {
            uint64_t t = r[i + j] + ai * b[j] + carry; /* < 10^9 + 10^18 + 10^9 */
            r[i + j] = (limb)(t % BILLION);
            carry = t / BILLION;
        }
        for (size_t k = i + nb; carry; k++) {
            uint64_t t = r[k] + carry;
            r[k] = (limb)(t % BILLION);
            carry = t / BILLION;
        }
    }
}

/* r[0..n] = a[0..na) + b[0..nb) with n = max(na, nb); returns n + 1 (the top limb may be 0). */
static size_t add(limb *r, const limb *a, size_t na, const limb *b, size_t nb) {
    size_t n = na > nb ? na : nb;
    limb carry = 0;
    for (size_t i = 0; i < n; i++) {
        limb t = (i < na ? a[i] : 0) + (i < nb ? b[i] : 0) + carry;
        carry = t >= BILLION;
        r[i] = carry ? t - BILLION : t;
    }
    r[n] = carry;
    return n + 1;
}

/* a[0..na) -= b[0..nb), nb <= na, a >= b. */
static void sub_in(limb *a, size_t na, const limb *b, size_t nb) {
    limb borrow = 0;
    for (size_t i = 0; i < na && (i < nb || borrow); i++) {
        limb s = (i < nb ? b[i] : 0) + borrow;
        borrow = a[i] < s;
        a[i] = borrow ? a[i] + BILLION - s : a[i] - s;
    }
}

/* a[0..na) += b[0..nb); a has room for the carry. */
static void add_in(limb *a, size_t na, const limb *b, size_t nb) {
    limb carry = 0;
    for (size_t i = 0; i < na && (i < nb || carry); i++) {
        limb t = a[i] + (i < nb ? b[i] : 0) + carry;
        carry = t >= BILLION;
        a[i] = carry ? t - BILLION : t;
    }
}

/* r[0..2n) = a[0..n) * b[0..n), Karatsuba; tmp holds at least 6n + 64 limbs. */
static void mul_kara(limb *r, const limb *a, const limb *b, size_t n, limb *tmp) {
    if (n <= SMALL) {
        mul_school(r, a, n, b, n);
        return;
    }
    size_t h = n / 2, hh = n - h; /* low halves of h limbs, high halves of hh >= h limbs */
    limb *sa = tmp, *sb = tmp + hh + 1, *m = tmp + 2 * (hh + 1), *rest = m + 2 * (hh + 1);
    add(sa, a, h, a + h, hh);
    add(sb, b, h, b + h, hh);
    mul_kara(m, sa, sb, hh + 1, rest); /* (a0 + a1)(b0 + b1), 2hh + 2 limbs */
    memset(r, 0, 2 * n * sizeof *r);
    mul_kara(r, a, b, h, rest);                  /* a0 b0 at r[0..2h) */
    mul_kara(r + 2 * h, a + h, b + h, hh, rest); /* a1 b1 at r[2h..2n) */
    sub_in(m, 2 * hh + 2, r, 2 * h);             /* minus a0 b0 */
    sub_in(m, 2 * hh + 2, r + 2 * h, 2 * hh);    /* minus a1 b1: the middle term, >= 0 */
    add_in(r + h, 2 * n - h, m, 2 * hh + 2);
}

/* r[0..na+nb) = a * b for any lengths (the shorter padded in pieces of the longer's size). */
static bool mul(limb *r, const limb *a, size_t na, const limb *b, size_t nb) {
    if (na < nb) {
        const limb *t = a;
        a = b, b = t;
        size_t tn = na;
        na = nb, nb = tn;
    }
    if (nb <= SMALL) {
        mul_school(r, a, na, b, nb);
        return true;
    }
    /* a in pieces of nb limbs, each times b (Karatsuba, square), summed into r */
    limb *tmp = dw_malloc((6 * nb + 64 + 2 * nb + nb) * sizeof *tmp);
    if (!tmp) return false;
    limb *prod = tmp + 6 * nb + 64, *piece = prod + 2 * nb;
    memset(r, 0, (na + nb) * sizeof *r);
    for (size_t off = 0; off < na; off += nb) {
        size_t k = na - off < nb ? na - off : nb;
        memset(piece, 0, nb * sizeof *piece);
        memcpy(piece, a + off, k * sizeof *piece);
        mul_kara(prod, piece, b, nb, tmp);
        size_t np = k + nb; /* the product's limbs past these are zero */
        add_in(r + off, na + nb - off, prod, np);
    }
    dw_free(tmp);
    return true;
}

/* ---- binary (base 2^32) to base 10^9 ------------------------------------------------------- */

typedef struct Conv {
    limb *pow[40]; /* pow[k] = 2^(32 * 2^k) in base 10^9 */
    size_t npow[40];
} Conv;

static size_t trim(const limb *x, size_t n) {
    while (n > 0 && x[n - 1] == 0) n--;
    return n;
}

/* Repeated division by 10^9: quadratic, for small inputs. out has room for 2n + 2 limbs. */
static size_t conv_small(const uint32_t *bin, size_t n, limb *out) {
    uint32_t tmp[SMALL];
    memcpy(tmp, bin, n * sizeof *tmp);
    size_t len = trim(tmp, n), no = 0;
    while (len > 0) {
        uint64_t rem = 0;
        for (size_t i = len; i-- > 0;) {
            uint64_t c = rem << 32 | tmp[i];
            tmp[i] = (uint32_t)(c / BILLION);
            rem = c % BILLION;
        }
        out[no++] = (limb)rem;
        len = trim(tmp, len);
    }
    return no;
}

/* bin[0..n) to base 10^9, in a fresh buffer (NULL when out of memory); *nout its length. */
static limb *conv(Conv *c, const uint32_t *bin, size_t n, size_t *nout) {
    n = trim(bin, n);
    if (n <= SMALL) {
        limb *out = dw_malloc((2 * SMALL + 2) * sizeof *out);
        if (out) *nout = conv_small(bin, n, out);
        return out;
    }
    int k = 0;
    while (((size_t)2 << k) < n) k++; /* 2^k < n <= 2^(k+1): split at h = 2^k limbs */
    size_t h = (size_t)1 << k;
    for (int j = 1; j <= k; j++) {
        if (c->pow[j]) continue;
        /* 2^(32 * 2^j) = (2^(32 * 2^(j-1)))^2 */
        size_t np = c->npow[j - 1];
        limb *p = dw_malloc(2 * np * sizeof *p);
        if (!p || !mul(p, c->pow[j - 1], np, c->pow[j - 1], np)) {
            dw_free(p);
            return NULL;
        }
        c->pow[j] = p;
        c->npow[j] = trim(p, 2 * np);
    }
    size_t nl, nh;
    limb *lo = conv(c, bin, h, &nl), *hi = lo ? conv(c, bin + h, n - h, &nh) : NULL;
    limb *out = hi ? dw_malloc((nh + c->npow[k] + 1) * sizeof *out) : NULL;
    bool ok = out && mul(out, hi, nh, c->pow[k], c->npow[k]);
    if (ok) {
        size_t no = nh + c->npow[k];
        out[no] = 0;
        add_in(out, no + 1, lo, nl);
        *nout = trim(out, no + 1);
    }
    dw_free(lo);
    dw_free(hi);
    if (!ok) {
        dw_free(out);
        return NULL;
    }
    return out;
}

bool bigint_hex_to_decimal(const char *hex, size_t n, Buf *out) {
    size_t nbin = (n + 7) / 8;
    uint32_t *bin = dw_malloc((nbin + 1) * sizeof *bin);
    if (!bin) return false;
    memset(bin, 0, (nbin + 1) * sizeof *bin);
    for (size_t i = 0; i < n; i++) {
        size_t bit = 4 * (n - 1 - i);
        bin[bit / 32] |= (uint32_t)hexval((unsigned char)hex[i]) << (bit % 32);
    }
    Conv c = {0};
    limb two32[2] = {294967296, 4}; /* 2^32 */
    c.pow[0] = dw_malloc(sizeof two32);
    size_t nd = 0;
    limb *dec = NULL;
    if (c.pow[0]) {
        memcpy(c.pow[0], two32, sizeof two32);
        c.npow[0] = 2;
        dec = conv(&c, bin, nbin, &nd);
    }
    for (int k = 0; k < 40; k++) dw_free(c.pow[k]);
    dw_free(bin);
    if (!dec) return false;
    char piece[16];
    int w = snprintf(piece, sizeof piece, "%u", nd ? dec[nd - 1] : 0u);
    buf_put(out, piece, (size_t)w);
    for (size_t i = nd > 0 ? nd - 1 : 0; i-- > 0;) {
        snprintf(piece, sizeof piece, "%09u", dec[i]);
        buf_put(out, piece, 9);
    }
    dw_free(dec);
    return !out->failed;
}

bool bigint_decimal_to_hex(Arena *a, const char *dec, size_t n, Str *out) {
    /* base 2^32 limbs, each step limbs = limbs * 10^k + chunk (k <= 9 digits) */
    size_t cap = n / 9 + 2;
    uint32_t *x = dw_malloc(cap * sizeof *x);
    if (!x) return false;
    size_t len = 0;
    for (size_t i = 0; i < n;) {
        size_t k = n - i < 9 ? n - i : 9;
        uint64_t mulby = 1, chunk = 0;
        for (size_t j = 0; j < k; j++)
            mulby *= 10, chunk = chunk * 10 + (uint64_t)(dec[i + j] - '0');
        i += k;
        uint64_t carry = chunk;
        for (size_t j = 0; j < len; j++) {
            uint64_t t = (uint64_t)x[j] * mulby + carry;
            x[j] = (uint32_t)t;
            carry = t >> 32;
        }
        if (carry) x[len++] = (uint32_t)carry;
    }
    char *s = arena_alloc(a, len * 8 + 1);
    if (s) {
        static const char digits[] = "0123456789abcdef";
        size_t w = 0;
        bool started = false;
        for (size_t j = len; j-- > 0;)
            for (int b = 28; b >= 0; b -= 4) {
                unsigned d = (x[j] >> b) & 15;
                if (d || started) s[w++] = digits[d], started = true;
            }
        if (!started) s[w++] = '0';
        *out = str_make(s, (int32_t)w);
    }
    dw_free(x);
    return s != NULL;
}

bool bigint_to_hex(Arena *a, const char *digits, size_t n, int bits, Str *out) {
    if (bits == 4) {
        char *s = arena_alloc(a, n + 1);
        if (!s) return false;
        for (size_t i = 0; i < n; i++) s[i] = (char)(digits[i] | 0x20); /* lowercase */
        *out = str_make(s, (int32_t)n);
        return true;
    }
    /* binary or octal: the bits, regrouped by four from the right */
    size_t nbits = n * (size_t)bits, nhex = (nbits + 3) / 4;
    char *s = arena_alloc(a, nhex + 1);
    if (!s) return false;
    static const char hexdigits[] = "0123456789abcdef";
    unsigned acc = 0;
    int have = 0;
    size_t w = nhex;
    for (size_t i = n; i-- > 0;) {
        acc |= (unsigned)(digits[i] - '0') << have;
        have += bits;
        while (have >= 4) {
            s[--w] = hexdigits[acc & 15];
            acc >>= 4;
            have -= 4;
        }
    }
    if (have > 0) s[--w] = hexdigits[acc & 15];
    size_t skip = 0;
    while (skip + 1 < nhex && s[skip] == '0') skip++;
    *out = str_make(s + skip, (int32_t)(nhex - skip));
    return true;
}
