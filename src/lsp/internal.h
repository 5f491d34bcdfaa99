/* internal.h — what the parts of the language server share (src/lsp/): the server's state, the
 * open documents, writing protocol messages, and reading their parameters.
 *   server.c     the queue, the dispatch, the lifecycle, documents, configuration
 *   diag.c       findings as diagnostics: pushed, pulled per document and for the workspace
 *   nav.c        call hierarchy, type hierarchy, hover
 *   actions.c    code actions
 *   notebook.c   notebook documents, their cells as documents
 *   workspace.c  the analysis of the workspace (workspace.h)
 */
#ifndef DW_LSP_INTERNAL_H
#define DW_LSP_INTERNAL_H

#include <stdint.h>

#include "base/json.h"
#include "lsp/rpc.h"
#include "lsp/server.h"
#include "lsp/text.h"
#include "lsp/workspace.h"
#include "output/out_internal.h"

/* JSON-RPC's and the protocol's error codes. */
enum {
    RPC_PARSE_ERROR = -32700,
    RPC_INVALID_REQUEST = -32600,
    RPC_METHOD_NOT_FOUND = -32601,
    RPC_INVALID_PARAMS = -32602,
    RPC_INTERNAL_ERROR = -32603,
    LSP_SERVER_NOT_INITIALIZED = -32002,
    LSP_REQUEST_FAILED = -32803,
    LSP_REQUEST_CANCELLED = -32800,
};

/* An open document. */
typedef struct Doc {
    char *uri;            /* as the client names it */
    char *path;           /* the file it is (absolute), or NULL for a URI that names no file */
    char *alone;          /* for one that names none (untitled): where it is analyzed alone */
    FindingList found;    /* (alone) its findings */
    const Finding **ptrs; /* (alone) pointers to them */
    int32_t version;
    Text text;
    uint64_t pushed;        /* a hash of the diagnostics last published for it (0: none) */
    int32_t pushed_version; /* the version they were published for */
    bool edited;            /* changed since the last analysis */
    /* a notebook (notebook.c): its text is the .ipynb its cells make, its cells are documents */
    struct {
        struct Doc **items;
        int32_t len, cap;
    } cells;
    bool is_notebook;
    struct Doc *notebook; /* a cell's */
    int32_t kind;         /* a cell's: 1 markup, 2 code */
    char *language;       /* a cell's languageId */
} Doc;

/* A request the server sent to the client, waiting for its response. */
typedef enum Asked { ASKED_NOTHING, ASKED_CONFIGURATION, ASKED_OTHER } Asked;

typedef struct Msg Msg;

struct LspServer {
    LspHost host;
    RpcReader rd;
    Msg *head, *tail; /* the queue */
    enum { ST_NEW, ST_RUNNING, ST_SHUTDOWN, ST_DONE } state;
    int status;
    PosEncoding enc;
    /* what the client can do */
    bool pull;          /* textDocument/diagnostic: diagnostics are pulled, not pushed */
    bool refresh;       /* workspace/diagnostic/refresh */
    bool watch_dynamic; /* workspace/didChangeWatchedFiles may be registered */
    bool configuration; /* workspace/configuration */
    bool related, tags, code_description;
    bool hover_markdown; /* hover may be Markdown */
    int trace;           /* 0 off, 1 messages, 2 verbose */
    struct {
        Doc **items;
        int32_t len, cap;
    } docs;
    Workspace *ws;
    bool dirty;        /* documents changed since the last analysis */
    bool load_due;     /* the workspace's first load is still to come (after initialize) */
    bool initialized;  /* the client's `initialized` came */
    bool want_refresh; /* (pull) a closed or other file's diagnostics changed */
    int64_t next_id;
    struct {
        int64_t id;
        Asked what;
    } asked[8];
    WsSettings settings;
    Arena settings_arena;     /* what settings point into */
    const JsonValue *running; /* the id of the request being handled */
    bool running_cancelled;   /* ... which a $/cancelRequest has cancelled since */
    bool polling;             /* reading the client's messages while one is handled */
    Buf out;                  /* the message being written */
    JsonWriter w;
};

/* ---- writing messages (server.c) ---------------------------------------------------------- */

/* Begins a message: `{"jsonrpc": "2.0"` and, for a response, its id (the request's value as
 * it came, NULL for a notification); write the rest with s->w, then msg_send. */
void msg_begin(LspServer *s, const JsonValue *id);
void msg_send(LspServer *s);
/* A notification: begins it with its method and opens "params" (an object) for the caller. */
void notify_begin(LspServer *s, const char *method);
void notify_end(LspServer *s);
/* A request to the client: likewise, remembering what it asked (request_start: without params;
 * then msg_send). */
