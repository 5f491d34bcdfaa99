/* rpc.h — the base protocol of the Language Server Protocol: JSON-RPC 2.0 messages, each a
 * header part (`Content-Length: N` and optionally `Content-Type: ...`, each line ended by
 * "\r\n", then an empty line) and a body of exactly N bytes.
 *
 * The reader is fed bytes as they arrive and hands out whole bodies; it never blocks, never
 * reads past what it was given, and recovers from any input: lines that are not headers are
 * dropped (one RPC_BAD_HEADER event for a run of them, up to a blank line or a header line), a
 * header part without a valid Content-Length is dropped, and so is a line longer than
 * RPC_MAX_HEADER bytes (as soon as it is that long). What it hands out does not depend on how
 * the bytes were cut into reads. A body's length is bounded by RPC_MAX_BODY; memory grows with the
 * bytes actually received, not with the length a header announces. Lines ended by "\n" alone are
 * accepted too (some clients and every hand-written test send them).
 *
 * Writing: rpc_frame appends the header part for a body already written into a buffer.
 */
#ifndef DW_LSP_RPC_H
#define DW_LSP_RPC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

enum { RPC_MAX_HEADER = 64 << 10 };
#define RPC_MAX_BODY ((int64_t)1 << 30)

typedef struct RpcReader {
    Buf in;       /* bytes received */
    size_t pos;   /* of which the first pos are consumed */
    int64_t body; /* the length of the body being read, or -1 while reading a header part */
    int64_t length;
    bool have_length, bad_length; /* the header part so far */
    bool garbage;                 /* dropping input that is no header, up to a blank line */
    int32_t header_lines;
    char why[96];
} RpcReader;

typedef enum RpcEvent {
    RPC_NONE,       /* more bytes are needed */
    RPC_MESSAGE,    /* a body: *body, *len (valid until the next call) */
    RPC_BAD_HEADER, /* input that is no message was dropped: *body is the reason (a C string) */
    RPC_NO_MEMORY,  /* the reader could not store the bytes given: they are lost */
} RpcEvent;

void rpc_reader_init(RpcReader *r);
void rpc_reader_free(RpcReader *r);
/* Appends received bytes. False when out of memory (the next rpc_next says RPC_NO_MEMORY). */
bool rpc_feed(RpcReader *r, const void *bytes, size_t n);
RpcEvent rpc_next(RpcReader *r, const char **body, size_t *len);
/* Whether bytes of an unfinished message are held (at the end of the input: a truncated
 * message). */
bool rpc_partial(const RpcReader *r);

/* Appends the header part of a body of n bytes to out; the body follows. */
void rpc_header(Buf *out, size_t n);

#endif
