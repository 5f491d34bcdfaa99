/* glob.c — globset-compatible globs and ruff's exclude sets (see glob.h).
 *
 * A pattern parses into a token sequence the way globset's parser builds it (including its
 * placement rules for double stars), and compiles (nfa.h) to the regular expression globset builds,
 * matched in time linear in pattern x path:
 *   ?  is .          * is .*          {a,b} is (?:a|b), empty branches dropped
 *   a leading double star and slash is (?:/?|.*[/])      a whole pattern of two stars is .*
 *   a trailing slash and double star is [/].*          slash, double star, slash is
 * (?:[/]|[/].*[/]) where `.` is any byte but '\n'. Classes become byte sets as the regex crate
 * reads the escaped class globset writes (each UTF-8 byte an item, `lo-hi` a range between the last
 * byte of lo and the first of hi).
 */
#include "glob.h"

#include <string.h>

#include "nfa.h"

enum { G_LIT, G_ANY, G_STAR, G_CLASS, G_RPREFIX, G_RSUFFIX, G_RZOM, G_ALT };

typedef struct GSeq GSeq;
typedef struct GTok {
    uint8_t kind, c;
    const uint8_t *set; /* G_CLASS: 32-byte bitmap */
    GSeq *alts;         /* G_ALT: the branches */
    int32_t nalts;
} GTok;
struct GSeq {
    GTok *t;
    int32_t n, cap;
};

struct Glob {
    Nfa nfa;
    const char *literal; /* the whole pattern is literal bytes */
    size_t litlen;
    bool everything; /* the pattern is `**` */
    uint8_t against; /* in an ExcludeSet: GLOB_ABS, GLOB_NAME */
};

enum { GLOB_ABS = 1, GLOB_NAME = 2, MAX_ALT_DEPTH = 64 };

/* ---- parsing ------------------------------------------------------------------------------ */

typedef struct GParse {
    Arena *a;
    const uint8_t *s;
    size_t i, n;
    int prev, cur;  /* previous and current character (first byte), -1 for none */
    GSeq *branches; /* open branches; the last one receives tokens */
    int32_t nbranches, capbranches;
    int32_t *alt_starts; /* index in branches where each open `{` starts */
    int32_t nalt;
    const char *err;
} GParse;

static int bump(GParse *p) {
    p->prev = p->cur;
    p->cur = p->i < p->n ? p->s[p->i++] : -1;
    return p->cur;
}
static int peek(const GParse *p) {
    return p->i < p->n ? p->s[p->i] : -1;
}

static bool push_tok(GParse *p, GTok t) {
    GSeq *b = &p->branches[p->nbranches - 1];
    if (b->n == b->cap) {
        int32_t cap = b->cap ? b->cap * 2 : 8;
        GTok *nt = arena_alloc(p->a, (size_t)cap * sizeof *nt);
        if (!nt) return p->err = "out of memory", false;
        if (b->n) memcpy(nt, b->t, (size_t)b->n * sizeof *nt);
        b->t = nt, b->cap = cap;
    }
    b->t[b->n++] = t;
    return true;
}
static bool push_kind(GParse *p, int kind) {
    return push_tok(p, (GTok){.kind = (uint8_t)kind});
}

static bool push_branch(GParse *p) {
    if (p->nbranches == p->capbranches) {
        int32_t cap = p->capbranches * 2;
        GSeq *nb = arena_alloc(p->a, (size_t)cap * sizeof *nb);
        int32_t *ns = arena_alloc(p->a, (size_t)cap * sizeof *ns);
        if (!nb || !ns) return p->err = "out of memory", false;
        memcpy(nb, p->branches, (size_t)p->nbranches * sizeof *nb);
        memcpy(ns, p->alt_starts, (size_t)p->nalt * sizeof *ns);
        p->branches = nb, p->alt_starts = ns, p->capbranches = cap;
    }
    p->branches[p->nbranches++] = (GSeq){0};
    return true;
}

/* The character at the cursor (first byte already consumed in c), as a code point; the
 * continuation bytes are consumed too. Invalid UTF-8 counts byte by byte. */
static uint32_t utf8_char(GParse *p, int c, uint8_t bytes[4], int *nbytes) {
    int extra = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC0 ? 1 : 0;
    uint32_t cp = extra == 3 ? (uint32_t)c & 7 : extra == 2 ? (uint32_t)c & 15 : (uint32_t)c & 31;
    if (!extra) cp = (uint32_t)c;
    bytes[0] = (uint8_t)c;
    *nbytes = 1;
    for (int k = 0; k < extra && p->i < p->n && (p->s[p->i] & 0xC0) == 0x80; k++) {
        bytes[(*nbytes)++] = p->s[p->i];
        cp = (cp << 6) | (p->s[p->i++] & 0x3F);
    }
    return cp;
}

