/* diag.c — findings as diagnostics. Pushed (textDocument/publishDiagnostics) for the open
 * documents when the client does not pull; pulled per document (textDocument/diagnostic) and
 * for the whole workspace (workspace/diagnostic) when it does, with a refresh request when an
 * edit changed the findings of another file. A diagnostic is a finding as `deadwood check`
 * reports it: its code, the rule's documentation URL (the one SARIF's helpUri gives), its
 * severity (the rule's level), its related locations, and the Unnecessary tag for code that does
 * nothing. */
#include <stdio.h>
#include <string.h>

#include "check/check.h"
#include "internal.h"

/* The rules whose findings mark code that does nothing (an editor greys it out): a `noqa` code
 * that silences nothing, an elif whose condition an earlier one already took, an override that
 * repeats its base method. */
static bool unnecessary(const char *code) {
    return strcmp(code, "DW003") == 0 || strcmp(code, "DW104") == 0 || strcmp(code, "DW302") == 0;
}

/* DiagnosticSeverity from the rule's SARIF level: error 1, warning 2, note 3. */
static int severity(const char *code) {
    const Check *c = check_find(code);
    const char *level = c ? c->info.level : NULL;
    return level && strcmp(level, "error") == 0 ? 1 : level && strcmp(level, "note") == 0 ? 3 : 2;
}

/* The texts of the files related locations point into, read once per message. */
typedef struct Texts {
    const char *path[8];
    Text text[8];
    bool ok[8];
    int n;
} Texts;

static const Text *text_of(LspServer *s, Texts *tx, const char *path) {
    for (int i = 0; i < tx->n; i++)
        if (strcmp(tx->path[i], path) == 0) return tx->ok[i] ? &tx->text[i] : NULL;
    Doc *d = doc_of_path(s, path);
    if (d) return &d->text;
    int i = tx->n < 8 ? tx->n++ : 7;
    if (tx->ok[i]) text_free(&tx->text[i]);
    bool owned;
    tx->path[i] = path;
    tx->ok[i] = file_text(s, path, &tx->text[i], &owned) != NULL;
    return tx->ok[i] ? &tx->text[i] : NULL;
}

static void texts_free(Texts *tx) {
    for (int i = 0; i < tx->n; i++)
        if (tx->ok[i]) text_free(&tx->text[i]);
}

/* A finding's range (in file `path`); in a notebook, in its cell's document when the notebook is
 * open as one, else (the notebook read as the JSON it is stored as) the lines of the .ipynb file
 * that hold it, whole. */
static void put_loc(LspServer *s, const char *path, const Text *t, const Location *l) {
    Doc *cell = l->cell > 0 ? notebook_cell(s, path, l->cell) : NULL;
    if (cell)
        put_range(s, &cell->text, l->line, l->col, l->end_line, l->end_col);
    else if (l->cell > 0)
        put_range(s, t, l->file_line, 1, l->file_end_line + 1, 1);
    else
        put_range(s, t, l->line, l->col, l->end_line, l->end_col);
}

static void put_diagnostic(LspServer *s, const Text *t, const Finding *f, Texts *tx) {
    JsonWriter *w = &s->w;
    jw_open(w, '{');
    jw_key(w, "range");
    put_loc(s, f->path, t, &f->loc);
    jw_key(w, "severity");
    jw_int(w, severity(f->code));
    jw_key(w, "code");
    jw_str(w, f->code);
    if (s->code_description) {
        jw_key(w, "codeDescription");
        jw_open(w, '{');
        jw_key(w, "href");
        Buf url;
        buf_init(&url);
        output_rule_url(&url, NULL, f->code);
        jw_str(w, buf_cstr(&url));
        buf_free(&url);
        jw_close(w, '}');
    }
    jw_key(w, "source");
    jw_str(w, "deadwood");
    jw_key(w, "message");
    jw_str(w, f->message);
    if (s->tags && unnecessary(f->code)) {
        jw_key(w, "tags");
        jw_open(w, '[');
        jw_int(w, 1);
        jw_close(w, ']');
    }
    if (s->related && f->nrelated) {
        jw_key(w, "relatedInformation");
        jw_open(w, '[');
        for (int32_t i = 0; i < f->nrelated; i++) {
            const Related *r = &f->related[i];
            const char *path = r->path ? r->path : f->path;
            jw_open(w, '{');
            jw_key(w, "location");
            jw_open(w, '{');
            Doc *cell = r->loc.cell > 0 ? notebook_cell(s, path, r->loc.cell) : NULL;
            jw_key(w, "uri");
            if (cell)
                jw_str(w, cell->uri);
            else
                put_uri(s, path);
            jw_key(w, "range");
            put_loc(s, path, strcmp(path, f->path) == 0 ? t : text_of(s, tx, path), &r->loc);
            jw_close(w, '}');
            jw_key(w, "message");
            jw_str(w, r->message ? r->message : "");
            jw_close(w, '}');
        }
        jw_close(w, ']');
    }
    jw_close(w, '}');
}

