/* out_sarif.c — the sarif format: one SARIF 2.1.0 log (valid against the official schema, and
 * shaped for GitHub code scanning), pretty-printed with out_json.c's writer.
 *
 *   log      $schema, version "2.1.0", one run
 *   run      tool.driver {name "deadwood", version, informationUri, rules}, originalUriBaseIds
 *            {%SRCROOT%: file:///root/} when OutputOptions.root is absolute, columnKind
 *            "unicodeCodePoints" (our columns count characters), results
 *   rule     id, name, shortDescription, fullDescription, help {text, markdown (fenced code,
 *            escaped prose: out_sarif_text.c)},
 *            defaultConfiguration {enabled, level}, helpUri — every rule of OutputOptions.rules,
 *            then any code found but not listed there (see RuleTable)
 *   result   ruleId, ruleIndex, level, message (linking its related locations: `[line 20](1)`),
 *            one location (artifactLocation {uri relative to %SRCROOT%, percent-encoded},
 *            region {startLine, startColumn, endLine, endColumn}), relatedLocations {id from 1,
 *            physicalLocation, message}, fixes (a finding's fix: description, one artifactChange
 *            of the file with its replacements {deletedRegion, insertedContent}, and the fix's
 *            applicability in a property bag), partialFingerprints
 *
 * SARIF knows no notebook cells: a finding in a notebook has the region of the .ipynb lines that
 * hold its cell lines (startLine, endLine: what a viewer of the stored file, GitHub's among them,
 * can show), and its message starts with the cell, line and column ("cell 3, line 2, column 5:
 * ..."), for related locations too. (ruff gives the lines of the cells joined, which point
 * nowhere in the file.)
 *
 * partialFingerprints.primaryLocationLineHash (the key GitHub code scanning matches alerts by) is
 * a 64-bit FNV-1a hash of the code, the path and the finding's source line without its leading
 * and trailing white space, then ":n" for the n-th finding with the same hash (as GitHub's own
 * fingerprints count repeats): it survives edits that move the line.
 */
#include <string.h>

#include "base/str.h"
#include "out_internal.h"

#define SARIF_SCHEMA                                                                               \
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
#define SRCROOT "%SRCROOT%"

/* ---- URIs ------------------------------------------------------------------------------------ */

void out_uri_encode(Buf *b, const char *s, size_t n) {
    static const char hex[] = "0123456789ABCDEF";
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
            c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
            buf_putc(b, (char)c);
        } else {
            char esc[3] = {'%', hex[c >> 4], hex[c & 15]};
            buf_put(b, esc, 3);
        }
    }
}

/* The length of dir without its trailing slashes. */
static size_t dir_len(const char *dir) {
    size_t n = strlen(dir);
    while (n > 0 && dir[n - 1] == '/') n--;
    return n;
}

void out_file_uri_dir(Buf *b, const char *dir) {
    buf_puts(b, "file://");
    out_uri_encode(b, dir, dir_len(dir));
    buf_putc(b, '/');
}

bool out_sarif_uri(Buf *b, const char *path, const char *root) {
    if (path[0] != '/') {
        while (path[0] == '.' && path[1] == '/') {
            path += 2;
            while (*path == '/') path++;
        }
        out_uri_encode(b, path, strlen(path));
        return true;
    }
    if (root && root[0] == '/') {
        size_t n = dir_len(root);
        if (strncmp(path, root, n) == 0 && path[n] == '/') {
            path += n;
            while (*path == '/') path++;
            out_uri_encode(b, path, strlen(path));
            return true;
        }
    }
    buf_puts(b, "file://");
    out_uri_encode(b, path, strlen(path));
    return false;
}

/* ---- fingerprints ---------------------------------------------------------------------------- */

typedef struct Seen {
    uint64_t *keys; /* 0 for empty (a hash of 0 is stored as 1) */
    int32_t *counts;
    uint64_t mask;
} Seen;

