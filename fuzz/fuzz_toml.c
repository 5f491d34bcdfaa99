/* fuzz_toml.c — libFuzzer target for what reads configuration: the TOML reader (src/config/toml.c)
 * on arbitrary bytes, then the configuration reader (src/config/config.c) on the same bytes as a
 * deadwood.toml and as a pyproject.toml.
 *
 * Invariants, for every input:
 *   - toml_parse returns a tree or an error whose position lies inside the input (line in
 *     [1, lines + 1], column >= 1) and whose message is non-empty;
 *   - every value and key of the tree has a position inside the input, nesting never exceeds
 *     TOML_MAX_DEPTH, every string is NUL-terminated at its length;
 *   - config_read returns a configuration or an error with a message, never both; a
 *     configuration's rule selectors are valid and its strings hold no NUL before their end.
 * The files are written in a directory of the target's own (extend = "..." may name others; they
 * are read if they exist, never written). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "check/check.h"
#include "config/config.h"
#include "config/toml.h"
#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc, (void)argv;
    char dir[] = "/tmp/deadwood-fuzz-toml-XXXXXX";
    if (!mkdtemp(dir) || chdir(dir) != 0) return 0;
    return 0;
}

static void walk(const TomlValue *v, int depth, int lines) {
    FUZZ_CHECK(depth <= TOML_MAX_DEPTH + 1, "nesting %d", depth);
    FUZZ_CHECK(v->line >= 1 && v->line <= lines + 1 && v->col >= 1, "value at %d:%d of %d lines",
               v->line, v->col, lines);
    if (v->type == TOML_STRING)
        FUZZ_CHECK(v->u.str.s && v->u.str.len >= 0 && v->u.str.s[v->u.str.len] == 0,
                   "a string not NUL-terminated at its length");
    if (v->type == TOML_ARRAY)
        for (int32_t i = 0; i < toml_len(v); i++) walk(toml_at(v, i), depth + 1, lines);
    if (v->type == TOML_TABLE)
        for (int32_t i = 0; i < toml_len(v); i++) {
            const TomlEntry *e = toml_entry_at(v, i);
            FUZZ_CHECK(e && e->key.s && e->key.s[e->key.len] == 0, "a key not NUL-terminated");
            FUZZ_CHECK(e->line >= 1 && e->line <= lines + 1, "key at line %d of %d", e->line,
                       lines);
            FUZZ_CHECK(toml_get_n(v, e->key.s, (size_t)e->key.len) == e->value,
                       "key %d not found again", (int)i);
            walk(e->value, depth + 1, lines);
        }
}

static void names_ok(const NameList *l) {
    for (int32_t i = 0; i < l->len; i++) FUZZ_CHECK(l->items[i], "a NULL name");
}

static void read_as(const char *name, const uint8_t *data, size_t size) {
    FILE *f = fopen(name, "wb");
    if (!f) return;
    fwrite(data, 1, size, f);
    fclose(f);
    Arena a;
    arena_init(&a);
    Config *c = NULL;
    ConfigError e;
    memset(&e, 0, sizeof e);
    bool ok = config_read(&a, name, true, &c, &e);
    FUZZ_CHECK(ok == (c != NULL), "config_read %d with configuration %p", ok, (void *)c);
    if (!ok) {
        FUZZ_CHECK(e.msg[0], "an error without a message");
    } else {
        const RuleSelection *r = &c->rules;
        for (int32_t i = 0; i < r->select.len; i++)
            FUZZ_CHECK(config_selector_valid(r->select.items[i]), "invalid selector kept");
        names_ok(&r->extend_select), names_ok(&r->ignore), names_ok(&c->exclude);
        names_ok(&c->extend_exclude);
        for (int32_t i = 0; i < c->nper_file_ignores; i++)
            FUZZ_CHECK(c->per_file_ignores[i].pattern && c->per_file_ignores[i].root,
                       "per-file-ignores entry without pattern or root");
        FUZZ_CHECK(c->similarity > 0 && c->similarity <= 1, "similarity %g", c->similarity);
        FUZZ_CHECK(c->max_file_size >= 0, "max-file-size %lld", (long long)c->max_file_size);
        bool *on = calloc((size_t)check_count, sizeof *on);
        if (on) config_apply_rules(on, c);
        free(on);
    }
    arena_free(&a);
    unlink(name);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena a;
    arena_init(&a);
    TomlError err;
    memset(&err, 0, sizeof err);
    int lines = fuzz_raw_lines(data, size);
    const TomlValue *root = toml_parse(&a, (const char *)data, size, &err);
    if (root) {
        FUZZ_CHECK(root->type == TOML_TABLE, "the root is not a table");
        walk(root, 0, lines);
    } else {
        FUZZ_CHECK(err.msg[0], "an error without a message");
        FUZZ_CHECK(err.line >= 1 && err.line <= lines + 1 && err.col >= 1,
                   "error at %d:%d of %d lines: %s", err.line, err.col, lines, err.msg);
    }
    arena_free(&a);
    read_as("deadwood.toml", data, size);
    read_as("pyproject.toml", data, size);
    return 0;
}
