/* log.c — reading `git log --raw -z` in place, and a file's versions along it; see log.h. */
#include "log.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/arena.h"
#include "base/str.h"

uint64_t histlog_path_hash(const char *path) {
    return hash_bytes(path, strlen(path), HASH_SEED);
}

static bool is_hex(const char *s, size_t n) {
    for (size_t i = 0; i < n; i++)
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f'))) return false;
    return n == 40 || n == 64;
}

void histlog_free(HistLog *l) {
    buf_free(&l->text);
    buf_free(&l->titles);
    dw_free(l->commits);
    dw_free(l->changes);
    memset(l, 0, sizeof *l);
}

typedef struct Cursor {
    char *p, *end;
} Cursor;

/* The NUL-terminated field at the cursor (the NUL is git's), or NULL when none ends there. */
static char *field(Cursor *c) {
    char *s = c->p, *z = memchr(s, 0, (size_t)(c->end - s));
    if (!z) return NULL;
    c->p = z + 1;
    return s;
}

/* ":<mode> <mode> <old> <new> <status>": the two ids and the status, NUL-terminated in place. */
static bool raw_head(char *s, HistChange *ch) {
    char *part[5];
    int n = 0;
    for (char *t = s + 1; n < 5 && t;) {
        part[n++] = t;
        char *sp = strchr(t, ' ');
        if (sp) *sp = 0;
        t = sp ? sp + 1 : NULL;
    }
    if (s[0] != ':' || n != 5) return false;
    if (!is_hex(part[2], strlen(part[2])) || strlen(part[3]) != strlen(part[2]) ||
        !is_hex(part[3], strlen(part[3])))
        return false;
    ch->old_oid = part[2], ch->new_oid = part[3];
    ch->status = part[4][0];
    return strchr("ACDMRTUX", ch->status) && ch->status;
}

/* For the merge of a GitHub pull request ("Merge pull request #12 from carol/fix", its title the
 * first line of the body), 1 + the offset in l->titles of "<title> (#12)"; otherwise 0. */
static int32_t pull_request_title(HistLog *l, const char *subject, const char *body) {
    static const char prefix[] = "Merge pull request #";
    const char *num = subject + sizeof prefix - 1, *p = num;
    if (strncmp(subject, prefix, sizeof prefix - 1) != 0) return 0;
    while (*p >= '0' && *p <= '9') p++;
    if (p == num || p - num > 12 || strncmp(p, " from ", 6) != 0) return 0;
    while (*body == '\n' || *body == '\r' || *body == ' ' || *body == '\t') body++;
    const char *eol = body;
    while (*eol && *eol != '\n' && *eol != '\r') eol++;
    while (eol > body && (eol[-1] == ' ' || eol[-1] == '\t')) eol--;
    if (eol == body || l->titles.len > INT32_MAX / 2) return 0;
    int32_t at = (int32_t)l->titles.len + 1;
    buf_put(&l->titles, body, (size_t)(eol - body));
    buf_printf(&l->titles, " (#%.*s)", (int)(p - num), num);
    buf_putc(&l->titles, 0);
    return at;
}

/* The issue the body of a commit's message says the commit fixes: a word fix, fixes, fixed, fixing
 * or bugfix, or Launchpad's `Closes-Bug` or `Partial-Bug`, then an optional `:` and an optional
 * word `issue`, then a reference: `#N`, `gh-N` or a URL (in <> or not) whose path has `/issues/N`
 * ("Fixes #12", "fix gh-7", "Closes-Bug: #1234567", "Fixes: https://github.com/o/r/issues/9").
 * 1 + the offset in l->titles of the reference ("#12", the URL up to its number), or 0. None:
 * "Closes #12" (the pull request that adds a feature closes the issue asking for it),
 * "Related-Bug: #12" (the change does not close it), "not a bug #12". Linear in the body: a URL
 * is read for 160 bytes at most. */
static int32_t fix_reference(HistLog *l, const char *body) {
    static const char *const WORDS[] = {"fix", "fixes", "fixed", "fixing", "bugfix", NULL};
    enum { MAX_URL = 160 };
    for (const char *p = body; *p;) {
        if (!str_word_byte(*p) || (p > body && str_word_byte(p[-1]))) {
            p++;
            continue;
        }
        const char *w = p;
        while (str_word_byte(*p)) p++;
        size_t n = (size_t)(p - w);
        bool fix = false;
        for (const char *const *x = WORDS; *x && !fix; x++)
            fix = strlen(*x) == n && strncasecmp(w, *x, n) == 0;
        if (!fix && n == 3 && strncasecmp(w, "bug", 3) == 0) /* Launchpad's trailers */
            fix = (w - body >= 7 && strncasecmp(w - 7, "Closes-", 7) == 0) ||
                  (w - body >= 8 && strncasecmp(w - 8, "Partial-", 8) == 0);
        if (!fix) continue;
        const char *r = p + (*p == ':');
        while (*r == ' ' || *r == '\t') r++;
        if (strncasecmp(r, "issue", 5) == 0 && (r[5] == ' ' || r[5] == '\t')) {
            r += 5;
            while (*r == ' ' || *r == '\t') r++;
        }
        const char *digits = NULL;
        if (r[0] == '<' && strncmp(r + 1, "http", 4) == 0) r++; /* <https://...> */
        if (*r == '#') {
            digits = r + 1;
        } else if (strncasecmp(r, "gh-", 3) == 0) {
            digits = r + 3;
        } else if (strncmp(r, "https://", 8) == 0 || strncmp(r, "http://", 7) == 0) {
            const char *e = r;
            while (*e && e - r < MAX_URL && !strchr(" \t\r\n)>\"'", *e)) e++;
            for (const char *q = r; q + 8 < e; q++)
                if (strncmp(q, "/issues/", 8) == 0) digits = q + 8;
        }
        if (!digits) continue;
        const char *e = digits;
        while (*e >= '0' && *e <= '9' && e - digits < 12) e++;
        if (e == digits || str_word_byte(*e) || l->titles.len > INT32_MAX / 2) continue;
        int32_t at = (int32_t)l->titles.len + 1;
        buf_put(&l->titles, r, (size_t)(e - r));
        buf_putc(&l->titles, 0);
        return at;
    }
    return 0;
}

