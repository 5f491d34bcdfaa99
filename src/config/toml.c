/* toml.c — the document structure of the TOML reader and its public lookups (see toml.h).
 *
 *   toml      = expression *( newline expression )
 *   expression = ws [ comment ] | ws keyval ws [ comment ] | ws table ws [ comment ]
 *
 * Which tables may be extended by what follows TOML 1.0.0 (and Python's tomllib), through flags on
 * each table node:
 *   TF_IMPLICIT  created as an intermediate of a [header] path — a later [header] may define it;
 *   TF_DEFINED   named by a [header] (or an [[array]] element) — never again by a header nor by
 *                dotted keys from another table;
 *   TF_DOTTED    created (or extended) by dotted keys — may be extended by dotted keys of the same
 *                section only (other sections cannot reach it), and never named by a header;
 *   TF_FROZEN    an inline table or a static array — complete when written;
 *   TF_AOT       an array created by [[header]] — headers go through its last element.
 * The scalar values, whitespace and the error exit are in toml_scalar.c.
 */
#include <stdio.h>
#include <string.h>

#include "toml_internal.h"

enum { TF_IMPLICIT = 1, TF_DEFINED = 2, TF_DOTTED = 4, TF_FROZEN = 8, TF_AOT = 16 };

/* ---- tables --------------------------------------------------------------------------------- */

static bool key_eq(Str k, const char *s, size_t n) {
    return (size_t)k.len == n && memcmp(k.s, s, n) == 0;
}

static TomlEntry *table_find(const TomlValue *t, const char *key, size_t n) {
    if (!t->u.table.slots) {
        for (int32_t i = 0; i < t->u.table.len; i++)
            if (key_eq(t->u.table.items[i].key, key, n)) return &t->u.table.items[i];
        return NULL;
    }
    uint32_t mask = (uint32_t)t->u.table.nslots - 1;
    for (uint32_t i = (uint32_t)hash_bytes(key, n, HASH_SEED) & mask;; i = (i + 1) & mask) {
        int32_t slot = t->u.table.slots[i];
        if (!slot) return NULL;
        if (key_eq(t->u.table.items[slot - 1].key, key, n)) return &t->u.table.items[slot - 1];
    }
}

static void slot_insert(TomlValue *t, int32_t index) {
    Str k = t->u.table.items[index].key;
    uint32_t mask = (uint32_t)t->u.table.nslots - 1;
    uint32_t i = (uint32_t)hash_bytes(k.s, (size_t)k.len, HASH_SEED) & mask;
    while (t->u.table.slots[i]) i = (i + 1) & mask;
    t->u.table.slots[i] = index + 1;
}

enum { HASH_FROM = 12 }; /* smaller tables are searched linearly */

static void table_add(TomlParser *P, TomlValue *t, const TomlKeyPart *k, TomlValue *v) {
    TomlEntry e = {k->name, k->line, k->col, v};
    if (VEC_PUSH(P->arena, t->u.table, e)) toml_fail(P, k->at, "out of memory");
    int32_t len = t->u.table.len;
    if (len < HASH_FROM) return;
    if (len * 2 <= t->u.table.nslots) {
        slot_insert(t, len - 1);
        return;
    }
    int32_t n = 32;
    while (n < len * 4) n *= 2;
    t->u.table.slots = toml_alloc(P, (size_t)n * sizeof(int32_t));
    memset(t->u.table.slots, 0, (size_t)n * sizeof(int32_t));
    t->u.table.nslots = n;
    for (int32_t i = 0; i < len; i++) slot_insert(t, i);
}

static void check_depth(TomlParser *P, int depth, const char *at) {
    if (depth > TOML_MAX_DEPTH) toml_fail(P, at, "nesting deeper than %d levels", TOML_MAX_DEPTH);
}

/* A new table or array named by key part `k` inside `parent`, entered in it. */
static TomlValue *add_node(TomlParser *P, TomlValue *parent, const TomlKeyPart *k, TomlType type,
                           int flags) {
    check_depth(P, parent->depth + 1, k->at);
    TomlValue *v = toml_alloc(P, sizeof *v);
    memset(v, 0, sizeof *v);
    v->type = type;
    v->line = k->line;
    v->col = k->col;
    v->flags = (uint8_t)flags;
    v->depth = (uint8_t)(parent->depth + 1);
    if (parent->type == TOML_ARRAY) {
        if (VEC_PUSH(P->arena, parent->u.array, v)) toml_fail(P, k->at, "out of memory");
    } else {
        table_add(P, parent, k, v);
    }
    return v;
}

