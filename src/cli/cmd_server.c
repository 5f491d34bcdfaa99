/* cmd_server.c — `deadwood server`: the language server (src/lsp/server.h) over standard input
 * and output. This is its only I/O: bytes read are fed to the server as they come; while no
 * more are waiting, the server works through its queue (so a cancellation that arrives behind a
 * request is seen before the request is answered, and a burst of edits is analyzed once). */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "cli.h"
#include "lsp/rpc.h"
#include "lsp/server.h"

static const char usage[] =
    "Usage: deadwood server [OPTIONS]\n\n"
    "A language server (the Language Server Protocol, 3.17) on standard input and output, for\n"
    "editors: the findings of `deadwood check` as diagnostics while you type (whole-tree rules\n"
    "included, across the open files), fixes and `# noqa` as code actions, call hierarchy (the\n"
    "callers query), type hierarchy (hierarchy and overrides) and hover. The project is the\n"
    "editor's workspace folders, configured as `deadwood check` finds its configuration; see\n"
    "the README for each editor's setup.\n\n"
    "Options:\n"
    "  --jobs N, -j N  files analyzed in parallel at start (default: the number of cores)\n"
    "  -h, --help      this help\n\n"
    "Exit status: 0 after the client's shutdown and exit, 1 when it exits (or goes) without\n"
    "shutdown, 2 usage error.\n";

typedef struct Out {
    bool broken; /* the client went away */
    bool eof;    /* the input ended (or the client went away) */
    LspServer *s;
} Out;

static bool write_all(const char *p, size_t n) {
    while (n) {
        ssize_t k = write(STDOUT_FILENO, p, n);
        if (k < 0 && errno == EINTR) continue;
        if (k <= 0) return false;
        p += k;
        n -= (size_t)k;
    }
    return true;
}

static void send(void *ud, const char *body, size_t len) {
    Out *o = ud;
    Buf head;
    buf_init(&head);
    rpc_header(&head, len);
    if (!o->broken && (head.failed || !write_all(head.data, head.len) || !write_all(body, len)))
        o->broken = true;
    buf_free(&head);
}

/* Feeds the server what the client has sent: waited for when `wait` (nothing else to do). */
static void read_input(Out *o, bool wait) {
    static char in[1 << 16];
    while (!o->eof) {
        struct pollfd p = {STDIN_FILENO, POLLIN, 0};
        int r = poll(&p, 1, wait ? -1 : 0);
        if (r < 0 && errno == EINTR) continue;
        if (r <= 0) break;
        ssize_t n = read(STDIN_FILENO, in, sizeof in);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n > 0) {
            lsp_server_feed(o->s, in, (size_t)n);
        } else {
            o->eof = true;
            lsp_server_eof(o->s);
        }
        wait = false;
    }
    if (o->broken && !o->eof) {
        o->eof = true;
        lsp_server_eof(o->s);
    }
}

static void poll_input(void *ud) {
    read_input(ud, false);
}

static int run(int argc, char **argv) {
    int jobs = (int)sysconf(_SC_NPROCESSORS_ONLN);
    for (int i = 1; i < argc; i++) {
        const char *v;
        int m = cli_option_value(argc, argv, &i, "--jobs", "-j", &v);
        if (m < 0) return EXIT_USAGE;
        if (m > 0) {
            char *end;
            long n = strtol(v, &end, 10);
            if (!*v || *end || n < 1 || n > 1024)
                return cli_usage_error("--jobs takes a number from 1 to 1024, not '%s'", v);
            jobs = (int)n;
        } else if (cli_is_help(argv[i])) {
            fputs(usage, stdout);
            return EXIT_CLEAN;
        } else {
            return cli_usage_error("unknown argument '%s' (see: deadwood server --help)", argv[i]);
        }
    }
    signal(SIGPIPE, SIG_IGN); /* a client that goes away is an end of input, not a signal */
    Out out = {false, false, NULL};
    LspHost host = {&out, send, DEADWOOD_VERSION, jobs, poll_input};
    LspServer *s = out.s = lsp_server_new(&host);
    if (!s) return cli_usage_error("out of memory");
    bool idle = false;
    int status = 1;
    while (!lsp_server_done(s, &status)) {
        read_input(&out, idle);
        idle = !lsp_server_step(s);
    }
    lsp_server_free(s);
    return status;
}

const Command cmd_server = {"server", run, "a language server for editors (LSP, stdio)", usage};
