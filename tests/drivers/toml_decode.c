/* toml_decode.c — the toml-test decoder interface for src/config/toml.h.
 *
 * Reads TOML on stdin. On success prints toml-test's tagged JSON on stdout and exits 0: tables are
 * JSON objects, arrays JSON arrays, and every scalar {"type": T, "value": "text"} with T one of
 * string, integer, float, bool, datetime, datetime-local, date-local, time-local. On a parse error
 * prints `line:col: message` on stderr and exits 1. Used by tests/toml/run.py.
 */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/base/buf.h"
#include "../../src/config/toml.h"

static void json_string(Buf *b, const char *s, int32_t n) {
    buf_putc(b, '"');
    for (int32_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"' || c == '\\') {
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
        } else if (c < 0x20 || c == 0x7F) {
            buf_printf(b, "\\u%04x", c);
        } else {
            buf_putc(b, (char)c);
        }
    }
    buf_putc(b, '"');
}

/* The shortest text that reads back as the same double. */
static void float_text(char *out, size_t cap, double x) {
    if (isnan(x)) {
        snprintf(out, cap, "nan");
    } else if (isinf(x)) {
        snprintf(out, cap, x < 0 ? "-inf" : "inf");
    } else {
        for (int prec = 1; prec <= 17; prec++) {
            snprintf(out, cap, "%.*g", prec, x);
            if (strtod(out, NULL) == x) break;
        }
    }
}

static void scalar(Buf *b, const char *type, const char *s, int32_t n) {
    buf_printf(b, "{\"type\": \"%s\", \"value\": ", type);
    json_string(b, s, n);
    buf_putc(b, '}');
}

static void emit(Buf *b, const TomlValue *v) {
    static const char *const tags[] = {"string",   "integer",        "float",      "bool",
                                       "datetime", "datetime-local", "date-local", "time-local"};
    char text[64];
    switch (v->type) {
    case TOML_STRING:
    case TOML_DATETIME:
    case TOML_DATETIME_LOCAL:
    case TOML_DATE_LOCAL:
    case TOML_TIME_LOCAL: scalar(b, tags[v->type], v->u.str.s, v->u.str.len); break;
    case TOML_INTEGER:
        snprintf(text, sizeof text, "%" PRId64, v->u.integer);
        scalar(b, "integer", text, (int32_t)strlen(text));
        break;
    case TOML_FLOAT:
        float_text(text, sizeof text, v->u.number);
        scalar(b, "float", text, (int32_t)strlen(text));
        break;
    case TOML_BOOL: scalar(b, "bool", v->u.boolean ? "true" : "false", v->u.boolean ? 4 : 5); break;
    case TOML_ARRAY:
        buf_putc(b, '[');
        for (int32_t i = 0; i < toml_len(v); i++) {
            if (i) buf_puts(b, ", ");
            emit(b, toml_at(v, i));
        }
        buf_putc(b, ']');
        break;
    case TOML_TABLE:
        buf_putc(b, '{');
        for (int32_t i = 0; i < toml_len(v); i++) {
            const TomlEntry *e = toml_entry_at(v, i);
            if (i) buf_puts(b, ", ");
            json_string(b, e->key.s, e->key.len);
            buf_puts(b, ": ");
            emit(b, e->value);
        }
        buf_putc(b, '}');
        break;
    }
}

int main(void) {
    Buf in, out;
    buf_init(&in);
    buf_init(&out);
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, stdin)) > 0) buf_put(&in, chunk, n);
    if (in.failed) {
        fprintf(stderr, "0:0: out of memory reading stdin\n");
        return 2;
    }
    Arena arena;
    arena_init(&arena);
    TomlError err;
    const TomlValue *root = toml_parse(&arena, in.data, in.len, &err);
    int status = 0;
    if (!root) {
        fprintf(stderr, "%d:%d: %s\n", err.line, err.col, err.msg);
        status = 1;
    } else {
        emit(&out, root);
        buf_putc(&out, '\n');
        fwrite(out.data, 1, out.len, stdout);
    }
    arena_free(&arena);
    buf_free(&in);
    buf_free(&out);
    return status;
}