static bool seen_init(Seen *s, Arena *a, int32_t n) {
    size_t size = 16;
    while (size < 2 * (size_t)n) size *= 2;
    s->keys = arena_zalloc(a, size * sizeof *s->keys);
    s->counts = arena_zalloc(a, size * sizeof *s->counts);
    s->mask = size - 1;
    return s->keys && s->counts;
}

/* How many times h has been seen, this time included. */
static int32_t seen_count(Seen *s, uint64_t h) {
    if (!h) h = 1;
    uint64_t i = h & s->mask;
    while (s->keys[i] && s->keys[i] != h) i = (i + 1) & s->mask;
    s->keys[i] = h;
    return ++s->counts[i];
}

static uint64_t fingerprint(const Finding *f) {
    const char *code = OUT_STR(f->code), *path = OUT_STR(f->path), *src = OUT_STR(f->source);
    size_t n = strcspn(src, "\r\n");
    while (n > 0 && (*src == ' ' || *src == '\t' || *src == '\f')) src++, n--;
    while (n > 0 && (src[n - 1] == ' ' || src[n - 1] == '\t' || src[n - 1] == '\f')) n--;
    uint64_t h = hash_bytes(code, strlen(code) + 1, HASH_SEED);
    h = hash_bytes(path, strlen(path) + 1, h);
    return hash_bytes(src, n, h);
}

static void put_fingerprint(JsonWriter *w, Seen *seen, const Finding *f) {
    static const char hex[] = "0123456789abcdef";
    uint64_t h = fingerprint(f);
    char text[16];
    for (int i = 0; i < 16; i++) text[i] = hex[(h >> (60 - 4 * i)) & 15];
    jw_key(w, "partialFingerprints");
    jw_open(w, '{');
    jw_key(w, "primaryLocationLineHash");
    jw_raw(w);
    buf_putc(w->b, '"');
    buf_put(w->b, text, sizeof text);
    buf_putc(w->b, ':');
    out_put_int(w->b, seen_count(seen, h));
    buf_putc(w->b, '"');
    jw_close(w, '}');
}

/* ---- the log --------------------------------------------------------------------------------- */

/* "key": {"text": text}  (a SARIF message or multiformatMessageString) */
static void put_message(JsonWriter *w, const char *key, const char *text) {
    jw_key(w, key);
    jw_open(w, '{');
    jw_key(w, "text");
    jw_str(w, OUT_STR(text));
    jw_close(w, '}');
}

/* "message": {"text": ...}, which in a notebook starts with the cell's line and column: the
 * region can only name lines of the .ipynb file. */
static void put_located_message(JsonWriter *w, Buf *scratch, const Location *l, const char *text) {
    if (l->cell <= 0) {
        put_message(w, "message", text);
        return;
    }
    scratch->len = 0;
    out_cell_where(scratch, l);
    buf_puts(scratch, OUT_STR(text));
    put_message(w, "message", buf_cstr(scratch));
    if (scratch->failed) w->b->failed = true;
}

static void put_rule(JsonWriter *w, Buf *scratch, const RuleInfo *r, const OutputOptions *opt) {
    const char *code = OUT_STR(r->code);
    const char *summary = r->summary ? r->summary : r->name ? r->name : code;
    const char *doc = r->doc ? r->doc : summary;
    jw_open(w, '{');
    jw_key(w, "id");
    jw_str(w, code);
    if (r->name) {
        jw_key(w, "name");
        jw_str(w, r->name);
    }
    put_message(w, "shortDescription", summary);
    put_message(w, "fullDescription", doc);
    jw_key(w, "help");
    jw_open(w, '{');
    jw_key(w, "text");
    jw_str(w, doc);
    jw_key(w, "markdown");
    scratch->len = 0;
    out_doc_markdown(scratch, doc);
    jw_str(w, buf_cstr(scratch));
    jw_close(w, '}');
    jw_key(w, "defaultConfiguration");
    jw_open(w, '{');
    jw_key(w, "enabled");
    jw_bool(w, r->default_on);
    jw_key(w, "level");
    jw_str(w, out_rule_level(r));
    jw_close(w, '}');
    jw_key(w, "helpUri");
    scratch->len = 0;
    output_rule_url(scratch, opt->homepage, code);
    jw_str(w, buf_cstr(scratch));
    jw_close(w, '}');
}

