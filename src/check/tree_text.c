/* tree_text.c — a module's text read and parsed again for the whole-tree rules' fixes. */
#include "check/tree_text.h"

#include <string.h>

void tree_text_init(TreeText *tt) {
    memset(tt, 0, sizeof *tt);
    tt->module = -1;
    index_read_again_init(&tt->read);
    arena_init(&tt->arena);
}

void tree_text_free(TreeText *tt) {
    index_read_again_free(&tt->read);
    arena_free(&tt->arena);
    tree_text_init(tt);
}

const FixText *tree_text_load(TreeText *tt, const ProjectIndex *ix, int32_t m) {
    if (tt->module == m) return tt->ok ? &tt->ft : NULL;
    arena_free(&tt->arena);
    arena_init(&tt->arena);
    tt->module = m, tt->ok = false;
    const SourceText *st = index_module_text(ix, &tt->read, m);
    ParseError err;
    if (!st || !st->valid_utf8 || strcmp(st->encoding, "utf-8") != 0 ||
        parse_module(&tt->arena, st, &tt->pr, &err) != PARSE_OK)
        return NULL;
    tt->ft = (FixText){st->text, st->len, tt->pr.lines, tt->pr.toks, tt->pr.ntoks};
    tt->ok = true;
    return &tt->ft;
}

size_t tree_text_offset(const FixText *t, int32_t line, int32_t col) {
    size_t off = fix_offset(t, line, 0);
    for (int32_t c = 1; c < col && off < t->len && t->text[off] != '\n'; c++) do
            off++;
        while (off < t->len && ((unsigned char)t->text[off] & 0xC0) == 0x80);
    return off;
}