static void set_bit(uint8_t *set, unsigned b) {
    set[b >> 3] |= (uint8_t)(1u << (b & 7));
}

static bool parse_class(GParse *p) {
    uint8_t *set = arena_zalloc(p->a, 32);
    if (!set) return p->err = "out of memory", false;
    bool negated = false, first = true, in_range = false;
    if (peek(p) == '!' || peek(p) == '^') negated = true, bump(p);
    /* Each member: code point range plus the UTF-8 bytes of both ends. */
    uint32_t lo = 0, hi = 0;
    uint8_t lob[4], hib[4];
    int nlo = 0, nhi = 0;
    bool have = false;
#define FLUSH()                                                                                    \
    do {                                                                                           \
        if (have) {                                                                                \
            for (int k = 0; k < nlo - 1; k++) set_bit(set, lob[k]);                                \
            if (lo == hi) {                                                                        \
                set_bit(set, lob[nlo - 1]);                                                        \
            } else {                                                                               \
                if (lob[nlo - 1] > hib[0]) return p->err = "invalid range in class", false;        \
                for (unsigned x = lob[nlo - 1]; x <= hib[0]; x++) set_bit(set, x);                 \
                for (int k = 1; k < nhi; k++) set_bit(set, hib[k]);                                \
            }                                                                                      \
        }                                                                                          \
    } while (0)
    for (;;) {
        int c = bump(p);
        if (c < 0) return p->err = "unclosed character class", false;
        if (c == ']' && !first) break;
        if (c == '-' && !first && !in_range) {
            in_range = true;
        } else {
            uint8_t b[4];
            int nb;
            uint32_t cp = utf8_char(p, c, b, &nb);
            if (in_range) {
                if (cp < lo) return p->err = "invalid range in class", false;
                hi = cp, memcpy(hib, b, 4), nhi = nb;
                in_range = false;
            } else {
                FLUSH();
                lo = hi = cp, memcpy(lob, b, 4), memcpy(hib, b, 4), nlo = nhi = nb;
                have = true;
            }
        }
        first = false;
    }
    FLUSH();
    if (in_range) set_bit(set, '-');
#undef FLUSH
    if (negated)
        for (int k = 0; k < 32; k++) set[k] = (uint8_t)~set[k];
    return push_tok(p, (GTok){.kind = G_CLASS, .set = set});
}

static bool parse_star(GParse *p) {
    int prev = p->prev;
    if (peek(p) != '*') return push_kind(p, G_STAR);
    bump(p);
    GSeq *b = &p->branches[p->nbranches - 1];
    if (b->n == 0) {
        if (peek(p) >= 0 && peek(p) != '/') return push_kind(p, G_STAR) && push_kind(p, G_STAR);
        bump(p);
        return push_kind(p, G_RPREFIX);
    }
    if (prev != '/' && (p->nbranches <= 1 || (prev != ',' && prev != '{')))
        return push_kind(p, G_STAR) && push_kind(p, G_STAR);
    bool suffix;
    int next = peek(p);
    if (next < 0) {
        bump(p);
        suffix = true;
    } else if ((next == ',' || next == '}') && p->nbranches >= 2) {
        suffix = true;
    } else if (next == '/') {
        bump(p);
        suffix = false;
    } else {
        return push_kind(p, G_STAR) && push_kind(p, G_STAR);
    }
    int last = b->t[--b->n].kind;
    if (last == G_RPREFIX || last == G_RSUFFIX) return push_kind(p, last);
    return push_kind(p, suffix ? G_RSUFFIX : G_RZOM);
}

static bool parse(GParse *p) {
    for (int c; (c = bump(p)) >= 0;) {
        bool ok = true;
        switch (c) {
        case '?': ok = push_kind(p, G_ANY); break;
        case '*': ok = parse_star(p); break;
        case '[': ok = parse_class(p); break;
        case '{':
            if (p->nalt == MAX_ALT_DEPTH) return p->err = "alternations nested too deeply", false;
            p->alt_starts[p->nalt++] = p->nbranches;
            ok = push_branch(p);
            break;
        case '}': {
            if (p->nalt == 0) return p->err = "unopened alternation '}'", false;
            int32_t start = p->alt_starts[--p->nalt];
            int32_t nalts = p->nbranches - start;
            GSeq *alts = arena_memdup(p->a, &p->branches[start], (size_t)nalts * sizeof *alts);
            if (!alts) return p->err = "out of memory", false;
            p->nbranches = start;
            ok = push_tok(p, (GTok){.kind = G_ALT, .alts = alts, .nalts = nalts});
            break;
        }
        case ',':
            ok = p->nalt ? push_branch(p) : push_tok(p, (GTok){.kind = G_LIT, .c = ','});
            break;
        case '\\':
            c = bump(p);
            if (c < 0) return p->err = "dangling '\\'", false;
            /* fallthrough */
        default: ok = push_tok(p, (GTok){.kind = G_LIT, .c = (uint8_t)c}); break;
        }
        if (!ok) return false;
    }
    if (p->nalt) return p->err = "unclosed alternation '{'", false;
    return true;
}

