/* server.c — see server.h: the message queue, the dispatch, the lifecycle (initialize with the
 * position encoding negotiated, shutdown, exit), documents, configuration. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "internal.h"
#include "lsp/rpc.h"
#include "source/source.h"

struct Msg {
    Arena arena;
    const JsonValue *v;
    const JsonValue *id; /* a request's; NULL for a notification or a response */
    bool cancelled;
    Msg *next;
};

/* ---- writing messages ---------------------------------------------------------------------- */

/* The request id as it came: an integer's digits or a string. */
static void put_id(LspServer *s, const JsonValue *id) {
    if (id && id->type == JSON_NUMBER) {
        jw_raw(&s->w);
        buf_put(&s->out, id->u.number.s, (size_t)id->u.number.len);
    } else if (id && id->type == JSON_STRING) {
        jw_raw(&s->w);
        out_json_string(&s->out, id->u.str.s); /* (a NUL in an id ends it) */
    } else {
        jw_null(&s->w);
    }
}

void msg_begin(LspServer *s, const JsonValue *id) {
    s->out.len = 0;
    s->out.failed = false;
    jw_init(&s->w, &s->out);
    s->w.compact = true;
    jw_open(&s->w, '{');
    jw_key(&s->w, "jsonrpc");
    jw_str(&s->w, "2.0");
    if (id) {
        jw_key(&s->w, "id");
        put_id(s, id);
    }
}

void msg_send(LspServer *s) {
    jw_close(&s->w, '}');
    if (!s->out.failed) s->host.send(s->host.ud, s->out.data, s->out.len);
}

void notify_begin(LspServer *s, const char *method) {
    msg_begin(s, NULL);
    jw_key(&s->w, "method");
    jw_str(&s->w, method);
    jw_key(&s->w, "params");
    jw_open(&s->w, '{');
}

void notify_end(LspServer *s) {
    jw_close(&s->w, '}');
    msg_send(s);
}

void request_start(LspServer *s, const char *method, Asked what) {
    int64_t id = ++s->next_id;
    s->asked[id % 8].id = id;
    s->asked[id % 8].what = what;
    msg_begin(s, NULL);
    jw_key(&s->w, "id");
    jw_int(&s->w, id);
    jw_key(&s->w, "method");
    jw_str(&s->w, method);
}

void request_begin(LspServer *s, const char *method, Asked what) {
    request_start(s, method, what);
    jw_key(&s->w, "params");
    jw_open(&s->w, '{');
}

void result_begin(LspServer *s, const JsonValue *id) {
    static const JsonValue null_id = {.type = JSON_NULL};
    msg_begin(s, id ? id : &null_id);
    jw_key(&s->w, "result");
}

void result_end(LspServer *s) {
    msg_send(s);
}

void reply_error(LspServer *s, const JsonValue *id, int code, const char *fmt, ...) {
    static const JsonValue null_id = {.type = JSON_NULL};
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    /* a malformed message read while a request is handled: answered beside the answer being
       written */
    Buf saved = s->out;
    JsonWriter saved_w = s->w;
    if (s->polling) buf_init(&s->out);
    msg_begin(s, id ? id : &null_id);
    jw_key(&s->w, "error");
    jw_open(&s->w, '{');
    jw_key(&s->w, "code");
    jw_int(&s->w, code);
    jw_key(&s->w, "message");
    jw_str(&s->w, msg);
    jw_close(&s->w, '}');
    msg_send(s);
    if (s->polling) {
        buf_free(&s->out);
        s->out = saved;
        s->w = saved_w;
    }
}

static void message(LspServer *s, const char *method, int type, const char *fmt, va_list ap) {
    char msg[1024];
    vsnprintf(msg, sizeof msg, fmt, ap);
    notify_begin(s, method);
    jw_key(&s->w, "type");
    jw_int(&s->w, type);
    jw_key(&s->w, "message");
    jw_str(&s->w, msg);
    notify_end(s);
}

void show_message(LspServer *s, int type, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    message(s, "window/showMessage", type, fmt, ap);
    va_end(ap);
}

void trace(LspServer *s, const char *fmt, ...) {
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    notify_begin(s, "$/logTrace");
    jw_key(&s->w, "message");
    jw_str(&s->w, msg);
    notify_end(s);
}

void log_message(LspServer *s, int type, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    message(s, "window/logMessage", type, fmt, ap);
    va_end(ap);
}

static void put_textpos(LspServer *s, TextPos p) {
    jw_open(&s->w, '{');
    jw_key(&s->w, "line");
    jw_int(&s->w, p.line);
    jw_key(&s->w, "character");
    jw_int(&s->w, p.col);
    jw_close(&s->w, '}');
}

void put_text_range(LspServer *s, TextPos from, TextPos to) {
    jw_open(&s->w, '{');
    jw_key(&s->w, "start");
    put_textpos(s, from);
    jw_key(&s->w, "end");
    put_textpos(s, to);
    jw_close(&s->w, '}');
}

