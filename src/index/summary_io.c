/* summary_io.c — a ModuleSummary as bytes and back, for the result cache: a file whose bytes are
 * unchanged gives its summary to the index without being parsed again. See index.h. */
#include <string.h>

#include "base/wire.h"
#include "collect.h"
#include "index.h"

#define SUMMARY_MAGIC 0x394d555357440a00ull /* "\0\nDWSUM9" */

void sum_write_loc(Buf *b, SumLoc l) {
    wire_i32(b, l.line), wire_i32(b, l.col), wire_i32(b, l.end_line), wire_i32(b, l.end_col);
}

static void put_strs(Buf *b, const char *const *s, int32_t n) {
    wire_i32(b, n);
    for (int32_t i = 0; i < n; i++) wire_str(b, s[i]);
}

static void put_guards(Buf *b, const Guard *g, int32_t n) {
    wire_i32(b, n);
    for (int32_t i = 0; i < n; i++) wire_str(b, g[i].text), wire_u64(b, g[i].prec);
}

void summary_encode(Buf *b, const ModuleSummary *m) {
    wire_fixed64(b, SUMMARY_MAGIC);
    wire_str(b, m->module);
    wire_u64(b, (uint64_t)m->is_package | (uint64_t)m->generated << 1);
    wire_i32(b, m->text_skip);
    wire_u64(b, m->text_len), wire_fixed64(b, m->text_hash);
    wire_i32(b, m->nfunctions);
    for (int32_t i = 0; i < m->nfunctions; i++) {
        const FuncSum *f = &m->functions[i];
        wire_str(b, f->name);
        wire_i32(b, f->cls), wire_i32(b, f->outer), wire_i32(b, f->line), wire_i32(b, f->end_line);
        wire_i32(b, f->first_line);
        wire_u64(b, f->text_from), wire_u64(b, f->text_to);
        wire_i32(b, f->size), wire_fixed64(b, f->shape);
        wire_i32(b, f->def_col), wire_i32(b, f->def_end_col);
        wire_u64(b, f->flags);
        const MethodCode *c = func_code(m, i);
        wire_i32(b, c ? c->nunits : -1);
        if (!c) continue;
        wire_fixed64(b, c->sig_hash), wire_fixed64(b, c->body_hash);
        for (int32_t k = 0; k < c->nunits; k++)
            wire_fixed64(b, c->units[k].hash), wire_i32(b, c->units[k].line);
        put_strs(b, c->globals, c->nglobals);
        wire_u64(b, c->facts);
    }
    wire_i32(b, m->nclasses);
    for (int32_t i = 0; i < m->nclasses; i++) {
        const ClassSum *c = &m->classes[i];
        wire_str(b, c->name), wire_str(b, c->qualname);
        wire_i32(b, c->line), wire_i32(b, c->end_line);
        sum_write_loc(b, c->def);
        put_strs(b, c->bases, c->nbases);
        wire_u64(b, c->decorated);
        wire_i32(b, c->nmethods);
        for (int32_t k = 0; k < c->nmethods; k++) wire_i32(b, c->methods[k]);
    }
    wire_i32(b, m->nimports);
    for (int32_t i = 0; i < m->nimports; i++)
        wire_str(b, m->imports[i].bound), wire_str(b, m->imports[i].module),
            wire_str(b, m->imports[i].name), wire_i32(b, m->imports[i].line);
    wire_i32(b, m->ncalls);
    for (int32_t i = 0; i < m->ncalls; i++) {
        const CallSum *c = &m->calls[i];
        wire_str(b, c->callee), wire_str(b, c->receiver);
        wire_u64(b, c->kind);
        sum_write_loc(b, c->loc);
        wire_i32(b, c->func), wire_i32(b, c->cls);
        put_guards(b, c->guards, c->nguards);
        put_guards(b, c->called, c->ncalled);
        wire_u64(b, c->flags);
        put_strs(b, c->before, c->nbefore);
        wire_u64(b, c->local);
    }
    wire_i32(b, m->nnoqa);
    for (int32_t i = 0; i < m->nnoqa; i++)
        wire_i32(b, m->noqa[i].line), wire_i32(b, m->noqa[i].col), wire_str(b, m->noqa[i].text);
    wire_i32(b, m->nfacts);
    for (int32_t i = 0; i < m->nfacts; i++) {
        const Collector *c = m->facts[i].by;
        wire_str(b, c->name);
        wire_u64(b, m->facts[i].facts != NULL);
        if (m->facts[i].facts) c->encode(b, m->facts[i].facts);
    }
}

void sum_write_call(Buf *b, const CallRef *c) {
    wire_str(b, c->callee), wire_str(b, c->receiver);
    wire_u64(b, c->kind), wire_u64(b, c->local);
    wire_i32(b, c->func), wire_i32(b, c->cls);
}

/* ---- reading back: every count and index is checked, every string copied to the arena ---- */

typedef SumReader Decoder;

