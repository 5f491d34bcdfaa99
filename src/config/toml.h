/* toml.h — a complete TOML 1.0.0 reader: bytes in, a tree of TomlValue out, allocated in an Arena.
 *
 * The config module reads `[tool.deadwood]` from pyproject.toml (or a deadwood.toml) through this
 * reader; because a pyproject.toml holds every other tool's tables too, the reader accepts the
 * whole TOML 1.0.0 language and rejects everything else (it passes the official toml-test vectors
 * for 1.0.0, see tests/toml/run.py).
 *
 *   Arena a; arena_init(&a);
 *   TomlError err;
 *   const TomlValue *root = toml_parse(&a, bytes, len, &err);
 *   if (!root) report("%s:%d:%d: %s", path, err.line, err.col, err.msg);
 *   const TomlValue *cfg = toml_get_path(root, "tool.deadwood");   // NULL when absent
 *   const TomlValue *sel = toml_get(cfg, "select");                 // NULL-safe chain
 *   for (int32_t i = 0; i < toml_len(sel); i++) { const char *code = toml_string(toml_at(sel, i));
 * } arena_free(&a);   // releases the whole tree
 *
 * Positions: every value and every table key remembers where it starts, as a 1-based line and a
 * 1-based column counted in characters (Unicode code points; a tab is one column; a leading BOM is
 * not counted), which is what a config error message such as
 * `pyproject.toml:12:5: expected a list of rule codes` wants. A table defined by a [header]
 * points at its header's key; an implicitly created one at the key part that created it.
 *
 * Errors are values: toml_parse returns NULL and fills TomlError with the position of the offending
 * character and a message saying what was expected ("expected '=' after key", "duplicate key 'a'",
 * "invalid escape \q", "invalid UTF-8 byte 0xff", "nesting deeper than 128 levels", "out of
 * memory"). Input may hold any bytes (NUL, invalid UTF-8): they are reported, never crash. Nesting
 * (arrays, inline tables, key parts) is limited to TOML_MAX_DEPTH levels, so recursion is bounded
 * for the parser and for any code that walks the tree recursively.
 *
 * Thread safety: no global state; parse different files in parallel with one Arena each. Floats are
 * converted with strtod, so LC_NUMERIC must be "C" (the default unless the program calls
 * setlocale).
 */
#ifndef DW_TOML_H
#define DW_TOML_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/str.h"

#define TOML_MAX_DEPTH 128

typedef enum TomlType {
    TOML_STRING,
    TOML_INTEGER,
    TOML_FLOAT,
    TOML_BOOL,
    TOML_DATETIME,       /* offset date-time  1979-05-27T07:32:00.5-07:00 */
    TOML_DATETIME_LOCAL, /* local date-time   1979-05-27T07:32:00 */
    TOML_DATE_LOCAL,     /* local date        1979-05-27 */
    TOML_TIME_LOCAL,     /* local time        07:32:00.999 */
    TOML_ARRAY,
    TOML_TABLE,
} TomlType;

typedef struct TomlValue TomlValue;

/* One key of a table: the decoded key (NUL-terminated; may contain NUL bytes from \u0000, so use
 * key.len), where it is written, and its value. */
typedef struct TomlEntry {
    Str key;
    int line, col;
    TomlValue *value;
} TomlEntry;

struct TomlValue {
    TomlType type;
    int line, col;
    uint8_t flags; /* the reader's own bookkeeping (how a table was defined); not for callers */
    uint8_t depth; /* 0 for the root table */
    union {
        /* TOML_STRING: the decoded UTF-8 text, NUL-terminated (may also contain NUL bytes).
         * Date/time types: the normalized text — the literal as written, with the date/time
         * separator (space or t) written 'T' and a 'z' offset written 'Z'; fractional seconds are
         * kept digit for digit. That is the form toml-test expects. */
        Str str;
        int64_t integer;
        double number; /* TOML_FLOAT, including ±inf and nan with their sign */
        bool boolean;
        struct {
            TomlValue **items;
            int32_t len, cap;
        } array;
        struct { /* keys in document order; a hash index is added once the table grows */
            TomlEntry *items;
            int32_t len, cap;
            int32_t *slots, nslots;
        } table;
    } u;
};

typedef struct TomlError {
    int line, col; /* 1-based, as for values */
    char msg[160];
} TomlError;

/* Parses `len` bytes (need not be NUL-terminated; a leading UTF-8 BOM is skipped). Returns the root
 * table, allocated in `arena` and independent of `src`, or NULL with *err filled. */
const TomlValue *toml_parse(Arena *arena, const char *src, size_t len, TomlError *err);

/* Lookups. Every function accepts NULL (and a value of the wrong type) and then returns NULL / 0 /
 * false, so lookups chain without checks in between. */
const TomlValue *toml_get(const TomlValue *table, const char *key);
const TomlValue *toml_get_n(const TomlValue *table, const char *key, size_t keylen);
/* The entry (key and its position) of `key` in `table`, or NULL. */
const TomlEntry *toml_get_entry(const TomlValue *table, const char *key);
/* "tool.deadwood": split on '.', each part looked up with toml_get (no quoting: a key holding a dot
 * is reached with toml_get). An empty path returns `root`. */
const TomlValue *toml_get_path(const TomlValue *root, const char *path);

/* Number of elements of an array or of keys of a table; 0 for anything else. */
int32_t toml_len(const TomlValue *v);
/* Element i of an array, or NULL when out of range. */
const TomlValue *toml_at(const TomlValue *array, int32_t i);
/* Entry i (document order) of a table, or NULL when out of range. */
const TomlEntry *toml_entry_at(const TomlValue *table, int32_t i);

/* Typed accessors: true and *out set when v has that type. */
bool toml_is(const TomlValue *v, TomlType type);
const char *toml_string(const TomlValue *v); /* the string's text, or NULL if not a string */
bool toml_as_str(const TomlValue *v, Str *out);
bool toml_as_int(const TomlValue *v, int64_t *out);
bool toml_as_float(const TomlValue *v, double *out); /* floats only; integers are not converted */
bool toml_as_bool(const TomlValue *v, bool *out);
/* Any of the four date/time types: its normalized text. */
bool toml_as_datetime(const TomlValue *v, Str *out);

/* "string", "integer", "float", "boolean", "offset date-time", "local date-time", "local date",
 * "local time", "array", "table" — for messages such as "expected a table, got an integer". */
const char *toml_type_name(TomlType type);

#endif