void diag_put(LspServer *s, const Text *t, const Finding *f) {
    Texts tx = {.n = 0};
    put_diagnostic(s, t, f, &tx);
    texts_free(&tx);
}

/* The diagnostics of a file (t: its text) as a JSON array, into items (emptied first) rather
 * than the message; returns a hash of it (never 0). */
static uint64_t diagnostics(LspServer *s, const Finding *const *fs, int32_t n, const Text *t,
                            Buf *items) {
    Buf saved = s->out;
    JsonWriter saved_w = s->w;
    items->len = 0;
    s->out = *items;
    jw_init(&s->w, &s->out);
    s->w.compact = true;
    Texts tx = {.n = 0};
    jw_open(&s->w, '[');
    for (int32_t i = 0; i < n; i++) put_diagnostic(s, t, fs[i], &tx);
    jw_close(&s->w, ']');
    texts_free(&tx);
    *items = s->out;
    s->out = saved;
    s->w = saved_w;
    return hash_bytes(items->data, items->len, HASH_SEED) | 1;
}

static void put_raw(LspServer *s, const Buf *json) {
    jw_raw(&s->w);
    buf_put(&s->out, json->data, json->len);
    if (json->failed) s->out.failed = true;
}

/* A result id: the hash of the report's items. */
static void put_result_id(LspServer *s, uint64_t h) {
    char id[20];
    snprintf(id, sizeof id, "%016llx", (unsigned long long)h);
    jw_str(&s->w, id);
}

static bool same_result(const char *had, uint64_t h) {
    char id[20];
    snprintf(id, sizeof id, "%016llx", (unsigned long long)h);
    return had && strcmp(had, id) == 0;
}

static void publish(LspServer *s, Doc *d) {
    Buf items;
    buf_init(&items);
    int32_t n;
    const Finding *const *fs = doc_findings(s, d, &n);
    uint64_t h = diagnostics(s, fs, n, &d->text, &items);
    if (h != d->pushed || d->version != d->pushed_version) {
        d->pushed = h;
        d->pushed_version = d->version;
        notify_begin(s, "textDocument/publishDiagnostics");
        jw_key(&s->w, "uri");
        jw_str(&s->w, d->uri);
        jw_key(&s->w, "version");
        jw_int(&s->w, d->version);
        jw_key(&s->w, "diagnostics");
        put_raw(s, &items);
        notify_end(s);
    }
    buf_free(&items);
}

void diag_clear(LspServer *s, Doc *d) {
    if (s->pull || !d->pushed) return;
    notify_begin(s, "textDocument/publishDiagnostics");
    jw_key(&s->w, "uri");
    jw_str(&s->w, d->uri);
    jw_key(&s->w, "diagnostics");
    jw_open(&s->w, '[');
    jw_close(&s->w, ']');
    notify_end(s);
}

