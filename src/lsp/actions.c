/* actions.c — code actions, each made of the CLI's own fixes (src/fix/), turned into the
 * client's positions:
 *   - for each finding in the range asked about that has a fix its configuration allows
 *     (fixable, unfixable): a `quickfix` titled with the fix's message, preferred when the fix is
 *     safe, and marked "(unsafe)" when it is not (ruff's way: the user decides);
 *   - "Ignore DW201 for this line": the edit --add-noqa makes (fix_noqa_edit) for that finding;
 *   - `source.fixAll.deadwood`: the document's safe fixes, applied as --fix applies them: pass
 *     after pass, each over the findings of the text the last one left, until nothing changes
 *     (FIX_MAX_PASSES at most); a pass that leaves text that does not parse gives no edit at all.
 * A notebook's findings carry no fix (check.c), so it gets only the noqa action; a document that
 * names no file gets none.
 */
#include <stdio.h>
#include <string.h>

#include "fix/apply.h"
#include "fix/session.h"
#include "internal.h"
#include "source/source.h"

/* A TextEdit replacing bytes [from, to) of the document with content. */
static void put_edit(LspServer *s, const Doc *d, size_t from, size_t to, const char *content) {
    jw_open(&s->w, '{');
    jw_key(&s->w, "range");
    put_text_range(s, text_pos(&d->text, from, s->enc), text_pos(&d->text, to, s->enc));
    jw_key(&s->w, "newText");
    jw_str(&s->w, content);
    jw_close(&s->w, '}');
}

/* A code action's "edit": a WorkspaceEdit of the document, whose TextEdits the caller writes;
 * edit_end closes it and the action. */
static void edit_begin(LspServer *s, const Doc *d) {
    jw_key(&s->w, "edit");
    jw_open(&s->w, '{');
    jw_key(&s->w, "changes");
    jw_open(&s->w, '{');
    jw_key(&s->w, d->uri);
    jw_open(&s->w, '[');
}

static void edit_end(LspServer *s) {
    jw_close(&s->w, ']');
    jw_close(&s->w, '}');
    jw_close(&s->w, '}');
    jw_close(&s->w, '}');
}

/* Whether every edit of fix fits the document's bytes. */
static bool fix_fits(const Doc *d, const Fix *fix) {
    bool ok = fix->nedits > 0;
    for (int32_t i = 0; ok && i < fix->nedits; i++) {
        size_t from, to;
        Buf c;
        buf_init(&c);
        ok = fix_edit_bytes(d->text.buf.data ? d->text.buf.data : "", d->text.buf.len,
                            &fix->edits[i], &from, &to, &c);
        buf_free(&c);
    }
    return ok;
}

/* A CodeAction whose edit is a fix's edits (which fix_fits). */
static void put_fix_action(LspServer *s, const Doc *d, const char *title, const Finding *f,
                           const Fix *fix, bool preferred) {
    JsonWriter *w = &s->w;
    jw_open(w, '{');
    jw_key(w, "title");
    jw_str(w, title);
    jw_key(w, "kind");
    jw_str(w, "quickfix");
    jw_key(w, "diagnostics");
    jw_open(w, '[');
    diag_put(s, &d->text, f);
    jw_close(w, ']');
    if (preferred) {
        jw_key(w, "isPreferred");
        jw_bool(w, true);
    }
    edit_begin(s, d);
    Buf c;
    buf_init(&c);
    for (int32_t i = 0; i < fix->nedits; i++) {
        size_t from, to;
        c.len = 0;
        if (fix_edit_bytes(d->text.buf.data ? d->text.buf.data : "", d->text.buf.len,
                           &fix->edits[i], &from, &to, &c))
            put_edit(s, d, from, to, buf_cstr(&c));
    }
    buf_free(&c);
    edit_end(s);
}

/* The finding's own fix, when it has one its configuration lets be applied. */
static void fix_action(LspServer *s, const Doc *d, const Finding *f) {
    if (!f->fix || !ws_fixable(s->ws, f) || !fix_fits(d, f->fix)) return;
    bool safe = f->fix->applicability == FIX_SAFE;
    char title[512];
    snprintf(title, sizeof title, "%s%s", f->fix->message ? f->fix->message : f->code,
             safe ? "" : " (unsafe)");
    put_fix_action(s, d, title, f, f->fix, safe);
}

/* "Ignore CODE for this line": --add-noqa's edit for this one finding; nothing when the line
 * cannot hold a comment or the document does not parse. */
static bool ignore_action(LspServer *s, const Doc *d, const Finding *f) {
    Arena a;
    arena_init(&a);
    int32_t lines, skipped;
    const Fix *fix = fix_noqa_edit(&a, d->text.buf.data ? d->text.buf.data : "", d->text.buf.len,
                                   &f, 1, &lines, &skipped);
    bool ok = fix && lines == 1 && fix_fits(d, fix);
    if (ok) {
        char title[64];
        snprintf(title, sizeof title, "Ignore %s for this line", f->code);
        put_fix_action(s, d, title, f, fix, false);
    }
    arena_free(&a);
    return ok;
}

/* The document's bytes with every safe, fixable fix applied, pass after pass, into out; false
 * when nothing changes or a pass left a syntax error (then nothing is offered). The workspace
 * analyzes each pass's text as the document's, and gets the document's own back at the end. */
