/* notebook.c — see notebook.h.
 *
 * Each code cell goes through what IPython's TransformerManager does to a cell before it compiles
 * it, in the same order: leading blank lines are passed over and a cell indented as a whole is
 * dedented; a cell magic on the first line takes the cell; a one-line cell may be an automagic;
 * then, line by line, escapes at the start of a logical line, assignments from `!`/`%`, and help
 * at the end of one. A logical line is found with a small scanner that knows strings (any
 * prefix, triple quotes, escapes), comments, brackets and backslash continuations; it does not
 * follow f-string replacement fields, where a quote of the same kind (Python 3.12) pairs up
 * with the next anyway. The output keeps every line where it was: a replaced line is one line,
 * the physical lines it continued over are left blank.
 */
#include "notebook.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../base/buf.h"
#include "../base/json.h"

bool notebook_path(const char *path) {
    size_t n = strlen(path);
    return n > 6 && memcmp(path + n - 6, ".ipynb", 6) == 0;
}

static bool fail(NotebookError *err, const JsonValue *at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static bool fail(NotebookError *err, const JsonValue *at, const char *fmt, ...) {
    err->line = at ? at->line : 1;
    err->col = at ? at->col : 1;
    err->cell = 0;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    return false;
}

static bool no_memory(NotebookError *err) {
    fail(err, NULL, "out of memory");
    err->oom = true;
    return false;
}

/* ---- Python string literals ---------------------------------------------------------------- */

/* Appends s[0..n) as a Python string literal, quoted as repr() quotes it: every character that
 * is not printable ASCII or a UTF-8 sequence is escaped, so the literal is one line. */
static void put_repr(Buf *b, const char *s, size_t n) {
    char q = memchr(s, '\'', n) && !memchr(s, '"', n) ? '"' : '\'';
    buf_putc(b, q);
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == '\\' || c == (unsigned char)q) {
            buf_putc(b, '\\');
            buf_putc(b, (char)c);
        } else if (c == '\n') {
            buf_puts(b, "\\n");
        } else if (c == '\t') {
            buf_puts(b, "\\t");
        } else if (c < 0x20 || c == 0x7f) {
            buf_printf(b, "\\x%02x", c);
        } else {
            buf_putc(b, (char)c);
        }
    }
    buf_putc(b, q);
}

/* get_ipython().METHOD('a'[, 'b']) */
static void put_call(Buf *b, const char *method, const char *a, size_t an, const char *x, size_t xn,
                     bool two) {
    buf_puts(b, "get_ipython().");
    buf_puts(b, method);
    buf_putc(b, '(');
    put_repr(b, a, an);
    if (two) {
        buf_puts(b, ", ");
        put_repr(b, x, xn);
    }
    buf_putc(b, ')');
}

/* `name args` split at the first space, as IPython's str.partition(' '). */
static void put_magic(Buf *b, const char *s, size_t n) {
    const char *sp = memchr(s, ' ', n);
    size_t k = sp ? (size_t)(sp - s) : n;
    put_call(b, "run_line_magic", s, k, sp ? sp + 1 : s + n, sp ? n - k - 1 : 0, true);
}

/* IPython's _make_help_call: pinfo, pinfo2 (`??`) or psearch (a `*` in the target). */
static void put_help(Buf *b, const char *target, size_t n, bool twice) {
    if (n == 0) {
        buf_puts(b, "get_ipython().show_usage()");
        return;
    }
    const char *method = twice ? "pinfo2" : memchr(target, '*', n) ? "psearch" : "pinfo";
    put_call(b, "run_line_magic", method, strlen(method), target, n, true);
}

/* The translation of an escaped line (escape included), IPython's `tr` table. */
static void put_escape(Buf *b, const char *s, size_t n) {
    bool two = n >= 2 && s[1] == s[0] && (s[0] == '!' || s[0] == '?');
    const char *c = s + 1 + two;
    size_t cn = n - 1 - two;
    switch (s[0]) {
    case '!': put_call(b, two ? "getoutput" : "system", c, cn, NULL, 0, false); break;
    case '?': put_help(b, c, cn, two); break;
    case '%': put_magic(b, c, cn); break;
    default: { /* autocall: `/f a b`, `,f a b`, `;f a b` call f; its arguments stay one string */
        size_t k = 0;
        while (k < cn && (str_word_byte((unsigned char)c[k]) || c[k] == '.')) k++;
        buf_put(b, c, k);
        buf_putc(b, '(');
        size_t from = k < cn && c[k] == ' ' ? k + 1 : k;
        put_repr(b, c + from, cn - from);
        buf_putc(b, ')');
    }
    }
}

