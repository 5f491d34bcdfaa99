/* fuzz_rpc.c — libFuzzer target for what reads the language server's input: the base protocol's
 * framing (src/lsp/rpc.c) on arbitrary bytes, and the JSON reader on every body it hands out.
 *
 * Invariants, for every input:
 *   - fed all at once, or in pieces of any size (the input's first byte chooses it), the reader
 *     hands out the same events, in the same order, with the same bodies;
 *   - a body is a run of the input's bytes (found at or after the end of the previous one), no
 *     longer than RPC_MAX_BODY; a reason given for dropped input is a non-empty C string;
 *   - every event consumes input: the number of events is at most the input's length plus one;
 *   - after the end of the input, rpc_partial says whether bytes are still held, and freeing the
 *     reader releases them (LeakSanitizer);
 *   - json_parse of a body returns a tree or an error, never both, and its error's position
 *     lies inside the body. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/json.h"
#include "fuzz_util.h"
#include "lsp/rpc.h"

typedef struct Event {
    RpcEvent kind;
    size_t len;
    const uint8_t *at; /* a body: where it is in the input */
} Event;

/* Reads data in pieces of `piece` bytes (0: all at once); events into out (at most max). */
static int32_t read_all(const uint8_t *data, size_t size, size_t piece, Event *out, int32_t max) {
    RpcReader r;
    rpc_reader_init(&r);
    int32_t n = 0;
    size_t fed = 0, from = 0;
    while (fed < size || fed == 0) {
        size_t k = piece && size - fed > piece ? piece : size - fed;
        rpc_feed(&r, data + fed, k);
        fed += k;
        for (;;) {
            const char *body;
            size_t len;
            RpcEvent e = rpc_next(&r, &body, &len);
            if (e == RPC_NONE) break;
            FUZZ_CHECK(n < max, "more than %d events from %zu bytes", (int)max, size);
            Event ev = {e, len, NULL};
            if (e == RPC_MESSAGE) {
                FUZZ_CHECK((int64_t)len <= RPC_MAX_BODY && len <= fed, "a body of %zu bytes", len);
                const uint8_t *at = len ? memmem(data + from, fed - from, body, len) : data + from;
                FUZZ_CHECK(at != NULL, "a body that is not a run of the input");
                ev.at = at;
                from = (size_t)(at - data) + len;
            } else if (e == RPC_BAD_HEADER) {
                FUZZ_CHECK(body && len == strlen(body) && len > 0, "a reason of %zu bytes", len);
            }
            out[n++] = ev;
        }
        if (size == 0) break;
    }
    (void)rpc_partial(&r);
    rpc_reader_free(&r);
    return n;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    int32_t max = (int32_t)size + 2;
    Event *whole = malloc(sizeof *whole * (size_t)max),
          *split = malloc(sizeof *split * (size_t)max);
    if (!whole || !split) return 0;
    size_t piece = size ? (size_t)data[0] % 17 + 1 : 1;
    int32_t n = read_all(data, size, 0, whole, max);
    int32_t m = read_all(data, size, piece, split, max);
    FUZZ_CHECK(n == m, "%d events at once, %d in pieces of %zu", (int)n, (int)m, piece);
    for (int32_t i = 0; i < n; i++) {
        FUZZ_CHECK(whole[i].kind == split[i].kind && whole[i].len == split[i].len,
                   "event %d differs in pieces of %zu", (int)i, piece);
        if (whole[i].kind != RPC_MESSAGE) continue;
        FUZZ_CHECK(memcmp(whole[i].at, split[i].at, whole[i].len) == 0, "body %d differs", (int)i);
        Arena a;
        arena_init(&a);
        JsonError err;
        const JsonValue *v = json_parse(&a, (const char *)whole[i].at, whole[i].len, NULL, &err);
        FUZZ_CHECK(v || (err.msg[0] && err.offset <= whole[i].len), "a JSON error at %zu of %zu",
                   err.offset, whole[i].len);
        arena_free(&a);
    }
    free(whole);
    free(split);
    return 0;
}