static void put_region(JsonWriter *w, const Location *l) {
    if (l->cell > 0) { /* a notebook's cell: the lines of the .ipynb holding the span */
        if (l->file_line < 1) return;
        jw_key(w, "region");
        jw_open(w, '{');
        jw_key(w, "startLine");
        jw_int(w, l->file_line);
        jw_key(w, "endLine");
        jw_int(w, l->file_end_line >= l->file_line ? l->file_end_line : l->file_line);
        jw_close(w, '}');
        return;
    }
    if (l->line < 1) return;
    jw_key(w, "region");
    jw_open(w, '{');
    jw_key(w, "startLine");
    jw_int(w, l->line);
    if (l->col >= 1) {
        jw_key(w, "startColumn");
        jw_int(w, l->col);
    }
    if (l->end_line >= l->line) {
        jw_key(w, "endLine");
        jw_int(w, l->end_line);
        if (l->end_col >= 1 && l->col >= 1) {
            jw_key(w, "endColumn");
            jw_int(w, l->end_col);
        }
    }
    jw_close(w, '}');
}

/* "artifactLocation": {uri, uriBaseId when relative to %SRCROOT%} */
static void put_artifact(JsonWriter *w, Buf *scratch, const char *path, const OutputOptions *opt) {
    jw_key(w, "artifactLocation");
    jw_open(w, '{');
    scratch->len = 0;
    bool relative = out_sarif_uri(scratch, OUT_STR(path), opt->root);
    jw_key(w, "uri");
    jw_str(w, buf_cstr(scratch));
    if (relative) {
        jw_key(w, "uriBaseId");
        jw_str(w, SRCROOT);
    }
    jw_close(w, '}');
}

static void put_physical(JsonWriter *w, Buf *scratch, const char *path, const Location *l,
                         const OutputOptions *opt) {
    jw_key(w, "physicalLocation");
    jw_open(w, '{');
    put_artifact(w, scratch, path, opt);
    put_region(w, l);
    jw_close(w, '}');
}

/* "fixes": the finding's fix as SARIF's fix object (its edits as replacements of regions of the
 * finding's file; an empty insertedContent is left out: a pure deletion). */
static void put_fix(JsonWriter *w, Buf *scratch, const Finding *f, const OutputOptions *opt) {
    const Fix *fix = f->fix;
    jw_key(w, "fixes");
    jw_open(w, '[');
    jw_open(w, '{');
    put_message(w, "description", fix->message);
    jw_key(w, "artifactChanges");
    jw_open(w, '[');
    jw_open(w, '{');
    put_artifact(w, scratch, f->path, opt);
    jw_key(w, "replacements");
    jw_open(w, '[');
    for (int32_t i = 0; i < fix->nedits; i++) {
        const Edit *e = &fix->edits[i];
        jw_open(w, '{');
        jw_key(w, "deletedRegion");
        jw_open(w, '{');
        jw_key(w, "startLine");
        jw_int(w, e->loc.line);
        jw_key(w, "startColumn");
        jw_int(w, e->loc.col);
        jw_key(w, "endLine");
        jw_int(w, e->loc.end_line);
        jw_key(w, "endColumn");
        jw_int(w, e->loc.end_col);
        jw_close(w, '}');
        if (e->content && *e->content) put_message(w, "insertedContent", e->content);
        jw_close(w, '}');
    }
    jw_close(w, ']');
    jw_close(w, '}');
    jw_close(w, ']');
    jw_key(w, "properties");
    jw_open(w, '{');
    jw_key(w, "applicability");
    jw_str(w, fix->applicability == FIX_SAFE ? "safe" : "unsafe");
    jw_close(w, '}');
    jw_close(w, '}');
    jw_close(w, ']');
}