/* ---- compiling ---------------------------------------------------------------------------- */

static void emit_seq(Arena *a, Nfa *p, const GSeq *s);

/* (?:.*[/])? : zero or more whole directories */
static void emit_dirs(Arena *a, Nfa *p) {
    int32_t l = nfa_emit(a, p, NFA_SPLIT, 0, NULL);
    nfa_star(a, p, nfa_all_but_newline);
    nfa_emit(a, p, NFA_BYTE, '/', NULL);
    if (l >= 0) p->ins[l].y = p->n;
}

/* (?:a|b|...), empty branches dropped (none left: the empty string) */
static void emit_alt(Arena *a, Nfa *p, const GTok *g) {
    int32_t last = -1, njumps = 0;
    for (int32_t j = 0; j < g->nalts; j++)
        if (g->alts[j].n) last = j;
    int32_t *jumps = last >= 0 ? arena_alloc(a, sizeof *jumps * (size_t)g->nalts) : NULL;
    if (last >= 0 && !jumps) p->oom = true;
    for (int32_t j = 0; jumps && j <= last; j++) {
        if (!g->alts[j].n) continue;
        int32_t split = j < last ? nfa_emit(a, p, NFA_SPLIT, 0, NULL) : -1;
        emit_seq(a, p, &g->alts[j]);
        if (j < last) jumps[njumps++] = nfa_emit(a, p, NFA_JMP, 0, NULL);
        if (split >= 0) p->ins[split].y = p->n;
    }
    for (int32_t k = 0; k < njumps && !p->oom; k++) p->ins[jumps[k]].x = p->n;
}

/* Recursion only into alternations, nested at most MAX_ALT_DEPTH deep. */
static void emit_seq(Arena *a, Nfa *p, const GSeq *s) {
    for (int32_t i = 0; i < s->n && !p->oom; i++) {
        const GTok *g = &s->t[i];
        switch (g->kind) {
        case G_LIT: nfa_emit(a, p, NFA_BYTE, g->c, NULL); break;
        case G_ANY: nfa_emit(a, p, NFA_SET, 0, nfa_all_but_newline); break;
        case G_CLASS: nfa_emit(a, p, NFA_SET, 0, g->set); break;
        case G_STAR: /* .*.* is .* */
            if (i == 0 || s->t[i - 1].kind != G_STAR) nfa_star(a, p, nfa_all_but_newline);
            break;
        case G_RPREFIX: emit_dirs(a, p); break; /* (?:/?|.*[/]) = (?:.*[/])? */
        case G_RSUFFIX:                         /* [/].* */
            nfa_emit(a, p, NFA_BYTE, '/', NULL);
            nfa_star(a, p, nfa_all_but_newline);
            break;
        case G_RZOM: /* (?:[/]|[/].*[/]) = [/](?:.*[/])? */
            nfa_emit(a, p, NFA_BYTE, '/', NULL);
            emit_dirs(a, p);
            break;
        default: emit_alt(a, p, g); break;
        }
    }
}

Glob *glob_compile(Arena *a, const char *pattern, const char **err) {
    size_t n = strlen(pattern);
    GParse p = {.a = a, .s = (const uint8_t *)pattern, .n = n, .prev = -1, .cur = -1};
    p.capbranches = 8;
    p.branches = arena_alloc(a, 8 * sizeof *p.branches);
    p.alt_starts = arena_alloc(a, (MAX_ALT_DEPTH + 1) * sizeof *p.alt_starts);
    Glob *g = arena_zalloc(a, sizeof *g);
    if (!p.branches || !p.alt_starts || !g) {
        *err = "out of memory";
        return NULL;
    }
    p.branches[p.nbranches++] = (GSeq){0};
    if (!parse(&p)) {
        *err = p.err;
        return NULL;
    }
    GSeq seq = p.branches[0];
    g->against = GLOB_ABS | GLOB_NAME;
    g->everything = seq.n == 1 && seq.t[0].kind == G_RPREFIX;
    bool literal = true;
    for (int32_t i = 0; i < seq.n; i++) literal &= seq.t[i].kind == G_LIT;
    if (literal) {
        char *lit = arena_alloc(a, (size_t)seq.n + 1);
        if (!lit) return *err = "out of memory", NULL;
        for (int32_t i = 0; i < seq.n; i++) lit[i] = (char)seq.t[i].c;
        g->literal = lit, g->litlen = (size_t)seq.n;
        return g;
    }
    emit_seq(a, &g->nfa, &seq);
    if (!nfa_finish(a, &g->nfa)) return *err = "out of memory", NULL;
    return g;
}