const char *sum_read_str(Decoder *d, bool may_be_null) {
    size_t n;
    const char *s = wire_get_str(&d->r, &n);
    if (!s) {
        if (!may_be_null) d->r.bad = true;
        return NULL;
    }
    char *c = arena_strndup(d->a, s, n);
    if (!c) d->r.bad = true;
    return c;
}

/* A count of items each at least `min` bytes long (as summary_encode writes them: a varint or an
 * empty string takes one byte, a hash eight), so a corrupt count cannot ask for more memory than
 * the input could describe. */
static int32_t count_of(Decoder *d, int32_t n, size_t min) {
    if (n < 0 || (size_t)n > (size_t)(d->r.end - d->r.p) / min) d->r.bad = true;
    return d->r.bad ? 0 : n;
}

int32_t sum_read_count(Decoder *d, size_t min) {
    return count_of(d, wire_get_i32(&d->r), min);
}

void *sum_read_items(Decoder *d, int32_t n, size_t size) {
    void *p = arena_zalloc(d->a, size * (size_t)(n ? n : 1));
    if (!p) d->r.bad = true;
    return p;
}

static const char **strs(Decoder *d, int32_t *n) {
    *n = sum_read_count(d, 1);
    const char **s = sum_read_items(d, *n, sizeof *s);
    for (int32_t i = 0; s && i < *n && !d->r.bad; i++) s[i] = sum_read_str(d, false);
    return s;
}

/* A method's code, or NULL: not made (index_fill_bodies makes it when needed). */
static const MethodCode *method_code(Decoder *d) {
    int32_t n = wire_get_i32(&d->r);
    if (n == -1 || d->r.bad) return NULL;
    MethodCode *c = sum_read_items(d, 1, sizeof *c);
    if (!c) return NULL;
    c->sig_hash = wire_get_fixed64(&d->r), c->body_hash = wire_get_fixed64(&d->r);
    c->nunits = count_of(d, n, 9);
    StmtUnit *u = c->nunits > 0 ? sum_read_items(d, c->nunits, sizeof *u) : NULL;
    for (int32_t k = 0; u && k < c->nunits && !d->r.bad; k++)
        u[k].hash = wire_get_fixed64(&d->r), u[k].line = wire_get_i32(&d->r);
    c->units = u;
    c->globals = strs(d, &c->nglobals);
    uint64_t facts = wire_get_u64(&d->r);
    if (facts > UINT8_MAX) d->r.bad = true;
    c->facts = (uint8_t)facts;
    return c;
}

static uint32_t u32(Decoder *d) {
    uint64_t v = wire_get_u64(&d->r);
    if (v > UINT32_MAX) d->r.bad = true;
    return (uint32_t)v;
}

SumLoc sum_read_loc(Decoder *d) {
    SumLoc l;
    l.line = wire_get_i32(&d->r), l.col = wire_get_i32(&d->r);
    l.end_line = wire_get_i32(&d->r), l.end_col = wire_get_i32(&d->r);
    return l;
}

static const Guard *guards(Decoder *d, int32_t *n) {
    *n = sum_read_count(d, 2);
    Guard *g = sum_read_items(d, *n, sizeof *g);
    for (int32_t i = 0; g && i < *n && !d->r.bad; i++)
        g[i].text = sum_read_str(d, false), g[i].prec = (uint8_t)wire_get_u64(&d->r);
    return g;
}

int32_t sum_read_index(Decoder *d, int32_t limit, bool may_be_none) {
    int32_t v = wire_get_i32(&d->r);
    if (v >= limit || v < (may_be_none ? -1 : 0)) d->r.bad = true;
    return v;
}