static void put_result(JsonWriter *w, Buf *scratch, Seen *seen, const RuleTable *rules,
                       const Finding *f, const OutputOptions *opt) {
    int32_t ri = out_rules_find(rules, f->code);
    jw_open(w, '{');
    jw_key(w, "ruleId");
    jw_str(w, OUT_STR(f->code));
    if (ri >= 0) {
        jw_key(w, "ruleIndex");
        jw_int(w, ri);
    }
    jw_key(w, "level");
    jw_str(w, out_rule_level(ri >= 0 ? &rules->rules[ri] : NULL));
    scratch->len = 0;
    out_cell_where(scratch, &f->loc);
    out_linked_message(scratch, f);
    put_message(w, "message", buf_cstr(scratch));
    jw_key(w, "locations");
    jw_open(w, '[');
    jw_open(w, '{');
    put_physical(w, scratch, f->path, &f->loc, opt);
    jw_close(w, '}');
    jw_close(w, ']');
    if (f->nrelated > 0) {
        jw_key(w, "relatedLocations");
        jw_open(w, '[');
        for (int32_t k = 0; k < f->nrelated; k++) {
            const Related *r = &f->related[k];
            jw_open(w, '{');
            jw_key(w, "id");
            jw_int(w, k + 1); /* the message's links name it (out_linked_message) */
            put_physical(w, scratch, r->path, &r->loc, opt);
            put_located_message(w, scratch, &r->loc, r->message);
            jw_close(w, '}');
        }
        jw_close(w, ']');
    }
    if (f->fix) put_fix(w, scratch, f, opt);
    put_fingerprint(w, seen, f);
    jw_close(w, '}');
}

static void put_tool(JsonWriter *w, Buf *scratch, const RuleTable *rules,
                     const OutputOptions *opt) {
    jw_key(w, "tool");
    jw_open(w, '{');
    jw_key(w, "driver");
    jw_open(w, '{');
    jw_key(w, "name");
    jw_str(w, "deadwood");
    if (opt->version) {
        jw_key(w, "version");
        jw_str(w, opt->version);
    }
    jw_key(w, "informationUri");
    jw_str(w, opt->homepage ? opt->homepage : OUTPUT_DEFAULT_HOMEPAGE);
    jw_key(w, "rules");
    jw_open(w, '[');
    for (int32_t i = 0; i < rules->len; i++) put_rule(w, scratch, &rules->rules[i], opt);
    jw_close(w, ']');
    jw_close(w, '}');
    jw_close(w, '}');
}

bool out_write_sarif(Buf *b, const FindingList *fl, const OutputOptions *opt) {
    Arena a;
    arena_init(&a);
    Buf scratch;
    buf_init(&scratch);
    RuleTable rules;
    Seen seen;
    bool ok = out_rules_init(&rules, &a, opt, fl) && seen_init(&seen, &a, fl->len);
    if (ok) {
        JsonWriter w;
        jw_init(&w, b);
        jw_open(&w, '{');
        jw_key(&w, "$schema");
        jw_str(&w, SARIF_SCHEMA);
        jw_key(&w, "version");
        jw_str(&w, "2.1.0");
        jw_key(&w, "runs");
        jw_open(&w, '[');
        jw_open(&w, '{');
        put_tool(&w, &scratch, &rules, opt);
        if (opt->root && opt->root[0] == '/') {
            jw_key(&w, "originalUriBaseIds");
            jw_open(&w, '{');
            jw_key(&w, SRCROOT);
            jw_open(&w, '{');
            scratch.len = 0;
            out_file_uri_dir(&scratch, opt->root);
            jw_key(&w, "uri");
            jw_str(&w, buf_cstr(&scratch));
            jw_close(&w, '}');
            jw_close(&w, '}');
        }
        jw_key(&w, "columnKind");
        jw_str(&w, "unicodeCodePoints");
        jw_key(&w, "results");
        jw_open(&w, '[');
        for (int32_t i = 0; i < fl->len && !b->failed; i++)
            put_result(&w, &scratch, &seen, &rules, &fl->items[i], opt);
        jw_close(&w, ']');
        jw_close(&w, '}');
        jw_close(&w, ']');
        jw_close(&w, '}');
    }
    ok = ok && !scratch.failed && !b->failed;
    if (!ok) b->failed = true;
    buf_free(&scratch);
    arena_free(&a);
    return ok;
}