static bool fix_all(LspServer *s, Doc *d, Buf *out) {
    const char *path = d->path;
    size_t plen = path ? strlen(path) : 0;
    if (!path || (plen > 6 && strcmp(path + plen - 6, ".ipynb") == 0)) return false;
    FixSession fs;
    if (!fix_session_init_over(&fs, &path, NULL, 1, SOURCE_DEFAULT_MAX_SIZE, ws_overlay(s->ws)) ||
        !fs.files[0].original) {
        fix_session_free(&fs);
        return false;
    }
    bool analyzed = false, failed = false;
    for (int32_t pass = 0; pass < FIX_MAX_PASSES && !failed; pass++) {
        size_t len;
        const char *bytes = fix_file_bytes(&fs.files[0], &len);
        if (pass > 0) { /* the findings of the text the last pass left */
            analyzed = true;
            failed = !ws_set_buffer(s->ws, path, bytes, len) || !ws_update(s->ws);
            if (failed) break;
        }
        int32_t n;
        const Finding *const *found = ws_findings(s->ws, path, &n);
        const Fix **fixes = dw_malloc(sizeof *fixes * (size_t)(n ? n : 1));
        bool *applied = dw_malloc(sizeof *applied * (size_t)(n ? n : 1));
        int rc = fixes && applied ? 0 : -1;
        for (int32_t i = 0; rc == 0 && i < n; i++) {
            const Finding *f = found[i];
            fixes[i] =
                f->fix && f->fix->applicability == FIX_SAFE && ws_fixable(s->ws, f) ? f->fix : NULL;
        }
        if (rc == 0) rc = fix_session_apply(&fs, 0, fixes, n, applied);
        dw_free(fixes);
        dw_free(applied);
        failed = rc < 0 || fs.files[0].reverted;
        if (rc == 0) break;
    }
    if (analyzed) { /* the document's own text again */
        ws_set_buffer(s->ws, path, d->text.buf.data ? d->text.buf.data : "", d->text.buf.len);
        d->edited = true; /* (its findings come back: not news for the other files) */
        s->dirty = true;
    }
    size_t len;
    const char *bytes = fix_file_bytes(&fs.files[0], &len);
    bool changed = !failed && (len != d->text.buf.len || memcmp(bytes, d->text.buf.data, len));
    if (changed) buf_put(out, bytes, len);
    fix_session_free(&fs);
    return changed && !out->failed;
}

/* Whether byte i of b starts a line. */
static bool line_start(const char *b, size_t i) {
    return i == 0 || b[i - 1] == '\n' || (b[i - 1] == '\r' && b[i] != '\n');
}

/* source.fixAll.deadwood: one edit, the lines that differ between the document and its fixed
 * text. */
static void fix_all_action(LspServer *s, Doc *d) {
    Buf fixed;
    buf_init(&fixed);
    if (!fix_all(s, d, &fixed)) {
        buf_free(&fixed);
        return;
    }
    const char *a = d->text.buf.data, *b = fixed.data;
    size_t la = d->text.buf.len, lb = fixed.len, p = 0, q = 0;
    while (p < la && p < lb && a[p] == b[p]) p++;
    while (p > 0 && !line_start(a, p)) p--;
    while (q < la - p && q < lb - p && a[la - q - 1] == b[lb - q - 1]) q++;
    while (q > 0 && !line_start(a, la - q)) q--;
    char *content = dw_malloc(lb - q - p + 1);
    if (content) {
        memcpy(content, b + p, lb - q - p);
        content[lb - q - p] = 0;
        JsonWriter *w = &s->w;
        jw_open(w, '{');
        jw_key(w, "title");
        jw_str(w, "deadwood: fix all safe fixes");
        jw_key(w, "kind");
        jw_str(w, "source.fixAll.deadwood");
        edit_begin(s, d);
        put_edit(s, d, p, la - q, content);
        edit_end(s);
    }
    dw_free(content);
    buf_free(&fixed);
}

/* Whether the client's `only` list asks for actions of `kind`: a kind asked for covers its own
 * sub-kinds ("source" covers "source.fixAll.deadwood"). No list: every kind. */
static bool asked(const JsonValue *only, const char *kind) {
    if (!only) return true;
    for (int32_t i = 0; i < json_len(only); i++) {
        const char *k = json_string(json_at(only, i));
        size_t n = k ? strlen(k) : 0;
        if (k && strncmp(kind, k, n) == 0 && (kind[n] == 0 || kind[n] == '.')) return true;
    }
    return false;
}

void code_action(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Doc *d = param_doc(s, id, params);
    if (!d) return;
    TextPos from, to;
    if (!json_range(json_get(params, "range"), &from, &to)) {
        reply_error(s, id, RPC_INVALID_PARAMS, "range is missing");
        return;
    }
    const JsonValue *only = json_get(json_get(params, "context"), "only");
    bool quickfix = asked(only, "quickfix") && !d->notebook; /* (no fixes in a notebook) */
    int32_t n = 0;
    const Finding *const *fs = quickfix ? doc_findings(s, d, &n) : NULL;
    result_begin(s, id);
    jw_open(&s->w, '[');
    const char *done[64];
    int32_t ndone = 0, done_line[64];
    for (int32_t i = 0; i < n && ndone < 64; i++) {
        const Finding *f = fs[i];
        /* the findings whose lines meet the range (0-based lines there) */
        if (f->loc.end_line - 1 < from.line || f->loc.line - 1 > to.line) continue;
        fix_action(s, d, f);
        bool seen = false;
        for (int32_t k = 0; k < ndone && !seen; k++)
            seen = done_line[k] == f->noqa_line && strcmp(done[k], f->code) == 0;
        if (seen || !ignore_action(s, d, f)) continue;
        done[ndone] = f->code;
        done_line[ndone++] = f->noqa_line;
    }
    if (asked(only, "source.fixAll.deadwood") && !d->notebook) fix_all_action(s, d);
    jw_close(&s->w, ']');
    result_end(s);
}