/* ---- matching ----------------------------------------------------------------------------- */

bool glob_match_steps(const Glob *g, const char *text, size_t len, uint64_t *steps) {
    if (g->literal) return g->litlen == len && memcmp(g->literal, text, len) == 0;
    if (g->everything) return memchr(text, '\n', len) == NULL;
    return nfa_match(&g->nfa, text, len, steps);
}

bool glob_match(const Glob *g, const char *text, size_t len) {
    return glob_match_steps(g, text, len, NULL);
}

/* ---- ruff's exclude sets ------------------------------------------------------------------ */

static bool set_push(Arena *a, ExcludeSet *s, Glob *g) {
    if (s->n == s->cap) {
        int32_t cap = s->cap ? s->cap * 2 : 32;
        Glob **ng = arena_alloc(a, (size_t)cap * sizeof *ng);
        if (!ng) return false;
        if (s->n) memcpy(ng, s->globs, (size_t)s->n * sizeof *ng);
        s->globs = ng, s->cap = cap;
    }
    s->globs[s->n++] = g;
    return true;
}

/* globset::escape, plus the backslash (which globset would read as an escape). */
static char *glob_escape(Arena *a, const char *s) {
    size_t n = strlen(s);
    char *out = arena_alloc(a, n * 3 + 1), *o = out;
    if (!out) return NULL;
    for (; *s; s++) {
        if (strchr("?*[]{}", *s)) {
            *o++ = '[', *o++ = *s, *o++ = ']';
        } else {
            if (*s == '\\') *o++ = '\\';
            *o++ = *s;
        }
    }
    *o = '\0';
    return out;
}

bool exclude_add(Arena *a, ExcludeSet *s, const char *pattern, const char *root, const char **err) {
    *err = "out of memory";
    if (root) {
        char *escaped = glob_escape(a, root);
        char *abs = escaped ? glob_absolutize(a, escaped, pattern) : NULL;
        if (!abs) return false;
        Glob *g = glob_compile(a, abs, err);
        if (!g || !set_push(a, s, g)) return false;
        g->against = GLOB_ABS;
        if (strchr(pattern, '/')) return true;
    }
    Glob *g = glob_compile(a, pattern, err);
    if (g && root) g->against = GLOB_NAME; /* never the absolute path: see glob.h */
    return g && set_push(a, s, g);
}

bool exclude_match(const ExcludeSet *s, const char *abspath, size_t len, const char *name,
                   size_t namelen) {
    for (int32_t i = 0; i < s->n; i++) {
        const Glob *g = s->globs[i];
        if (((g->against & GLOB_ABS) && glob_match(g, abspath, len)) ||
            ((g->against & GLOB_NAME) && glob_match(g, name, namelen)))
            return true;
    }
    return false;
}

char *glob_absolutize(Arena *a, const char *cwd, const char *path) {
    size_t cl = strlen(cwd), pl = strlen(path);
    char *out = arena_alloc(a, cl + pl + 3);
    if (!out) return NULL;
    size_t n = 0;
    for (int pass = path[0] == '/' ? 1 : 0; pass < 2; pass++) {
        const char *p = pass == 0 ? cwd : path;
        while (*p) {
            while (*p == '/') p++;
            const char *e = p;
            while (*e && *e != '/') e++;
            size_t len = (size_t)(e - p);
            if (len == 2 && p[0] == '.' && p[1] == '.') {
                while (n > 0 && out[n - 1] != '/') n--;
                if (n > 0) n--; /* the slash before the dropped component */
            } else if (len && !(len == 1 && p[0] == '.')) {
                out[n++] = '/';
                memcpy(out + n, p, len);
                n += len;
            }
            p = e;
        }
    }
    if (n == 0) out[n++] = '/';
    out[n] = '\0';
    return out;
}