/* ---- cells as lines ------------------------------------------------------------------------ */

/* One line of a cell, as written and as it will be parsed. */
typedef struct Line {
    const char *s; /* as written (after the whole-cell dedent: s + shift) */
    int32_t n;
    int32_t shift;
    int32_t file_line;
    const char *out; /* what is parsed: s + shift unless replaced */
    int32_t out_n;
    int32_t keep, at; /* see NotebookLine */
} Line;

/* The scanner's state between physical lines. */
typedef struct Scan {
    int32_t depth; /* open brackets */
    char quote;    /* in a string: its quote character */
    bool triple;   /* ... a triple-quoted one */
    bool cont;     /* the line ended with a backslash outside a string */
    int32_t last;  /* the last significant character's offset on the line, or -1 */
} Scan;

static bool at_logical_start(const Scan *sc) {
    return sc->depth == 0 && !sc->quote && !sc->cont;
}

/* Inside a string (sc->quote) from s[i]: the offset just after its closing quote (sc->quote
 * cleared), or n when it goes on past the line: a triple-quoted one, or a single-quoted one whose
 * line ends in a backslash; any other single-quoted string ends, unterminated, with its line. */
static int32_t string_end(Scan *sc, const char *s, int32_t n, int32_t i) {
    while (i < n) {
        char c = s[i];
        if (c == '\\') {
            if (i + 1 >= n) return n; /* continued on the next line */
            i += 2;
        } else if (c == sc->quote &&
                   (!sc->triple || (i + 2 < n && s[i + 1] == c && s[i + 2] == c))) {
            sc->quote = 0;
            return i + (sc->triple ? 3 : 1);
        } else {
            i++;
        }
    }
    if (!sc->triple) sc->quote = 0;
    return n;
}

/* Opens the string whose quote is at s[i]: the offset of its first character. */
static int32_t string_start(Scan *sc, const char *s, int32_t n, int32_t i) {
    sc->quote = s[i];
    sc->triple = i + 2 < n && s[i + 1] == s[i] && s[i + 2] == s[i];
    return i + (sc->triple ? 3 : 1);
}

/* Scans one physical line s[0..n), continuing sc. */
static void scan_line(Scan *sc, const char *s, int32_t n) {
    sc->cont = false;
    sc->last = -1;
    for (int32_t i = 0; i < n;) {
        char c = s[i];
        if (sc->quote || c == '\'' || c == '"') {
            i = string_end(sc, s, n, sc->quote ? i : string_start(sc, s, n, i));
            if (!sc->quote) sc->last = i - 1;
            continue;
        }
        if (c == '#') break;
        if (c == '\\' && i + 1 == n) {
            sc->cont = true;
            break;
        }
        if (c == '(' || c == '[' || c == '{') sc->depth++;
        if ((c == ')' || c == ']' || c == '}') && sc->depth > 0) sc->depth--;
        if (c != ' ' && c != '\t' && c != '\f') sc->last = i;
        i++;
    }
}

/* The offset of the `=` of a plain assignment at bracket depth 0 on the line, before any
 * comment, or -1 (IPython's _find_assign_op, for one physical line). */
static int32_t assign_op(const char *s, int32_t n) {
    Scan sc = {0};
    for (int32_t i = 0; i < n; i++) {
        char c = s[i];
        if (c == '\'' || c == '"') {
            i = string_end(&sc, s, n, string_start(&sc, s, n, i)) - 1;
            if (sc.quote || i >= n - 1) return -1; /* the line ends in the string */
            continue;
        }
        if (c == '#') return -1;
        if (c == '(' || c == '[' || c == '{') sc.depth++;
        if (c == ')' || c == ']' || c == '}') sc.depth--;
        if (c == '=' && sc.depth == 0) {
            char before = i > 0 ? s[i - 1] : ' ';
            if (i + 1 < n && s[i + 1] == '=') return -1; /* == */
            if (strchr("=!<>:+-*/%&|^@", before)) return -1;
            return i;
        }
    }
    return -1;
}

