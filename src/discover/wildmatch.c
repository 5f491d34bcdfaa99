/* wildmatch.c — git's .gitignore glob dialect (see wildmatch.h).
 *
 * A backtracking matcher with the same verdicts as git's wildmatch(), including its two ways of
 * giving up early: WM_GIVE_UP (the text ran out, so no later start for a `*` can help) and
 * WM_TO_DOUBLESTAR (a single `*` reached a '/', so only an enclosing `**` may still retry).
 */
#include "wildmatch.h"

#include <string.h>

typedef unsigned char uchar;

enum { WM_NO = 0, WM_YES = 1, WM_GIVE_UP = -1, WM_TO_DOUBLESTAR = -2 };

static bool is_special(uchar c) {
    return c == '*' || c == '?' || c == '[' || c == '\\';
}

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

static int match_from(const uchar *p, const uchar *t, unsigned flags);

/* p points at the first '*' of a run. */
static int match_star(const uchar *start, const uchar *p, const uchar *t, unsigned flags) {
    const uchar *rest = p + 1;
    bool crosses_slash; /* may this star match '/'? */
    if (*rest == '*') {
        while (*rest == '*') rest++;
        bool starts_component = p == start || p[-1] == '/';
        bool ends_component = *rest == '\0' || *rest == '/' || (rest[0] == '\\' && rest[1] == '/');
        if (!(flags & WM_PATHNAME)) {
            crosses_slash = true;
        } else if (starts_component && ends_component) {
            /* "**" + "/" may match no directory at all: try the rest right here. */
            if (*rest == '/' && match_from(rest + 1, t, flags) == WM_YES) return WM_YES;
            crosses_slash = true;
        } else {
            crosses_slash = false;
        }
    } else {
        crosses_slash = !(flags & WM_PATHNAME);
    }

    if (*rest == '\0') return (!crosses_slash && strchr((const char *)t, '/')) ? WM_NO : WM_YES;
    if (!crosses_slash && *rest == '/') {
        /* A single star before a slash swallows the rest of this component. */
        const uchar *slash = (const uchar *)strchr((const char *)t, '/');
        return slash ? match_from(rest + 1, slash + 1, flags) : WM_NO;
    }
    for (; *t; t++) {
        if (!is_special(*rest)) {
            /* The text up to the next occurrence of the literal belongs to the star. */
            while (*t && (crosses_slash || *t != '/') && *t != *rest) t++;
            if (*t != *rest) return WM_NO;
        }
        int r = match_from(rest, t, flags);
        if (r != WM_NO) {
            if (!crosses_slash || r != WM_TO_DOUBLESTAR) return r;
        } else if (!crosses_slash && *t == '/') {
            return WM_TO_DOUBLESTAR;
        }
    }
    return WM_GIVE_UP;
}

static int match_from(const uchar *p, const uchar *t, unsigned flags) {
    const uchar *start = p;
    for (; *p; p++, t++) {
        if (*t == '\0' && *p != '*') return WM_GIVE_UP;
        switch (*p) {
        case '*': return match_star(start, p, t, flags);
        case '?':
            if ((flags & WM_PATHNAME) && *t == '/') return WM_NO;
            break;
        case '[': {
            int r = bracket(&p, *t);
            if (r < 0) return WM_GIVE_UP;
            if (r == 0 || ((flags & WM_PATHNAME) && *t == '/')) return WM_NO;
            break;
        }
        case '\\':
            /* A trailing backslash compares the NUL with a non-NUL byte: no match. */
            if (*++p != *t) return WM_NO;
            break;
        default:
            if (*p != *t) return WM_NO;
        }
    }
    return *t ? WM_NO : WM_YES;
}

bool wm_match(const char *pattern, const char *text, unsigned flags) {
    return match_from((const uchar *)pattern, (const uchar *)text, flags) == WM_YES;
}