static TomlEntry *find_part(TomlValue *t, const TomlKeyPart *k) {
    return table_find(t, k->name.s, (size_t)k->name.len);
}

/* ---- messages ------------------------------------------------------------------------------- */

static const char *a_type(const TomlValue *v) {
    static const char *const names[] = {
        "a string",          "an integer",   "a float",      "a boolean", "an offset date-time",
        "a local date-time", "a local date", "a local time", "an array",  "a table"};
    if (v->type == TOML_ARRAY && (v->flags & TF_AOT)) return "an array of tables";
    if (v->type == TOML_TABLE && (v->flags & TF_FROZEN)) return "an inline table";
    return names[v->type];
}

/* The first n parts of the current key, joined with dots, for a message. */
static const char *key_text(TomlParser *P, int32_t n, char *buf, size_t cap) {
    size_t k = 0;
    buf[0] = 0;
    for (int32_t i = 0; i < n && k + 8 < cap; i++) {
        if (i) buf[k++] = '.';
        toml_quote(buf + k, cap - k, P->keys.items[i].name.s, (size_t)P->keys.items[i].name.len);
        k += strlen(buf + k);
    }
    return buf;
}

/* ---- keys ----------------------------------------------------------------------------------- */

/*  key = simple-key *( ws '.' ws simple-key );  simple-key = quoted-key | unquoted-key */
static void read_key(TomlParser *P) {
    P->keys.len = 0;
    for (;;) {
        toml_skip_ws(P);
        TomlKeyPart k = {.at = P->p};
        int c = toml_peek(P, 0);
        if (c == '"' || c == '\'') {
            toml_pos(P, k.at, &k.line, &k.col);
            k.name = toml_key_string(P);
        } else if (toml_is_bare(c)) {
            toml_pos(P, k.at, &k.line, &k.col);
            while (toml_is_bare(toml_peek(P, 0))) P->p++;
            char *s = arena_strndup(P->arena, k.at, (size_t)(P->p - k.at));
            if (!s) toml_fail(P, k.at, "out of memory");
            k.name = str_make(s, (int32_t)(P->p - k.at));
        } else {
            toml_expected(P, k.at, "a key");
        }
        if (VEC_PUSH(P->arena, P->keys, k)) toml_fail(P, k.at, "out of memory");
        toml_skip_ws(P);
        if (toml_peek(P, 0) != '.') return;
        P->p++;
    }
}

/* ---- values --------------------------------------------------------------------------------- */

static TomlValue *value(TomlParser *P, int depth);
static void keyval(TomlParser *P, TomlValue *table);

/*  array = '[' ws-comment-newline [ values ] ws-comment-newline ']'  (trailing comma allowed) */
static TomlValue *array(TomlParser *P, int depth) {
    check_depth(P, depth, P->p);
    TomlValue *a = toml_new(P, TOML_ARRAY, P->p);
    a->depth = (uint8_t)depth;
    a->flags = TF_FROZEN;
    P->p++;
    for (;;) {
        toml_skip_ws_nl(P);
        if (toml_peek(P, 0) == ']') break;
        TomlValue *v = value(P, depth + 1);
        if (VEC_PUSH(P->arena, a->u.array, v)) toml_fail(P, P->p, "out of memory");
        toml_skip_ws_nl(P);
        if (toml_peek(P, 0) == ',') {
            P->p++;
            continue;
        }
        if (toml_peek(P, 0) == ']') break;
        toml_fail(P, P->p,
                  P->p < P->end ? "expected ',' or ']' after an array element"
                                : "unterminated array: expected ']'");
    }
    P->p++;
    return a;
}

/*  inline-table = '{' ws [ keyval *( ws ',' ws keyval ) ] ws '}'  — on one line in TOML 1.0 */
static TomlValue *inline_table(TomlParser *P, int depth) {
    check_depth(P, depth, P->p);
    TomlValue *t = toml_new(P, TOML_TABLE, P->p);
    t->depth = (uint8_t)depth;
    P->p++;
    toml_skip_ws(P);
    if (toml_peek(P, 0) != '}') {
        for (;;) {
            keyval(P, t);
            toml_skip_ws(P);
            int c = toml_peek(P, 0);
            if (c == '}') break;
            if (c == ',') {
                P->p++;
                toml_skip_ws(P);
                if (toml_peek(P, 0) == '}')
                    toml_fail(P, P->p,
                              "trailing comma in an inline table (not allowed in TOML 1.0)");
                continue;
            }
            toml_fail(P, P->p,
                      c == '\n' || c == '\r' ? "expected ',' or '}': an inline table must be "
                                               "written on one line in TOML 1.0"
                      : c < 0                ? "unterminated inline table: expected '}'"
                                             : "expected ',' or '}' after a key/value pair");
        }
    }
    P->p++;
    t->flags = TF_FROZEN; /* complete as written, nothing may be added later */
    return t;
}