/* The length of s[0..n) without trailing blanks. */
static int32_t rtrim(const char *s, int32_t n) {
    while (n > 0 && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\f')) n--;
    return n;
}

static int32_t indent_of(const char *s, int32_t n) {
    int32_t k = 0;
    while (k < n && (s[k] == ' ' || s[k] == '\t' || s[k] == '\f')) k++;
    return k;
}

typedef struct Cell {
    Arena *a;
    Line *lines;
    int32_t n;
    Buf *tmp;
    bool oom;
} Cell;

/* Replaces line i after `keep` characters (of its shifted text) with tmp's contents; the text
 * replaced starts at character `at` of the shifted line. */
static void replace(Cell *c, int32_t i, int32_t keep, int32_t at) {
    Line *l = &c->lines[i];
    const char *shifted = l->s + l->shift;
    Buf *t = c->tmp;
    char *o = t->failed ? NULL : arena_alloc(c->a, (size_t)keep + t->len + 1);
    if (!o) {
        c->oom = true;
        return;
    }
    memcpy(o, shifted, (size_t)keep);
    memcpy(o + keep, t->data, t->len);
    l->out = o;
    l->out_n = keep + (int32_t)t->len;
    /* keep and at in characters: the kept part is ASCII up to an escape, but a left-hand side
     * may hold any identifier */
    int32_t kc = 0, ac = 0;
    for (int32_t k = 0; k < keep; k++) kc += ((unsigned char)shifted[k] & 0xc0) != 0x80;
    for (int32_t k = 0; k < at; k++) ac += ((unsigned char)shifted[k] & 0xc0) != 0x80;
    l->keep = kc;
    l->at = ac;
}

static void blank(Cell *c, int32_t i) {
    c->lines[i].out_n = 0;
    c->lines[i].keep = 0;
    c->lines[i].at = 0;
}

/* The physical lines from line i continued with trailing backslashes: the last one's index. */
static int32_t continued_to(const Cell *c, int32_t i) {
    while (i + 1 < c->n) {
        const Line *l = &c->lines[i];
        int32_t n = l->n - l->shift;
        if (n == 0 || l->s[l->shift + n - 1] != '\\') break;
        i++;
    }
    return i;
}

/* IPython's assemble_continued_line, from character `from` of line i to line last: each line but
 * the last loses its trailing blanks and backslash; they are joined with spaces. */
static void assemble(Cell *c, int32_t i, int32_t from, int32_t last, Buf *out) {
    out->len = 0;
    for (int32_t k = i; k <= last; k++) {
        const Line *l = &c->lines[k];
        const char *s = l->s + l->shift + (k == i ? from : 0);
        int32_t n = l->n - l->shift - (k == i ? from : 0);
        n = rtrim(s, n);
        if (k < last && n > 0) n--; /* the backslash */
        if (k > i) buf_putc(out, ' ');
        buf_put(out, s, (size_t)n);
    }
}

/* `%%name args` on line i: the cell magic (0 when it is help, `%%time?`), 1 when its body is
 * not the notebook's Python (blanked), 2 when it is. */
static int cell_magic(Cell *c, int32_t i) {
    static const char *const transparent[] = {"capture", "debug", "ipytest",
                                              "prun",    "time",  "timeit"};
    const Line *l = &c->lines[i];
    const char *s = l->s + l->shift;
    int32_t n = rtrim(s, l->n - l->shift), k = 2;
    while (k < n && s[k] != ' ' && s[k] != '\t') k++;
    if (k > 2 && s[k - 1] == '?') return 0; /* `%%time?`: help, a line transform's */
    const char *name = s + 2, *args = s + (k < n ? k + 1 : k);
    size_t nn = (size_t)(k - 2);
    Buf *t = c->tmp;
    t->len = 0;
    buf_puts(t, "get_ipython().run_cell_magic(");
    put_repr(t, name, nn);
    buf_puts(t, ", ");
    put_repr(t, args, (size_t)(s + n - args));
    buf_puts(t, ", '')");
    replace(c, i, 0, 0);
    bool python = false;
    for (size_t m = 0; m < sizeof transparent / sizeof *transparent; m++)
        python |= strlen(transparent[m]) == nn && memcmp(transparent[m], name, nn) == 0;
    if (!python)
        for (int32_t j = i + 1; j < c->n; j++) blank(c, j);
    return python ? 2 : 1;
}

/* Line magics and aliases IPython (8) and ipykernel define, and the common extensions': a one-line
 * cell starting with one of these names is that magic (automagic). */
static const char *const automagics[] = {
    "aimport",
    "alias",
    "alias_magic",
    "autoawait",
    "autocall",
    "automagic",
    "autoreload",
    "autosave",
    "bookmark",
    "cat",
    "cd",
    "clear",
    "code_wrap",
    "colors",
    "conda",
    "config",
    "connect_info",
    "cp",
    "debug",
    "dhist",
    "dirs",
    "doctest_mode",
    "ed",
    "edit",
    "env",
    "gui",
    "hist",
    "history",
    "killbgscripts",
    "ldir",
    "less",
    "lf",
    "lk",
    "ll",
    "load",
    "load_ext",
    "loadpy",
    "logoff",
    "logon",
    "logstart",
    "logstate",
    "logstop",
    "ls",
    "lsmagic",
    "lx",
    "macro",
    "magic",
    "mamba",
    "man",
    "matplotlib",
    "micromamba",
    "mkdir",
    "more",
    "mv",
    "notebook",
    "page",
    "pastebin",
    "pdb",
    "pdef",
    "pdoc",
    "pfile",
    "pinfo",
    "pinfo2",
    "pip",
    "popd",
    "pprint",
    "precision",
    "prun",
    "psearch",
    "psource",
    "pushd",
    "pwd",
    "pycat",
    "pylab",
    "qtconsole",
    "quickref",
    "recall",
    "rehashx",
    "reload_ext",
    "rep",
    "rerun",
    "reset",
    "reset_selective",
    "rm",
    "rmdir",
    "run",
    "save",
    "sc",
    "set_env",
    "sx",
    "system",
    "tb",
    "time",
    "timeit",
    "unalias",
    "unload_ext",
    "uv",
    "who",
    "who_ls",
    "whos",
    "xdel",
    "xmode",
};

/* A one-line cell that is an automagic (IPython's prefilter, which runs on one-line cells only):
 * a magic's name as the first word, not followed by `=` or `,` (an assignment to a variable so
 * named). */
static bool automagic(Cell *c, int32_t i) {
    const Line *l = &c->lines[i];
    const char *s = l->s + l->shift;
    int32_t n = rtrim(s, l->n - l->shift), k = 0;
    while (k < n && (str_word_byte((unsigned char)s[k]) || s[k] == '.' || s[k] == '*')) k++;
    bool magic = false;
    for (size_t m = 0; m < sizeof automagics / sizeof *automagics && !magic; m++)
        magic = (int32_t)strlen(automagics[m]) == k && memcmp(automagics[m], s, (size_t)k) == 0;
    int32_t r = k;
    while (r < n && (s[r] == ' ' || s[r] == '\t')) r++;
    if (!magic || (r < n && (s[r] == '=' || s[r] == ','))) return false;
    Buf *t = c->tmp;
    t->len = 0;
    put_call(t, "run_line_magic", s, (size_t)k, s + r, (size_t)(n - r), true);
    replace(c, i, 0, 0);
    return true;
}

/* Help at the end of a logical line (IPython's HelpEnd): `name?`, `a.b??`, `%magic?`, with the
 * `?` its last significant character; the whole logical line (lines first..last) becomes the
 * help call. */
static bool help_end(Cell *c, int32_t first, int32_t last, int32_t q) {
    const Line *l = &c->lines[last];
    const char *s = l->s + l->shift;
    if (q < 0 || s[q] != '?') return false;
    bool twice = q > 0 && s[q - 1] == '?';
    int32_t end = q - twice, b = end;
    while (b > 0 && (str_word_byte((unsigned char)s[b - 1]) || s[b - 1] == '.' || s[b - 1] == '*'))
        b--;
    for (int k = 0; k < 2 && b > 0 && s[b - 1] == '%'; k++) b--;
    int32_t name = b;
    while (name < end && s[name] == '%') name++;
    if (name == end || (s[name] >= '0' && s[name] <= '9') || s[name] == '.' || s[end - 1] == '.')
        return false;
    Buf *t = c->tmp;
    t->len = 0;
    put_help(t, s + b, (size_t)(end - b), twice);
    const Line *f = &c->lines[first];
    int32_t ind = indent_of(f->s + f->shift, f->n - f->shift);
    replace(c, first, ind, ind);
    for (int32_t j = first + 1; j <= last; j++) blank(c, j);
    return true;
}

/* The line transforms, over the lines of a cell from line `from`. */
static void transform_lines(Cell *c, int32_t from) {
    Scan sc = {0};
    Buf piece;
    buf_init(&piece);
    for (int32_t i = from; i < c->n && !c->oom; i++) {
        Line *l = &c->lines[i];
        const char *s = l->s + l->shift;
        int32_t n = l->n - l->shift;
        if (!at_logical_start(&sc)) {
            scan_line(&sc, s, n);
            continue;
        }
        int32_t ind = indent_of(s, n);
        if (ind == n || s[ind] == '#') continue; /* blank or a comment: no logical line */
        int32_t last = i;
        if (strchr("!%?/,;", s[ind])) { /* an escaped command, unless help ends it (`%pip?`):
                                            IPython tries that transform first */
            last = continued_to(c, i);
            const Line *e = &c->lines[last];
            if (help_end(c, i, last, rtrim(e->s + e->shift, e->n - e->shift) - 1)) {
                i = last;
                continue;
            }
            assemble(c, i, ind, last, &piece);
            c->tmp->len = 0;
            put_escape(c->tmp, piece.data ? piece.data : "", piece.len);
            replace(c, i, ind, ind);
            for (int32_t j = i + 1; j <= last; j++) blank(c, j);
            i = last;
            continue;
        }
        int32_t eq = assign_op(s, n);
        int32_t rhs = eq < 0 ? -1 : eq + 1;
        while (rhs >= 0 && rhs < n && (s[rhs] == ' ' || s[rhs] == '\t')) rhs++;
        if (rhs >= 0 && rhs < n &&
            ((s[rhs] == '!' && (rhs + 1 >= n || s[rhs + 1] != '=')) ||
             (s[rhs] == '%' && rhs + 1 < n && str_word_byte((unsigned char)s[rhs + 1])))) {
            last = continued_to(c, i);
            assemble(c, i, rhs, last, &piece);
            c->tmp->len = 0;
            buf_putc(c->tmp, ' ');
            if (s[rhs] == '!') { /* `x = !cmd`, `x = !!cmd` alike: its output */
                put_call(c->tmp, "getoutput", piece.data + 1, piece.len - 1, NULL, 0, false);
            } else {
                put_magic(c->tmp, piece.data + 1, piece.len - 1);
            }
            replace(c, i, eq + 1, rhs);
            for (int32_t j = i + 1; j <= last; j++) blank(c, j);
            i = last;
            continue;
        }
        /* an ordinary logical line: scan to its end, then look for help at the end */
        scan_line(&sc, s, n);
        while (!at_logical_start(&sc) && last + 1 < c->n) {
            const Line *m = &c->lines[++last];
            scan_line(&sc, m->s + m->shift, m->n - m->shift);
        }
        if (at_logical_start(&sc)) help_end(c, i, last, sc.last);
        i = last;
    }
    buf_free(&piece);
}

/* IPython's cleanup and transforms of one cell, on c->lines. */
static void transform_cell(Cell *c) {
    int32_t first = 0;
    while (first < c->n && indent_of(c->lines[first].s, c->lines[first].n) == c->lines[first].n)
        first++;
    if (first == c->n) return; /* blank */
    /* a cell indented as a whole (IPython's leading_indent): its first line's indentation comes
     * off every line that starts with it */
    const Line *f = &c->lines[first];
    int32_t ind = 0;
    while (ind < f->n && (f->s[ind] == ' ' || f->s[ind] == '\t')) ind++;
    for (int32_t i = first; ind && i < c->n; i++) {
        Line *l = &c->lines[i];
        if (l->n >= ind && memcmp(l->s, f->s, (size_t)ind) == 0) {
            l->shift = ind;
            l->out = l->s + ind;
            l->out_n = l->n - ind;
        }
    }
    const char *s = f->s + f->shift;
    int magic = f->n - f->shift >= 2 && s[0] == '%' && s[1] == '%' ? cell_magic(c, first) : 0;
    if (magic) {
        if (magic == 2) transform_lines(c, first + 1);
        return;
    }
    if (first == c->n - 1 && automagic(c, first)) return;
    transform_lines(c, first);
}

/* ---- the notebook ---------------------------------------------------------------------------- */

/* The cell's source (a string or a list of strings) as one text in tmp, with the file line of
 * each piece's start recorded in starts/lines (as offsets into tmp). */
typedef struct Piece {
    size_t off;
    int32_t file_line;
} Piece;

static bool cell_source(const JsonValue *src, int32_t cell, Buf *text, Piece **pieces,
                        int32_t *npieces, int32_t *cap, NotebookError *err) {
    text->len = 0;
    *npieces = 0;
    int32_t n = json_is(src, JSON_ARRAY) ? json_len(src) : 1;
    for (int32_t k = 0; k < n; k++) {
        const JsonValue *p = json_is(src, JSON_ARRAY) ? json_at(src, k) : src;
        Str s;
        if (!json_as_str(p, &s))
            return fail(err, p ? p : src,
                        "invalid notebook: the source of cell %d is not a string or a list of "
                        "strings (found %s)",
                        cell, p ? json_type_name(p->type) : "nothing");
        if (*npieces == *cap && hvec_grow_((void **)pieces, cap, sizeof **pieces, *npieces + 1))
            return no_memory(err);
        (*pieces)[(*npieces)++] = (Piece){text->len, p->line};
        buf_put(text, s.s, (size_t)s.len);
    }
    if (text->failed) return no_memory(err);
    return true;
}

/* The language a notebook's metadata names, when it names one (ruff's is_python_notebook). */
static bool python_notebook(const JsonValue *root) {
    const JsonValue *meta = json_get(root, "metadata");
    const JsonValue *info = json_get(json_get(meta, "language_info"), "name");
    if (info) return json_string_is(info, "python");
    const JsonValue *kernel = json_get(json_get(meta, "kernelspec"), "language");
    if (kernel) return json_string_is(kernel, "python");
    return true;
}

/* Splits the cell's text into lines (\n, \r\n and \r end one), each with its piece's file line. */
static bool split_lines(Cell *c, const Buf *text, const Piece *pieces, int32_t npieces) {
    int32_t count = 0;
    for (size_t i = 0; i < text->len; i++) {
        char ch = text->data[i];
        if (ch == '\n' || (ch == '\r' && (i + 1 >= text->len || text->data[i + 1] != '\n')))
            count++;
    }
    if (text->len && text->data[text->len - 1] != '\n' && text->data[text->len - 1] != '\r')
        count++;
    c->n = 0;
    c->lines = count ? arena_zalloc(c->a, sizeof *c->lines * (size_t)count) : NULL;
    char *copy = text->len ? arena_memdup(c->a, text->data, text->len) : NULL;
    if ((count && !c->lines) || (text->len && !copy)) return false;
    int32_t piece = 0;
    for (size_t i = 0; i < text->len;) {
        size_t e = i;
        while (e < text->len && copy[e] != '\n' && copy[e] != '\r') e++;
        while (piece + 1 < npieces && pieces[piece + 1].off <= i) piece++;
        Line *l = &c->lines[c->n++];
        l->s = l->out = copy + i;
        l->n = l->out_n = (int32_t)(e - i);
        l->file_line = pieces[piece].file_line;
        l->keep = -1;
        i = e + (e < text->len && copy[e] == '\r' && e + 1 < text->len && copy[e + 1] == '\n') + 1;
    }
    return true;
}

/* The notebook's cells, in order: nbformat 4's "cells"; nbformat 3's, those of each of its
 * "worksheets" in turn (Jupyter numbers them on as one list). NULL on an error (*err set). */
static const JsonValue **cells_of(Arena *a, const JsonValue *root, int64_t version, int32_t *n,
                                  NotebookError *err) {
    const JsonValue *one = json_get(root, "cells"), *sheets = json_get(root, "worksheets");
    const JsonValue *lists = version == 3 ? sheets : NULL;
    int32_t nlists = version == 3 ? json_len(sheets) : 1;
    if (version == 3 && !json_is(sheets, JSON_ARRAY)) {
        fail(err, sheets ? sheets : root, "invalid notebook: \"worksheets\" is %s, not an array",
             sheets ? json_type_name(sheets->type) : "missing");
        return NULL;
    }
    *n = 0;
    for (int32_t w = 0; w < nlists; w++) {
        const JsonValue *cells = lists ? json_get(json_at(lists, w), "cells") : one;
        if (!json_is(cells, JSON_ARRAY)) {
            fail(err,
                 cells   ? cells
                 : lists ? json_at(lists, w)
                         : root,
                 "invalid notebook: \"cells\" is %s, not an array",
                 cells ? json_type_name(cells->type) : "missing");
            return NULL;
        }
        *n += json_len(cells);
    }
    const JsonValue **v = arena_alloc(a, sizeof *v * (size_t)(*n + 1));
    if (!v) {
        no_memory(err);
        return NULL;
    }
    int32_t k = 0;
    for (int32_t w = 0; w < nlists; w++) {
        const JsonValue *cells = lists ? json_get(json_at(lists, w), "cells") : one;
        for (int32_t i = 0; i < json_len(cells); i++) v[k++] = json_at(cells, i);
    }
    return v;
}

bool notebook_read(Arena *a, const char *bytes, size_t len, Notebook *nb, NotebookError *err) {
    memset(nb, 0, sizeof *nb);
    memset(err, 0, sizeof *err);
    JsonError je;
    const JsonValue *root = json_parse(a, bytes, len, NULL, &je);
    if (!root) {
        err->line = je.line, err->col = je.col, err->oom = je.oom;
        snprintf(err->msg, sizeof err->msg, "%s%s",
                 je.oom ? "" : "invalid notebook: not JSON: ", je.msg);
        return false;
    }
    if (!json_is(root, JSON_OBJECT))
        return fail(err, root, "invalid notebook: the file holds a JSON %s, not an object",
                    json_type_name(root->type));
    const JsonValue *format = json_get(root, "nbformat");
    int64_t version = 0;
    if (!json_as_int(format, &version))
        return fail(err, format ? format : root,
                    "invalid notebook: no \"nbformat\" version number in its top-level object");
    if (version != 4 && version != 3)
        return fail(err, format,
                    "nbformat %lld: only nbformat 3 and 4 notebooks are read (Jupyter saves an "
                    "older one in format 4)",
                    (long long)version);
    const JsonValue **cellv;
    if (!(cellv = cells_of(a, root, version, &nb->ncells, err))) return false;
    nb->python = python_notebook(root);
    Buf out, text, tmp;
    buf_init(&out), buf_init(&text), buf_init(&tmp);
    Piece *pieces = NULL;
    int32_t npieces = 0, cap = 0;
    VEC(NotebookLine) map = {0};
    bool ok = true, oom = false;
    for (int32_t i = 0; ok && !oom && nb->python && i < nb->ncells; i++) {
        const JsonValue *cell = cellv[i];
        const JsonValue *type = json_get(cell, "cell_type");
        if (!json_is(type, JSON_STRING)) {
            ok = fail(err, type ? type : cell, "invalid notebook: cell %d has no \"cell_type\"",
                      i + 1);
            break;
        }
        if (!json_string_is(type, "code")) continue;
        const JsonValue *meta = json_get(cell, "metadata");
        const JsonValue *lang = version == 3 ? json_get(cell, "language")
                                             : json_get(json_get(meta, "vscode"), "languageId");
        if (lang && !json_string_is(lang, "python")) continue;
        const char *key = version == 3 ? "input" : "source";
        const JsonValue *src = json_get(cell, key);
        if (!src) {
            ok = fail(err, cell, "invalid notebook: code cell %d has no \"%s\"", i + 1, key);
            break;
        }
        if (!(ok = cell_source(src, i + 1, &text, &pieces, &npieces, &cap, err))) break;
        const char *z = text.len ? memchr(text.data, 0, text.len) : NULL;
        if (z) { /* CPython's message, on the cell's line of it */
            int32_t line = 1;
            for (const char *p = text.data; p < z; p++) line += *p == '\n';
            err->cell = i + 1, err->line = line, err->col = 1;
            snprintf(err->msg, sizeof err->msg, "source code string cannot contain null bytes");
            ok = false;
            break;
        }
        Cell c = {.a = a, .tmp = &tmp};
        if (!split_lines(&c, &text, pieces, npieces)) {
            oom = true;
            break;
        }
        transform_cell(&c);
        oom = c.oom;
        nb->ncode++;
        for (int32_t k = 0; k < c.n && !oom; k++) {
            const Line *l = &c.lines[k];
            buf_put(&out, l->out, (size_t)l->out_n);
            buf_putc(&out, '\n');
            NotebookLine m = {i + 1, k + 1, l->file_line, l->shift, l->keep, l->at, l->s, l->n};
            oom = VEC_PUSH(a, map, m) != 0;
        }
    }
    oom |= out.failed || text.failed || tmp.failed;
    if (ok && !oom) {
        /* the text as the tokenizer wants it: lines ending in \n, then three NULs */
        char *t = arena_alloc(a, out.len + 4);
        size_t n = out.len;
        if (t) {
            if (n) memcpy(t, out.data, n);
            if (n == 0) t[n++] = '\n';
            t[n] = t[n + 1] = t[n + 2] = 0;
            nb->text.text = t;
            nb->text.len = n;
            nb->text.valid_utf8 = true;
            nb->text.ascii = true;
            for (size_t k = 0; k < n && nb->text.ascii; k++)
                nb->text.ascii = (unsigned char)t[k] < 0x80;
            snprintf(nb->text.encoding, sizeof nb->text.encoding, "utf-8");
        }
        oom = !t;
    }
    buf_free(&out), buf_free(&text), buf_free(&tmp);
    dw_free(pieces);
    nb->lines = map.items;
    nb->nlines = map.len;
    if (ok && oom) return no_memory(err);
    return ok;
}

const NotebookLine *notebook_line(const Notebook *nb, int32_t line) {
    return line >= 1 && line <= nb->nlines ? &nb->lines[line - 1] : NULL;
}

/* Column col (1-based, characters) of a line of the text, as a column of the line as written:
 * past the part kept, a start is where the replaced IPython syntax starts and an end is the end of
 * the line. */
static int32_t column(const NotebookLine *m, int32_t col, bool end) {
    int32_t len = utf8_count_chars(m->orig, (size_t)m->orig_len), c = col - 1;
    if (m->keep >= 0 && (end ? c > m->keep : c >= m->keep)) {
        if (end) return len + 1;
        c = m->at;
    }
    c += m->shift;
    return (c < 0 ? 0 : c > len ? len : c) + 1;
}

void notebook_map(const Notebook *nb, Location *loc) {
    if (nb->nlines == 0) return;
    int32_t line = loc->line < 1 ? 1 : loc->line > nb->nlines ? nb->nlines : loc->line;
    int32_t end = loc->end_line < line         ? line
                  : loc->end_line > nb->nlines ? nb->nlines
                                               : loc->end_line;
    const NotebookLine *m = &nb->lines[line - 1], *e = &nb->lines[end - 1];
    int32_t end_col = loc->end_line < line ? loc->col : loc->end_col;
    if (e->cell != m->cell) { /* cut at the end of the first cell */
        while (e > m && e->cell != m->cell) e--;
        end_col = INT32_MAX;
    }
    loc->cell = m->cell;
    loc->line = m->line;
    loc->col = column(m, loc->col, false);
    loc->end_line = e->line;
    loc->end_col = end_col == INT32_MAX ? utf8_count_chars(e->orig, (size_t)e->orig_len) + 1
                                        : column(e, end_col, true);
    loc->file_line = m->file_line;
    loc->file_end_line = e->file_line;
}

/* A cited line of the text in another cell than `cell`: "3 of cell 2"; in it: "3". */
static void put_line_ref(Buf *b, const NotebookLine *m, int32_t cell) {
    buf_printf(b, "%d", m->line);
    if (m->cell != cell) buf_printf(b, " of cell %d", m->cell);
}

const char *notebook_message(Arena *a, const Notebook *nb, int32_t cell, const char *msg) {
    if (!msg || !strstr(msg, "line")) return msg;
    Buf b;
    buf_init(&b);
    bool code = false;
    for (const char *p = msg; *p;) {
        if (*p == '`') code = !code;
        bool cited = !code && (p == msg || !str_word_byte((unsigned char)p[-1])) &&
                     strncmp(p, "line", 4) == 0;
        bool plural = cited && p[4] == 's';
        const char *q = p + 4 + plural; /* (read only once "line" was seen) */
        if (!cited || q[0] != ' ' || q[1] < '0' || q[1] > '9') {
            buf_putc(&b, *p++);
            continue;
        }
        char *end;
        long x = strtol(q + 1, &end, 10), y = x;
        if (plural && end[0] == '-' && end[1] >= '0' && end[1] <= '9')
            y = strtol(end + 1, &end, 10);
        const NotebookLine *mx = notebook_line(nb, x > INT32_MAX ? 0 : (int32_t)x);
        const NotebookLine *my = notebook_line(nb, y > INT32_MAX ? 0 : (int32_t)y);
        if (!mx || !my) {
            buf_put(&b, p, (size_t)(end - p));
        } else if (mx == my || (x != y && mx->cell == my->cell)) {
            buf_puts(&b, plural ? "lines " : "line ");
            buf_printf(&b, "%d", mx->line);
            if (x != y) buf_printf(&b, "-%d", my->line);
            if (mx->cell != cell) buf_printf(&b, " of cell %d", mx->cell);
        } else { /* a range across cells */
            buf_puts(&b, "line ");
            put_line_ref(&b, mx, cell);
            buf_puts(&b, " to line ");
            put_line_ref(&b, my, cell);
        }
        p = end;
    }
    const char *out = b.failed ? msg : arena_strndup(a, b.data ? b.data : "", b.len);
    buf_free(&b);
    return out ? out : msg;
}
