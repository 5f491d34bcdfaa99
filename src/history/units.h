/* units.h — the statements a method's units stand for (index.h: a compound statement is its
 * header then its inner statements; the docstring is dropped), in the order the index hashes
 * them, and each one's text as a message quotes it: the source on one line (line breaks,
 * indentation and comments gone), a compound statement's header alone, a nested def or class as
 * its header and `…`. */
#ifndef DW_HISTORY_UNITS_H
#define DW_HISTORY_UNITS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast/ast.h"
#include "source/source.h"

typedef enum UnitPart {
    UNIT_WHOLE,   /* a simple statement, or a statement hashed whole (def, class, match) */
    UNIT_HEADER,  /* the header of if, while, for, with, try */
    UNIT_ELSE,    /* the `else:` of an if or a while (node: the first statement of the else) */
    UNIT_HANDLER, /* an `except ...:` line (node: the handler) */
} UnitPart;

typedef struct UnitNode {
    const Node *node;
    uint8_t part;
} UnitNode;

/* The units of function def fn into out (at most cap): how many there are (more than cap when
 * cut short). */
int32_t units_of(const Node *fn, UnitNode *out, int32_t cap);

/* Unit u's text from the source it was parsed from, in buf (cut to cap - 1 bytes with `…`). */
const char *unit_text(const UnitNode *u, const SourceText *src, const LineIndex *lines, char *buf,
                      size_t cap);

/* Whether function def fn has the parameter `name` (positional or keyword); *dflt: its default
 * value, or NULL when it has none. */
bool units_param(const Node *fn, Str name, const Node **dflt);

/* The def of function `name` whose `def` is on line `line` in a module, or NULL. */
const Node *units_find_def(const Node *module, const char *name, int32_t line);

#endif