/* The client's position of 1-based line and character column col of text t. */
static TextPos client_pos(LspServer *s, const Text *t, int32_t line, int32_t col) {
    const char *ls;
    size_t n;
    if (line < 1) line = 1, col = 1;
    int32_t c = col > 1 ? col - 1 : 0; /* (a file that cannot be read: as if ASCII) */
    if (t && text_line(t, line - 1, &ls, &n)) c = text_char_col(ls, n, col, s->enc, line == 1);
    return (TextPos){line - 1, c};
}

void put_range(LspServer *s, const Text *t, int32_t line, int32_t col, int32_t end_line,
               int32_t end_col) {
    if (end_line < line || (end_line == line && end_col < col)) end_line = line, end_col = col;
    put_text_range(s, client_pos(s, t, line, col), client_pos(s, t, end_line, end_col));
}

void put_uri(LspServer *s, const char *path) {
    Doc *d = doc_of_path(s, path);
    if (d) {
        jw_str(&s->w, d->uri);
        return;
    }
    jw_raw(&s->w);
    Buf u;
    buf_init(&u);
    buf_puts(&u, "file://");
    out_uri_encode(&u, path, strlen(path));
    out_json_string(&s->out, buf_cstr(&u));
    if (u.failed) s->out.failed = true;
    buf_free(&u);
}

/* ---- reading parameters -------------------------------------------------------------------- */

static bool uinteger(const JsonValue *v, int32_t *out) {
    int64_t x;
    if (!json_as_int(v, &x) || x < 0 || x > INT32_MAX) return false;
    *out = (int32_t)x;
    return true;
}

bool json_position(const JsonValue *v, TextPos *p) {
    return uinteger(json_get(v, "line"), &p->line) && uinteger(json_get(v, "character"), &p->col);
}

bool json_range(const JsonValue *v, TextPos *from, TextPos *to) {
    return json_position(json_get(v, "start"), from) && json_position(json_get(v, "end"), to);
}

Doc *param_doc(LspServer *s, const JsonValue *id, const JsonValue *params) {
    const char *uri = json_string(json_get(json_get(params, "textDocument"), "uri"));
    if (!uri) {
        reply_error(s, id, RPC_INVALID_PARAMS, "textDocument.uri is missing");
        return NULL;
    }
    Doc *d = doc_find(s, uri);
    if (!d) reply_error(s, id, RPC_INVALID_PARAMS, "unknown document %s", uri);
    return d;
}

/* ---- documents ----------------------------------------------------------------------------- */

static int hexval(char c) {
    return c >= '0' && c <= '9'   ? c - '0'
           : c >= 'a' && c <= 'f' ? c - 'a' + 10
           : c >= 'A' && c <= 'F' ? c - 'A' + 10
                                  : -1;
}

char *uri_path(Arena *a, const char *uri) {
    if (strncasecmp(uri, "file://", 7) != 0) return NULL;
    const char *p = uri + 7;
    if (strncasecmp(p, "localhost/", 10) == 0) p += 9;
    if (*p != '/') return NULL; /* another host */
    size_t n = strcspn(p, "?#");
    char *out = arena_alloc(a, n + 1);
    if (!out) return NULL;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        int hi, lo;
        if (p[i] == '%' && i + 2 < n + 1 && (hi = hexval(p[i + 1])) >= 0 &&
            (lo = hexval(p[i + 2])) >= 0) {
            out[k++] = (char)(hi << 4 | lo);
            i += 2;
        } else {
            out[k++] = p[i];
        }
    }
    out[k] = 0;
    if (memchr(out, 0, k)) return NULL; /* %00 */
    while (k > 1 && out[k - 1] == '/') out[--k] = 0;
    return out;
}

Doc *doc_find(LspServer *s, const char *uri) {
    for (int32_t i = 0; i < s->docs.len; i++)
        if (strcmp(s->docs.items[i]->uri, uri) == 0) return s->docs.items[i];
    return NULL;
}

Doc *doc_of_path(LspServer *s, const char *path) {
    for (int32_t i = 0; i < s->docs.len; i++) {
        const char *p = s->docs.items[i]->path ? s->docs.items[i]->path : s->docs.items[i]->alone;
        if (p && strcmp(p, path) == 0) return s->docs.items[i];
    }
    return NULL;
}

const Finding *const *doc_findings(LspServer *s, Doc *d, int32_t *n) {
    *n = 0;
    if (d->notebook) return notebook_cell_findings(s, d, n);
    if (d->is_notebook) return NULL; /* (its cells have them) */
    if (d->path && ws_loaded(s->ws) && !ws_loading(s->ws)) return ws_findings(s->ws, d->path, n);
    *n = d->ptrs ? d->found.len : 0;
    return d->ptrs;
}

void docs_analyze_alone(LspServer *s) {
    for (int32_t i = 0; i < s->docs.len; i++) {
        Doc *d = s->docs.items[i];
        bool whole = ws_loaded(s->ws) && !ws_loading(s->ws);
        const char *as = d->alone ? d->alone : whole || d->is_notebook ? NULL : d->path;
        dw_free(d->ptrs);
        d->ptrs = NULL;
        if (!as) continue;
        bool ok = ws_analyze_alone(s->ws, as, d->text.buf.data ? d->text.buf.data : "",
                                   d->text.buf.len, &d->found) &&
                  (d->ptrs = dw_malloc(sizeof *d->ptrs * (size_t)(d->found.len + 1)));
        for (int32_t k = 0; ok && k < d->found.len; k++) d->ptrs[k] = &d->found.items[k];
    }
}

