/* json.c — see json.h.
 *
 * The reader is a loop over two states, "a value is expected" and "a value was just read", with
 * the open containers on a stack of frames and their finished elements on a stack of slots (both
 * on the heap, grown as needed). Closing a container copies its slots into one array in the
 * arena, so a finished array or object is contiguous and its elements hold no pointers to one
 * another. Lines are counted where they can only occur, in whitespace (a raw line break inside a
 * string is an error); a column is counted from the last position whose column is known, so that
 * giving every value its column stays linear even on a single-line document.
 */
#include "json.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "utf8.h"

typedef struct Frame {
    JsonMember m; /* the container (type and position; items filled when it closes), and its name
                     when it is an object member's value */
    int32_t base; /* its first slot */
} Frame;

typedef struct Reader {
    Arena *arena;
    const unsigned char *s;
    size_t n, i;
    int32_t line;
    size_t line_start;
    size_t col_off; /* the column of col_off (on the current line) is col_at */
    int32_t col_at;
    JsonError *err;
    bool failed;
    JsonMember *slots; /* the finished elements of every open container, innermost last */
    int32_t nslots, cslots;
    Frame *frames;
    int32_t nframes, cframes;
} Reader;

/* ---- positions and errors -------------------------------------------------------------------- */

/* The 1-based character column of offset off, which lies on the current line at or after every
 * offset asked for before on it. */
static int32_t column(Reader *r, size_t off) {
    if (r->col_off < r->line_start || r->col_off > off) r->col_off = r->line_start, r->col_at = 1;
    int32_t col = r->col_at;
    for (size_t k = r->col_off; k < off; k++) col += (r->s[k] & 0xc0) != 0x80;
    r->col_off = off, r->col_at = col;
    return col;
}