static TomlValue *value(TomlParser *P, int depth) {
    int c = toml_peek(P, 0);
    if (c == '[') return array(P, depth);
    if (c == '{') return inline_table(P, depth);
    TomlValue *v = toml_scalar(P);
    v->depth = (uint8_t)depth;
    return v;
}

/*  keyval = key ws '=' ws val  — into `table` (the current section or an inline table) */
static void keyval(TomlParser *P, TomlValue *table) {
    char buf[100], buf2[100];
    read_key(P);
    if (toml_peek(P, 0) != '=') toml_expected(P, P->p, "'=' after key");
    TomlValue *t = table;
    int32_t n = P->keys.len;
    for (int32_t i = 0; i < n - 1; i++) { /* dotted keys: a.b.c = v */
        const TomlKeyPart *k = &P->keys.items[i];
        TomlEntry *e = find_part(t, k);
        if (!e) {
            t = add_node(P, t, k, TOML_TABLE, TF_DOTTED);
            continue;
        }
        TomlValue *v = e->value;
        if (v->type != TOML_TABLE || (v->flags & TF_FROZEN))
            toml_fail(P, k->at, "cannot set key '%s': '%s' is already %s",
                      key_text(P, n, buf, sizeof buf), key_text(P, i + 1, buf2, sizeof buf2),
                      a_type(v));
        if (v->flags & TF_DEFINED)
            toml_fail(P, k->at, "cannot set key '%s': table '%s' has its own [header]",
                      key_text(P, n, buf, sizeof buf), key_text(P, i + 1, buf2, sizeof buf2));
        v->flags |= TF_DOTTED;
        t = v;
    }
    TomlKeyPart last = P->keys.items[n - 1]; /* value() reuses P->keys */
    if (find_part(t, &last)) {
        toml_quote(buf, sizeof buf, last.name.s, (size_t)last.name.len);
        toml_fail(P, last.at, "duplicate key '%s'", buf);
    }
    P->p++;
    toml_skip_ws(P);
    TomlValue *v = value(P, t->depth + 1);
    table_add(P, t, &last, v);
}

/* ---- table headers --------------------------------------------------------------------------- */

/*  std-table = '[' ws key ws ']'   array-table = '[[' ws key ws ']]' */
static void table_header(TomlParser *P) {
    char buf[100];
    bool aot = toml_peek(P, 1) == '[';
    P->p += aot ? 2 : 1;
    read_key(P);
    if (toml_peek(P, 0) != ']' || (aot && toml_peek(P, 1) != ']'))
        toml_fail(P, P->p + (toml_peek(P, 0) == ']'), "expected '%s' after the table name",
                  aot ? "]]" : "]");
    P->p += aot ? 2 : 1;
    int32_t n = P->keys.len;
    const char *name = key_text(P, n, buf, sizeof buf);
    TomlValue *t = P->root;
    for (int32_t i = 0; i < n; i++) {
        const TomlKeyPart *k = &P->keys.items[i];
        TomlEntry *e = find_part(t, k);
        bool last = i == n - 1;
        if (!e) {
            if (last && aot) {
                TomlValue *arr = add_node(P, t, k, TOML_ARRAY, TF_AOT);
                t = add_node(P, arr, k, TOML_TABLE, TF_DEFINED);
            } else {
                t = add_node(P, t, k, TOML_TABLE, last ? TF_DEFINED : TF_IMPLICIT);
            }
            continue;
        }
        TomlValue *v = e->value;
        if (v->type == TOML_ARRAY && (v->flags & TF_AOT)) {
            if (last && aot) {
                t = add_node(P, v, k, TOML_TABLE, TF_DEFINED);
                continue;
            }
            if (!last) {
                t = v->u.array.items[v->u.array.len - 1];
                continue;
            }
        }
        if (v->type != TOML_TABLE || (v->flags & TF_FROZEN) || (last && aot)) {
            char part[100];
            toml_fail(P, k->at, "cannot define %s%s%s: '%s' is already %s", aot ? "[[" : "[", name,
                      aot ? "]]" : "]", key_text(P, i + 1, part, sizeof part), a_type(v));
        }
        if (last) {
            if (v->flags & (TF_DEFINED | TF_DOTTED))
                toml_fail(P, k->at, "table [%s] is already defined", name);
            v->flags = TF_DEFINED;
            v->line = k->line;
            v->col = k->col;
        }
        t = v;
    }
    P->cur = t;
    toml_expect_eol(P, "the table header");
}