const Text *file_text(LspServer *s, const char *path, Text *t, bool *owned) {
    *owned = false;
    Doc *d = doc_of_path(s, path);
    if (d) return &d->text;
    char *data;
    size_t len;
    SourceError se;
    text_init(t);
    if (!source_read_file(path, &data, &len, &se)) return NULL;
    bool ok = text_set(t, data, len);
    dw_free(data);
    *owned = ok;
    return ok ? t : NULL;
}

static void doc_free(Doc *d) {
    if (!d) return;
    dw_free(d->cells.items);
    dw_free(d->language);
    text_free(&d->text);
    dw_free(d->uri);
    dw_free(d->path);
    dw_free(d->alone);
    findings_free(&d->found);
    dw_free(d->ptrs);
    dw_free(d);
}

static char *heap_strdup(const char *s) {
    size_t n = strlen(s);
    char *d = dw_malloc(n + 1);
    if (d) memcpy(d, s, n + 1);
    return d;
}

void doc_to_workspace(LspServer *s, Doc *d) {
    if (d->path &&
        !ws_set_buffer(s->ws, d->path, d->text.buf.data ? d->text.buf.data : "", d->text.buf.len))
        show_message(s, 1, "deadwood: out of memory");
    d->edited = true;
    s->dirty = true;
}

Doc *doc_open(LspServer *s, const char *uri, bool cell) {
    Doc *d = doc_find(s, uri);
    if (d) return d;
    Arena a;
    arena_init(&a);
    char *path = cell ? NULL : uri_path(&a, uri);
    d = dw_malloc(sizeof *d);
    if (d) {
        memset(d, 0, sizeof *d);
        findings_init(&d->found);
        d->uri = heap_strdup(uri);
        d->path = path ? heap_strdup(path) : NULL;
        /* an untitled buffer: by its whole URI, which names no file there */
        if (!path && !cell) d->alone = ws_alone_path(s->ws, uri);
    }
    arena_free(&a);
    if (!d || !d->uri || (path && !d->path) || (!path && !cell && !d->alone) ||
        HVEC_PUSH(s->docs, d)) {
        doc_free(d);
        show_message(s, 1, "deadwood: out of memory");
        return NULL;
    }
    return d;
}

void doc_close(LspServer *s, Doc *d) {
    for (int32_t i = 0; i < s->docs.len; i++) {
        if (s->docs.items[i] != d) continue;
        if (d->path) ws_set_buffer(s->ws, d->path, NULL, 0);
        diag_clear(s, d);
        memmove(s->docs.items + i, s->docs.items + i + 1,
                sizeof *s->docs.items * (size_t)(s->docs.len - i - 1));
        s->docs.len--;
        doc_free(d);
        s->dirty = true;
        return;
    }
}

void doc_apply_changes(LspServer *s, Doc *d, const JsonValue *changes) {
    for (int32_t i = 0; i < json_len(changes); i++) {
        const JsonValue *c = json_at(changes, i);
        Str text;
        if (!json_as_str(json_get(c, "text"), &text)) continue;
        TextPos from, to;
        bool ok = json_range(json_get(c, "range"), &from, &to)
                      ? text_replace(&d->text, from, to, s->enc, text.s, (size_t)text.len)
                      : text_set(&d->text, text.s, (size_t)text.len);
        if (!ok) show_message(s, 1, "deadwood: out of memory");
    }
}

Doc *doc_open_item(LspServer *s, const JsonValue *item, bool cell) {
    const char *uri = json_string(json_get(item, "uri"));
    Str text;
    int64_t version = 0;
    if (!uri || !json_as_str(json_get(item, "text"), &text)) return NULL;
    json_as_int(json_get(item, "version"), &version);
    Doc *d = doc_open(s, uri, cell);
    if (!d) return NULL;
    d->version = (int32_t)version;
    if (!text_set(&d->text, text.s, (size_t)text.len))
        show_message(s, 1, "deadwood: out of memory");
    return d;
}

static void did_open(LspServer *s, const JsonValue *p) {
    Doc *d = doc_open_item(s, json_get(p, "textDocument"), false);
    if (d) doc_to_workspace(s, d);
}

static void did_change(LspServer *s, const JsonValue *p) {
    const JsonValue *td = json_get(p, "textDocument");
    Doc *d = doc_find(s, json_string(json_get(td, "uri")) ? json_string(json_get(td, "uri")) : "");
    if (!d || d->notebook) return; /* (a notification: nothing to answer) */
    int64_t version;
    if (json_as_int(json_get(td, "version"), &version)) d->version = (int32_t)version;
    doc_apply_changes(s, d, json_get(p, "contentChanges"));
    doc_to_workspace(s, d);
}

static void did_close(LspServer *s, const JsonValue *p) {
    const char *uri = json_string(json_get(json_get(p, "textDocument"), "uri"));
    Doc *d = uri ? doc_find(s, uri) : NULL;
    if (d && !d->notebook && !d->is_notebook) doc_close(s, d); /* (notebook.c closes those) */
}

/* ---- configuration ------------------------------------------------------------------------- */

