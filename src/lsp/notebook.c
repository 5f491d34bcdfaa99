/* notebook.c — notebook documents (LSP 3.17's notebookDocument/didOpen, didChange, didClose): a
 * Jupyter notebook open in the editor is analyzed as `deadwood check` analyzes its .ipynb file.
 *
 * The notebook is a document whose text is the .ipynb its cells make now (nbformat 4, each
 * cell's source one string, a code cell in another language than Python marked as VS Code marks
 * it), given to the workspace in place of the file on disk; so its findings are the CLI's, in
 * cells (Location.cell, 1-based, every cell counted). Each cell is a document of its own (its
 * URI, text and version, edited incrementally), to which the findings in it are published, in
 * its own positions. Notebooks get no fixes, as with the CLI, and no code actions.
 */
#include <string.h>

#include "internal.h"

/* The notebook's .ipynb text made again from its cells, for the workspace. */
static void notebook_sync(LspServer *s, Doc *nb) {
    Buf b;
    buf_init(&b);
    buf_puts(&b, "{\"cells\": [");
    for (int32_t i = 0; i < nb->cells.len; i++) {
        const Doc *c = nb->cells.items[i];
        bool code = c->kind == 2;
        buf_printf(&b, "%s{\"cell_type\": \"%s\", \"metadata\": {", i ? ", " : "",
                   code ? "code" : "markdown");
        if (code && c->language && strcmp(c->language, "python") != 0) {
            buf_puts(&b, "\"vscode\": {\"languageId\": ");
            out_json_string(&b, c->language);
            buf_puts(&b, "}");
        }
        buf_puts(&b, "}, \"source\": ");
        out_json_string(&b, c->text.buf.data ? c->text.buf.data : "");
        buf_puts(&b, code ? ", \"outputs\": [], \"execution_count\": null}" : "}");
    }
    buf_puts(&b, "], \"metadata\": {\"language_info\": {\"name\": \"python\"}}, \"nbformat\": 4, "
                 "\"nbformat_minor\": 5}\n");
    if (b.failed || !text_set(&nb->text, b.data, b.len))
        show_message(s, 1, "deadwood: out of memory");
    buf_free(&b);
    doc_to_workspace(s, nb);
}

/* The cell document of a TextDocumentItem (made when new): its text, version and language. */
static void cell_item(LspServer *s, Doc *nb, const JsonValue *item) {
    const char *lang = json_string(json_get(item, "languageId"));
    Doc *c = doc_open_item(s, item, true);
    if (!c) return;
    c->notebook = nb;
    dw_free(c->language);
    c->language = NULL;
    if (lang && (c->language = dw_malloc(strlen(lang) + 1))) strcpy(c->language, lang);
}

/* A NotebookCell: its document, now a cell of nb in this place, of its kind. NULL when its
 * document was not given (didOpen). */
static Doc *cell_of(LspServer *s, Doc *nb, const JsonValue *cell) {
    const char *uri = json_string(json_get(cell, "document"));
    Doc *c = uri ? doc_find(s, uri) : NULL;
    int64_t kind;
    if (!c) return NULL;
    c->notebook = nb;
    if (json_as_int(json_get(cell, "kind"), &kind)) c->kind = (int32_t)kind;
    return c;
}

static void did_open(LspServer *s, const JsonValue *p) {
    const JsonValue *nd = json_get(p, "notebookDocument");
    const char *uri = json_string(json_get(nd, "uri"));
    const JsonValue *cells = json_get(nd, "cells"), *items = json_get(p, "cellTextDocuments");
    Doc *nb = uri ? doc_open(s, uri, false) : NULL;
    if (!nb) return;
    nb->is_notebook = true;
    int64_t version = 0;
    json_as_int(json_get(nd, "version"), &version);
    nb->version = (int32_t)version;
    for (int32_t i = 0; i < json_len(items); i++) cell_item(s, nb, json_at(items, i));
    nb->cells.len = 0;
    for (int32_t i = 0; i < json_len(cells); i++) {
        Doc *c = cell_of(s, nb, json_at(cells, i));
        if (c && HVEC_PUSH(nb->cells, c)) show_message(s, 1, "deadwood: out of memory");
    }
    notebook_sync(s, nb);
}