bool histlog_parse(HistLog *l) {
    if (l->text.failed) return false;
    buf_cstr(&l->text);
    if (l->text.failed) return false;
    Cursor c = {l->text.data, l->text.data + l->text.len};
    if (!c.p) return true; /* nothing: no commit changed a Python file */
    int32_t capc = 0, capx = 0;
    while (c.p < c.end) {
        if (*c.p != '\x01') return false;
        c.p++;
        char *head = field(&c);
        if (!head) return false;
        HistCommit cm = {0};
        char *sp = strchr(head, ' ');
        if (!sp || !is_hex(head, (size_t)(sp - head))) return false;
        *sp = 0;
        cm.id = head;
        char *end;
        cm.time = strtoll(sp + 1, &end, 10);
        if (end == sp + 1 || (*end != ' ' && *end != 0)) return false;
        cm.subject = *end ? end + 1 : end;
        char *body = field(&c); /* (neither a subject nor a body can hold a NUL) */
        if (!body) return false;
        cm.title = pull_request_title(l, cm.subject, body);
        cm.fixes_at = fix_reference(l, body);
        cm.first = l->nchanges;
        while (c.p < c.end && *c.p == '\n') c.p++;
        while (c.p < c.end && *c.p == ':') {
            HistChange ch = {0};
            char *h = field(&c);
            if (!h || !raw_head(h, &ch)) return false;
            char *a = field(&c), *b = NULL;
            if (!a) return false;
            if (ch.status == 'R' || ch.status == 'C') {
                if (!(b = field(&c))) return false;
                ch.old_path = a, ch.path = b;
            } else {
                ch.old_path = ch.path = a;
            }
            ch.path_hash = histlog_path_hash(ch.path);
            if (l->nchanges == capx &&
                hvec_grow_((void **)&l->changes, &capx, sizeof ch, l->nchanges + 1) != 0)
                return false;
            l->changes[l->nchanges++] = ch;
            cm.nchanges++;
            while (c.p < c.end && *c.p == '\n') c.p++;
        }
        if (l->ncommits == capc &&
            hvec_grow_((void **)&l->commits, &capc, sizeof cm, l->ncommits + 1) != 0)
            return false;
        l->commits[l->ncommits++] = cm;
    }
    if (l->titles.failed) return false;
    for (int32_t i = 0; i < l->ncommits; i++) { /* (the buffer no longer moves) */
        HistCommit *cm = &l->commits[i];
        if (cm->title) cm->subject = l->titles.data + cm->title - 1;
        cm->fixes = cm->fixes_at ? l->titles.data + cm->fixes_at - 1 : "";
    }
    return true;
}

int32_t histlog_versions(const HistLog *l, const char *path, HistVersion **out) {
    *out = NULL;
    int32_t n = 0, cap = 0;
    HistVersion *v = NULL;
    const char *p = path;
    uint64_t h = histlog_path_hash(p);
    bool created = false;
    for (int32_t i = 0; i < l->ncommits && !created; i++) {
        const HistCommit *cm = &l->commits[i];
        for (int32_t k = cm->first; k < cm->first + cm->nchanges; k++) {
            const HistChange *ch = &l->changes[k];
            if (ch->status == 'D' || ch->path_hash != h || strcmp(ch->path, p) != 0) continue;
            if (n == cap && hvec_grow_((void **)&v, &cap, sizeof *v, n + 1) != 0) {
                dw_free(v);
                return -1;
            }
            v[n++] = (HistVersion){i, ch->new_oid, ch->path};
            if (ch->status == 'A' || ch->status == 'C') {
                created = true; /* (a copy starts a file's history as an addition does) */
            } else if (ch->status == 'R') {
                p = ch->old_path;
                h = histlog_path_hash(p);
            }
            break;
        }
    }
    for (int32_t i = 0; i < n / 2; i++) { /* oldest first */
        HistVersion t = v[i];
        v[i] = v[n - 1 - i];
        v[n - 1 - i] = t;
    }
    *out = v;
    return n;
}
