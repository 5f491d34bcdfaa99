/* server.h — `deadwood server`: a Language Server Protocol 3.17 server, as a library. It does no
 * I/O of its own: the host (src/cli/cmd_server.c) gives it the bytes read from the client, asks
 * it to work when no more are waiting, and writes what it hands back to the client.
 *
 *   LspServer *s = lsp_server_new(&host);
 *   for (;;) {
 *       read what is available: lsp_server_feed(s, bytes, n)   (at the end: lsp_server_eof)
 *       while nothing more is waiting and lsp_server_step(s) says there is work: repeat
 *       if (lsp_server_done(s, &status)) break;
 *   }
 *   lsp_server_free(s);
 *
 * Messages are queued as they arrive and handled one at a time by lsp_server_step, so that a
 * `$/cancelRequest` that arrives while a request waits cancels it (and one that arrives while a
 * long request runs, read through LspHost.poll, stops it), and a burst of edits is
 * analyzed once: the analysis and the diagnostics it changes are done when the queue is empty.
 */
#ifndef DW_LSP_SERVER_H
#define DW_LSP_SERVER_H

#include <stdbool.h>
#include <stddef.h>

typedef struct LspHost {
    void *ud;
    /* Writes one message (a JSON body; the host adds the header part). */
    void (*send)(void *ud, const char *body, size_t len);
    const char *version; /* deadwood's, for serverInfo */
    int jobs;            /* threads for analyzing many files at once (< 1: one) */
    /* Reads what the client has sent meanwhile, without waiting, and feeds it
     * (lsp_server_feed, lsp_server_eof); called while a long request runs, to see whether it is
     * cancelled. NULL: such a request is never interrupted. */
    void (*poll)(void *ud);
} LspHost;

typedef struct LspServer LspServer;

/* NULL when out of memory. */
LspServer *lsp_server_new(const LspHost *host);
void lsp_server_free(LspServer *s);

/* Bytes from the client. */
void lsp_server_feed(LspServer *s, const char *bytes, size_t n);
/* The client closed its end: no more bytes will come. */
void lsp_server_eof(LspServer *s);
/* Handles the next queued message, or when none is queued does the analysis that is due and
 * sends what it changes. False when there was nothing to do. */
bool lsp_server_step(LspServer *s);
/* Whether the server is finished (an `exit` notification, or the end of the input), and the
 * exit status the protocol asks for: 0 after a `shutdown` request, 1 otherwise. */
bool lsp_server_done(const LspServer *s, int *status);

#endif