/* change.cells.structure: cells taken out and put in (their documents opened and closed). */
static void structure(LspServer *s, Doc *nb, const JsonValue *st) {
    const JsonValue *opened = json_get(st, "didOpen"), *closed = json_get(st, "didClose");
    const JsonValue *array = json_get(st, "array"), *cells = json_get(array, "cells");
    for (int32_t i = 0; i < json_len(opened); i++) cell_item(s, nb, json_at(opened, i));
    int64_t start = 0, del = 0;
    json_as_int(json_get(array, "start"), &start);
    json_as_int(json_get(array, "deleteCount"), &del);
    if (start < 0 || start > nb->cells.len) start = nb->cells.len;
    if (del < 0 || del > nb->cells.len - start) del = nb->cells.len - start;
    int32_t add = 0; /* (the cells whose documents are open: cell_of places them) */
    for (int32_t i = 0; i < json_len(cells); i++) {
        const char *cu = json_string(json_get(json_at(cells, i), "document"));
        add += cu && doc_find(s, cu);
    }
    int32_t len = nb->cells.len - (int32_t)del + add;
    if (len > nb->cells.cap &&
        hvec_grow_((void **)&nb->cells.items, &nb->cells.cap, sizeof *nb->cells.items, len)) {
        show_message(s, 1, "deadwood: out of memory");
        return;
    }
    Doc **at = nb->cells.items + start;
    memmove(at + add, at + del, sizeof *at * (size_t)(nb->cells.len - start - del));
    nb->cells.len = len;
    for (int32_t i = 0, k = 0; i < json_len(cells); i++) {
        Doc *c = cell_of(s, nb, json_at(cells, i));
        if (c) at[k++] = c;
    }
    for (int32_t i = 0; i < json_len(closed); i++) {
        const char *uri = json_string(json_get(json_at(closed, i), "uri"));
        Doc *c = uri ? doc_find(s, uri) : NULL;
        bool kept = false;
        for (int32_t k = 0; c && k < nb->cells.len && !kept; k++) kept = nb->cells.items[k] == c;
        if (c && c->notebook == nb && !kept) doc_close(s, c);
    }
}

static void did_change(LspServer *s, const JsonValue *p) {
    const JsonValue *nd = json_get(p, "notebookDocument");
    const char *uri = json_string(json_get(nd, "uri"));
    Doc *nb = uri ? doc_find(s, uri) : NULL;
    if (!nb || !nb->is_notebook) return;
    int64_t version;
    if (json_as_int(json_get(nd, "version"), &version)) nb->version = (int32_t)version;
    const JsonValue *cells = json_get(json_get(p, "change"), "cells");
    if (json_get(cells, "structure")) structure(s, nb, json_get(cells, "structure"));
    const JsonValue *data = json_get(cells, "data");
    for (int32_t i = 0; i < json_len(data); i++) cell_of(s, nb, json_at(data, i));
    const JsonValue *content = json_get(cells, "textContent");
    for (int32_t i = 0; i < json_len(content); i++) {
        const JsonValue *tc = json_at(content, i);
        const JsonValue *td = json_get(tc, "document");
        const char *cu = json_string(json_get(td, "uri"));
        Doc *c = cu ? doc_find(s, cu) : NULL;
        if (!c || c->notebook != nb) continue;
        if (json_as_int(json_get(td, "version"), &version)) c->version = (int32_t)version;
        doc_apply_changes(s, c, json_get(tc, "changes"));
        c->edited = true;
    }
    notebook_sync(s, nb);
}

static void did_close(LspServer *s, const JsonValue *p) {
    const char *uri = json_string(json_get(json_get(p, "notebookDocument"), "uri"));
    Doc *nb = uri ? doc_find(s, uri) : NULL;
    if (!nb || !nb->is_notebook) return;
    while (nb->cells.len) doc_close(s, nb->cells.items[--nb->cells.len]);
    for (int32_t i = s->docs.len - 1; i >= 0; i--) /* (cells opened but never placed) */
        if (i < s->docs.len && s->docs.items[i]->notebook == nb) doc_close(s, s->docs.items[i]);
    doc_close(s, nb);
}

void notebook_notification(LspServer *s, const char *method, const JsonValue *p) {
    if (strcmp(method, "notebookDocument/didOpen") == 0)
        did_open(s, p);
    else if (strcmp(method, "notebookDocument/didChange") == 0)
        did_change(s, p);
    else if (strcmp(method, "notebookDocument/didClose") == 0)
        did_close(s, p);
}

Doc *notebook_cell(LspServer *s, const char *path, int32_t cell) {
    Doc *nb = doc_of_path(s, path);
    return nb && nb->is_notebook && cell >= 1 && cell <= nb->cells.len ? nb->cells.items[cell - 1]
                                                                       : NULL;
}

const Finding *const *notebook_cell_findings(LspServer *s, Doc *c, int32_t *n) {
    *n = 0;
    Doc *nb = c->notebook;
    int32_t cell = 0, m = 0;
    for (int32_t i = 0; nb && i < nb->cells.len && !cell; i++)
        if (nb->cells.items[i] == c) cell = i + 1;
    const Finding *const *all =
        cell && nb->path && ws_loaded(s->ws) ? ws_findings(s->ws, nb->path, &m) : NULL;
    dw_free(c->ptrs);
    c->ptrs = dw_malloc(sizeof *c->ptrs * (size_t)(m + 1));
    if (!c->ptrs) return NULL;
    for (int32_t i = 0; i < m; i++)
        if (all[i]->loc.cell == cell) c->ptrs[(*n)++] = all[i];
    return c->ptrs;
}