/* Reads the editor's select / extendSelect / ignore (arrays of rule selectors) from an object:
 * initializationOptions, a workspace/configuration answer, didChangeConfiguration's settings. */
static void read_settings(LspServer *s, const JsonValue *o) {
    static const char *const keys[] = {"select", "extendSelect", "ignore"};
    if (!json_is(o, JSON_OBJECT)) return;
    arena_free(&s->settings_arena);
    arena_init(&s->settings_arena);
    memset(&s->settings, 0, sizeof s->settings);
    for (int k = 0; k < 3; k++) {
        const JsonValue *list = json_get(o, keys[k]);
        if (!json_is(list, JSON_ARRAY)) continue;
        NameList *l = k == 0   ? &s->settings.rules.select
                      : k == 1 ? &s->settings.rules.extend_select
                               : &s->settings.rules.ignore;
        s->settings.rules.has_select |= k == 0;
        s->settings.has_rules = true;
        l->items = arena_alloc(&s->settings_arena, sizeof *l->items * (size_t)(json_len(list) + 1));
        for (int32_t i = 0; l->items && i < json_len(list); i++) {
            const char *sel = json_string(json_at(list, i));
            if (sel && config_selector_valid(sel))
                l->items[l->len++] = arena_strndup(&s->settings_arena, sel, strlen(sel));
            else
                show_message(s, 2, "deadwood: %s: unknown rule selector '%s' (ignored)", keys[k],
                             sel ? sel : "?");
        }
    }
}

/* A configuration that could not be loaded, shown to the user. */
static void show_config_error(LspServer *s, const ConfigError *e, const char *after) {
    if (e->path && e->line)
        show_message(s, 1, "deadwood: %s:%d:%d: %s%s", e->path, e->line, e->col, e->msg, after);
    else
        show_message(s, 1, "deadwood: %s%s%s%s", e->path ? e->path : "", e->path ? ": " : "",
                     e->msg, after);
}

/* The workspace folders: every folder's path, or rootUri's, or rootPath; loaded later
 * (load_now). */
static void workspace_roots(LspServer *s, const JsonValue *init) {
    Arena a;
    arena_init(&a);
    const char *roots[64];
    int32_t n = 0;
    const JsonValue *folders = json_get(init, "workspaceFolders");
    for (int32_t i = 0; i < json_len(folders) && n < 64; i++) {
        const char *uri = json_string(json_get(json_at(folders, i), "uri"));
        char *p = uri ? uri_path(&a, uri) : NULL;
        if (p) roots[n++] = p;
    }
    const char *root_uri = json_string(json_get(init, "rootUri"));
    const char *root_path = json_string(json_get(init, "rootPath"));
    if (!n && root_uri && uri_path(&a, root_uri)) roots[n++] = uri_path(&a, root_uri);
    if (!n && root_path && root_path[0] == '/') roots[n++] = root_path;
    ws_configure(s->ws, roots, n, &s->settings);
    arena_free(&a);
    s->load_due = true;
}

/* The first load begins: after initialize was answered and the messages that followed it were
 * handled; its files are then analyzed a batch at a time (load_step) between the messages that
 * come, the open documents' findings being their own alone meanwhile. */
static void load_now(LspServer *s) {
    s->load_due = false;
    ConfigError e;
    int32_t n = 0;
    if (!ws_load_begin(s->ws, &s->settings, &e))
        show_config_error(s, &e, "");
    else if (ws_files(s->ws, &n) && n)
        log_message(s, 3, "deadwood: indexing %d files", (int)n);
}

/* Analyzes `budget` more files of the first load; when it is complete, the open documents'
 * diagnostics come again with the whole tree's findings. */
static void load_step(LspServer *s, int32_t budget) {
    if (!ws_load_step(s->ws, budget)) show_message(s, 1, "deadwood: out of memory");
    if (ws_loading(s->ws)) return;
    s->dirty = true;
    WsStats st = ws_stats(s->ws);
    log_message(s, 3, "deadwood: %d files indexed (%d from the cache) in %.0f ms", (int)st.files,
                (int)st.cached, st.ms);
}

/* ---- lifecycle ----------------------------------------------------------------------------- */

static const JsonValue *caps_get(const JsonValue *caps, const char *a, const char *b) {
    return json_get(json_get(caps, a), b);
}

static bool caps_true(const JsonValue *v) {
    bool b = false;
    return json_as_bool(v, &b) && b;
}

