/* fuzz_parse.c — libFuzzer target for the whole front end: arbitrary bytes through parse_bytes()
 * (decoding, tokenizing, parsing), then the AST services on every accepted file.
 *
 * Invariants, for every input:
 *   - parse_bytes returns PARSE_OK or PARSE_SYNTAX_ERROR (never runs out of memory here);
 *   - a syntax error has a message and a line in [1, number of lines + 1];
 *   - an accepted file's every positioned node has 1 <= lineno <= end_lineno <= number of lines,
 *     columns within their lines, and end_col_offset >= col_offset when it spans one line;
 *   - its canonical JSON is non-empty, pure ASCII, well-formed JSON, and starts as a Module;
 *   - the noqa comment offsets are in order and each points at a '#';
 *   - parsing the same bytes again into a second arena gives a tree that ast_equal()s the first,
 *     with the same ast_hash() (so equality and hashing walk two distinct trees).
 * Each arena is freed per input, so the run can use detect_leaks=1.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ast/ast.h"
#include "base/buf.h"
#include "fuzz_util.h"
#include "lex/lex.h"
#include "parse/parser.h"

/* ---- positions ------------------------------------------------------------------------------ */

/* The walk is iterative (an explicit stack of nodes), as an accepted tree can be ~10,000 deep. */
typedef struct Walk {
    const FuzzLines *fl;
    Node **stack;
    size_t len, cap;
    long nodes;
} Walk;

static int push_child(Node *child, void *ud) {
    Walk *w = ud;
    if (w->len == w->cap) {
        w->cap = w->cap ? w->cap * 2 : 256;
        w->stack = realloc(w->stack, w->cap * sizeof *w->stack);
        FUZZ_CHECK(w->stack != NULL, "walk stack: out of memory");
    }
    w->stack[w->len++] = child;
    return 0;
}

static bool has_positions(const Node *n) {
    switch ((AstCategory)ast_kinds[n->kind].category) {
    case CAT_STMT:
    case CAT_EXPR:
    case CAT_PATTERN:
    case CAT_POS: return true;
    default: return false;
    }
}

static void check_positions(const FuzzLines *fl, const Node *n) {
    const char *k = ast_kind_name(n->kind);
    int32_t l = n->lineno, el = n->end_lineno, c = n->col_offset, ec = n->end_col_offset;
    FUZZ_CHECK(l >= 1 && l <= fl->nlines, "%s: lineno %d outside 1..%d", k, l, fl->nlines);
    FUZZ_CHECK(el >= l && el <= fl->nlines, "%s: end_lineno %d outside %d..%d", k, el, l,
               fl->nlines);
    FUZZ_CHECK(c >= 0 && c <= fuzz_line_len(fl, l),
               "%s: col_offset %d outside line %d (%lld bytes)", k, c, l,
               (long long)fuzz_line_len(fl, l));
    FUZZ_CHECK(ec >= 0 && ec <= fuzz_line_len(fl, el),
               "%s: end_col_offset %d outside line %d (%lld bytes)", k, ec, el,
               (long long)fuzz_line_len(fl, el));
    FUZZ_CHECK(el > l || ec >= c, "%s: one-line node ends before it starts: %d:%d-%d:%d", k, l, c,
               el, ec);
}

static long check_tree(const FuzzLines *fl, Node *root) {
    Walk w = {fl, NULL, 0, 0, 0};
    push_child(root, &w);
    while (w.len > 0) {
        Node *n = w.stack[--w.len];
        FUZZ_CHECK(n->kind < AST_KIND_COUNT, "node kind %d out of range", n->kind);
        w.nodes++;
        if (has_positions(n)) check_positions(fl, n);
        ast_children(n, push_child, &w);
    }
    free(w.stack);
    return w.nodes;
}

/* ---- JSON ----------------------------------------------------------------------------------- */

/* Length of the JSON string literal at s (which starts with '"'), or 0 when malformed. */
static size_t json_string_len(const char *s, size_t n) {
    for (size_t i = 1; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '"') return i + 1;
        if (c < 0x20) return 0;
        if (c != '\\') continue;
        if (++i >= n) return 0;
        if (s[i] == 'u') {
            for (int h = 1; h <= 4; h++)
                if (i + (size_t)h >= n || !strchr("0123456789abcdefABCDEF", s[i + (size_t)h]) ||
                    s[i + (size_t)h] == 0)
                    return 0;
            i += 4;
        } else if (!strchr("\"\\/bfnrt", s[i]) || s[i] == 0) {
            return 0;
        }
    }
    return 0;
}

/* Length of the JSON number or literal (null, true, false) at s, or 0. Strict JSON: floats are
 * dumped as strings, so NaN and Infinity must never appear bare. */
static size_t json_scalar_len(const char *s, size_t n) {
    static const char *const words[] = {"null", "true", "false"};
    for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
        size_t wl = strlen(words[w]);
        if (wl <= n && memcmp(s, words[w], wl) == 0) return wl;
    }
    size_t i = 0;
    if (i < n && s[i] == '-') i++;
    size_t digits = i;
    while (i < n && s[i] >= '0' && s[i] <= '9') i++;
    if (i == digits) return 0;
    if (i < n && s[i] == '.') {
        size_t f = ++i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == f) return 0;
    }
    if (i < n && (s[i] == 'e' || s[i] == 'E')) {
        i++;
        if (i < n && (s[i] == '+' || s[i] == '-')) i++;
        size_t e = i;
        while (i < n && s[i] >= '0' && s[i] <= '9') i++;
        if (i == e) return 0;
    }
    return i;
}

/* Whether s[0..n) is one well-formed JSON value in compact form (no whitespace), checked with an
 * explicit stack of open containers, not recursion. Reports the offset of the first fault. */
