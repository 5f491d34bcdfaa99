/* finding.c — see finding.h. */
#include "finding.h"

#include <stdlib.h>
#include <string.h>

void findings_init(FindingList *l) {
    memset(l, 0, sizeof *l);
    arena_init(&l->arena);
}

void findings_free(FindingList *l) {
    dw_free(l->items);
    arena_free(&l->arena);
    memset(l, 0, sizeof *l);
}

static const char *dup(Arena *a, const char *s) {
    return s ? arena_strndup(a, s, strlen(s)) : NULL;
}

const Fix *fix_copy(Arena *a, const Fix *fix) {
    if (!fix) return NULL;
    Fix *c = arena_alloc(a, sizeof *c);
    Edit *e = arena_alloc(a, sizeof *e * (size_t)(fix->nedits ? fix->nedits : 1));
    if (!c || !e) return NULL;
    *c = *fix;
    c->message = dup(a, fix->message);
    for (int32_t i = 0; i < fix->nedits; i++) {
        e[i] = fix->edits[i];
        if (!(e[i].content = dup(a, fix->edits[i].content ? fix->edits[i].content : "")))
            return NULL;
    }
    c->edits = e;
    return fix->message && !c->message ? NULL : c;
}

bool findings_add(FindingList *l, const Finding *f) {
    if (l->len == l->cap && hvec_grow_((void **)&l->items, &l->cap, sizeof(Finding), l->len + 1))
        return false;
    Finding c = *f;
    Arena *a = &l->arena;
    c.code = dup(a, f->code);
    c.name = dup(a, f->name);
    c.path = dup(a, f->path);
    c.message = dup(a, f->message);
    c.source = dup(a, f->source);
    if (f->nrelated) {
        c.related = arena_alloc(a, sizeof(Related) * (size_t)f->nrelated);
        if (!c.related) return false;
        for (int32_t i = 0; i < f->nrelated; i++) {
            c.related[i] = f->related[i];
            c.related[i].path = dup(a, f->related[i].path);
            c.related[i].message = dup(a, f->related[i].message);
        }
    }
    c.fix = fix_copy(a, f->fix);
    if ((f->code && !c.code) || (f->path && !c.path) || (f->message && !c.message) ||
        (f->fix && !c.fix))
        return false;
    l->items[l->len++] = c;
    return true;
}

bool findings_take(FindingList *dst, FindingList *src) {
    for (int32_t i = 0; i < src->len; i++)
        if (!findings_add(dst, &src->items[i])) return false;
    findings_free(src);
    findings_init(src);
    return true;
}

static int cmp_str(const char *a, const char *b) {
    if (!a || !b) return (a != NULL) - (b != NULL);
    return strcmp(a, b);
}

static int cmp_finding(const void *x, const void *y) {
    const Finding *a = x, *b = y;
    int c = cmp_str(a->path, b->path);
    if (c) return c;
    if (a->loc.cell != b->loc.cell) return a->loc.cell < b->loc.cell ? -1 : 1;
    if (a->loc.line != b->loc.line) return a->loc.line < b->loc.line ? -1 : 1;
    if (a->loc.col != b->loc.col) return a->loc.col < b->loc.col ? -1 : 1;
    c = cmp_str(a->code, b->code);
    if (c) return c;
    return cmp_str(a->message, b->message);
}

void findings_sort(FindingList *l) {
    if (l->len > 1) qsort(l->items, (size_t)l->len, sizeof(Finding), cmp_finding);
}