static void initialize(LspServer *s, const JsonValue *id, const JsonValue *p) {
    if (s->state != ST_NEW) {
        reply_error(s, id, RPC_INVALID_REQUEST, "initialize was already received");
        return;
    }
    if (!json_is(p, JSON_OBJECT)) {
        reply_error(s, id, RPC_INVALID_PARAMS, "initialize takes an object");
        return;
    }
    const JsonValue *caps = json_get(p, "capabilities");
    /* positionEncoding: UTF-8 when offered (what deadwood reads), else UTF-32, else UTF-16 (the
     * protocol's default, which every client supports) */
    const JsonValue *encs = caps_get(caps, "general", "positionEncodings");
    s->enc = POS_UTF16;
    for (int32_t i = 0; i < json_len(encs); i++)
        if (json_string_is(json_at(encs, i), "utf-8"))
            s->enc = POS_UTF8;
        else if (json_string_is(json_at(encs, i), "utf-32") && s->enc == POS_UTF16)
            s->enc = POS_UTF32;
    const JsonValue *td = json_get(caps, "textDocument");
    s->pull = json_is(json_get(td, "diagnostic"), JSON_OBJECT);
    s->refresh = caps_true(caps_get(json_get(caps, "workspace"), "diagnostics", "refreshSupport"));
    s->watch_dynamic = caps_true(
        caps_get(json_get(caps, "workspace"), "didChangeWatchedFiles", "dynamicRegistration"));
    s->configuration = caps_true(caps_get(caps, "workspace", "configuration"));
    const JsonValue *pd = json_get(td, "publishDiagnostics");
    s->related = caps_true(json_get(pd, "relatedInformation"));
    s->tags = json_is(json_get(pd, "tagSupport"), JSON_OBJECT);
    s->code_description = caps_true(json_get(pd, "codeDescriptionSupport"));
    if (s->pull) s->related = s->tags = s->code_description = true; /* (3.17 pull clients) */
    const JsonValue *fmt = caps_get(td, "hover", "contentFormat");
    for (int32_t i = 0; i < json_len(fmt); i++)
        if (json_string_is(json_at(fmt, i), "markdown")) s->hover_markdown = true;
    const char *trace = json_string(json_get(p, "trace"));
    s->trace = trace && strcmp(trace, "verbose") == 0 ? 2 : trace && strcmp(trace, "messages") == 0;
    read_settings(s, json_get(p, "initializationOptions"));
    workspace_roots(s, p);
    s->state = ST_RUNNING;

    result_begin(s, id);
    JsonWriter *w = &s->w;
    jw_open(w, '{');
    jw_key(w, "capabilities");
    jw_open(w, '{');
    jw_key(w, "positionEncoding");
    jw_str(w, pos_encoding_name(s->enc));
    jw_key(w, "textDocumentSync");
    jw_open(w, '{');
    jw_key(w, "openClose");
    jw_bool(w, true);
    jw_key(w, "change");
    jw_int(w, 2); /* incremental */
    jw_key(w, "save");
    jw_open(w, '{');
    jw_key(w, "includeText");
    jw_bool(w, false);
    jw_close(w, '}');
    jw_close(w, '}');
    if (s->pull) {
        jw_key(w, "diagnosticProvider");
        jw_open(w, '{');
        jw_key(w, "identifier");
        jw_str(w, "deadwood");
        jw_key(w, "interFileDependencies");
        jw_bool(w, true);
        jw_key(w, "workspaceDiagnostics");
        jw_bool(w, true);
        jw_close(w, '}');
    }
    jw_key(w, "notebookDocumentSync"); /* Jupyter notebooks, their Python cells */
    jw_open(w, '{');
    jw_key(w, "notebookSelector");
    jw_open(w, '[');
    jw_open(w, '{');
    jw_key(w, "notebook");
    jw_open(w, '{');
    jw_key(w, "notebookType");
    jw_str(w, "jupyter-notebook");
    jw_close(w, '}');
    jw_key(w, "cells");
    jw_open(w, '[');
    jw_open(w, '{');
    jw_key(w, "language");
    jw_str(w, "python");
    jw_close(w, '}');
    jw_close(w, ']');
    jw_close(w, '}');
    jw_close(w, ']');
    jw_close(w, '}');
    jw_key(w, "codeActionProvider");
    jw_open(w, '{');
    jw_key(w, "codeActionKinds");
    jw_open(w, '[');
    jw_str(w, "quickfix");
    jw_str(w, "source.fixAll.deadwood");
    jw_close(w, ']');
    jw_close(w, '}');
    jw_key(w, "callHierarchyProvider");
    jw_bool(w, true);
    jw_key(w, "typeHierarchyProvider");
    jw_bool(w, true);
    jw_key(w, "hoverProvider");
    jw_bool(w, true);
    jw_key(w, "workspace");
    jw_open(w, '{');
    jw_key(w, "workspaceFolders");
    jw_open(w, '{');
    jw_key(w, "supported");
    jw_bool(w, true);
    jw_key(w, "changeNotifications");
    jw_bool(w, true);
    jw_close(w, '}');
    jw_close(w, '}');
    jw_close(w, '}');
    jw_key(w, "serverInfo");
    jw_open(w, '{');
    jw_key(w, "name");
    jw_str(w, "deadwood");
    jw_key(w, "version");
    jw_str(w, s->host.version ? s->host.version : "");
    jw_close(w, '}');
    jw_close(w, '}');
    result_end(s);
}

/* Asks for the "deadwood" section of the editor's settings. */
static void ask_configuration(LspServer *s) {
    if (!s->configuration) return;
    request_begin(s, "workspace/configuration", ASKED_CONFIGURATION);
    jw_key(&s->w, "items");
    jw_open(&s->w, '[');
    jw_open(&s->w, '{');
    jw_key(&s->w, "section");
    jw_str(&s->w, "deadwood");
    jw_close(&s->w, '}');
    jw_close(&s->w, ']');
    notify_end(s);
}