static bool json_valid(const char *s, size_t n, size_t *where) {
    char *open = malloc(n + 1); /* '{' or '[' per open container */
    FUZZ_CHECK(open != NULL, "JSON check: out of memory");
    size_t depth = 0, i = 0;
    enum { VALUE, KEY, AFTER } want = VALUE; /* AFTER: a value ended, expect ',' or a closer */
    bool ok = false;
    while (i < n) {
        char c = s[i];
        if (want == AFTER) {
            if (depth == 0) break;
            char top = open[depth - 1];
            if (c == ',') {
                want = top == '{' ? KEY : VALUE;
                i++;
            } else if ((c == '}' && top == '{') || (c == ']' && top == '[')) {
                depth--;
                i++;
            } else {
                break;
            }
            continue;
        }
        if (want == KEY) {
            size_t sl = s[i] == '"' ? json_string_len(s + i, n - i) : 0;
            if (!sl || i + sl >= n || s[i + sl] != ':') break;
            i += sl + 1;
            want = VALUE;
            continue;
        }
        if (c == '{' || c == '[') {
            open[depth++] = c;
            i++;
            if (i < n && s[i] == (c == '{' ? '}' : ']')) {
                depth--, i++;
                want = AFTER;
            } else {
                want = c == '{' ? KEY : VALUE;
            }
            continue;
        }
        size_t vl = c == '"' ? json_string_len(s + i, n - i) : json_scalar_len(s + i, n - i);
        if (!vl) break;
        i += vl;
        want = AFTER;
    }
    ok = i == n && depth == 0 && want == AFTER;
    free(open);
    *where = i;
    return ok;
}

static void check_json(const Node *module) {
    Buf b;
    buf_init(&b);
    FUZZ_CHECK(ast_to_json(&b, module, LEX_PY_NEWEST), "ast_to_json: out of memory");
    FUZZ_CHECK(b.len > 0, "empty JSON");
    static const char head[] = "{\"_type\":\"Module\",";
    FUZZ_CHECK(b.len > sizeof head - 1 && memcmp(b.data, head, sizeof head - 1) == 0,
               "JSON does not start as a Module: %.40s", b.data);
    for (size_t i = 0; i < b.len; i++)
        FUZZ_CHECK((unsigned char)b.data[i] < 0x80 && b.data[i] != 0,
                   "JSON byte %zu is 0x%02x (not printable ASCII): ...%.60s", i,
                   (unsigned char)b.data[i], b.data + (i > 30 ? i - 30 : 0));
    size_t where;
    FUZZ_CHECK(json_valid(b.data, b.len, &where), "malformed JSON at byte %zu of %zu: ...%.80s",
               where, b.len, b.data + (where > 40 ? where - 40 : 0));
    buf_free(&b);
}

/* ---- the target ----------------------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The noqa comment offsets: in order, inside the text, each at a '#'. */
static void check_noqa(const SourceText *src, const ParseResult *r) {
    FUZZ_CHECK(r->nnoqa >= 0 && (r->nnoqa == 0 || r->noqa != NULL), "noqa: %d offsets", r->nnoqa);
    for (int32_t i = 0; i < r->nnoqa; i++) {
        FUZZ_CHECK(r->noqa[i] < src->len && src->text[r->noqa[i]] == '#',
                   "noqa offset %u (of %zu bytes) is not at a '#'", r->noqa[i], src->len);
        FUZZ_CHECK(i == 0 || r->noqa[i] > r->noqa[i - 1], "noqa offsets out of order at %d", i);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    Arena a;
    arena_init(&a);
    SourceText src = {0};
    ParseResult res = {0};
    ParseError err;
    ParseStatus st = parse_bytes(&a, (const char *)data, size, &src, &res, &err);
    FUZZ_CHECK(st == PARSE_OK || st == PARSE_SYNTAX_ERROR, "parse_bytes status %d: %s", (int)st,
               err.msg);

    if (st == PARSE_SYNTAX_ERROR) {
        /* Lines of the decoded text, or of the raw bytes when decoding itself failed. */
        int32_t nlines = fuzz_raw_lines(data, size);
        if (!err.decode) {
            FUZZ_CHECK(src.text != NULL, "grammar error, but no decoded text");
            FuzzLines fl;
            fuzz_lines(&a, &src, &fl);
            nlines = fl.nlines;
        }
        FUZZ_CHECK(err.msg[0] != 0, "syntax error without a message at line %d", err.line);
        FUZZ_CHECK(err.line >= 1 && err.line <= nlines + 1,
                   "syntax error line %d outside 1..%d (lines + 1): %s", err.line, nlines + 1,
                   err.msg);
        arena_free(&a);
        return 0;
    }

    Node *module = res.module;
    FUZZ_CHECK(module != NULL && module->kind == AST_MODULE, "PARSE_OK without a Module");
    FuzzLines fl;
    fuzz_lines(&a, &src, &fl);
    check_tree(&fl, module);
    check_json(module);
    check_noqa(&src, &res);

    Arena b;
    arena_init(&b);
    SourceText src2 = {0};
    ParseResult again = {0};
    ParseError err2;
    FUZZ_CHECK(parse_bytes(&b, (const char *)data, size, &src2, &again, &err2) == PARSE_OK,
               "second parse of the same bytes failed: %s", err2.msg);
    FUZZ_CHECK(ast_equal(module, again.module), "two parses of the same bytes differ (ast_equal)");
    FUZZ_CHECK(ast_hash(module) == ast_hash(again.module), "equal trees, different ast_hash");
    FUZZ_CHECK(!ast_equal(module, NULL), "ast_equal(tree, NULL)");
    arena_free(&b);
    arena_free(&a);
    return 0;
}