/* ---- the document --------------------------------------------------------------------------- */

static void document(TomlParser *P) {
    toml_check_utf8(P);
    P->root = P->cur = toml_new(P, TOML_TABLE, P->start);
    P->root->flags = TF_DEFINED;
    for (;;) {
        toml_skip_ws(P);
        int c = toml_peek(P, 0);
        if (c < 0) return;
        if (c == '#' || c == '\n' || c == '\r') {
            toml_expect_eol(P, "a comment");
        } else if (c == '[') {
            table_header(P);
        } else {
            keyval(P, P->cur);
            toml_expect_eol(P, "the value");
        }
    }
}

const TomlValue *toml_parse(Arena *arena, const char *src, size_t len, TomlError *err) {
    TomlParser P;
    memset(&P, 0, sizeof P);
    memset(err, 0, sizeof *err);
    P.arena = arena;
    P.err = err;
    P.start = src ? src : "";
    P.end = P.start + (src ? len : 0);
    if (P.end - P.start >= 3 && memcmp(P.start, "\xEF\xBB\xBF", 3) == 0) P.start += 3;
    P.p = P.start;
    if (setjmp(P.jump)) return NULL;
    document(&P);
    return P.root;
}

/* ---- lookups -------------------------------------------------------------------------------- */

const TomlValue *toml_get_n(const TomlValue *table, const char *key, size_t keylen) {
    if (!table || table->type != TOML_TABLE || !key) return NULL;
    TomlEntry *e = table_find(table, key, keylen);
    return e ? e->value : NULL;
}

const TomlValue *toml_get(const TomlValue *table, const char *key) {
    return key ? toml_get_n(table, key, strlen(key)) : NULL;
}

const TomlEntry *toml_get_entry(const TomlValue *table, const char *key) {
    if (!table || table->type != TOML_TABLE || !key) return NULL;
    return table_find(table, key, strlen(key));
}

const TomlValue *toml_get_path(const TomlValue *root, const char *path) {
    if (!path) return NULL;
    const TomlValue *v = root;
    while (v && *path) {
        const char *dot = strchr(path, '.');
        size_t n = dot ? (size_t)(dot - path) : strlen(path);
        v = toml_get_n(v, path, n);
        path += n + (dot != NULL);
    }
    return v;
}

int32_t toml_len(const TomlValue *v) {
    if (!v) return 0;
    if (v->type == TOML_ARRAY) return v->u.array.len;
    if (v->type == TOML_TABLE) return v->u.table.len;
    return 0;
}

const TomlValue *toml_at(const TomlValue *array, int32_t i) {
    if (!array || array->type != TOML_ARRAY || i < 0 || i >= array->u.array.len) return NULL;
    return array->u.array.items[i];
}

const TomlEntry *toml_entry_at(const TomlValue *table, int32_t i) {
    if (!table || table->type != TOML_TABLE || i < 0 || i >= table->u.table.len) return NULL;
    return &table->u.table.items[i];
}

bool toml_is(const TomlValue *v, TomlType type) {
    return v && v->type == type;
}

const char *toml_string(const TomlValue *v) {
    return toml_is(v, TOML_STRING) ? v->u.str.s : NULL;
}

/* bool toml_as_X(v, &out): true and *out set when v has type TAG. */
#define TOML_ACCESSOR(name, T, tag, field)                                                         \
    bool name(const TomlValue *v, T *out) {                                                        \
        if (!toml_is(v, tag)) return false;                                                        \
        *out = v->u.field;                                                                         \
        return true;                                                                               \
    }
TOML_ACCESSOR(toml_as_str, Str, TOML_STRING, str)
TOML_ACCESSOR(toml_as_int, int64_t, TOML_INTEGER, integer)
TOML_ACCESSOR(toml_as_float, double, TOML_FLOAT, number)
TOML_ACCESSOR(toml_as_bool, bool, TOML_BOOL, boolean)

bool toml_as_datetime(const TomlValue *v, Str *out) {
    if (!v || v->type < TOML_DATETIME || v->type > TOML_TIME_LOCAL) return false;
    *out = v->u.str;
    return true;
}

const char *toml_type_name(TomlType type) {
    static const char *const names[] = {
        "string",          "integer",    "float",      "boolean", "offset date-time",
        "local date-time", "local date", "local time", "array",   "table"};
    return (unsigned)type <= TOML_TABLE ? names[type] : "?";
}