static void initialized(LspServer *s) {
    if (s->watch_dynamic) { /* files changed by other programs (a checkout, a formatter) */
        static const char *const globs[] = {"**/*.py", "**/*.pyi", "**/pyproject.toml",
                                            "**/deadwood.toml", "**/.deadwood.toml"};
        request_begin(s, "client/registerCapability", ASKED_OTHER);
        JsonWriter *w = &s->w;
        jw_key(w, "registrations");
        jw_open(w, '[');
        jw_open(w, '{');
        jw_key(w, "id");
        jw_str(w, "deadwood-watched-files");
        jw_key(w, "method");
        jw_str(w, "workspace/didChangeWatchedFiles");
        jw_key(w, "registerOptions");
        jw_open(w, '{');
        jw_key(w, "watchers");
        jw_open(w, '[');
        for (size_t i = 0; i < sizeof globs / sizeof *globs; i++) {
            jw_open(w, '{');
            jw_key(w, "globPattern");
            jw_str(w, globs[i]);
            jw_close(w, '}');
        }
        jw_close(w, ']');
        jw_close(w, '}');
        jw_close(w, '}');
        jw_close(w, ']');
        notify_end(s);
    }
    ask_configuration(s);
    s->initialized = true;
}

/* The configuration changed on disk, or the editor's settings did: everything is analyzed again
 * (through the cache), unless the configuration is invalid. */
static void reload(LspServer *s) {
    if (s->load_due) return; /* (the first load reads it) */
    ConfigError e;
    if (!ws_load(s->ws, NULL, -1, &s->settings, &e))
        show_config_error(s, &e, " (the last valid configuration stays)");
    s->dirty = true;
}

/* workspace/didChangeWorkspaceFolders: the folders' files join or leave the analysis; a pull
 * client is asked to pull again (closed files' reports came or went). */
static void folders_changed(LspServer *s, const JsonValue *p) {
    const JsonValue *ev = json_get(p, "event");
    const JsonValue *lists[2] = {json_get(ev, "added"), json_get(ev, "removed")};
    Arena a;
    arena_init(&a);
    const char *paths[2][64];
    int32_t n[2] = {0, 0};
    for (int k = 0; k < 2; k++)
        for (int32_t i = 0; i < json_len(lists[k]) && n[k] < 64; i++) {
            const char *uri = json_string(json_get(json_at(lists[k], i), "uri"));
            char *path = uri ? uri_path(&a, uri) : NULL;
            if (path) paths[k][n[k]++] = path;
        }
    ConfigError e;
    if (n[0] + n[1] && !ws_change_roots(s->ws, paths[0], n[0], paths[1], n[1], &e))
        show_config_error(s, &e, "");
    arena_free(&a);
    s->dirty = s->want_refresh = true;
    if (n[0] + n[1]) s->load_due = false; /* (that was the load) */
}

static void watched_files(LspServer *s, const JsonValue *p) {
    const JsonValue *changes = json_get(p, "changes");
    bool config = false;
    Arena a;
    arena_init(&a);
    for (int32_t i = 0; i < json_len(changes); i++) {
        const char *uri = json_string(json_get(json_at(changes, i), "uri"));
        char *path = uri ? uri_path(&a, uri) : NULL;
        if (!path) continue;
        if (ws_is_config_file(path))
            config = true;
        else
            ws_file_changed(s->ws, path);
        s->dirty = true;
    }
    arena_free(&a);
    if (config) reload(s);
}

static void did_save(LspServer *s, const JsonValue *p) {
    Doc *d = doc_find(s, json_string(json_get(json_get(p, "textDocument"), "uri"))
                             ? json_string(json_get(json_get(p, "textDocument"), "uri"))
                             : "");
    if (d && d->path && ws_is_config_file(d->path)) reload(s);
}

static void response(LspServer *s, const JsonValue *v) {
    int64_t id;
    if (!json_as_int(json_get(v, "id"), &id) || s->asked[id % 8].id != id) return;
    Asked what = s->asked[id % 8].what;
    s->asked[id % 8].what = ASKED_NOTHING;
    const JsonValue *r = json_get(v, "result");
    if (what == ASKED_CONFIGURATION && json_is(json_at(r, 0), JSON_OBJECT)) {
        read_settings(s, json_at(r, 0));
        reload(s);
    }
}

/* ---- dispatch ------------------------------------------------------------------------------ */

typedef void (*Handler)(LspServer *s, const JsonValue *id, const JsonValue *params);

static const struct {
    const char *method;
    Handler run;
} requests[] = {
    {"textDocument/diagnostic", diag_pull_document},
    {"workspace/diagnostic", diag_pull_workspace},
    {"textDocument/codeAction", code_action},
    {"textDocument/prepareCallHierarchy", call_prepare},
    {"callHierarchy/incomingCalls", call_incoming},
    {"callHierarchy/outgoingCalls", call_outgoing},
    {"textDocument/prepareTypeHierarchy", type_prepare},
    {"typeHierarchy/supertypes", type_supertypes},
    {"typeHierarchy/subtypes", type_subtypes},
    {"textDocument/hover", hover},
};