void diag_update(LspServer *s) {
    s->dirty = false;
    /* (while the first load is under way, the open documents are analyzed alone) */
    if (!ws_loading(s->ws) && !ws_update(s->ws))
        show_message(s, 1, "deadwood: out of memory; findings may be stale");
    docs_analyze_alone(s);
    WsStats st = ws_stats(s->ws);
    if (s->trace)
        trace(s, "%d file%s analyzed, whole-tree rules run: %.1f ms", (int)st.analyzed,
              st.analyzed == 1 ? "" : "s", st.ms);
    int32_t nchanged;
    const char *const *changed = ws_changed(s->ws, &nchanged);
    bool others = false; /* findings changed in a file not edited since the last analysis */
    for (int32_t i = 0; i < nchanged; i++) {
        Doc *d = doc_of_path(s, changed[i]);
        others |= !d || !d->edited;
    }
    for (int32_t i = 0; i < s->docs.len; i++) {
        Doc *d = s->docs.items[i];
        if (!s->pull && !d->is_notebook) publish(s, d);
        d->edited = false;
    }
    if (s->pull && (others || s->want_refresh) && s->refresh) {
        request_start(s, "workspace/diagnostic/refresh", ASKED_OTHER);
        msg_send(s);
    }
    s->want_refresh = false;
}

/* One report: "full" with the items, or "unchanged" when the client holds them (had: its
 * result id). */
static void put_report(LspServer *s, const char *had, uint64_t h, const Buf *items) {
    jw_key(&s->w, "kind");
    jw_str(&s->w, same_result(had, h) ? "unchanged" : "full");
    jw_key(&s->w, "resultId");
    put_result_id(s, h);
    if (same_result(had, h)) return;
    jw_key(&s->w, "items");
    put_raw(s, items);
}

void diag_pull_document(LspServer *s, const JsonValue *id, const JsonValue *params) {
    Doc *d = param_doc(s, id, params);
    if (!d) return;
    Buf items;
    buf_init(&items);
    int32_t n;
    const Finding *const *fs = doc_findings(s, d, &n);
    uint64_t h = diagnostics(s, fs, n, &d->text, &items);
    result_begin(s, id);
    jw_open(&s->w, '{');
    put_report(s, json_string(json_get(params, "previousResultId")), h, &items);
    jw_close(&s->w, '}');
    result_end(s);
    buf_free(&items);
}

void diag_pull_workspace(LspServer *s, const JsonValue *id, const JsonValue *params) {
    const JsonValue *prev = json_get(params, "previousResultIds");
    int32_t nfiles;
    const char *const *files = ws_files(s->ws, &nfiles);
    Buf uri, items;
    buf_init(&uri);
    buf_init(&items);
    result_begin(s, id);
    jw_open(&s->w, '{');
    jw_key(&s->w, "items");
    jw_open(&s->w, '[');
    for (int32_t i = 0; i < nfiles; i++) {
        if (request_cancelled(s)) { /* (what was written is dropped) */
            reply_error(s, id, LSP_REQUEST_CANCELLED, "request cancelled");
            buf_free(&uri);
            buf_free(&items);
            return;
        }
        int32_t n;
        const Finding *const *fs = ws_findings(s->ws, files[i], &n);
        Doc *d = doc_of_path(s, files[i]);
        if (d && d->is_notebook) continue; /* (its cells' documents are pulled one by one) */
        uri.len = 0;
        if (d) {
            buf_puts(&uri, d->uri);
        } else {
            buf_puts(&uri, "file://");
            out_uri_encode(&uri, files[i], strlen(files[i]));
        }
        const char *had = NULL; /* the result id the client holds for it */
        for (int32_t k = 0; k < json_len(prev); k++)
            if (json_string_is(json_get(json_at(prev, k), "uri"), buf_cstr(&uri)))
                had = json_string(json_get(json_at(prev, k), "value"));
        if (!n && !had) continue; /* (nothing to say, nothing to take back) */
        Text t;
        bool owned;
        const Text *tt = file_text(s, files[i], &t, &owned);
        uint64_t h = diagnostics(s, fs, n, tt, &items);
        if (owned) text_free(&t);
        jw_open(&s->w, '{');
        jw_key(&s->w, "uri");
        jw_str(&s->w, buf_cstr(&uri));
        jw_key(&s->w, "version");
        if (d)
            jw_int(&s->w, d->version);
        else
            jw_null(&s->w);
        put_report(s, had, h, &items);
        jw_close(&s->w, '}');
    }
    jw_close(&s->w, ']');
    jw_close(&s->w, '}');
    result_end(s);
    buf_free(&uri);
    buf_free(&items);
}
