/* output.c — the entry points of src/output (format names, output_write's dispatch, rule URLs)
 * and the helpers every format shares: the rule lookup table, UTF-8 walking, integers. The
 * formats themselves live in one file each: out_text.c (text, full), out_json.c, out_sarif.c,
 * out_github.c. */
#include <string.h>

#include "lex/unicode.h"
#include "base/str.h"
#include "out_internal.h"

static const char *const format_names[] = {
    [OUT_TEXT] = "text",   [OUT_FULL] = "full",     [OUT_JSON] = "json",
    [OUT_SARIF] = "sarif", [OUT_GITHUB] = "github",
};
enum { NFORMATS = sizeof format_names / sizeof *format_names };

bool output_format_parse(const char *name, OutputFormat *out) {
    for (int i = 0; name && i < NFORMATS; i++)
        if (strcmp(name, format_names[i]) == 0) {
            *out = (OutputFormat)i;
            return true;
        }
    return false;
}

const char *output_format_name(OutputFormat f) {
    return (unsigned)f < NFORMATS ? format_names[f] : "?";
}

bool output_write(Buf *out, const FindingList *findings, const OutputOptions *opt) {
    static const FindingList none;
    if (!findings) findings = &none;
    bool ok = false;
    switch (opt->format) {
    case OUT_TEXT: ok = out_write_text(out, findings, opt, false); break;
    case OUT_FULL: ok = out_write_text(out, findings, opt, true); break;
    case OUT_JSON: ok = out_write_json(out, findings, opt); break;
    case OUT_SARIF: ok = out_write_sarif(out, findings, opt); break;
    case OUT_GITHUB: ok = out_write_github(out, findings, opt); break;
    }
    buf_cstr(out); /* out->data is never NULL after success, even when nothing was written */
    return ok && !out->failed;
}

void output_rule_url(Buf *out, const char *homepage, const char *code) {
    buf_puts(out, homepage ? homepage : OUTPUT_DEFAULT_HOMEPAGE);
    buf_puts(out, "/blob/main/README.md#");
    for (const char *p = OUT_STR(code); *p; p++)
        buf_putc(out, (char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p));
}

/* ---- UTF-8 and integers ---------------------------------------------------------------------- */

int out_utf8_next(const char *s, size_t n, uint32_t *cp) {
    if ((unsigned char)s[0] < 0x80) {
        *cp = (unsigned char)s[0];
        return 1;
    }
    int len = uni_utf8_decode(s, n, cp);
    if (len > 0) return len;
    *cp = 0xFFFD;
    return 1;
}

void out_utf8_put(Buf *b, uint32_t cp) {
    char tmp[4];
    buf_put(b, tmp, (size_t)uni_utf8_encode(cp, tmp));
}

void out_put_int(Buf *b, int64_t v) {
    char tmp[24], *p = tmp + sizeof tmp;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do *--p = (char)('0' + u % 10);
    while (u /= 10);
    if (v < 0) *--p = '-';
    buf_put(b, p, (size_t)(tmp + sizeof tmp - p));
}

void out_cell_where(Buf *b, const Location *l) {
    if (l->cell <= 0) return;
    buf_puts(b, "cell ");
    out_put_int(b, l->cell);
    buf_puts(b, ", line ");
    out_put_int(b, l->line);
    buf_puts(b, ", column ");
    out_put_int(b, l->col);
    buf_puts(b, ": ");
}

/* ---- the rule table -------------------------------------------------------------------------- */

static uint32_t code_hash(const char *code) {
    return (uint32_t)hash_bytes(code, strlen(code), HASH_SEED);
}

/* The slot holding code, or the empty slot where it belongs. */
static uint32_t probe(const RuleTable *t, const char *code) {
    uint32_t i = code_hash(code) & t->mask;
    while (t->slots[i] && strcmp(OUT_STR(t->rules[t->slots[i] - 1].code), code) != 0)
        i = (i + 1) & t->mask;
    return i;
}

int32_t out_rules_find(const RuleTable *t, const char *code) {
    if (!t->slots) return -1;
    return t->slots[probe(t, OUT_STR(code))] - 1;
}

/* Adds r unless its code is there already; the table has room (see out_rules_init). */
static void add_rule(RuleTable *t, const RuleInfo *r) {
    uint32_t i = probe(t, OUT_STR(r->code));
    if (t->slots[i]) return;
    t->rules[t->len] = *r;
    t->slots[i] = ++t->len;
}

bool out_rules_init(RuleTable *t, Arena *a, const OutputOptions *opt, const FindingList *fl) {
    memset(t, 0, sizeof *t);
    /* At most nrules + len distinct codes; the table stays at most half full. */
    size_t most = (size_t)(opt->nrules > 0 ? opt->nrules : 0) + (size_t)fl->len;
    size_t nslots = 16;
    while (nslots < 2 * most) nslots *= 2;
    t->rules = arena_alloc(a, sizeof(RuleInfo) * (most ? most : 1));
    t->slots = arena_zalloc(a, sizeof(int32_t) * nslots);
    if (!t->rules || !t->slots) return false;
    t->mask = (uint32_t)nslots - 1;
    for (int i = 0; i < opt->nrules; i++) add_rule(t, &opt->rules[i]);
    for (int32_t i = 0; i < fl->len; i++) {
        const Finding *f = &fl->items[i];
        RuleInfo r = {.code = OUT_STR(f->code), .name = f->name, .default_on = true};
        add_rule(t, &r);
    }
    return true;
}

const char *out_rule_level(const RuleInfo *r) {
    static const char *const levels[] = {"error", "warning", "note", "none"};
    for (size_t i = 0; r && r->level && i < sizeof levels / sizeof *levels; i++)
        if (strcmp(r->level, levels[i]) == 0) return levels[i];
    return "warning";
}