static void request(LspServer *s, const char *method, const JsonValue *id, const JsonValue *p) {
    if (strcmp(method, "initialize") == 0) {
        initialize(s, id, p);
        return;
    }
    if (s->state == ST_NEW) {
        reply_error(s, id, LSP_SERVER_NOT_INITIALIZED, "the server is not initialized");
        return;
    }
    if (s->state == ST_SHUTDOWN) {
        reply_error(s, id, RPC_INVALID_REQUEST, "the server is shut down");
        return;
    }
    if (strcmp(method, "shutdown") == 0) {
        s->state = ST_SHUTDOWN;
        result_begin(s, id);
        jw_null(&s->w);
        result_end(s);
        return;
    }
    for (size_t i = 0; i < sizeof requests / sizeof *requests; i++) {
        if (strcmp(method, requests[i].method) != 0) continue;
        if (p && !json_is(p, JSON_OBJECT)) {
            reply_error(s, id, RPC_INVALID_PARAMS, "%s takes an object", method);
            return;
        }
        if (s->load_due) load_now(s); /* answers are about the whole workspace */
        if (ws_loading(s->ws)) load_step(s, INT32_MAX);
        if (s->dirty) diag_update(s); /* ... and the documents as they are now */
        requests[i].run(s, id, p);
        return;
    }
    reply_error(s, id, RPC_METHOD_NOT_FOUND, "unknown method %s", method);
}

static void notification(LspServer *s, const char *method, const JsonValue *p) {
    if (strcmp(method, "exit") == 0) {
        s->status = s->state == ST_SHUTDOWN ? 0 : 1;
        s->state = ST_DONE;
        return;
    }
    if (s->state != ST_RUNNING) return; /* before initialize, after shutdown: dropped */
    if (strcmp(method, "initialized") == 0)
        initialized(s);
    else if (strcmp(method, "textDocument/didOpen") == 0)
        did_open(s, p);
    else if (strcmp(method, "textDocument/didChange") == 0)
        did_change(s, p);
    else if (strcmp(method, "textDocument/didClose") == 0)
        did_close(s, p);
    else if (strcmp(method, "textDocument/didSave") == 0)
        did_save(s, p);
    else if (strcmp(method, "workspace/didChangeWatchedFiles") == 0)
        watched_files(s, p);
    else if (strcmp(method, "workspace/didChangeWorkspaceFolders") == 0)
        folders_changed(s, p);
    else if (strncmp(method, "notebookDocument/", 17) == 0)
        notebook_notification(s, method, p);
    else if (strcmp(method, "workspace/didChangeConfiguration") == 0) {
        const JsonValue *dw = json_get(json_get(p, "settings"), "deadwood");
        if (dw) {
            read_settings(s, dw);
            reload(s);
        } else {
            ask_configuration(s);
        }
    } else if (strcmp(method, "$/setTrace") == 0) {
        const char *v = json_string(json_get(p, "value"));
        if (v) s->trace = strcmp(v, "verbose") == 0 ? 2 : strcmp(v, "messages") == 0;
    }
    /* $/cancelRequest was acted on when it arrived; other notifications mean nothing here */
}

static void handle(LspServer *s, Msg *m) {
    const JsonValue *v = m->v;
    const char *method = json_string(json_get(v, "method"));
    const JsonValue *params = json_get(v, "params");
    if (json_is(params, JSON_NULL)) params = NULL;
    if (!method) {
        if (json_get(v, "result") || json_get(v, "error")) response(s, v);
        return;
    }
    if (!m->id) {
        notification(s, method, params);
        return;
    }
    if (m->cancelled) {
        reply_error(s, m->id, LSP_REQUEST_CANCELLED, "request cancelled");
        return;
    }
    if (s->trace) trace(s, "received request '%s'", method);
    s->running = m->id;
    s->running_cancelled = false;
    request(s, method, m->id, params);
    s->running = NULL;
}

bool request_cancelled(LspServer *s) {
    if (s->host.poll && !s->running_cancelled && !s->polling) {
        s->polling = true;
        s->host.poll(s->host.ud);
        s->polling = false;
    }
    return s->running_cancelled;
}

/* ---- the queue ----------------------------------------------------------------------------- */

static bool same_id(const JsonValue *a, const JsonValue *b) {
    if (!a || !b || a->type != b->type) return false;
    if (a->type == JSON_NUMBER) return str_eq(a->u.number, b->u.number);
    return a->type == JSON_STRING && str_eq(a->u.str, b->u.str);
}

/* Checks a body's form (JSON-RPC 2.0: a request, a notification or a response) and queues it;
 * anything else gets the error JSON-RPC names for it. */
