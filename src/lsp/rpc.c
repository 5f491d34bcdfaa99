/* rpc.c — see rpc.h. */
#include "rpc.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

void rpc_reader_init(RpcReader *r) {
    memset(r, 0, sizeof *r);
    r->body = -1;
}

void rpc_reader_free(RpcReader *r) {
    buf_free(&r->in);
    rpc_reader_init(r);
}

bool rpc_feed(RpcReader *r, const void *bytes, size_t n) {
    if (r->pos && r->pos >= r->in.len / 2) { /* drop what was consumed before growing */
        memmove(r->in.data, r->in.data + r->pos, r->in.len - r->pos);
        r->in.len -= r->pos;
        r->pos = 0;
    }
    buf_put(&r->in, bytes, n);
    return !r->in.failed;
}

bool rpc_partial(const RpcReader *r) {
    return r->body >= 0 || r->pos < r->in.len;
}

static bool is_token_char(unsigned char c) {
    return c > 0x20 && c < 0x7f && !strchr("()<>@,;:\\\"/[]?={}", c);
}

/* Whether line[0..n) is `Name: value` (RFC 7230's field syntax); sets *colon. */
static bool header_line(const char *line, size_t n, size_t *colon) {
    size_t i = 0;
    while (i < n && is_token_char((unsigned char)line[i])) i++;
    if (i == 0 || i >= n || line[i] != ':') return false;
    *colon = i;
    return true;
}

static void header_field(RpcReader *r, const char *line, size_t n, size_t colon) {
    if (colon != 14 || strncasecmp(line, "Content-Length", 14) != 0) return; /* Content-Type... */
    const char *v = line + colon + 1, *e = line + n;
    while (v < e && (*v == ' ' || *v == '\t')) v++;
    while (e > v && (e[-1] == ' ' || e[-1] == '\t')) e--;
    int64_t len = 0;
    bool ok = v < e;
    for (; ok && v < e; v++) {
        ok = *v >= '0' && *v <= '9' && len <= RPC_MAX_BODY;
        len = len * 10 + (*v - '0');
    }
    if (!ok || len > RPC_MAX_BODY) {
        r->bad_length = true;
        snprintf(r->why, sizeof r->why, "invalid Content-Length '%.*s'",
                 (int)(n - colon - 1 > 40 ? 40 : n - colon - 1), line + colon + 1);
        return;
    }
    r->length = len;
    r->have_length = true;
}

static void header_reset(RpcReader *r) {
    r->have_length = r->bad_length = false;
    r->header_lines = 0;
    r->length = 0;
}

static RpcEvent bad(RpcReader *r, const char **body, size_t *len, const char *why) {
    if (why) snprintf(r->why, sizeof r->why, "%s", why);
    header_reset(r);
    *body = r->why;
    *len = strlen(r->why);
    return RPC_BAD_HEADER;
}

RpcEvent rpc_next(RpcReader *r, const char **body, size_t *len) {
    *body = NULL;
    *len = 0;
    if (r->in.failed) {
        buf_free(&r->in);
        r->pos = 0;
        r->body = -1;
        header_reset(r);
        return RPC_NO_MEMORY;
    }
    if (r->body >= 0) {
        if ((int64_t)(r->in.len - r->pos) < r->body) return RPC_NONE;
        *body = r->in.data + r->pos;
        *len = (size_t)r->body;
        r->pos += (size_t)r->body;
        r->body = -1;
        return RPC_MESSAGE;
    }
    for (;;) {
        const char *s = r->in.data + r->pos;
        size_t avail = r->in.len - r->pos;
        const char *nl = avail ? memchr(s, '\n', avail) : NULL;
        if (!nl && avail <= RPC_MAX_HEADER) return RPC_NONE;
        size_t n = nl ? (size_t)(nl - s) : avail, colon;
        /* (a line longer than RPC_MAX_HEADER is dropped as it comes: what is dropped does not
         * depend on how the bytes were cut into reads) */
        r->pos += nl ? n + 1 : avail;
        size_t line_len = nl && n && s[n - 1] == '\r' ? n - 1 : n;
        bool whole = nl && n <= RPC_MAX_HEADER;
        if (whole && line_len == 0) {
            if (r->garbage) { /* the end of the input that was dropped */
                r->garbage = false;
                continue;
            }
            if (r->header_lines == 0) continue; /* blank lines between messages */
            if (r->bad_length) return bad(r, body, len, NULL);
            if (!r->have_length) return bad(r, body, len, "a header part without Content-Length");
            r->body = r->length;
            header_reset(r);
            return rpc_next(r, body, len);
        }
        if (!whole || !header_line(s, line_len, &colon)) {
            /* with the header lines read before it: dropped, and said once per run of them */
            header_reset(r);
            if (r->garbage) continue;
            r->garbage = true;
            return bad(r, body, len, "input that is not a message header was dropped");
        }
        r->garbage = false;
        header_field(r, s, line_len, colon);
        r->header_lines++;
    }
}

void rpc_header(Buf *out, size_t n) {
    buf_printf(out, "Content-Length: %zu\r\n\r\n", n);
}