ModuleSummary *summary_decode(Arena *a, const void *data, size_t len, const char *path,
                              const SummaryOptions *opt) {
    Decoder d = {{data, (const unsigned char *)data + len, false}, a};
    if (wire_get_fixed64(&d.r) != SUMMARY_MAGIC) return NULL;
    ModuleSummary *m = arena_zalloc(a, sizeof *m);
    if (!m) return NULL;
    m->path = arena_strndup(a, path, strlen(path));
    m->module = sum_read_str(&d, false);
    uint64_t mflags = wire_get_u64(&d.r);
    m->is_package = mflags & 1, m->generated = mflags >> 1 & 1;
    m->text_skip = wire_get_i32(&d.r);
    m->text_len = wire_get_u64(&d.r), m->text_hash = wire_get_fixed64(&d.r);
    m->nfunctions = sum_read_count(&d, 21);
    m->functions = sum_read_items(&d, m->nfunctions, sizeof *m->functions);
    for (int32_t i = 0; i < m->nfunctions && !d.r.bad; i++) {
        FuncSum *f = &m->functions[i];
        f->name = sum_read_str(&d, false);
        f->cls = wire_get_i32(&d.r), f->outer = sum_read_index(&d, i, true); /* an earlier def */
        f->line = wire_get_i32(&d.r), f->end_line = wire_get_i32(&d.r);
        f->first_line = wire_get_i32(&d.r);
        f->text_from = u32(&d), f->text_to = u32(&d);
        int32_t size = wire_get_i32(&d.r);
        f->shape = wire_get_fixed64(&d.r);
        f->def_col = wire_get_i32(&d.r), f->def_end_col = wire_get_i32(&d.r);
        uint64_t flags = wire_get_u64(&d.r);
        if (size < 0 || size > SIZE_MANY || flags > UINT16_MAX) d.r.bad = true;
        f->size = (uint16_t)size, f->flags = (uint16_t)flags;
        const MethodCode *c = method_code(&d);
        if (c && !summary_set_code(a, m, i, c)) d.r.bad = true;
    }
    m->nclasses = sum_read_count(&d, 11);
    m->classes = sum_read_items(&d, m->nclasses, sizeof *m->classes);
    for (int32_t i = 0; i < m->nclasses && !d.r.bad; i++) {
        ClassSum *c = &m->classes[i];
        c->name = sum_read_str(&d, false), c->qualname = sum_read_str(&d, false);
        c->line = wire_get_i32(&d.r), c->end_line = wire_get_i32(&d.r);
        c->def = sum_read_loc(&d);
        c->bases = strs(&d, &c->nbases);
        c->decorated = wire_get_u64(&d.r) != 0;
        c->nmethods = sum_read_count(&d, 1);
        c->methods = sum_read_items(&d, c->nmethods, sizeof *c->methods);
        for (int32_t k = 0; c->methods && k < c->nmethods && !d.r.bad; k++)
            c->methods[k] = sum_read_index(&d, m->nfunctions, false);
    }
    for (int32_t i = 0; i < m->nfunctions && !d.r.bad; i++)
        if (m->functions[i].cls < -1 || m->functions[i].cls >= m->nclasses) d.r.bad = true;
    m->nimports = sum_read_count(&d, 4);
    m->imports = sum_read_items(&d, m->nimports, sizeof *m->imports);
    for (int32_t i = 0; i < m->nimports && !d.r.bad; i++) {
        m->imports[i].bound = sum_read_str(&d, false);
        m->imports[i].module = sum_read_str(&d, false);
        m->imports[i].name = sum_read_str(&d, true);
        m->imports[i].line = wire_get_i32(&d.r);
    }
    m->ncalls = sum_read_count(&d, 17);
    m->calls = sum_read_items(&d, m->ncalls, sizeof *m->calls);
    for (int32_t i = 0; i < m->ncalls && !d.r.bad; i++) {
        CallSum *c = &m->calls[i];
        c->callee = sum_read_str(&d, false), c->receiver = sum_read_str(&d, false);
        uint64_t kind = wire_get_u64(&d.r);
        if (kind > RECV_UNKNOWN) d.r.bad = true;
        c->kind = (uint8_t)kind;
        c->loc = sum_read_loc(&d);
        c->func = sum_read_index(&d, m->nfunctions, true);
        c->cls = sum_read_index(&d, m->nclasses, true);
        c->guards = guards(&d, &c->nguards);
        c->called = guards(&d, &c->ncalled);
        c->flags = (uint8_t)wire_get_u64(&d.r);
        c->before = strs(&d, &c->nbefore);
        uint64_t local = wire_get_u64(&d.r);
        if (local > LOCAL_YES) d.r.bad = true;
        c->local = (uint8_t)local;
    }
    m->nnoqa = sum_read_count(&d, 3);
    m->noqa = sum_read_items(&d, m->nnoqa, sizeof *m->noqa);
    for (int32_t i = 0; i < m->nnoqa && !d.r.bad; i++) {
        m->noqa[i].line = wire_get_i32(&d.r);
        m->noqa[i].col = wire_get_i32(&d.r);
        m->noqa[i].text = sum_read_str(&d, false);
    }
    /* the collectors' facts: those of the collectors asked for, in their order */
    int32_t nfacts = sum_read_count(&d, 2);
    if (nfacts != (opt ? opt->ncollect : 0)) d.r.bad = true;
    CollectedFacts *facts = sum_read_items(&d, nfacts, sizeof *facts);
    for (int32_t i = 0; facts && i < nfacts && !d.r.bad; i++) {
        const Collector *c = opt->collect[i];
        const char *name = wire_get_str(&d.r, NULL);
        if (!name || strcmp(name, c->name) != 0) d.r.bad = true;
        facts[i].by = c;
        if (!d.r.bad && wire_get_u64(&d.r) && !(facts[i].facts = c->decode(&d, m))) d.r.bad = true;
    }
    m->facts = facts;
    m->nfacts = nfacts;
    return d.r.bad || d.r.p != d.r.end || !summary_index_names(a, m) ? NULL : m;
}

void sum_read_call(Decoder *d, const ModuleSummary *m, CallRef *c) {
    c->callee = sum_read_str(d, false), c->receiver = sum_read_str(d, false);
    uint64_t kind = wire_get_u64(&d->r), local = wire_get_u64(&d->r);
    if (kind > RECV_UNKNOWN || local > LOCAL_UNCHECKED) d->r.bad = true;
    c->kind = (uint8_t)kind, c->local = (uint8_t)local;
    c->func = sum_read_index(d, m->nfunctions, true), c->cls = sum_read_index(d, m->nclasses, true);
}