void request_begin(LspServer *s, const char *method, Asked what);
void request_start(LspServer *s, const char *method, Asked what);
/* A response's result: opens "result" (the caller writes the value) / sends it. */
void result_begin(LspServer *s, const JsonValue *id);
void result_end(LspServer *s);
void reply_error(LspServer *s, const JsonValue *id, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* window/showMessage and window/logMessage (type: 1 error, 2 warning, 3 info, 4 log). */
void show_message(LspServer *s, int type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void log_message(LspServer *s, int type, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* $/logTrace, when the client asked for traces ($/setTrace, initialize's trace). */
void trace(LspServer *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A Range of the document's text (or of a file's, t): lines 1-based, character columns 1-based
 * (deadwood's), written as the client's positions. */
void put_range(LspServer *s, const Text *t, int32_t line, int32_t col, int32_t end_line,
               int32_t end_col);
void put_uri(LspServer *s, const char *path);
/* A Range of positions already in the client's encoding. */
void put_text_range(LspServer *s, TextPos from, TextPos to);

/* Whether the request being handled has been cancelled: what the client sent meanwhile is read
 * first (LspHost.poll). A long request asks between its steps, and answers
 * LSP_REQUEST_CANCELLED when it has been. */
bool request_cancelled(LspServer *s);

/* ---- documents (server.c) ------------------------------------------------------------------ */

Doc *doc_find(LspServer *s, const char *uri);
/* The open document of uri, made (empty, version 0) when there is none; a cell of a notebook
 * names no file of its own. NULL when out of memory (said to the user). */
Doc *doc_open(LspServer *s, const char *uri, bool cell);
/* doc_open for a TextDocumentItem, its version and text set; NULL when it is not one. */
Doc *doc_open_item(LspServer *s, const JsonValue *item, bool cell);
/* Closes a document: its diagnostics cleared, its file's bytes the disk's again. */
void doc_close(LspServer *s, Doc *d);
/* Applies TextDocumentContentChangeEvents (incremental or whole) to its text. */
void doc_apply_changes(LspServer *s, Doc *d, const JsonValue *changes);
/* The document's bytes are what the workspace analyzes for its file, from now on. */
void doc_to_workspace(LspServer *s, Doc *d);
Doc *doc_of_path(LspServer *s, const char *path);
/* The document's findings after the last analysis (sorted). */
const Finding *const *doc_findings(LspServer *s, Doc *d, int32_t *n);
/* Analyzes the documents that name no file, each alone (ws_analyze_alone); before the first
 * load is complete, every document. */
void docs_analyze_alone(LspServer *s);
/* The text of a file: its open document's, else read from disk into t (text_free it; false when
 * it cannot be read). *owned says whether t was filled. */
const Text *file_text(LspServer *s, const char *path, Text *t, bool *owned);
/* A file:// URI's path (percent-decoded, in a), or NULL when uri names no local file. */
char *uri_path(Arena *a, const char *uri);

/* ---- reading parameters -------------------------------------------------------------------- */

/* A Position {line, character}; false when it is not one. */
bool json_position(const JsonValue *v, TextPos *p);
bool json_range(const JsonValue *v, TextPos *from, TextPos *to);
/* params.textDocument.uri's open document, or replies InvalidParams and gives NULL. */
Doc *param_doc(LspServer *s, const JsonValue *id, const JsonValue *params);

/* ---- the parts ----------------------------------------------------------------------------- */

/* Analyzes what changed and publishes (push) or announces (pull: a refresh) what changed. */
void diag_update(LspServer *s);
/* One finding as a Diagnostic (t: its file's text), for a code action's diagnostics. */
void diag_put(LspServer *s, const Text *t, const Finding *f);
/* Sends empty diagnostics for a closed document (push). */
void diag_clear(LspServer *s, Doc *d);
void diag_pull_document(LspServer *s, const JsonValue *id, const JsonValue *params);
void diag_pull_workspace(LspServer *s, const JsonValue *id, const JsonValue *params);

void code_action(LspServer *s, const JsonValue *id, const JsonValue *params);

/* notebookDocument/didOpen, didChange and didClose. */
void notebook_notification(LspServer *s, const char *method, const JsonValue *params);
/* The document of cell `cell` (1-based, every cell counted) of the open notebook of path, or
 * NULL. */
Doc *notebook_cell(LspServer *s, const char *path, int32_t cell);
/* A cell document's findings: its notebook's in that cell. */
const Finding *const *notebook_cell_findings(LspServer *s, Doc *c, int32_t *n);

void call_prepare(LspServer *s, const JsonValue *id, const JsonValue *params);
void call_incoming(LspServer *s, const JsonValue *id, const JsonValue *params);
void call_outgoing(LspServer *s, const JsonValue *id, const JsonValue *params);
void type_prepare(LspServer *s, const JsonValue *id, const JsonValue *params);
void type_supertypes(LspServer *s, const JsonValue *id, const JsonValue *params);
void type_subtypes(LspServer *s, const JsonValue *id, const JsonValue *params);
void hover(LspServer *s, const JsonValue *id, const JsonValue *params);

#endif
