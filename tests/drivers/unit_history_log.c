/* unit_history_log.c — unit tests of src/history/log.c, reading `git log --raw -z`: each commit's
 * id, time and subject, a GitHub merge read by its pull request's title, and the issue the body of
 * a message says the commit fixes (what DW303 takes for a fix when the subject does not say so):
 * `Fixes #12`, `fix: gh-7`, `Closes-Bug: #1234567`, a URL to an issue; and what is none (`Closes
 * #12`, a number without a fix word, a fix word inside a longer word, `#` without digits). */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "../../src/base/arena.h"
#include "../../src/base/buf.h"
#include "../../src/base/str.h"
#include "../../src/history/log.h"
#include "unit.h"

/* A log of one commit with this subject and body, and no change; its `fixes` ("" for none), or
 * NULL when the log does not parse. */
static const char *fixes_of(HistLog *l, const char *subject, const char *body) {
    memset(l, 0, sizeof *l);
    buf_init(&l->text), buf_init(&l->titles);
    buf_printf(&l->text, "\x01%s 1700000000 %s", "0123456789abcdef0123456789abcdef01234567",
               subject);
    buf_putc(&l->text, 0);
    buf_put(&l->text, body, strlen(body));
    buf_putc(&l->text, 0);
    if (!histlog_parse(l) || l->ncommits != 1) return NULL;
    return l->commits[0].fixes;
}

/* Whether ref occurs in body right after a fix word (and an optional `:`, blanks and `issue `):
 * the grammar fix_reference reads, checked from the other end. */
static bool follows_fix_word(const char *body, const char *ref) {
    static const char *const WORDS[] = {"fix",    "fixes",      "fixed",      "fixing",
                                        "bugfix", "closes-bug", "partial-bug"};
    for (const char *at = strstr(body, ref); at; at = strstr(at + 1, ref)) {
        const char *p = at;
        while (p > body && (p[-1] == ' ' || p[-1] == '\t')) p--;
        if (p - body >= 5 && strncasecmp(p - 5, "issue", 5) == 0 && p < at) {
            p -= 5;
            while (p > body && (p[-1] == ' ' || p[-1] == '\t')) p--;
        }
        if (p > body && p[-1] == ':') p--;
        for (size_t k = 0; k < sizeof WORDS / sizeof *WORDS; k++) {
            size_t n = strlen(WORDS[k]);
            if ((size_t)(p - body) >= n && strncasecmp(p - n, WORDS[k], n) == 0 &&
                (p - n == body || !str_word_byte((unsigned char)p[-(ptrdiff_t)n - 1])))
                return true;
        }
    }
    return false;
}

static void expect(const char *subject, const char *body, const char *want) {
    HistLog l;
    const char *got = fixes_of(&l, subject, body);
    CHECK(got && strcmp(got, want) == 0, "%s / %s: fixes \"%s\", expected \"%s\"", subject, body,
          got ? got : "(no parse)", want);
    histlog_free(&l);
}

int main(void) {
    /* what a fix says */
    expect("Improve overflow handling", "Fix #5241: Improve overflow handling\n", "#5241");
    expect("Guard the cache", "Fixes #12.", "#12");
    expect("Guard the cache", "This fixed issue #77, at last", "#77");
    expect("Guard the cache", "fix: gh-7", "gh-7");
    expect("Guard the cache", "Change-Id: I0a\nCloses-Bug: #1234567\n", "#1234567");
    expect("Guard the cache", "Partial-Bug: #42", "#42");
    expect("Guard the cache", "Fixes https://github.com/o/r/issues/9.",
           "https://github.com/o/r/issues/9");
    expect("Guard the cache", "see below\n\n* wip\n* Fixing #3 and #4", "#3");
    expect("Guard the cache", "Fixes <https://x.org/issues/9>;", "https://x.org/issues/9");
    expect("Guard the cache", "fix https://x.org/issues/9#note-2", "https://x.org/issues/9");
    expect("Guard the cache", "bugfix #8", "#8");
    /* what is none */
    expect("Add a cache", "Closes #12", "");
    expect("Add a cache", "Resolves #12", "");
    expect("Guard the cache", "See #12; fix the rest later", "");
    expect("Guard the cache", "prefix #12", "");
    expect("Guard the cache", "debug #12", "");
    expect("Guard the cache", "Fixes #", "");
    expect("Guard the cache", "Fixes #12abc", "");
    expect("Guard the cache", "Fixes https://github.com/o/r/pull/9", "");
    expect("Guard the cache", "Fixes https://x.org/issues/9abc", "");
    expect("Guard the cache", "Fixes https://x.org/issues/new", "");
    expect("Guard the cache", "Related-Bug: #12", "");
    expect("Guard the cache", "This is not a bug #12", "");
    expect("Guard the cache", "Fixes issue#12", "");
    expect("Guard the cache", "", "");
    /* the subject is never searched: a subject names a defect in words (DW303's own test) */
    expect("Fix #12", "", "");

    /* bodies made of the pieces a reference is read from, in every order (the sanitizers watch
     * the reads): the reference found, when one is, follows a fix word in its body */
    static const char *const PIECES[] = {"fix",     "Fixes", "bug", ":",   " ",
                                         "issue ",  "#",     "12",  "gh-", "https://x/",
                                         "issues/", "\n",    ".",   "a",   "-"};
    enum { NPIECES = sizeof PIECES / sizeof *PIECES };
    uint64_t seed = 0x9E3779B97F4A7C15u;
    int found = 0, inside = 0, unparsed = 0;
    for (int i = 0; i < 20000; i++) {
        char body[256] = "";
        for (int k = 0, n = (int)(seed >> 60) + 1; k < n; k++) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            strcat(body, PIECES[(seed >> 33) % NPIECES]);
        }
        HistLog l;
        const char *f = fixes_of(&l, "Guard the cache", body);
        if (f && *f) found++, inside += follows_fix_word(body, f);
        unparsed += !f;
        histlog_free(&l);
    }
    CHECK(!unparsed, "%d bodies did not parse", unparsed);
    CHECK(found > 20 && inside == found, "%d of %d references follow a fix word", inside, found);

    /* a body of a million bytes that starts a URL after every fix word is read once (a URL is read
     * for 160 bytes at most: reading each to its end took minutes) */
    size_t big = 1 << 20;
    char *huge = dw_malloc(big + 1);
    for (size_t i = 0; huge && i < big; i++) huge[i] = "fix:https://"[i % 12];
    if (huge) huge[big] = 0;
    HistLog hl;
    const char *hf = huge ? fixes_of(&hl, "Guard the cache", huge) : NULL;
    CHECK(hf && !*hf, "a million bytes of fix:https://: no reference");
    if (huge) histlog_free(&hl);
    dw_free(huge);

    /* a pull request's merge: its title is the subject, the body still searched */
    HistLog l;
    const char *f = fixes_of(&l, "Merge pull request #7 from carol/expiry",
                             "Treat expired entries as misses\n\nFixes #6");
    CHECK(f && strcmp(f, "#6") == 0 &&
              strcmp(l.commits[0].subject, "Treat expired entries as misses (#7)") == 0,
          "merge: subject \"%s\", fixes \"%s\"", f ? l.commits[0].subject : "",
          f ? f : "(no parse)");
    histlog_free(&l);
    return unit_finish();
}