static void fail_at(Reader *r, size_t off, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail_at(Reader *r, size_t off, const char *fmt, ...) {
    if (r->failed) return;
    r->failed = true;
    JsonError *e = r->err;
    /* the line of an offset before the current line start (an unterminated container) is found
     * by counting again: only ever once, for the error */
    if (off < r->line_start) {
        r->line = 1, r->line_start = 0;
        for (size_t k = 0; k < off; k++)
            if (r->s[k] == '\n') r->line++, r->line_start = k + 1;
    }
    e->offset = off;
    e->line = r->line;
    e->col = column(r, off);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    va_end(ap);
}

static void out_of_memory(Reader *r) {
    fail_at(r, r->i, "out of memory");
    r->err->oom = true;
}

/* "'x'", or "byte 0xff", or "the end of the input": what was found instead. */
static const char *found(const Reader *r, char *buf, size_t cap) {
    if (r->i >= r->n) return "the end of the input";
    unsigned char c = r->s[r->i];
    if (c >= 0x20 && c < 0x7f)
        snprintf(buf, cap, "'%c'", c);
    else
        snprintf(buf, cap, "byte 0x%02x", c);
    return buf;
}

static void expected(Reader *r, const char *what) {
    char buf[16];
    fail_at(r, r->i, "expected %s, found %s", what, found(r, buf, sizeof buf));
}

static void skip_ws(Reader *r) {
    const unsigned char *s = r->s;
    size_t i = r->i, n = r->n;
    while (i < n) {
        unsigned char c = s[i];
        if (c == ' ' || c == '\t' || c == '\r') {
            i++;
        } else if (c == '\n') {
            r->line++;
            r->line_start = ++i;
        } else {
            break;
        }
    }
    r->i = i;
}

static void start(Reader *r, JsonValue *v, JsonType type) {
    v->type = type;
    v->offset = r->i;
    v->line = r->line;
    v->col = column(r, r->i);
}

/* ---- strings ----------------------------------------------------------------------------- */

static int hex4(const unsigned char *p) {
    int v = 0;
    for (int k = 0; k < 4; k++) {
        int c = p[k], d = c >= '0' && c <= '9'   ? c - '0'
                          : c >= 'a' && c <= 'f' ? c - 'a' + 10
                          : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                                 : -1;
        if (d < 0) return -1;
        v = v * 16 + d;
    }
    return v;
}

static size_t put_utf8(char *o, uint32_t cp) {
    if (cp < 0x80) return o[0] = (char)cp, 1;
    if (cp < 0x800) return o[0] = (char)(0xc0 | cp >> 6), o[1] = (char)(0x80 | (cp & 0x3f)), 2;
    if (cp < 0x10000) {
        o[0] = (char)(0xe0 | cp >> 12), o[1] = (char)(0x80 | (cp >> 6 & 0x3f));
        o[2] = (char)(0x80 | (cp & 0x3f));
        return 3;
    }
    o[0] = (char)(0xf0 | cp >> 18), o[1] = (char)(0x80 | (cp >> 12 & 0x3f));
    o[2] = (char)(0x80 | (cp >> 6 & 0x3f)), o[3] = (char)(0x80 | (cp & 0x3f));
    return 4;
}

/* Eight bytes at a time (a notebook's outputs hold megabytes of base64): bit 7 of each byte of
 * the result is set where w has byte c, or a byte below c (below), for c < 0x80. */
#define ONES  0x0101010101010101ull
#define HIGHS 0x8080808080808080ull
static inline uint64_t has_byte(uint64_t w, unsigned char c) {
    uint64_t x = w ^ (ONES * c);
    return (x - ONES) & ~x & HIGHS;
}
static inline uint64_t has_below(uint64_t w, unsigned char c) {
    return (w - ONES * c) & ~w & HIGHS;
}

/* The first offset from i (before end) of a byte that is a quote or a backslash, or (when all is
 * true) any byte that is not printable ASCII: the bytes before it are copied as they are. */
static size_t plain_run(const unsigned char *s, size_t i, size_t end, bool all) {
    for (uint64_t w; i + 8 <= end; i += 8) {
        memcpy(&w, s + i, 8);
        if (has_byte(w, '"') | has_byte(w, '\\') | (all ? has_below(w, 0x20) | (w & HIGHS) : 0))
            break;
    }
    while (i < end && s[i] != '"' && s[i] != '\\' && (!all || (s[i] >= 0x20 && s[i] < 0x80))) i++;
    return i;
}

/* The string whose opening quote is at r->i, decoded into the arena. */
static bool read_string(Reader *r, Str *out) {
    const unsigned char *s = r->s;
    size_t open = r->i, i = open + 1, n = r->n;
    /* first its extent (an escape's next byte never closes it), to size the copy */
    size_t end = plain_run(s, i, n, false);
    while (end < n && s[end] != '"') end = plain_run(s, end + (s[end] == '\\' ? 2 : 1), n, false);
    if (end >= n) {
        fail_at(r, open, "unterminated string");
        return false;
    }
    if (end - i > INT32_MAX) {
        fail_at(r, open, "string longer than %d bytes", INT32_MAX);
        return false;
    }
    char *o = arena_alloc(r->arena, end - i + 1);
    if (!o) {
        out_of_memory(r);
        return false;
    }
    size_t k = 0;
    while (i < end) {
        unsigned char c = s[i];
        if (c >= 0x20 && c < 0x80 && c != '\\') {
            size_t run = plain_run(s, i, end, true) - i;
            memcpy(o + k, s + i, run);
            k += run, i += run;
        } else if (c >= 0x80) {
            const char *why = "";
            size_t len = utf8_sequence(s + i, end - i, &why);
            if (!len) {
                fail_at(r, i, "invalid UTF-8 (byte 0x%02x: %s): JSON text must be UTF-8", c, why);
                return false;
            }
            memcpy(o + k, s + i, len);
            k += len, i += len;
        } else if (c < 0x20) {
            fail_at(r, i, "control character 0x%02x in a string (it must be escaped)", c);
            return false;
        } else { /* an escape */
            unsigned char e = s[i + 1];
            const char *simple = strchr("\"\\/bfnrt", e);
            if (e && simple) {
                o[k++] = "\"\\/\b\f\n\r\t"[simple - "\"\\/bfnrt"];
                i += 2;
                continue;
            }
            if (e != 'u') {
                char buf[16];
                r->i = i + 1;
                fail_at(r, i, "invalid escape in a string: '\\' followed by %s",
                        found(r, buf, sizeof buf));
                return false;
            }
            int cp = i + 6 <= end ? hex4(s + i + 2) : -1;
            if (cp < 0) {
                fail_at(r, i, "invalid \\u escape: expected four hexadecimal digits");
                return false;
            }
            uint32_t ch = (uint32_t)cp;
            if (cp >= 0xdc00 && cp <= 0xdfff) {
                fail_at(r, i,
                        "lone surrogate \\u%04X: a low surrogate without a high one before it",
                        (unsigned)cp);
                return false;
            }
            if (cp >= 0xd800 && cp <= 0xdbff) {
                int lo =
                    i + 12 <= end && s[i + 6] == '\\' && s[i + 7] == 'u' ? hex4(s + i + 8) : -1;
                if (lo < 0xdc00 || lo > 0xdfff) {
                    fail_at(r, i,
                            "lone surrogate \\u%04X: a high surrogate must be followed by a \\u "
                            "escape of a low surrogate",
                            (unsigned)cp);
                    return false;
                }
                ch = 0x10000 + (((uint32_t)cp - 0xd800) << 10) + ((uint32_t)lo - 0xdc00);
                i += 6;
            }
            k += put_utf8(o + k, ch);
            i += 6;
        }
    }
    o[k] = 0;
    *out = (Str){o, (int32_t)k};
    r->i = end + 1;
    return true;
}

/* ---- scalars ----------------------------------------------------------------------------- */

static bool is_digit(const Reader *r, size_t i) {
    return i < r->n && r->s[i] >= '0' && r->s[i] <= '9';
}

static bool read_number(Reader *r, JsonValue *v) {
    size_t b = r->i, i = b;
    if (r->s[i] == '-') i++;
    if (!is_digit(r, i)) {
        r->i = i;
        expected(r, "a digit after '-'");
        return false;
    }
    if (r->s[i] == '0' && is_digit(r, i + 1)) {
        fail_at(r, i, "leading zeros are not allowed in a number");
        return false;
    }
    while (is_digit(r, i)) i++;
    if (i < r->n && r->s[i] == '.') {
        if (!is_digit(r, ++i)) {
            r->i = i;
            expected(r, "a digit after the decimal point");
            return false;
        }
        while (is_digit(r, i)) i++;
    }
    if (i < r->n && (r->s[i] == 'e' || r->s[i] == 'E')) {
        i++;
        if (i < r->n && (r->s[i] == '+' || r->s[i] == '-')) i++;
        if (!is_digit(r, i)) {
            r->i = i;
            expected(r, "a digit in the exponent");
            return false;
        }
        while (is_digit(r, i)) i++;
    }
    if (i - b > INT32_MAX) {
        fail_at(r, b, "number longer than %d characters", INT32_MAX);
        return false;
    }
    char *text = arena_strndup(r->arena, (const char *)r->s + b, i - b);
    if (!text) {
        out_of_memory(r);
        return false;
    }
    v->u.number = (Str){text, (int32_t)(i - b)};
    r->i = i;
    return true;
}

static bool read_literal(Reader *r, JsonValue *v) {
    static const struct {
        const char *word;
        JsonType type;
        bool value;
    } words[] = {
        {"true", JSON_BOOL, true}, {"false", JSON_BOOL, false}, {"null", JSON_NULL, false}};
    for (size_t k = 0; k < sizeof words / sizeof *words; k++) {
        size_t len = strlen(words[k].word);
        if (r->n - r->i >= len && memcmp(r->s + r->i, words[k].word, len) == 0) {
            v->type = words[k].type;
            v->u.boolean = words[k].value;
            r->i += len;
            return true;
        }
    }
    expected(r, "a value");
    return false;
}

/* ---- containers -------------------------------------------------------------------------- */

static bool push_slot(Reader *r, const JsonMember *m) {
    if (r->nslots == INT32_MAX) {
        fail_at(r, r->i, "more than %d elements in open arrays and objects", INT32_MAX - 1);
        return false;
    }
    if (r->nslots == r->cslots &&
        hvec_grow_((void **)&r->slots, &r->cslots, sizeof *r->slots, r->nslots + 1)) {
        out_of_memory(r);
        return false;
    }
    r->slots[r->nslots++] = *m;
    return true;
}

/* Opens a container (its bracket at r->i); cur is the member it is the value of, if any. */
static bool open_container(Reader *r, JsonType type, int32_t max_depth, const JsonMember *cur) {
    if (r->nframes >= max_depth) {
        fail_at(r, r->i, "nesting deeper than %d levels", max_depth);
        return false;
    }
    if (r->nframes == r->cframes &&
        hvec_grow_((void **)&r->frames, &r->cframes, sizeof *r->frames, r->nframes + 1)) {
        out_of_memory(r);
        return false;
    }
    Frame *f = &r->frames[r->nframes++];
    f->m = *cur;
    start(r, &f->m.value, type);
    f->base = r->nslots;
    r->i++;
    return true;
}

/* Closes the innermost container (its closing bracket at r->i) into *cur. */
static bool close_container(Reader *r, JsonMember *cur) {
    Frame *f = &r->frames[--r->nframes];
    int32_t len = r->nslots - f->base;
    *cur = f->m;
    JsonValue *v = &cur->value;
    if (v->type == JSON_ARRAY) {
        JsonValue *items = len ? arena_alloc(r->arena, sizeof *items * (size_t)len) : NULL;
        if (len && !items) return out_of_memory(r), false;
        for (int32_t k = 0; k < len; k++) items[k] = r->slots[f->base + k].value;
        v->u.array.items = items, v->u.array.len = len;
    } else {
        JsonMember *items =
            len ? arena_memdup(r->arena, r->slots + f->base, sizeof *items * (size_t)len) : NULL;
        if (len && !items) return out_of_memory(r), false;
        v->u.object.items = items, v->u.object.len = len;
    }
    r->nslots = f->base;
    r->i++;
    return true;
}

/* After '{' or ',' in an object: the member's name and the ':' (the value comes next). */
static bool read_key(Reader *r, JsonMember *m) {
    skip_ws(r);
    if (r->i >= r->n || r->s[r->i] != '"') {
        expected(r, "a member name (a string in double quotes)");
        return false;
    }
    m->line = r->line;
    m->col = column(r, r->i);
    if (!read_string(r, &m->key)) return false;
    skip_ws(r);
    if (r->i >= r->n || r->s[r->i] != ':') {
        expected(r, "':' after the member name");
        return false;
    }
    r->i++;
    return true;
}

/* ---- the loop ---------------------------------------------------------------------------- */

const JsonValue *json_parse(Arena *arena, const char *src, size_t len, const JsonOptions *opt,
                            JsonError *err) {
    memset(err, 0, sizeof *err);
    Reader r = {.arena = arena, .s = (const unsigned char *)src, .n = len, .line = 1, .err = err};
    r.col_at = 1;
    int32_t max_depth = opt && opt->max_depth > 0 ? opt->max_depth : JSON_MAX_DEPTH;
    if (len >= 3 && memcmp(src, "\xef\xbb\xbf", 3) == 0) {
        if (!(opt && opt->allow_bom)) {
            fail_at(&r, 0, "a byte order mark before the JSON text (RFC 8259 forbids it)");
            return NULL;
        }
        r.i = r.line_start = r.col_off = 3;
    }
    JsonMember cur; /* the value just read, and its name in an object */
    memset(&cur, 0, sizeof cur);
    JsonValue *result = NULL;
    for (;;) {
        /* a value is expected */
        skip_ws(&r);
        JsonValue *v = &cur.value;
        if (r.i >= r.n) {
            expected(&r, "a value");
            break;
        }
        unsigned char c = r.s[r.i];
        bool got;
        if (c == '[' || c == '{') {
            JsonType type = c == '[' ? JSON_ARRAY : JSON_OBJECT;
            if (!open_container(&r, type, max_depth, &cur)) break;
            skip_ws(&r);
            char close = type == JSON_ARRAY ? ']' : '}';
            if (r.i < r.n && r.s[r.i] == close) {
                got = close_container(&r, &cur);
            } else if (type == JSON_OBJECT) {
                if (!read_key(&r, &cur)) break;
                continue;
            } else {
                continue;
            }
        } else if (c == '"') {
            start(&r, v, JSON_STRING);
            got = read_string(&r, &v->u.str);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            start(&r, v, JSON_NUMBER);
            got = read_number(&r, v);
        } else {
            start(&r, v, JSON_NULL);
            got = read_literal(&r, v);
        }
        if (!got) break;
        /* a value was read: it ends containers, or is followed by a comma, or ends the text */
        for (;;) {
            if (r.nframes == 0) {
                skip_ws(&r);
                if (r.i < r.n) {
                    expected(&r, "the end of the input after the JSON value");
                    break;
                }
                result = arena_memdup(arena, v, sizeof *v);
                if (!result) out_of_memory(&r);
                break;
            }
            if (!push_slot(&r, &cur)) break;
            Frame *f = &r.frames[r.nframes - 1];
            bool array = f->m.value.type == JSON_ARRAY;
            skip_ws(&r);
            if (r.i < r.n && r.s[r.i] == ',') {
                r.i++;
                skip_ws(&r);
                if (r.i < r.n && r.s[r.i] == (array ? ']' : '}')) {
                    fail_at(&r, r.i, "a trailing comma before '%c' is not allowed in JSON",
                            array ? ']' : '}');
                    break;
                }
                if (!array && !read_key(&r, &cur)) break;
                goto next_value;
            }
            if (r.i < r.n && r.s[r.i] == (array ? ']' : '}')) {
                if (!close_container(&r, &cur)) break;
                continue;
            }
            expected(&r, array ? "',' or ']' after an array element"
                               : "',' or '}' after an object member");
            break;
        }
        break;
    next_value:;
    }
    /* an input that ends inside containers: say where the innermost one was opened */
    if (r.failed && err->offset == len && r.nframes > 0 && !err->oom) {
        const JsonValue *f = &r.frames[r.nframes - 1].m.value;
        size_t at = strlen(err->msg);
        snprintf(err->msg + at, sizeof err->msg - at, " (the %s opened at %d:%d is not closed)",
                 f->type == JSON_ARRAY ? "array" : "object", f->line, f->col);
    }
    dw_free(r.slots);
    dw_free(r.frames);
    return r.failed ? NULL : result;
}

/* ---- lookups ----------------------------------------------------------------------------- */

const JsonMember *json_member(const JsonValue *o, const char *key) {
    if (!o || o->type != JSON_OBJECT || !key) return NULL;
    size_t n = strlen(key);
    for (int32_t i = o->u.object.len - 1; i >= 0; i--) {
        const JsonMember *m = &o->u.object.items[i];
        if ((size_t)m->key.len == n && memcmp(m->key.s, key, n) == 0) return m;
    }
    return NULL;
}

const JsonValue *json_get_n(const JsonValue *o, const char *key, size_t keylen) {
    if (!o || o->type != JSON_OBJECT || !key) return NULL;
    for (int32_t i = o->u.object.len - 1; i >= 0; i--) {
        const JsonMember *m = &o->u.object.items[i];
        if ((size_t)m->key.len == keylen && memcmp(m->key.s, key, keylen) == 0) return &m->value;
    }
    return NULL;
}

const JsonValue *json_get(const JsonValue *o, const char *key) {
    return key ? json_get_n(o, key, strlen(key)) : NULL;
}

int32_t json_len(const JsonValue *v) {
    if (!v) return 0;
    return v->type == JSON_ARRAY ? v->u.array.len : v->type == JSON_OBJECT ? v->u.object.len : 0;
}

const JsonValue *json_at(const JsonValue *a, int32_t i) {
    if (!a || a->type != JSON_ARRAY || i < 0 || i >= a->u.array.len) return NULL;
    return &a->u.array.items[i];
}

const JsonMember *json_member_at(const JsonValue *o, int32_t i) {
    if (!o || o->type != JSON_OBJECT || i < 0 || i >= o->u.object.len) return NULL;
    return &o->u.object.items[i];
}

bool json_is(const JsonValue *v, JsonType type) {
    return v && v->type == type;
}

const char *json_string(const JsonValue *v) {
    if (!json_is(v, JSON_STRING)) return NULL;
    return memchr(v->u.str.s, 0, (size_t)v->u.str.len) ? NULL : v->u.str.s;
}

bool json_string_is(const JsonValue *v, const char *s) {
    return json_is(v, JSON_STRING) && str_eq_c(v->u.str, s);
}

bool json_as_str(const JsonValue *v, Str *out) {
    if (!json_is(v, JSON_STRING)) return false;
    *out = v->u.str;
    return true;
}

bool json_as_bool(const JsonValue *v, bool *out) {
    if (!json_is(v, JSON_BOOL)) return false;
    *out = v->u.boolean;
    return true;
}

bool json_as_int(const JsonValue *v, int64_t *out) {
    if (!json_is(v, JSON_NUMBER)) return false;
    const char *s = v->u.number.s;
    bool neg = *s == '-';
    uint64_t x = 0, limit = neg ? (uint64_t)INT64_MAX + 1 : (uint64_t)INT64_MAX;
    for (const char *p = s + neg; *p; p++) {
        if (*p < '0' || *p > '9') return false; /* a fraction or an exponent */
        unsigned d = (unsigned)(*p - '0');
        if (x > (limit - d) / 10) return false;
        x = x * 10 + d;
    }
    *out = neg ? (int64_t)(0 - x) : (int64_t)x;
    return true;
}

bool json_as_double(const JsonValue *v, double *out) {
    if (!json_is(v, JSON_NUMBER)) return false;
    int saved = errno;
    *out = strtod(v->u.number.s, NULL);
    errno = saved;
    return true;
}

const char *json_type_name(JsonType type) {
    static const char *const names[] = {"null", "boolean", "number", "string", "array", "object"};
    return (unsigned)type < sizeof names / sizeof *names ? names[type] : "value";
}