static void take(LspServer *s, const char *body, size_t len) {
    Msg *m = dw_malloc(sizeof *m);
    if (!m) {
        reply_error(s, NULL, RPC_INTERNAL_ERROR, "out of memory");
        return;
    }
    memset(m, 0, sizeof *m);
    arena_init(&m->arena);
    JsonError err;
    m->v = json_parse(&m->arena, body, len, NULL, &err);
    const JsonValue *id = json_get(m->v, "id");
    const JsonValue *method = json_get(m->v, "method");
    const JsonValue *params = json_get(m->v, "params");
    const char *bad = NULL;
    if (!m->v)
        reply_error(s, NULL, RPC_PARSE_ERROR, "parse error at line %d, column %d: %s", err.line,
                    err.col, err.msg);
    else if (!json_is(m->v, JSON_OBJECT))
        bad = "a message must be an object";
    else if (!json_string_is(json_get(m->v, "jsonrpc"), "2.0"))
        bad = "\"jsonrpc\" must be \"2.0\"";
    else if (id && !json_is(id, JSON_STRING) &&
             !(json_is(id, JSON_NUMBER) && json_as_int(id, &(int64_t){0})) &&
             !(json_is(id, JSON_NULL) && !method))
        bad = "\"id\" must be an integer or a string";
    else if (method && !json_is(method, JSON_STRING))
        bad = "\"method\" must be a string";
    else if (!method && !(id && (json_get(m->v, "result") || json_get(m->v, "error"))))
        bad = "a message needs a method (or, as a response, an id and a result or an error)";
    else if (method && params && !json_is(params, JSON_OBJECT) && !json_is(params, JSON_ARRAY) &&
             !json_is(params, JSON_NULL)) /* (null: as if absent, which some clients send) */
        bad = "\"params\" must be an object or an array";
    if (bad) reply_error(s, json_is(id, JSON_NULL) ? NULL : id, RPC_INVALID_REQUEST, "%s", bad);
    if (!m->v || bad) {
        arena_free(&m->arena);
        dw_free(m);
        return;
    }
    if (json_string_is(method, "$/cancelRequest")) {
        const JsonValue *which = json_get(json_get(m->v, "params"), "id");
        for (Msg *q = s->head; q; q = q->next)
            if (same_id(q->id, which)) q->cancelled = true;
        if (same_id(s->running, which)) s->running_cancelled = true;
    }
    m->id = method ? id : NULL;
    if (s->tail)
        s->tail->next = m;
    else
        s->head = m;
    s->tail = m;
}

void lsp_server_feed(LspServer *s, const char *bytes, size_t n) {
    rpc_feed(&s->rd, bytes, n); /* (a failure is reported by rpc_next: RPC_NO_MEMORY) */
    for (;;) {
        const char *body;
        size_t len;
        RpcEvent e = rpc_next(&s->rd, &body, &len);
        if (e == RPC_NONE) break;
        if (e == RPC_MESSAGE)
            take(s, body, len);
        else if (e == RPC_BAD_HEADER)
            reply_error(s, NULL, RPC_PARSE_ERROR, "%s", body);
        else
            reply_error(s, NULL, RPC_INTERNAL_ERROR, "out of memory: input was lost");
    }
}

void lsp_server_eof(LspServer *s) {
    if (rpc_partial(&s->rd))
        reply_error(s, NULL, RPC_PARSE_ERROR, "the input ends inside a message");
    rpc_reader_free(&s->rd);
    rpc_reader_init(&s->rd);
    /* the client is gone: what is queued is handled, then the server ends (status 1 unless it was
     * shut down) */
    Msg *m = dw_malloc(sizeof *m);
    if (!m) return;
    memset(m, 0, sizeof *m);
    arena_init(&m->arena);
    m->v = NULL; /* the end */
    if (s->tail)
        s->tail->next = m;
    else
        s->head = m;
    s->tail = m;
}

bool lsp_server_step(LspServer *s) {
    if (s->state == ST_DONE) return false;
    Msg *m = s->head;
    if (m) {
        s->head = m->next;
        if (!s->head) s->tail = NULL;
        if (m->v)
            handle(s, m);
        else if (s->state != ST_DONE) {
            s->status = s->state == ST_SHUTDOWN ? 0 : 1;
            s->state = ST_DONE;
        }
        arena_free(&m->arena);
        dw_free(m);
        return true;
    }
    if (s->state != ST_RUNNING) return false;
    if (s->dirty) { /* (before the first load, the open documents' findings alone) */
        diag_update(s);
        return true;
    }
    if (s->load_due && s->initialized) {
        load_now(s);
        return true;
    }
    if (ws_loading(s->ws)) {
        load_step(s, 256); /* (then the messages that came meanwhile) */
        return true;
    }
    return false;
}

bool lsp_server_done(const LspServer *s, int *status) {
    *status = s->status;
    return s->state == ST_DONE;
}

LspServer *lsp_server_new(const LspHost *host) {
    LspServer *s = dw_malloc(sizeof *s);
    if (!s) return NULL;
    memset(s, 0, sizeof *s);
    s->host = *host;
    rpc_reader_init(&s->rd);
    arena_init(&s->settings_arena);
    buf_init(&s->out);
    s->ws = ws_new(host->jobs, host->version);
    if (!s->ws) {
        dw_free(s);
        return NULL;
    }
    return s;
}

void lsp_server_free(LspServer *s) {
    if (!s) return;
    while (s->head) {
        Msg *m = s->head;
        s->head = m->next;
        arena_free(&m->arena);
        dw_free(m);
    }
    for (int32_t i = 0; i < s->docs.len; i++) doc_free(s->docs.items[i]);
    dw_free(s->docs.items);
    ws_free(s->ws);
    rpc_reader_free(&s->rd);
    arena_free(&s->settings_arena);
    buf_free(&s->out);
    dw_free(s);
}
