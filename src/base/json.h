/* json.h — a strict RFC 8259 JSON reader: bytes in, a tree of JsonValue out, allocated in an
 * Arena. Jupyter notebooks are read through it (src/source/notebook.c); it is meant for any
 * other JSON deadwood reads too (a language server's messages).
 *
 *   Arena a; arena_init(&a);
 *   JsonError err;
 *   const JsonValue *root = json_parse(&a, bytes, len, NULL, &err);
 *   if (!root) report("%s:%d:%d: %s", path, err.line, err.col, err.msg);
 *   const JsonValue *cells = json_get(root, "cells");            // NULL when absent
 *   for (int32_t i = 0; i < json_len(cells); i++) {
 *       const char *type = json_string(json_get(json_at(cells, i), "cell_type"));
 *   }
 *   arena_free(&a);                                               // releases the whole tree
 *
 * What is accepted is RFC 8259's grammar and nothing else: no comments, no trailing commas, no
 * single quotes, no NaN or Infinity, no leading zeros or '+' or '.5', only the four whitespace
 * characters (space, tab, LF, CR), any value at the top level and nothing after it but
 * whitespace. The text must be UTF-8 (RFC 8259 section 8.1): an ill-formed, overlong or
 * surrogate-encoding byte sequence is an error where it starts, and so is a byte order mark
 * unless JsonOptions.allow_bom says to skip it. In strings, control characters must be escaped;
 * a \u escape of a UTF-16 surrogate must be a high surrogate followed by a \u low surrogate
 * (decoded to the one character they encode): a lone surrogate has no UTF-8 form and is an error.
 * \u0000 is accepted: strings carry their length (Str), are NUL-terminated after it, and
 * json_string() (the C-string accessor) refuses a string holding a NUL.
 *
 * Numbers are kept as written (the literal's text, which is valid RFC 8259 syntax), and
 * converted on request: json_as_int for integers written without fraction or exponent that fit
 * in 64 bits, json_as_double for any number (strtod: LC_NUMERIC must be "C", the default).
 *
 * Duplicate member names are kept, in order; json_get returns the last one, as Python's json
 * module (which Jupyter reads notebooks with) and JavaScript's JSON.parse do.
 *
 * Positions: every value and every member name knows where it starts, as a byte offset and a
 * 1-based line and column (the column counts characters, a tab being one). An error has the
 * position of the offending character (the start of the unfinished string or container when the
 * input ends inside it) and a message saying what was expected.
 *
 * Limits, so that no input costs more than linear time and memory: nesting deeper than
 * JsonOptions.max_depth (JSON_MAX_DEPTH by default) is an error, and the reader keeps its own
 * stack (it never recurses): nothing about the input reaches the C stack. A string, an array or
 * an object larger than INT32_MAX bytes or elements is an error. Code walking the tree
 * recursively may rely on the depth bound.
 *
 * Thread safety: no global state; parse different inputs in parallel with one Arena each.
 */
#ifndef DW_JSON_H
#define DW_JSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "str.h"

/* Far deeper than any notebook or protocol message; shallow enough that a recursive walk of the
 * tree is safe. */
#define JSON_MAX_DEPTH 512

typedef enum JsonType {
    JSON_NULL,
    JSON_BOOL,
    JSON_NUMBER,
    JSON_STRING,
    JSON_ARRAY,
    JSON_OBJECT,
} JsonType;

typedef struct JsonValue JsonValue;
typedef struct JsonMember JsonMember;

struct JsonValue {
    JsonType type;
    int32_t line, col; /* 1-based; the column counts characters */
    size_t offset;     /* of the value's first byte in the input */
    union {
        bool boolean;
        Str number; /* the literal as written */
        Str str;    /* decoded UTF-8, NUL-terminated at len (and may hold NUL before it) */
        struct {
            JsonValue *items;
            int32_t len;
        } array;
        struct {
            JsonMember *items; /* in document order */
            int32_t len;
        } object;
    } u;
};

/* An object member: its decoded name (like a string value), where the name starts, its value. */
struct JsonMember {
    Str key;
    int32_t line, col;
    JsonValue value;
};

typedef struct JsonOptions {
    int32_t max_depth; /* containers nested deeper are an error; 0 means JSON_MAX_DEPTH */
    bool allow_bom;    /* skip a leading UTF-8 byte order mark instead of refusing it */
} JsonOptions;

typedef struct JsonError {
    size_t offset;     /* of the offending byte */
    int32_t line, col; /* 1-based, as for values */
    bool oom;          /* the allocator failed (msg says "out of memory") */
    char msg[160];
} JsonError;

/* Parses len bytes (need not be NUL-terminated; any bytes are safe). Returns the top-level value,
 * allocated in arena and independent of src, or NULL with *err filled. opt may be NULL. */
const JsonValue *json_parse(Arena *arena, const char *src, size_t len, const JsonOptions *opt,
                            JsonError *err);

/* Lookups. Every function accepts NULL (and a value of the wrong type) and then returns NULL / 0 /
 * false, so lookups chain without checks in between. */
const JsonValue *json_get(const JsonValue *object, const char *key); /* the last member so named */
const JsonValue *json_get_n(const JsonValue *object, const char *key, size_t keylen);
const JsonMember *json_member(const JsonValue *object, const char *key);
/* Elements of an array or members of an object; 0 for anything else. */
int32_t json_len(const JsonValue *v);
const JsonValue *json_at(const JsonValue *array, int32_t i);
const JsonMember *json_member_at(const JsonValue *object, int32_t i);

bool json_is(const JsonValue *v, JsonType type);
/* The string's text, or NULL when v is not a string or holds a NUL character (json_as_str). */
const char *json_string(const JsonValue *v);
/* Whether v is a string equal to s. */
bool json_string_is(const JsonValue *v, const char *s);
bool json_as_str(const JsonValue *v, Str *out);
bool json_as_bool(const JsonValue *v, bool *out);
/* A number written as an integer (no fraction, no exponent) within int64_t. */
bool json_as_int(const JsonValue *v, int64_t *out);
/* Any number, as the nearest double (overflow gives ±HUGE_VAL). */
bool json_as_double(const JsonValue *v, double *out);

/* "null", "boolean", "number", "string", "array", "object": for messages such as "expected an
 * array, got a string". */
const char *json_type_name(JsonType type);

#endif
