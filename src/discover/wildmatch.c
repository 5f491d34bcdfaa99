/* wildmatch.c — git's .gitignore glob dialect (see wildmatch.h).
 *
 * The same verdicts as git's wildmatch(), without its backtracking: a pattern compiles to an
 * automaton (nfa.h), so `*****x` against a long name takes time linear in pattern x name where
 * backtracking took exponential time (issues 20 and 22). git's early exits (its WM_ABORT_ALL and
 * WM_ABORT_TO_STARSTAR) only prune searches that cannot succeed; they change no verdict.
 */
#include "wildmatch.h"

#include <string.h>

#include "nfa.h"

typedef unsigned char uchar;

static bool in_range(uchar c, uchar lo, uchar hi) {
    return c >= lo && c <= hi;
}

/* One POSIX class name (not NUL-terminated, n bytes) against byte t: 1, 0, or -1 when unknown. */
static int posix_class(const uchar *name, int n, uchar t) {
    static const struct {
        const char *name;
        int kind;
    } classes[] = {{"alnum", 0}, {"alpha", 1}, {"blank", 2},  {"cntrl", 3},
                   {"digit", 4}, {"graph", 5}, {"lower", 6},  {"print", 7},
                   {"punct", 8}, {"space", 9}, {"upper", 10}, {"xdigit", 11}};
    bool lower = in_range(t, 'a', 'z'), upper = in_range(t, 'A', 'Z'),
         digit = in_range(t, '0', '9');
    bool graph = in_range(t, 0x21, 0x7e);
    for (size_t i = 0; i < sizeof classes / sizeof classes[0]; i++) {
        if (strlen(classes[i].name) != (size_t)n || memcmp(classes[i].name, name, (size_t)n) != 0)
            continue;
        switch (classes[i].kind) {
        case 0: return lower || upper || digit;
        case 1: return lower || upper;
        case 2: return t == ' ' || t == '\t';
        case 3: return t < 0x20 || t == 0x7f;
        case 4: return digit;
        case 5: return graph;
        case 6: return lower;
        case 7: return graph || t == ' ';
        case 8: return graph && !lower && !upper && !digit;
        case 9: return t == ' ' || t == '\t' || t == '\n' || t == '\r';
        case 10: return upper;
        default: return digit || in_range(t, 'a', 'f') || in_range(t, 'A', 'F');
        }
    }
    return -1;
}

/* The bracket expression starting at **pp ('[') against byte t. Leaves *pp on its closing ']'.
 * Returns 1 (t is in the set), 0 (not in it) or -1 (malformed: git then gives up entirely). */
static int bracket(const uchar **pp, uchar t) {
    const uchar *p = *pp + 1;
    uchar c = *p, prev = 0;
    bool negated = false, hit = false;
    if (c == '!' || c == '^') {
        negated = true;
        c = *++p;
    }
    /* The first member is taken before looking for ']', so "[]a]" holds ']' and 'a'. */
    do {
        if (!c) return -1;
        if (c == '\\') {
            c = *++p;
            if (!c) return -1;
            hit |= t == c;
        } else if (c == '-' && prev && p[1] && p[1] != ']') {
            c = *++p;
            if (c == '\\') {
                c = *++p;
                if (!c) return -1;
            }
            hit |= in_range(t, prev, c);
            c = 0; /* a range cannot start another range */
        } else if (c == '[' && p[1] == ':') {
            const uchar *name = p + 2, *end = name;
            while (*end && *end != ']') end++;
            if (!*end) return -1;
            int n = (int)(end - name) - 1;
            if (n < 0 || end[-1] != ':') {
                hit |= t == '['; /* no ":]": an ordinary '[' member */
                c = '[';
            } else {
                int r = posix_class(name, n, t);
                if (r < 0) return -1;
                hit |= r == 1;
                p = end;
                c = 0;
            }
        } else {
            hit |= t == c;
        }
        prev = c;
        c = *++p;
    } while (c != ']');
    *pp = p;
    return hit != negated;
}

/* ---- compiling ------------------------------------------------------------------------------
 * git's backtracking matcher decides, for each construct, what it may match; the same verdicts
 * come from an automaton (nfa.h), in time linear in pattern x text:
 *   a byte or `\x`         that byte (a trailing backslash never matches)
 *   `?`                    any byte ('/' only without WM_PATHNAME)
 *   `[...]`                the bytes bracket() accepts ('/' only without WM_PATHNAME); a
 *                          malformed bracket makes git give up on the whole pattern: no match
 *   a run of stars         any run of bytes; under WM_PATHNAME not crossing '/', unless the run
 *                          is two or more stars forming a whole component: then it crosses '/',
 *                          and before an (unescaped) '/' it may also match no directory at all
 *                          (`a/ ** /b` matches a/b) — git's shortcut, the same as (.*[/])? */

static void compile(Arena *a, Nfa *p, const uchar *start, unsigned flags) {
    bool path = flags & WM_PATHNAME;
    const uint8_t *any = path ? nfa_all_but_slash : nfa_all;
    for (const uchar *c = start; *c && !p->oom && !p->never; c++) {
        switch (*c) {
        case '*': {
            const uchar *rest = c + 1;
            while (*rest == '*') rest++;
            bool starts = c == start || c[-1] == '/';
            bool ends = *rest == '\0' || *rest == '/' || (rest[0] == '\\' && rest[1] == '/');
            bool cross = !path || (rest - c >= 2 && starts && ends);
            if (path && cross && *rest == '/') { /* (?:.*[/])? */
                int32_t l = nfa_emit(a, p, NFA_SPLIT, 0, NULL);
                nfa_star(a, p, nfa_all);
                nfa_emit(a, p, NFA_BYTE, '/', NULL);
                if (l >= 0) p->ins[l].y = p->n;
                rest++;
            } else {
                nfa_star(a, p, cross ? nfa_all : nfa_all_but_slash);
            }
            c = rest - 1;
            break;
        }
        case '?': nfa_emit(a, p, NFA_SET, 0, any); break;
        case '[': {
            uint8_t *set = arena_zalloc(a, 32);
            if (!set) {
                p->oom = true;
                break;
            }
            const uchar *end = c;
            for (unsigned t = 1; t < 256; t++) { /* the text is a C string: never a NUL */
                end = c;
                int r = bracket(&end, (uchar)t);
                if (r < 0) {
                    p->never = true;
                    break;
                }
                if (r == 1 && !(path && t == '/')) set[t >> 3] |= (uint8_t)(1u << (t & 7));
            }
            nfa_emit(a, p, NFA_SET, 0, set);
            c = end;
            break;
        }
        case '\\':
            if (!*++c) {
                p->never = true;
                return;
            }
            nfa_emit(a, p, NFA_BYTE, *c, NULL);
            break;
        default: nfa_emit(a, p, NFA_BYTE, *c, NULL); break;
        }
    }
}

WmPattern *wm_compile(Arena *a, const char *pattern, unsigned flags) {
    Nfa *p = arena_zalloc(a, sizeof *p);
    if (!p) return NULL;
    compile(a, p, (const uchar *)pattern, flags);
    return nfa_finish(a, p) ? (WmPattern *)p : NULL;
}

bool wm_match_compiled(const WmPattern *w, const char *text, size_t len, uint64_t *steps) {
    return nfa_match((const Nfa *)w, text, len, steps);
}

bool wm_match(const char *pattern, const char *text, unsigned flags) {
    Arena a;
    arena_init(&a);
    WmPattern *w = wm_compile(&a, pattern, flags);
    bool hit = w && wm_match_compiled(w, text, strlen(text), NULL);
    arena_free(&a);
    return hit;
}
