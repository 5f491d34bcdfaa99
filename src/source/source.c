/* source.c — see source.h. */
#include "source.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <iconv.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../base/scan16.h"
#include "../base/utf8.h"

static bool fail(SourceError *err, int32_t line, int32_t col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static bool fail(SourceError *err, int32_t line, int32_t col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    err->line = line;
    err->col = col;
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return false;
}

/* "64 MB", "1.5 KB", "100 bytes": a size for messages. */
static void human_size(size_t n, char *out, size_t cap) {
    static const char *const units[] = {"bytes", "KB", "MB", "GB", "TB"};
    double x = (double)n;
    int u = 0;
    while (x >= 1024 && u < 4) x /= 1024, u++;
    snprintf(out, cap, u ? "%.3g %s" : "%.0f %s", x, units[u]);
}

static bool too_large(SourceError *err, size_t size, size_t max, bool exact) {
    char a[32], b[32];
    human_size(size, a, sizeof a), human_size(max, b, sizeof b);
    return fail(err, 0, 0, "file too large: %s%s (max-file-size is %s)", exact ? "" : "over ", a,
                b);
}

bool source_read_file_max(const char *path, size_t max, char **data, size_t *len,
                          SourceError *err) {
    bool from_stdin = strcmp(path, "-") == 0;
    int fd = from_stdin ? 0 : open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
    if (fd < 0) return fail(err, 0, 0, "cannot read file: %s", strerror(errno));
    struct stat st;
    size_t cap = 64 * 1024, size = SIZE_MAX; /* a regular file's size: read no further */
    if (!from_stdin) {
        bool ok = false;
        if (fstat(fd, &st) != 0)
            fail(err, 0, 0, "cannot read file: %s", strerror(errno));
        else if (S_ISDIR(st.st_mode))
            fail(err, 0, 0, "cannot read file: %s", strerror(EISDIR));
        else if (!S_ISREG(st.st_mode)) /* a FIFO, a device, a socket: never read */
            fail(err, 0, 0, "not a regular file");
        else if ((uint64_t)st.st_size > max)
            too_large(err, (size_t)st.st_size, max, true);
        else
            ok = true;
        if (!ok) {
            close(fd);
            return false;
        }
        cap = (size = (size_t)st.st_size) + 1;
    }
    char *buf = dw_malloc(cap);
    size_t n = 0;
    for (;;) {
        if (buf && n == cap) {
            char *nb = n > max ? NULL : dw_realloc(buf, cap * 2);
            if (!nb) {
                dw_free(buf);
                buf = NULL;
                if (n > max) {
                    if (fd) close(fd);
                    return too_large(err, max, max, false);
                }
            } else {
                buf = nb;
                cap *= 2;
            }
        }
        if (!buf) {
            if (fd) close(fd);
            return fail(err, 0, 0, "cannot read file: out of memory");
        }
        ssize_t r = read(fd, buf + n, cap - n);
        if (r < 0 && errno == EINTR) continue;
        if (r < 0) {
            int e = errno;
            if (fd) close(fd);
            dw_free(buf);
            return fail(err, 0, 0, "cannot read file: %s", strerror(e));
        }
        if (r == 0) break;
        n += (size_t)r;
        if (n == size) break; /* all of it, without the read that would say so */
    }
    if (fd) close(fd);
    if (n > max) {
        dw_free(buf);
        return too_large(err, max, max, false);
    }
    *data = buf;
    *len = n;
    return true;
}

bool source_read_file(const char *path, char **data, size_t *len, SourceError *err) {
    return source_read_file_max(path, SOURCE_DEFAULT_MAX_SIZE, data, len, err);
}

/* utf8_find_invalid, which also says whether every byte is ASCII. */
static int64_t utf8_scan(const char *str, size_t n, const char **why, bool *ascii) {
    const unsigned char *s = (const unsigned char *)str;
    size_t i = 0;
    *ascii = true;
    while (i < n) {
        /* ASCII fast path, 32 then 8 bytes at a time */
        while (i + 32 <= n) {
            uint64_t w[4];
            memcpy(w, s + i, 32);
            if ((w[0] | w[1] | w[2] | w[3]) & 0x8080808080808080ull) break;
            i += 32;
        }
        while (i + 8 <= n) {
            uint64_t w;
            memcpy(&w, s + i, 8);
            if (w & 0x8080808080808080ull) break;
            i += 8;
        }
        if (i >= n) break;
        unsigned c = s[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        *ascii = false;
        size_t len = utf8_sequence(s + i, n - i, why);
        if (!len) return (int64_t)i;
        i += len;
    }
    return -1;
}

int64_t utf8_find_invalid(const char *str, size_t n, const char **why) {
    bool ascii;
    return utf8_scan(str, n, why, &ascii);
}

/* CPython's get_normal_name(): "utf-8" and "iso-8859-1" under their common spellings. */
static void normal_name(const char *s, char *out, size_t cap) {
    char buf[13];
    size_t i;
    for (i = 0; i < 12 && s[i]; i++)
        buf[i] = s[i] == '_' ? '-' : (char)tolower((unsigned char)s[i]);
    buf[i] = 0;
    if (strcmp(buf, "utf-8") == 0 || strncmp(buf, "utf-8-", 6) == 0)
        snprintf(out, cap, "utf-8");
    else if (strcmp(buf, "latin-1") == 0 || strcmp(buf, "iso-8859-1") == 0 ||
             strcmp(buf, "iso-latin-1") == 0 || strncmp(buf, "latin-1-", 8) == 0 ||
             strncmp(buf, "iso-8859-1-", 11) == 0 || strncmp(buf, "iso-latin-1-", 12) == 0)
        snprintf(out, cap, "iso-8859-1");
    else
        snprintf(out, cap, "%s", s);
}

/* Finds the cookie in one line (CPython's get_coding_spec); *found is set when the line is a
 * comment carrying one. Returns false when the line holds code (stop looking further). */
static bool coding_spec(const char *s, size_t n, char *spec, size_t cap, bool *found) {
    *found = false;
    size_t i = 0;
    for (; i + 6 < n; i++) {
        if (s[i] == '#') break;
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\f') goto code_line;
    }
    for (; i + 6 < n; i++) {
        if (memcmp(s + i, "coding", 6) != 0) continue;
        const char *t = s + i + 6;
        if (*t != ':' && *t != '=') continue;
        do t++;
        while (*t == ' ' || *t == '\t');
        const char *b = t;
        while (isalnum((unsigned char)*t) || *t == '-' || *t == '_' || *t == '.') t++;
        if (t > b) {
            char raw[64];
            size_t m = (size_t)(t - b) < sizeof raw - 1 ? (size_t)(t - b) : sizeof raw - 1;
            memcpy(raw, b, m);
            raw[m] = 0;
            normal_name(raw, spec, cap);
            *found = true;
            return true;
        }
    }
code_line:
    /* No cookie: a line with anything but a comment ends the search (CPython's check). */
    for (i = 0; i < n; i++) {
        if (s[i] == '#' || s[i] == '\n') break;
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\f') return false;
    }
    return true;
}

/* Python's codecs and their aliases (generated from CPython's registry), with iconv's names. */
typedef struct Codec {
    const char *py, *iconv;
} Codec;
static const Codec codec_table[] = {
#define CODEC(p, i) {p, i},
#define ALIAS(a, c)
#include "encodings.def"
#undef CODEC
#undef ALIAS
};
static const Codec alias_table[] = {
#define CODEC(p, i)
#define ALIAS(a, c) {a, c},
#include "encodings.def"
#undef CODEC
#undef ALIAS
};

static const char *find(const Codec *t, size_t n, const char *name) {
    for (size_t i = 0; i < n; i++)
        if (strcmp(t[i].py, name) == 0) return t[i].iconv;
    return NULL;
}

/* Opens the converter for a cookie's encoding name, resolved as CPython's codec registry does
 * (encodings.normalize_encoding, then the alias table, then the codec modules). *known is false
 * when Python has no such codec; the result is (iconv_t)-1 also when iconv has no converter. */
static iconv_t open_codec(const char *name, bool *strip_bom, bool *known) {
    char norm[64];
    size_t j = 0;
    bool sep = false;
    for (const char *p = name; *p && j < sizeof norm - 2; p++) {
        if (isalnum((unsigned char)*p) || *p == '.') {
            if (sep && j) norm[j++] = '_';
            sep = false;
            norm[j++] = (char)tolower((unsigned char)*p);
        } else {
            sep = true;
        }
    }
    norm[j] = 0;
    const size_t nalias = sizeof alias_table / sizeof *alias_table;
    const size_t ncodec = sizeof codec_table / sizeof *codec_table;
    const char *codec = find(alias_table, nalias, norm);
    char under[64];
    if (!codec) {
        for (j = 0; norm[j]; j++) under[j] = norm[j] == '.' ? '_' : norm[j];
        under[j] = 0;
        codec = find(alias_table, nalias, under);
    }
    if (!codec && !strchr(norm, '.')) codec = norm;
    const char *ic = codec ? find(codec_table, ncodec, codec) : NULL;
    *known = ic != NULL;
    *strip_bom = codec && strcmp(codec, "utf_8_sig") == 0;
    if (!ic || !*ic) return (iconv_t)-1;
    return iconv_open("UTF-8", ic);
}

static int32_t line_of(const char *s, size_t off) {
    int32_t line = 1;
    for (size_t i = 0; i < off; i++) line += s[i] == '\n';
    return line;
}

static bool transcode(Arena *a, const char *in, size_t n, const char *enc, SourceText *out,
                      SourceError *err) {
    bool strip_bom, known;
    iconv_t h = open_codec(enc, &strip_bom, &known);
    if (h == (iconv_t)-1)
        return fail(err, 1, 0,
                    known ? "encoding %s: no converter for it on this system"
                          : "unknown encoding: %s",
                    enc);
    size_t cap = n * 4 + 16;
    char *dst = arena_alloc(a, cap);
    if (!dst) {
        iconv_close(h);
        return fail(err, 0, 0, "out of memory");
    }
    char *ip = (char *)in, *op = dst;
    size_t il = n, ol = cap - 4;
    size_t r = iconv(h, &ip, &il, &op, &ol);
    iconv_close(h);
    if (r == (size_t)-1) {
        size_t pos = (size_t)(ip - in);
        return fail(err, line_of(in, pos), 0, "'%s' codec can't decode byte 0x%02x in position %zu",
                    enc, (unsigned char)in[pos < n ? pos : n - 1], pos);
    }
    op[0] = op[1] = op[2] = 0;
    if (memchr(dst, 0, (size_t)(op - dst)))
        return fail(err, 1, 0, "source code string cannot contain null bytes");
    out->text = dst;
    out->len = (size_t)(op - dst);
    if (strip_bom && out->len >= 3 && memcmp(dst, "\xef\xbb\xbf", 3) == 0) {
        out->text += 3;
        out->len -= 3;
    }
    out->valid_utf8 = true;
    return true;
}

bool source_overlay_find(const SourceOverlay *ov, const char *path, const char **bytes,
                         size_t *len) {
    int32_t lo = 0, hi = ov ? ov->n : 0;
    while (lo < hi) {
        int32_t mid = lo + (hi - lo) / 2;
        int c = strcmp(ov->paths[mid], path);
        if (c == 0) {
            *bytes = ov->bytes[mid];
            *len = ov->lens[mid];
            return true;
        }
        if (c < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    return false;
}

bool source_read_over(const SourceOverlay *ov, const char *path, size_t max, char **data,
                      size_t *len, SourceError *err) {
    const char *b;
    size_t n;
    if (!source_overlay_find(ov, path, &b, &n))
        return source_read_file_max(path, max, data, len, err);
    if (n > max) return too_large(err, n, max, true);
    if (!(*data = dw_malloc(n + 1))) return fail(err, 0, 0, "out of memory");
    if (n) memcpy(*data, b, n);
    *len = n;
    return true;
}

bool source_decode(Arena *a, const char *bytes, size_t len, SourceText *out, SourceError *err) {
    memset(out, 0, sizeof *out);
    const char *nul = memchr(bytes, 0, len);
    if (nul)
        return fail(err, line_of(bytes, (size_t)(nul - bytes)), 0,
                    "source code string cannot contain null bytes");
    /* Translate line ends, append the final newline CPython's tokenizer adds. */
    char *t = arena_alloc(a, len + 4);
    if (!t) return fail(err, 0, 0, "out of memory");
    size_t n = 0;
    const char *cr = memchr(bytes, '\r', len);
    if (!cr) {
        memcpy(t, bytes, len);
        n = len;
    } else {
        for (size_t i = 0; i < len; i++) {
            if (bytes[i] == '\r') {
                t[n++] = '\n';
                if (i + 1 < len && bytes[i + 1] == '\n') i++;
            } else {
                t[n++] = bytes[i];
            }
        }
    }
    if (n == 0 || t[n - 1] != '\n') t[n++] = '\n';
    t[n] = t[n + 1] = t[n + 2] = 0; /* the tokenizer reads NULs past the end as end of input */

    bool bom = n >= 3 && memcmp(t, "\xef\xbb\xbf", 3) == 0;
    const char *s = bom ? t + 3 : t;
    size_t sn = bom ? n - 3 : n;
    snprintf(out->encoding, sizeof out->encoding, "utf-8");
    /* The cookie: line 1, then line 2 when line 1 holds only a comment or blanks. */
    char spec[64];
    bool found = false;
    const char *nl1 = memchr(s, '\n', sn);
    if (nl1 && coding_spec(s, (size_t)(nl1 - s) + 1, spec, sizeof spec, &found) && !found) {
        const char *l2 = nl1 + 1;
        const char *nl2 = memchr(l2, '\n', sn - (size_t)(l2 - s));
        if (nl2) coding_spec(l2, (size_t)(nl2 - l2) + 1, spec, sizeof spec, &found);
    }
    if (found) {
        if (bom && strcmp(spec, "utf-8") != 0)
            return fail(err, 1, 0, "encoding problem: %s with BOM", spec);
        snprintf(out->encoding, sizeof out->encoding, "%s", spec);
        if (strcmp(spec, "utf-8") != 0) return transcode(a, s, sn, spec, out, err);
    }
    out->text = s;
    out->len = sn;
    out->verbatim = !cr;
    out->skip = bom ? 3 : 0;
    const char *why;
    out->valid_utf8 = utf8_scan(s, sn, &why, &out->ascii) < 0;
    return true;
}

bool line_index_build(Arena *a, const char *text, size_t len, LineIndex *out) {
    /* two passes over the text: count the lines, then record where each starts */
    size_t full = len & ~(size_t)63;
    size_t count = 1 + scan_count(text, full, '\n');
    for (size_t i = full; i < len; i++) count += text[i] == '\n';
    uint32_t *st = arena_alloc(a, sizeof(uint32_t) * count);
    if (!st) return false;
    int32_t n = 0;
    st[n++] = 0;
    for (size_t i = 0; i < full; i += 64)
        for (uint64_t m = scan64_eq(text + i, '\n'); m; m &= m - 1)
            st[n++] = (uint32_t)(i + (size_t)__builtin_ctzll(m) + 1);
    for (size_t i = full; i < len; i++)
        if (text[i] == '\n') st[n++] = (uint32_t)(i + 1);
    out->starts = st;
    out->count = (int32_t)count;
    return true;
}

int32_t line_index_line(const LineIndex *li, size_t offset) {
    int32_t lo = 0, hi = li->count - 1;
    while (lo < hi) {
        int32_t mid = (lo + hi + 1) / 2;
        if (li->starts[mid] <= offset)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo + 1;
}

int32_t utf8_count_chars(const char *s, size_t bytes) {
    /* every byte but the continuation bytes (10xxxxxx), eight at a time where there are none */
    size_t n = bytes, i = 0;
    for (; i + 8 <= bytes; i += 8) {
        uint64_t w;
        memcpy(&w, s + i, 8);
        if (w & 0x8080808080808080ull)
            for (int k = 0; k < 8; k++) n -= ((unsigned char)s[i + (size_t)k] & 0xc0) == 0x80;
    }
    for (; i < bytes; i++) n -= ((unsigned char)s[i] & 0xc0) == 0x80;
    return (int32_t)n;
}

static char ascii_lower(char c) {
    return c >= 'A' && c <= 'Z' ? (char)(c + ('a' - 'A')) : c;
}

/* Whether one of the needles (lowercase ASCII) occurs in s..e, in any case. first: a bit for
 * each byte that begins a needle, so that any other (most) costs one test. */
static bool mentions_ci(const char *s, const char *e, const char *const *needles, size_t n,
                        const uint64_t first[4]) {
    for (const char *p = s; p < e; p++) {
        unsigned char c = (unsigned char)ascii_lower(*p);
        if (!(first[c >> 6] >> (c & 63) & 1)) continue;
        for (size_t i = 0; i < n; i++) {
            const char *nd = needles[i], *q = p;
            if ((unsigned char)*nd != c) continue;
            while (*nd && q < e && ascii_lower(*q) == *nd) nd++, q++;
            if (!*nd) return true;
        }
    }
    return false;
}

static void add_first_letters(uint64_t first[4], const char *const *needles, size_t n) {
    for (size_t i = 0; i < n; i++) {
        unsigned char f = (unsigned char)needles[i][0];
        first[f >> 6] |= 1ull << (f & 63);
    }
}

bool source_is_generated(const char *text, size_t len) {
    static const char *const in_comment[] = {
        "@generated",
        "do not edit",
        "generated by",
        "generated from",
        "generated file",
        "auto-generated",
        "automatically generated",
        "autogenerated",
    };
    static const char *const anywhere[] = {
        "@generated",
        "do not edit",
        "this file is generated",
        "this file was generated",
        "this file is auto",
        "this file was auto",
    };
    uint64_t first[4] = {0}; /* (of both lists) */
    add_first_letters(first, in_comment, sizeof in_comment / sizeof *in_comment);
    add_first_letters(first, anywhere, sizeof anywhere / sizeof *anywhere);
    const char *p = text, *end = text + len;
    for (int line = 0; line < 10 && p < end; line++) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        const char *e = nl ? nl : end;
        const char *q = p;
        while (q < e && (*q == ' ' || *q == '\t')) q++;
        bool comment = q < e && *q == '#';
        const char *const *m = comment ? in_comment : anywhere;
        size_t nm =
            comment ? sizeof in_comment / sizeof *in_comment : sizeof anywhere / sizeof *anywhere;
        if (mentions_ci(q, e, m, nm, first)) return true;
        p = nl ? nl + 1 : end;
    }
    return false;
}
