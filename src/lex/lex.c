/* lex.c — the tokenizer; see lex.h. Follows CPython 3.13's Parser/lexer/lexer.c closely, so that
 * every accepted file yields CPython's tokens and every rejected one the same error: where a
 * function here mirrors one there, it carries CPython's name in its comment. */
#include "lex.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "../base/scan16.h"
#include "unicode.h"

enum {
    MAXINDENT = LEX_MAX_INDENT,
    MAXLEVEL = 200,
    MAXFSTRINGLEVEL = 150,
    MAX_EXPR_NESTING = 3,
    TABSIZE = 8
};
enum { EOF_ = -1 };

typedef struct Mode {
    bool fstring_mode; /* tokenizing f-string text (not an expression) */
    char quote;
    int8_t quote_size;
    bool raw;
    char prefix;          /* 'f' or 't' (a template string, 3.14), for the messages */
    int curly_depth;      /* curly_bracket_depth */
    int expr_start_depth; /* curly_bracket_expr_start_depth */
    bool in_format_spec, debug;
    uint32_t start; /* offset of the f-string's first character */
} Mode;

typedef struct Lexer {
    const char *buf, *end; /* end points at the NUL after the text */
    const char *cur, *start;
    TokenArray *out;
    Arena *arena;
    int32_t cap;
    LineIndex lines;
    /* token positions: a line cursor that only moves forward through the line index */
    int32_t pos_line;  /* 0-based index into lines.starts */
    uint32_t pos_next; /* where the line after pos_line starts */
    int indent, pendin;
    int32_t line_tok0; /* index of the first token of the current logical line */
    int indstack[MAXINDENT], altindstack[MAXINDENT];
    bool atbol, blankline;
    int level;
    char parenstack[MAXLEVEL];
    const char *parenpos[MAXLEVEL];
    Mode modes[MAXFSTRINGLEVEL + 1];
    int nmodes; /* modes[0] is the regular mode */
    bool valid_utf8;
    bool failed;
    int minor; /* the Python 3 minor version tokenized as (t-strings from 14) */
} Lexer;

/* ---- characters --------------------------------------------------------------------------- */

/* The text ends in NUL bytes (source.h), and holds no other NUL. */
static inline int nextc(Lexer *L) {
    int c = (unsigned char)*L->cur++;
    if (c == 0) {
        L->cur = L->end + 1; /* one past, so that backup() returns to end */
        return EOF_;
    }
    return c;
}

static inline void backup(Lexer *L, int c) {
    (void)c;
    L->cur--;
}

static inline bool is_digit(int c) {
    return c >= '0' && c <= '9';
}
static inline bool is_xdigit(int c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
/* Identifier characters: bit 1 may start a name (letters, '_', any byte of a non-ASCII
 * character), bit 2 may continue one (those and the digits), bit 4 is an ASCII name character. */
static const unsigned char id_table[256] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 0, 0, 0, 0, 0, 0,
    0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 7,
    0, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 0, 0, 0, 0, 0,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
    3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};
static inline bool is_id_start(int c) {
    return c >= 0 && (id_table[c & 255] & 1);
}
static inline bool is_id_char(int c) {
    return c >= 0 && (id_table[c & 255] & 2);
}

/* ---- positions ---------------------------------------------------------------------------- */

/* Line (1-based) and byte column of an offset. */
static void line_col(const Lexer *L, const char *p, int32_t *line, int32_t *col) {
    if (p > L->end) p = L->end;
    int32_t l = line_index_line(&L->lines, (size_t)(p - L->buf));
    *line = l;
    *col = (int32_t)((size_t)(p - L->buf) - L->lines.starts[l - 1]);
}

/* CPython's tok->lineno: the line of the last character read (it does not move to the next line
 * until a character of it is read). */
static int32_t cur_line(const Lexer *L) {
    int32_t line, col;
    const char *p = L->cur > L->end ? L->end : L->cur;
    line_col(L, p > L->buf ? p - 1 : p, &line, &col);
    return line;
}

/* ---- errors ------------------------------------------------------------------------------- */

static void set_error(Lexer *L, LexErrorKind kind, int32_t line, int32_t col, const char *fmt,
                      va_list ap) {
    LexError *e = &L->out->err;
    if (e->kind != LEXERR_NONE) return;
    e->kind = (uint8_t)kind;
    e->line = e->end_line = line;
    e->col = col;
    e->end_col = col + 1;
    e->in_fstring = L->nmodes > 0;
    vsnprintf(e->msg, sizeof e->msg, fmt, ap);
    L->failed = true;
}

/* The character before p on its line (p itself at the start of a line): where CPython's offset
 * points when it is the number of characters before p, as its syntaxerror() makes it. */
static const char *char_before(const Lexer *L, const char *p) {
    if (p > L->end) p = L->end;
    int32_t line, col;
    line_col(L, p, &line, &col);
    const char *start = p - col;
    if (p > start) p--;
    while (p > start && ((unsigned char)*p & 0xc0) == 0x80) p--;
    return p;
}

/* A SyntaxError at the cursor (CPython's syntaxerror()). */
static int error_at_cur(Lexer *L, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int error_at_cur(Lexer *L, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int32_t line, col;
    line_col(L, char_before(L, L->cur), &line, &col);
    set_error(L, LEXERR_EXCEPTION, line, col, fmt, ap);
    va_end(ap);
    return TOK_ERROR;
}

static int error_at(Lexer *L, LexErrorKind kind, int32_t line, int32_t col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static int error_at(Lexer *L, LexErrorKind kind, int32_t line, int32_t col, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    set_error(L, kind, line, col, fmt, ap);
    va_end(ap);
    return TOK_ERROR;
}

static int indent_error(Lexer *L, const char *msg) {
    return error_at(L, LEXERR_INDENT, cur_line(L), 0, "%s", msg);
}

/* The bytes of a line, its line end aside. */
static int32_t line_length(const Lexer *L, int32_t line) {
    uint32_t from = L->lines.starts[line - 1];
    uint32_t to = line < L->lines.count ? L->lines.starts[line] : (uint32_t)(L->end - L->buf);
    while (to > from && (L->buf[to - 1] == '\n' || L->buf[to - 1] == '\r')) to--;
    return (int32_t)(to - from);
}

/* A dedent to a column no enclosing block uses: CPython reports it at the end of its line (the
 * column after its last byte, newline aside), the other indentation errors at its start. */
static int unindent_error(Lexer *L) {
    int32_t line = cur_line(L);
    return error_at(L, LEXERR_INDENT, line, line_length(L, line),
                    "unindent does not match any outer indentation level");
}

/* ---- emitting ----------------------------------------------------------------------------- */

/* The 1-based line of offset off, moving the line cursor forward (tokens come in order; an
 * offset behind the cursor, which never happens, is looked up in the index). */
/* The line of an offset: tokens come in order, so the line of the previous one is the guess. */
__attribute__((noinline)) static int32_t line_at_slow(Lexer *L, uint32_t off) {
    if (off < L->lines.starts[L->pos_line]) return line_index_line(&L->lines, off);
    const uint32_t *st = L->lines.starts;
    int32_t l = L->pos_line;
    while (l + 1 < L->lines.count && st[l + 1] <= off) l++;
    L->pos_line = l;
    L->pos_next = l + 1 < L->lines.count ? st[l + 1] : UINT32_MAX;
    return l + 1;
}

static inline int32_t line_at(Lexer *L, uint32_t off) {
    if (off < L->pos_next && off >= L->lines.starts[L->pos_line]) return L->pos_line + 1;
    return line_at_slow(L, off);
}

static bool grow_tokens(Lexer *L) {
    TokenArray *a = L->out;
    int32_t ncap = L->cap * 2;
    Token *nt = arena_alloc(L->arena, sizeof(Token) * (size_t)ncap);
    if (!nt) {
        L->failed = true;
        return false;
    }
    memcpy(nt, a->toks, sizeof(Token) * (size_t)a->count);
    a->toks = nt;
    L->cap = ncap;
    return true;
}

/* A token whose text is s..e and whose end position is at pos_end (they differ only for an
 * f-string's doubled brace, which CPython's token text drops but its end column counts). */
__attribute__((always_inline)) static inline int emit_at(Lexer *L, int kind, const char *s,
                                                         const char *e, const char *pos_end) {
    TokenArray *a = L->out;
    if (a->count == L->cap && !grow_tokens(L)) return TOK_ERROR;
    Token *t = &a->toks[a->count++];
    t->kind = (uint8_t)kind;
    t->flags = pos_end != e ? TOKF_END_PLUS1 : 0;
    uint32_t so = (uint32_t)(s - L->buf), eo = (uint32_t)(pos_end - L->buf);
    t->start = so;
    t->end = (uint32_t)(e - L->buf);
    if (s == L->end && L->end > L->buf) {
        /* at the end of input CPython's line counter stays on the last line, and its column at
         * that line's end, before the newline */
        int32_t l = line_at(L, so);
        bool back = l > 1 && L->lines.starts[l - 1] == so;
        t->lineno = t->end_lineno = back ? l - 1 : l;
        if (back) t->start = t->end = so - 1;
        return kind;
    }
    t->lineno = line_at(L, so);
    t->end_lineno = eo < L->pos_next ? t->lineno : line_at(L, eo);
    return kind;
}

/* A logical line ends with the token before index end: the longest one bounds how deep an
 * expression can nest (TokenArray.max_line_tokens). Once per line, not per token. */
static inline void note_logical_line(Lexer *L, int32_t end) {
    if (end - L->line_tok0 > L->out->max_line_tokens) L->out->max_line_tokens = end - L->line_tok0;
    L->line_tok0 = end;
}

__attribute__((always_inline)) static inline int emit(Lexer *L, int kind, const char *s,
                                                      const char *e) {
    return emit_at(L, kind, s, e, e);
}

/* ---- keywords and operators --------------------------------------------------------------- */

static const char *const kind_text[TOK_KIND_COUNT] = {
#define TOKEN(K, d) d,
#define OP(K, s)    s,
#define KW(K, s)    s,
#include "tokens.def"
#undef TOKEN
#undef OP
#undef KW
};

const char *tok_kind_text(int kind) {
    return kind >= 0 && kind < TOK_KIND_COUNT ? kind_text[kind] : "?";
}

/* Hard keywords by (length, first letter, last letter), which no two keywords share. */
#define KWL(c)           ((c) >= 'a' ? (c) - 'a' : (c) - 'A' + 26)
#define KWI(len, c0, cl) (((len)*52 + KWL(c0)) * 52 + KWL(cl))
static const uint8_t keyword_table[9 * 52 * 52] = {
    [KWI(2, 'a', 's')] = TOK_KW_AS,       [KWI(2, 'i', 'f')] = TOK_KW_IF,
    [KWI(2, 'i', 'n')] = TOK_KW_IN,       [KWI(2, 'i', 's')] = TOK_KW_IS,
    [KWI(2, 'o', 'r')] = TOK_KW_OR,       [KWI(3, 'a', 'd')] = TOK_KW_AND,
    [KWI(3, 'd', 'f')] = TOK_KW_DEF,      [KWI(3, 'd', 'l')] = TOK_KW_DEL,
    [KWI(3, 'f', 'r')] = TOK_KW_FOR,      [KWI(3, 'n', 't')] = TOK_KW_NOT,
    [KWI(3, 't', 'y')] = TOK_KW_TRY,      [KWI(4, 'N', 'e')] = TOK_KW_NONE,
    [KWI(4, 'T', 'e')] = TOK_KW_TRUE,     [KWI(4, 'e', 'f')] = TOK_KW_ELIF,
    [KWI(4, 'e', 'e')] = TOK_KW_ELSE,     [KWI(4, 'f', 'm')] = TOK_KW_FROM,
    [KWI(4, 'p', 's')] = TOK_KW_PASS,     [KWI(4, 'w', 'h')] = TOK_KW_WITH,
    [KWI(5, 'F', 'e')] = TOK_KW_FALSE,    [KWI(5, 'a', 'c')] = TOK_KW_ASYNC,
    [KWI(5, 'a', 't')] = TOK_KW_AWAIT,    [KWI(5, 'b', 'k')] = TOK_KW_BREAK,
    [KWI(5, 'c', 's')] = TOK_KW_CLASS,    [KWI(5, 'r', 'e')] = TOK_KW_RAISE,
    [KWI(5, 'w', 'e')] = TOK_KW_WHILE,    [KWI(5, 'y', 'd')] = TOK_KW_YIELD,
    [KWI(6, 'a', 't')] = TOK_KW_ASSERT,   [KWI(6, 'e', 't')] = TOK_KW_EXCEPT,
    [KWI(6, 'g', 'l')] = TOK_KW_GLOBAL,   [KWI(6, 'i', 't')] = TOK_KW_IMPORT,
    [KWI(6, 'l', 'a')] = TOK_KW_LAMBDA,   [KWI(6, 'r', 'n')] = TOK_KW_RETURN,
    [KWI(7, 'f', 'y')] = TOK_KW_FINALLY,  [KWI(8, 'c', 'e')] = TOK_KW_CONTINUE,
    [KWI(8, 'n', 'l')] = TOK_KW_NONLOCAL,
};

static inline bool is_letter(int c) {
    return (unsigned)((c | 0x20) - 'a') < 26;
}

__attribute__((always_inline)) static inline int keyword(const char *s, size_t n) {
    if (n < 2 || n > 8 || !is_letter(s[0]) || !is_letter(s[n - 1])) return TOK_NAME;
    int k = keyword_table[KWI((int)n, s[0], s[n - 1])];
    if (!k) return TOK_NAME;
    const char *w = kind_text[k];
    bool same; /* a compare of constant size, which the compiler does in a register or two */
    switch (n) {
    case 2: same = memcmp(w, s, 2) == 0; break;
    case 3: same = memcmp(w, s, 3) == 0; break;
    case 4: same = memcmp(w, s, 4) == 0; break;
    case 5: same = memcmp(w, s, 5) == 0; break;
    case 6: same = memcmp(w, s, 6) == 0; break;
    case 7: same = memcmp(w, s, 7) == 0; break;
    default: same = memcmp(w, s, 8) == 0; break;
    }
    return same ? k : TOK_NAME;
}

static int one_char(int c) {
    switch (c) {
    case '(': return TOK_LPAR;
    case ')': return TOK_RPAR;
    case '[': return TOK_LSQB;
    case ']': return TOK_RSQB;
    case ':': return TOK_COLON;
    case ',': return TOK_COMMA;
    case ';': return TOK_SEMI;
    case '+': return TOK_PLUS;
    case '-': return TOK_MINUS;
    case '*': return TOK_STAR;
    case '/': return TOK_SLASH;
    case '|': return TOK_VBAR;
    case '&': return TOK_AMPER;
    case '<': return TOK_LESS;
    case '>': return TOK_GREATER;
    case '=': return TOK_EQUAL;
    case '.': return TOK_DOT;
    case '%': return TOK_PERCENT;
    case '{': return TOK_LBRACE;
    case '}': return TOK_RBRACE;
    case '~': return TOK_TILDE;
    case '^': return TOK_CIRCUMFLEX;
    case '@': return TOK_AT;
    case '!': return TOK_EXCLAMATION;
    default: return -1;
    }
}

static inline int two_chars(int c1, int c2) {
    switch (c1) {
    case '!': return c2 == '=' ? TOK_NOTEQUAL : -1;
    case '%': return c2 == '=' ? TOK_PERCENTEQUAL : -1;
    case '&': return c2 == '=' ? TOK_AMPEREQUAL : -1;
    case '*': return c2 == '*' ? TOK_DOUBLESTAR : c2 == '=' ? TOK_STAREQUAL : -1;
    case '+': return c2 == '=' ? TOK_PLUSEQUAL : -1;
    case '-': return c2 == '=' ? TOK_MINEQUAL : c2 == '>' ? TOK_RARROW : -1;
    case '/': return c2 == '/' ? TOK_DOUBLESLASH : c2 == '=' ? TOK_SLASHEQUAL : -1;
    case ':': return c2 == '=' ? TOK_COLONEQUAL : -1;
    case '<':
        return c2 == '<'   ? TOK_LEFTSHIFT
               : c2 == '=' ? TOK_LESSEQUAL
               : c2 == '>' ? TOK_NOTEQUAL_OLD
                           : -1;
    case '=': return c2 == '=' ? TOK_EQEQUAL : -1;
    case '>': return c2 == '=' ? TOK_GREATEREQUAL : c2 == '>' ? TOK_RIGHTSHIFT : -1;
    case '@': return c2 == '=' ? TOK_ATEQUAL : -1;
    case '^': return c2 == '=' ? TOK_CIRCUMFLEXEQUAL : -1;
    case '|': return c2 == '=' ? TOK_VBAREQUAL : -1;
    default: return -1;
    }
}

static int three_chars(int c1, int c2, int c3) {
    if (c3 != '=') return (c1 == '.' && c2 == '.' && c3 == '.') ? TOK_ELLIPSIS : -1;
    if (c1 == '*' && c2 == '*') return TOK_DOUBLESTAREQUAL;
    if (c1 == '/' && c2 == '/') return TOK_DOUBLESLASHEQUAL;
    if (c1 == '<' && c2 == '<') return TOK_LEFTSHIFTEQUAL;
    if (c1 == '>' && c2 == '>') return TOK_RIGHTSHIFTEQUAL;
    return -1;
}

/* ---- identifiers -------------------------------------------------------------------------- */

static uint32_t decode_utf8(const unsigned char *s, int *len) {
    unsigned c = s[0];
    int n = c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : c >= 0xc0 ? 2 : 1;
    uint32_t v = n == 1 ? c : c & (0x7fu >> n);
    for (int i = 1; i < n; i++) v = (v << 6) | (s[i] & 0x3f);
    *len = n;
    return v;
}

static int utf8_encode(uint32_t cp, char *out) {
    if (cp < 0x80) return out[0] = (char)cp, 1;
    if (cp < 0x800) return out[0] = (char)(0xc0 | (cp >> 6)), out[1] = (char)(0x80 | (cp & 63)), 2;
    if (cp < 0x10000)
        return out[0] = (char)(0xe0 | (cp >> 12)), out[1] = (char)(0x80 | ((cp >> 6) & 63)),
               out[2] = (char)(0x80 | (cp & 63)), 3;
    out[0] = (char)(0xf0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 63));
    out[2] = (char)(0x80 | ((cp >> 6) & 63));
    out[3] = (char)(0x80 | (cp & 63));
    return 4;
}

/* A UTF-8 decoding error inside token text s[0..n) (CPython's E_DECODE), reported at the line
 * where the token starts; 0 when the bytes are valid. */
static int decode_error(Lexer *L, const char *s, size_t n) {
    const char *why;
    int64_t bad = utf8_find_invalid(s, n, &why);
    if (bad < 0) return 0;
    int32_t line, col;
    line_col(L, L->start, &line, &col);
    return error_at(L, LEXERR_EXCEPTION, line, col,
                    "(unicode error) 'utf-8' codec can't decode byte 0x%02x in position %lld: %s",
                    (unsigned char)s[bad], (long long)bad, why);
}

/* CPython's verify_identifier(). */
static bool verify_identifier(Lexer *L) {
    size_t n = (size_t)(L->cur - L->start);
    if (!L->valid_utf8 && decode_error(L, L->start, n)) return false;
    const unsigned char *s = (const unsigned char *)L->start;
    size_t i = 0;
    bool first = true;
    while (i < n) {
        int len;
        uint32_t cp = decode_utf8(s + i, &len);
        bool ok = first ? (cp == '_' || uni_is_xid_start(cp)) : uni_is_xid_continue(cp);
        if (!ok) {
            L->cur = L->start + i + (size_t)len;
            char buf[8];
            int m = utf8_encode(cp, buf);
            buf[m] = 0;
            if (uni_is_printable(cp))
                error_at_cur(L, "invalid character '%s' (U+%04X)", buf, (unsigned)cp);
            else
                error_at_cur(L, "invalid non-printable character U+%04X", (unsigned)cp);
            return false;
        }
        first = false;
        i += (size_t)len;
    }
    return true;
}

/* ---- numbers ------------------------------------------------------------------------------ */

static bool lookahead(Lexer *L, const char *test) {
    const char *s = test;
    int res = 0;
    for (;;) {
        int c = nextc(L);
        if (*s == 0) {
            res = !is_id_char(c);
        } else if (c == *s) {
            s++;
            continue;
        }
        backup(L, c);
        while (s != test) backup(L, *--s);
        return res;
    }
}

/* CPython's verify_end_of_number(): "1if x else y" is allowed (with a warning), "1x" is not. */
static bool verify_end_of_number(Lexer *L, int c, const char *kind) {
    bool r = false;
    if (c == 'a')
        r = lookahead(L, "nd");
    else if (c == 'e')
        r = lookahead(L, "lse");
    else if (c == 'f')
        r = lookahead(L, "or");
    else if (c == 'i') {
        int c2 = nextc(L);
        r = c2 == 'f' || c2 == 'n' || c2 == 's';
        backup(L, c2);
    } else if (c == 'o')
        r = lookahead(L, "r");
    else if (c == 'n')
        r = lookahead(L, "ot");
    if (r) return true;
    if (c < 128 && c != EOF_ && is_id_char(c)) {
        backup(L, c);
        error_at_cur(L, "invalid %s literal", kind);
        return false;
    }
    return true;
}

/* CPython's tok_decimal_tail(): digits with single underscores between them. */
static int decimal_tail(Lexer *L) {
    int c;
    for (;;) {
        do c = nextc(L);
        while (is_digit(c));
        if (c != '_') break;
        c = nextc(L);
        if (!is_digit(c)) {
            backup(L, c);
            error_at_cur(L, "invalid decimal literal");
            return 0;
        }
    }
    return c;
}

/* Digits in [lo, hi] for 0x/0o/0b literals, with CPython's messages. */
static int radix_digits(Lexer *L, int base, const char *kind) {
    int c = nextc(L);
    do {
        if (c == '_') c = nextc(L);
        bool ok = base == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + base);
        if (!ok) {
            if (base != 16 && is_digit(c))
                return error_at_cur(L, "invalid digit '%c' in %s literal", c, kind), -2;
            backup(L, c);
            return error_at_cur(L, "invalid %s literal", kind), -2;
        }
        do c = nextc(L);
        while (base == 16 ? is_xdigit(c) : (c >= '0' && c < '0' + base));
    } while (c == '_');
    if (base != 16 && is_digit(c))
        return error_at_cur(L, "invalid digit '%c' in %s literal", c, kind), -2;
    if (!verify_end_of_number(L, c, kind)) return -2;
    return c;
}

static int number(Lexer *L, int c) {
    if (c == '.') goto fraction_after_dot;
    if (c == '0') {
        c = nextc(L);
        if (c == 'x' || c == 'X') {
            if ((c = radix_digits(L, 16, "hexadecimal")) == -2) return TOK_ERROR;
        } else if (c == 'o' || c == 'O') {
            if ((c = radix_digits(L, 8, "octal")) == -2) return TOK_ERROR;
        } else if (c == 'b' || c == 'B') {
            if ((c = radix_digits(L, 2, "binary")) == -2) return TOK_ERROR;
        } else {
            bool nonzero = false;
            for (;;) {
                if (c == '_') {
                    c = nextc(L);
                    if (!is_digit(c)) {
                        backup(L, c);
                        return error_at_cur(L, "invalid decimal literal");
                    }
                }
                if (c != '0') break;
                c = nextc(L);
            }
            const char *zeros_end = L->cur;
            if (is_digit(c)) {
                nonzero = true;
                c = decimal_tail(L);
                if (c == 0) return TOK_ERROR;
            }
            if (c == '.') {
                c = nextc(L);
                goto fraction;
            } else if (c == 'e' || c == 'E') {
                goto exponent;
            } else if (c == 'j' || c == 'J') {
                goto imaginary;
            } else if (nonzero) {
                backup(L, c);
                (void)zeros_end;
                int32_t line, col;
                line_col(L, L->start, &line, &col);
                return error_at(L, LEXERR_EXCEPTION, line, col,
                                "leading zeros in decimal integer literals are not permitted; "
                                "use an 0o prefix for octal integers");
            }
            if (!verify_end_of_number(L, c, "decimal")) return TOK_ERROR;
        }
    } else {
        c = decimal_tail(L);
        if (c == 0) return TOK_ERROR;
        if (c == '.') {
            c = nextc(L);
        fraction:
            if (is_digit(c)) {
            fraction_after_dot_digit:
                c = decimal_tail(L);
                if (c == 0) return TOK_ERROR;
            }
        }
        if (c == 'e' || c == 'E') {
            int e;
        exponent:
            e = c;
            c = nextc(L);
            if (c == '+' || c == '-') {
                c = nextc(L);
                if (!is_digit(c)) {
                    backup(L, c);
                    return error_at_cur(L, "invalid decimal literal");
                }
            } else if (!is_digit(c)) {
                backup(L, c);
                if (!verify_end_of_number(L, e, "decimal")) return TOK_ERROR;
                backup(L, e);
                return emit(L, TOK_NUMBER, L->start, L->cur);
            }
            c = decimal_tail(L);
            if (c == 0) return TOK_ERROR;
        }
        if (c == 'j' || c == 'J') {
        imaginary:
            c = nextc(L);
            if (!verify_end_of_number(L, c, "imaginary")) return TOK_ERROR;
        } else if (!verify_end_of_number(L, c, "decimal")) {
            return TOK_ERROR;
        }
    }
    backup(L, c);
    return emit(L, TOK_NUMBER, L->start, L->cur);

fraction_after_dot:
    /* ".5": the caller consumed the dot and saw a digit */
    c = nextc(L);
    goto fraction_after_dot_digit;
}

/* ---- strings ------------------------------------------------------------------------------ */

static Mode *top_mode(Lexer *L) {
    return &L->modes[L->nmodes];
}
static bool inside_fstring(Lexer *L) {
    return L->nmodes > 0;
}
static bool inside_fstring_expr(Mode *m) {
    return m->expr_start_depth >= 0;
}

static int string(Lexer *L, int quote) {
    int quote_size = 1, end_quote_size = 0;
    int c = nextc(L);
    if (c == quote) {
        c = nextc(L);
        if (c == quote)
            quote_size = 3;
        else
            end_quote_size = 1; /* empty string */
    }
    if (c != quote) backup(L, c);
    /* ordinary characters are skipped a pointer at a time; see nextc() for the sentinel */
    static const bool special[256] = {[0] = 1, ['\n'] = 1, ['\\'] = 1, ['\''] = 1, ['"'] = 1};
    const unsigned char *p = (const unsigned char *)L->cur;
    while (end_quote_size != quote_size) {
        while (!special[*p]) p++;
        c = *p++;
        if (c == 0) {
            c = EOF_;
            p = (const unsigned char *)L->end + 1;
        }
        L->cur = (const char *)p;
        if (c == EOF_ || (quote_size == 1 && c == '\n')) {
            int32_t start = cur_line(L);
            int32_t first_line, col;
            line_col(L, L->start, &first_line, &col);
            if (inside_fstring(L)) {
                Mode *m = top_mode(L);
                if (m->quote == quote && m->quote_size == quote_size)
                    return error_at(L, LEXERR_EXCEPTION, first_line, col,
                                    "%c-string: expecting '}'", m->prefix);
            }
            if (quote_size == 3)
                return error_at(L, LEXERR_EXCEPTION, first_line, col,
                                "unterminated triple-quoted string literal (detected at line %d)",
                                start);
            return error_at(L, LEXERR_EXCEPTION, first_line, col,
                            "unterminated string literal (detected at line %d)", start);
        }
        if (c == quote) {
            end_quote_size++;
            if (end_quote_size < quote_size && *p != quote) end_quote_size = 0;
        } else {
            end_quote_size = 0;
            if (c == '\\' && *p) p++; /* skip the escaped character */
        }
    }
    L->cur = (const char *)p;
    return emit(L, TOK_STRING, L->start, L->cur);
}

static int fstring_start(Lexer *L, int quote, char prefix) {
    int quote_size = 1;
    int after = nextc(L);
    if (after == quote) {
        int after2 = nextc(L);
        if (after2 == quote) {
            quote_size = 3;
        } else {
            backup(L, after2);
            backup(L, after);
        }
    } else {
        backup(L, after);
    }
    if (L->nmodes + 1 >= MAXFSTRINGLEVEL) return error_at_cur(L, "too many nested f-strings");
    Mode *m = &L->modes[++L->nmodes];
    memset(m, 0, sizeof *m);
    m->fstring_mode = true;
    m->quote = (char)quote;
    m->quote_size = (int8_t)quote_size;
    m->start = (uint32_t)(L->start - L->buf);
    char p0 = (char)(L->start[0] | 0x20), p1 = (char)(L->start[1] | 0x20);
    m->raw = p0 == 'r' || p1 == 'r';
    m->prefix = prefix;
    m->curly_depth = 0;
    m->expr_start_depth = -1;
    int k = emit(L, TOK_FSTRING_START, L->start, L->cur);
    if (prefix == 't') L->out->toks[L->out->count - 1].flags |= TOKF_TSTRING;
    return k;
}

static int get_normal(Lexer *L, Mode *m);

/* CPython's tok_get_fstring_mode(). */
static int get_fstring(Lexer *L, Mode *m) {
    L->start = L->cur;
    int start_char = nextc(L);
    if (start_char == '{') {
        int peek1 = nextc(L);
        backup(L, peek1);
        backup(L, start_char);
        if (peek1 != '{') {
            m->expr_start_depth++;
            if (m->expr_start_depth >= MAX_EXPR_NESTING)
                return error_at_cur(L, "%c-string: expressions nested too deeply", m->prefix);
            m->fstring_mode = false;
            return get_normal(L, m);
        }
    } else {
        backup(L, start_char);
    }
    /* the end of the string? */
    int i;
    for (i = 0; i < m->quote_size; i++) {
        int q = nextc(L);
        if (q != m->quote) {
            backup(L, q);
            break;
        }
    }
    if (i == m->quote_size) {
        L->nmodes--;
        return emit(L, TOK_FSTRING_END, L->start, L->cur);
    }
    L->cur = L->start;

    int end_quote_size = 0;
    bool unicode_escape = false;
    while (end_quote_size != m->quote_size) {
        int c = nextc(L);
        bool in_format_spec = m->in_format_spec && inside_fstring_expr(m);
        if (c == EOF_ || (m->quote_size == 1 && c == '\n')) {
            if (in_format_spec && c == '\n') {
                if (m->quote_size == 1 && L->minor >= 14) { /* 3.13.0 lets it end the spec */
                    backup(L, c);
                    int32_t line, col; /* (CPython's cursor is past the newline: at it, here) */
                    line_col(L, L->cur, &line, &col);
                    return error_at(L, LEXERR_EXCEPTION, line, col,
                                    "%c-string: newlines are not allowed in format specifiers "
                                    "for single quoted %c-strings",
                                    m->prefix, m->prefix);
                }
                backup(L, c);
                m->fstring_mode = false;
                m->in_format_spec = false;
                return emit(L, TOK_FSTRING_MIDDLE, L->start, L->cur);
            }
            int32_t line, col;
            int32_t start = cur_line(L);
            line_col(L, L->buf + m->start, &line, &col);
            if (m->quote_size == 3)
                return error_at(
                    L, LEXERR_EXCEPTION, line, col,
                    "unterminated triple-quoted %c-string literal (detected at line %d)", m->prefix,
                    start);
            return error_at(L, LEXERR_EXCEPTION, line, col,
                            "unterminated %c-string literal (detected at line %d)", m->prefix,
                            start);
        }
        if (c == m->quote) {
            end_quote_size++;
            continue;
        }
        end_quote_size = 0;
        if (c == '{') {
            int peek = nextc(L);
            if (peek != '{' || in_format_spec) {
                backup(L, peek);
                backup(L, c);
                m->expr_start_depth++;
                if (m->expr_start_depth >= MAX_EXPR_NESTING)
                    return error_at_cur(L, "%c-string: expressions nested too deeply", m->prefix);
                m->fstring_mode = false;
                m->in_format_spec = false;
                return emit(L, TOK_FSTRING_MIDDLE, L->start, L->cur);
            }
            return emit_at(L, TOK_FSTRING_MIDDLE, L->start, L->cur - 1, L->cur);
        } else if (c == '}') {
            if (unicode_escape) return emit(L, TOK_FSTRING_MIDDLE, L->start, L->cur);
            int peek = nextc(L);
            if (peek == '}' && !in_format_spec && m->curly_depth == 0)
                return emit_at(L, TOK_FSTRING_MIDDLE, L->start, L->cur - 1, L->cur);
            backup(L, peek);
            backup(L, c);
            m->fstring_mode = false;
            m->in_format_spec = false;
            return emit(L, TOK_FSTRING_MIDDLE, L->start, L->cur);
        } else if (c == '\\') {
            int peek = nextc(L);
            if (peek == '{' || peek == '}') {
                backup(L, peek);
                continue;
            }
            if (!m->raw && peek == 'N') {
                peek = nextc(L);
                if (peek == '{')
                    unicode_escape = true;
                else
                    backup(L, peek);
            }
        }
    }
    /* give the closing quotes back: they make the FSTRING_END next time */
    for (int k = 0; k < m->quote_size; k++) backup(L, m->quote);
    return emit(L, TOK_FSTRING_MIDDLE, L->start, L->cur);
}

/* ---- the regular mode --------------------------------------------------------------------- */

/* Whether s..e holds "noqa" in any case: a scan for its q, sixteen bytes at a time. */
static bool mentions_noqa(const char *s, const char *e) {
    const char *p = s;
    for (; p + 16 <= e; p += 16)
        for (unsigned m = scan16_eq(p, 'q') | scan16_eq(p, 'Q'); m; m &= m - 1) {
            const char *q = p + __builtin_ctz(m);
            if (q - s >= 2 && q + 1 < e && (q[-2] | 0x20) == 'n' && (q[-1] | 0x20) == 'o' &&
                (q[1] | 0x20) == 'a')
                return true;
        }
    for (p = p - s >= 2 ? p - 2 : s; p + 4 <= e; p++)
        if ((p[0] | 0x20) == 'n' && (p[1] | 0x20) == 'o' && (p[2] | 0x20) == 'q' &&
            (p[3] | 0x20) == 'a')
            return true;
    return false;
}

static void note_noqa(Lexer *L, const char *hash) {
    TokenArray *a = L->out;
    if (a->nnoqa == a->cap_noqa &&
        vec_grow_(L->arena, (void **)&a->noqa, &a->cap_noqa, sizeof(uint32_t), a->nnoqa + 1)) {
        L->failed = true;
        return;
    }
    a->noqa[a->nnoqa++] = (uint32_t)(hash - L->buf);
}

/* Records the innermost open bracket in the error, for "'(' was never closed". */
static void note_open_bracket(Lexer *L) {
    LexError *e = &L->out->err;
    if (L->level == 0) return;
    e->paren = L->parenstack[L->level - 1];
    line_col(L, L->parenpos[L->level - 1], &e->paren_line, &e->paren_col);
}

/* CPython's tok_continuation_line(); returns false on error. */
static bool continuation_line(Lexer *L) {
    int c = nextc(L);
    if (c != '\n') {
        int32_t line, col;
        line_col(L, char_before(L, L->cur), &line, &col);
        /* E_LINECONT: no exception until the parser reaches it */
        error_at(L, LEXERR_LINECONT, line, col,
                 "unexpected character after line continuation character");
        note_open_bracket(L);
        return false;
    }
    c = nextc(L);
    if (c == EOF_) { /* (CPython: at the end of the backslash's line) */
        error_at(L, LEXERR_EOF, cur_line(L), line_length(L, cur_line(L)),
                 "unexpected EOF while parsing");
        L->out->err.paren = 0;
        note_open_bracket(L); /* (inside brackets: CPython says which was never closed) */
        return false;
    }
    backup(L, c);
    return true;
}

/* The indentation of a new line (the atbol part of CPython's tok_get_normal_mode()). Returns
 * TOK_ERROR on error, else 0. */
static int indentation(Lexer *L) {
    int col = 0, altcol = 0, cont_line_col = 0;
    int c;
    L->atbol = false;
    for (;;) {
        const char *p = L->cur; /* the common case: a run of spaces */
        while (*p == ' ') p++;
        col += (int)(p - L->cur), altcol += (int)(p - L->cur);
        L->cur = p;
        c = nextc(L);
        if (c == ' ') {
            col++, altcol++;
        } else if (c == '\t') {
            col = (col / TABSIZE + 1) * TABSIZE;
            altcol = altcol + 1;
        } else if (c == '\f') {
            col = altcol = 0;
        } else if (c == '\\') {
            cont_line_col = cont_line_col ? cont_line_col : col;
            if (!continuation_line(L)) return TOK_ERROR;
        } else {
            break;
        }
    }
    backup(L, c);
    if (c == '#' || c == '\n') L->blankline = true;
    if (L->blankline || L->level != 0) return 0;
    if (cont_line_col) col = altcol = cont_line_col;
    if (col == L->indstack[L->indent]) {
        if (altcol != L->altindstack[L->indent])
            return indent_error(L, "inconsistent use of tabs and spaces in indentation");
    } else if (col > L->indstack[L->indent]) {
        if (L->indent + 1 >= MAXINDENT) return indent_error(L, "too many levels of indentation");
        if (altcol <= L->altindstack[L->indent])
            return indent_error(L, "inconsistent use of tabs and spaces in indentation");
        L->pendin++;
        L->indstack[++L->indent] = col;
        L->altindstack[L->indent] = altcol;
    } else {
        while (L->indent > 0 && col < L->indstack[L->indent]) {
            L->pendin--;
            L->indent--;
        }
        if (col != L->indstack[L->indent]) return unindent_error(L);
        if (altcol != L->altindstack[L->indent])
            return indent_error(L, "inconsistent use of tabs and spaces in indentation");
    }
    return 0;
}

static int brackets(Lexer *L, Mode *m, int c) {
    switch (c) {
    case '(':
    case '[':
    case '{':
        if (L->level >= MAXLEVEL) return error_at_cur(L, "too many nested parentheses");
        L->parenstack[L->level] = (char)c;
        L->parenpos[L->level] = L->start;
        L->level++;
        if (inside_fstring(L)) m->curly_depth++;
        break;
    case ')':
    case ']':
    case '}':
        if (inside_fstring(L) && !m->curly_depth && c == '}')
            return error_at_cur(L, "%c-string: single '}' is not allowed", m->prefix);
        if (!L->level) return error_at_cur(L, "unmatched '%c'", c);
        L->level--;
        int open = L->parenstack[L->level];
        if (!((open == '(' && c == ')') || (open == '[' && c == ']') ||
              (open == '{' && c == '}'))) {
            if (inside_fstring(L) && open == '{' && m->curly_depth - 1 == m->expr_start_depth)
                return error_at_cur(L, "%c-string: unmatched '%c'", m->prefix, c);
            int32_t open_line, open_col;
            line_col(L, L->parenpos[L->level], &open_line, &open_col);
            if (open_line != cur_line(L))
                return error_at_cur(L,
                                    "closing parenthesis '%c' does not match opening "
                                    "parenthesis '%c' on line %d",
                                    c, open, open_line);
            return error_at_cur(
                L, "closing parenthesis '%c' does not match opening parenthesis '%c'", c, open);
        }
        if (inside_fstring(L)) {
            m->curly_depth--;
            if (m->curly_depth < 0)
                return error_at_cur(L, "%c-string: unmatched '%c'", m->prefix, c);
            if (c == '}' && m->curly_depth == m->expr_start_depth) {
                m->expr_start_depth--;
                m->fstring_mode = true;
                m->in_format_spec = false;
                m->debug = false;
            }
        }
        break;
    default: break;
    }
    return 0;
}

/* CPython's tok_get_normal_mode(). */
/* A string prefix (b, r, u, f and, from 3.14, t, in CPython's combinations), at its first
 * character *c: returns the string's token when a quote follows, TOK_ERROR for a combination
 * CPython 3.14 refuses, TOK_NAME (with *c the character after what was read) for a name. */
static int string_prefix(Lexer *L, int *c) {
    bool saw_b = false, saw_r = false, saw_u = false, saw_f = false, saw_t = false;
    for (;;) {
        int lc = *c | 0x20;
        if (*c >= 128) break;
        if (L->minor < 14) { /* 3.13's tokenizer: only the valid orders are read as a prefix */
            if (!(saw_b || saw_u || saw_f) && lc == 'b')
                saw_b = true;
            else if (!(saw_b || saw_u || saw_r || saw_f) && lc == 'u')
                saw_u = true;
            else if (!(saw_r || saw_u) && lc == 'r')
                saw_r = true;
            else if (!(saw_f || saw_b || saw_u) && lc == 'f')
                saw_f = true;
            else
                break;
        } else { /* 3.14's: each letter once, in any order, then an error for what cannot mix */
            bool *saw = lc == 'b'   ? &saw_b
                        : lc == 'u' ? &saw_u
                        : lc == 'r' ? &saw_r
                        : lc == 'f' ? &saw_f
                        : lc == 't' ? &saw_t
                                    : NULL;
            if (!saw || *saw) break;
            *saw = true;
        }
        *c = nextc(L);
        if (*c == '"' || *c == '\'') {
            static const char *const pairs[][2] = {{"u", "b"}, {"u", "r"}, {"u", "f"}, {"u", "t"},
                                                   {"b", "f"}, {"b", "t"}, {"f", "t"}};
            const bool seen[] = {saw_u && saw_b, saw_u && saw_r, saw_u && saw_f, saw_u && saw_t,
                                 saw_b && saw_f, saw_b && saw_t, saw_f && saw_t};
            for (int i = 0; i < 7; i++)
                if (seen[i]) {
                    int32_t line, col;
                    line_col(L, L->start, &line, &col);
                    return error_at(L, LEXERR_EXCEPTION, line, col,
                                    "'%s' and '%s' prefixes are incompatible", pairs[i][0],
                                    pairs[i][1]);
                }
            if (saw_f || saw_t) return fstring_start(L, *c, saw_t ? 't' : 'f');
            return string(L, *c);
        }
    }
    return TOK_NAME;
}

static int get_normal(Lexer *L, Mode *m) {
    int c;
    L->blankline = false;
nextline:
    if (L->atbol) {
        if (indentation(L) == TOK_ERROR) return TOK_ERROR;
    }
    L->start = L->cur;
    if (L->pendin != 0) {
        if (L->pendin < 0) {
            L->pendin++;
            return emit(L, TOK_DEDENT, L->cur, L->cur);
        }
        L->pendin--;
        /* from the start of the line, found by the line cursor (the token is on its line) */
        uint32_t line = (uint32_t)line_at(L, (uint32_t)(L->cur - L->buf));
        return emit(L, TOK_INDENT, L->buf + L->lines.starts[line - 1], L->cur);
    }
again:
    do c = nextc(L);
    while (c == ' ' || c == '\t' || c == '\f');
    L->start = L->cur - 1;

    if (c == '#') {
        const char *nl = memchr(L->cur, '\n', (size_t)(L->end - L->cur));
        if (!nl) nl = L->end;
        if (mentions_noqa(L->cur, nl)) note_noqa(L, L->cur - 1);
        L->cur = nl;
        c = nextc(L);
    }
    if (c == EOF_) {
        L->start = L->end;
        L->cur = L->end;
        if (L->level) {
            error_at(L, LEXERR_EOF, cur_line(L), 0, "unexpected EOF while parsing");
            note_open_bracket(L);
            return TOK_ERROR;
        }
        return emit(L, TOK_ENDMARKER, L->end, L->end);
    }

    if (is_id_start(c)) {
        /* string prefixes: b, r, u, f and their combinations */
        int lc0 = c | 0x20;
        bool maybe_prefix = c < 128 && (lc0 == 'b' || lc0 == 'r' || lc0 == 'u' || lc0 == 'f' ||
                                        (lc0 == 't' && L->minor >= 14));
        if (maybe_prefix) {
            int k = string_prefix(L, &c);
            if (k != TOK_NAME) return k;
        }
        backup(L, c);
        const unsigned char *p = (const unsigned char *)L->cur;
        unsigned high = 0;
        while (is_id_char(*p)) high |= *p++;
        L->cur = (const char *)p;
        bool nonascii = high >= 128;
        if (nonascii && !verify_identifier(L)) return TOK_ERROR;
        int k = emit(L, keyword(L->start, (size_t)(L->cur - L->start)), L->start, L->cur);
        if (nonascii) L->out->toks[L->out->count - 1].flags |= TOKF_NONASCII;
        return k;
    }

    if (c == '\n') {
        L->atbol = true;
        if (L->blankline || L->level > 0) {
            L->blankline = false;
            goto nextline;
        }
        note_logical_line(L, L->out->count + 1);
        return emit(L, TOK_NEWLINE, L->start, L->cur);
    }

    if (c == '.') {
        c = nextc(L);
        if (is_digit(c)) {
            backup(L, c);
            return number(L, '.');
        }
        if (c == '.') {
            c = nextc(L);
            if (c == '.') return emit(L, TOK_ELLIPSIS, L->start, L->cur);
            backup(L, c);
            backup(L, '.');
        } else {
            backup(L, c);
        }
        return emit(L, TOK_DOT, L->start, L->cur);
    }

    if (is_digit(c)) return number(L, c);

    if (c == '\'' || c == '"') return string(L, c);

    if (c == '\\') {
        if (!continuation_line(L)) return TOK_ERROR;
        goto again;
    }

    /* f-string punctuation: ':' '!' '}' '{' at the top of a replacement field */
    bool punct = c == ':' || c == '}' || c == '!' || c == '{';
    if (punct && inside_fstring(L) && inside_fstring_expr(m)) {
        int cursor = m->curly_depth - (c != '{');
        bool valid = cursor == 0 || (cursor == 1 && (m->debug || m->in_format_spec));
        (void)valid;
        if (c == ':' && cursor == m->expr_start_depth) {
            m->fstring_mode = true;
            m->in_format_spec = true;
            return emit(L, TOK_COLON, L->start, L->cur);
        }
    }

    {
        int c2 = nextc(L);
        int t2 = two_chars(c, c2);
        if (t2 >= 0) {
            int c3 = nextc(L);
            int t3 = three_chars(c, c2, c3);
            if (t3 >= 0)
                t2 = t3;
            else
                backup(L, c3);
            return emit(L, t2, L->start, L->cur);
        }
        if (c == '.' && c2 == '.') { /* handled above */
        }
        backup(L, c2);
    }

    if (brackets(L, m, c) == TOK_ERROR) return TOK_ERROR;

    int t1 = one_char(c);
    if (t1 < 0) {
        if (c < 0x20 || c == 0x7f)
            return error_at_cur(L, "invalid non-printable character U+%04X", c);
        /* CPython's _PyToken_OneChar() makes an OP of any other character: the parser, not the
         * tokenizer, rejects it ("invalid syntax"), so an earlier parser error stands. */
        return emit(L, TOK_OP, L->start, L->cur);
    }
    if (c == '=' && inside_fstring_expr(m)) m->debug = true;
    return emit(L, t1, L->start, L->cur);
}

/* ---- the hot loop ------------------------------------------------------------------------ */

/* Most of a file, lexed with the cursor, the token slot and the line cursor in registers: names
 * and keywords, operators and brackets, newlines, comments, blank lines, and indentation made of
 * spaces (its INDENT and DEDENTs); strings and numbers go to string() and number() directly. It
 * returns, with the lexer's state written back, at the first thing it does not take (string
 * prefixes, f-strings, tabs and form feeds in indentation, non-ASCII names, a backslash, the end,
 * anything wrong), which get_normal() then lexes exactly as it would have from there. Only the
 * regular mode, outside any f-string. lex_tokenize_reference() runs without it, and fuzz_lex
 * holds the two to the same tokens. */
/* How lex_fast() takes a character that starts a token (0: it does not, get_normal() does). */
enum {
    F_SLOW,
    F_SPACE,
    F_NAME,
    F_NEWLINE,
    F_HASH,
    F_STRING,
    F_DIGIT,
    F_DOT,
    F_OPEN,
    F_CLOSE,
    F_OP1,
    F_OP
};
static const uint8_t fast_class[256] = {
    [' '] = F_SPACE,   ['\t'] = F_SPACE, ['\f'] = F_SPACE, ['\n'] = F_NEWLINE, ['#'] = F_HASH,
    ['\''] = F_STRING, ['"'] = F_STRING, ['.'] = F_DOT,    ['('] = F_OPEN,     ['['] = F_OPEN,
    ['{'] = F_OPEN,    [')'] = F_CLOSE,  [']'] = F_CLOSE,  ['}'] = F_CLOSE,    [','] = F_OP1,
    [';'] = F_OP1,     ['~'] = F_OP1,    ['+'] = F_OP,     ['-'] = F_OP,       ['*'] = F_OP,
    ['/'] = F_OP,      ['|'] = F_OP,     ['&'] = F_OP,     ['<'] = F_OP,       ['>'] = F_OP,
    ['='] = F_OP,      ['%'] = F_OP,     ['^'] = F_OP,     ['@'] = F_OP,       ['!'] = F_OP,
    [':'] = F_OP,      ['_'] = F_NAME,   ['0'] = F_DIGIT,  ['1'] = F_DIGIT,    ['2'] = F_DIGIT,
    ['3'] = F_DIGIT,   ['4'] = F_DIGIT,  ['5'] = F_DIGIT,  ['6'] = F_DIGIT,    ['7'] = F_DIGIT,
    ['8'] = F_DIGIT,   ['9'] = F_DIGIT,
#define L2(x, y) [x] = F_NAME, [y] = F_NAME
    L2('a', 'A'),      L2('b', 'B'),     L2('c', 'C'),     L2('d', 'D'),       L2('e', 'E'),
    L2('f', 'F'),      L2('g', 'G'),     L2('h', 'H'),     L2('i', 'I'),       L2('j', 'J'),
    L2('k', 'K'),      L2('l', 'L'),     L2('m', 'M'),     L2('n', 'N'),       L2('o', 'O'),
    L2('p', 'P'),      L2('q', 'Q'),     L2('r', 'R'),     L2('s', 'S'),       L2('t', 'T'),
    L2('u', 'U'),      L2('v', 'V'),     L2('w', 'W'),     L2('x', 'X'),       L2('y', 'Y'),
    L2('z', 'Z'),
#undef L2
};

static void lex_fast(Lexer *L) {
    TokenArray *a = L->out;
    const unsigned char *buf = (const unsigned char *)L->buf;
    const unsigned char *p, *s;
    const uint32_t *starts = L->lines.starts;
    const int32_t nlines = L->lines.count;
    int32_t line;
    uint32_t next;
    int level = L->level;
    Token *t, *tend;
    int c, kind;
#define LOAD()                                                                                     \
    (t = a->toks + a->count, tend = a->toks + L->cap, line = L->pos_line, next = L->pos_next,      \
     p = (const unsigned char *)L->cur)
#define SAVE()                                                                                     \
    (a->count = (int32_t)(t - a->toks), L->pos_line = line, L->pos_next = next, L->level = level,  \
     L->cur = (const char *)p)
/* A token from byte sp to byte ep, on one line (a NEWLINE ends where the next line starts). */
#define EMIT(k, sp, ep)                                                                            \
    do {                                                                                           \
        if (t == tend) {                                                                           \
            SAVE();                                                                                \
            if (!grow_tokens(L)) return;                                                           \
            LOAD();                                                                                \
        }                                                                                          \
        uint32_t so_ = (uint32_t)((sp)-buf), eo_ = (uint32_t)((ep)-buf);                           \
        while (so_ >= next) next = ++line + 1 < nlines ? starts[line + 1] : UINT32_MAX;            \
        t->lineno = line + 1;                                                                      \
        t->end_lineno = line + 1 + ((k) == TOK_NEWLINE);                                           \
        t->start = so_, t->end = eo_;                                                              \
        t->kind = (uint8_t)(k), t->flags = 0;                                                      \
        t++;                                                                                       \
    } while (0)
    LOAD();
    s = p;
    if (L->atbol) goto bol;
    for (;;) {
        s = p;
        c = *p;
        switch (fast_class[c]) {
        case F_SPACE:
            do p++;
            while (*p == ' ');
            continue;
        case F_NAME:
            if (L->end - (const char *)p >= 16) {
                unsigned stop = ~scan16_name((const char *)p) & 0xffff;
                p += stop ? __builtin_ctz(stop) : 16;
                if (!stop)
                    while (id_table[*p] & 4) p++;
            } else {
                while (id_table[*++p] & 4) {
                }
            }
            /* a non-ASCII name, or a string prefix ("rb'...'"; from 3.14 up to five letters,
             * each at most once, which get_normal() rejects when they cannot mix: "Trb'...'") */
            if (*p >= 0x80 || (p - s <= 5 && (*p == '\'' || *p == '"'))) goto slow;
            kind = keyword((const char *)s, (size_t)(p - s));
            break;
        case F_HASH: {
            /* a SourceText ends in '\n', so e is found; the tests below keep a text that broke
             * that contract from being read past its end */
            const char *e = memchr(p, '\n', (size_t)(L->end - (const char *)p));
            if (!e) e = L->end;
            if (mentions_noqa((const char *)p + 1, e)) note_noqa(L, (const char *)p);
            p = (const unsigned char *)e;
            if (*p != '\n') { /* the end: get_normal() takes it from there */
                s = p;
                goto slow;
            }
            /* then the newline, a token that starts at the '#' as in CPython */
        }
            __attribute__((fallthrough));
        case F_NEWLINE:
            p++;
            if (level > 0) continue; /* implicit line joining */
            kind = TOK_NEWLINE;
            break;
        case F_STRING:
        case F_DIGIT:
            SAVE();
            L->start = (const char *)s;
            L->cur = (const char *)p + 1;
            if (is_digit(c))
                number(L, c);
            else
                string(L, c);
            if (L->failed) return;
            LOAD();
            continue;
        case F_DOT:
            if (is_digit(p[1])) goto slow;
            if (p[1] == '.' && p[2] == '.') {
                p += 3;
                kind = TOK_ELLIPSIS;
            } else {
                p++;
                kind = TOK_DOT;
            }
            break;
        case F_OPEN:
            if (level >= MAXLEVEL) goto slow;
            L->parenstack[level] = (char)c;
            L->parenpos[level++] = (const char *)p;
            kind = one_char(*p++);
            break;
        case F_CLOSE: {
            int open = level ? L->parenstack[level - 1] : 0;
            if (open != (c == ')' ? '(' : c == ']' ? '[' : '{')) goto slow;
            level--;
            kind = one_char(*p++);
            break;
        }
        case F_OP1: kind = one_char(*p++); break;
        case F_OP:
            kind = two_chars(c, p[1]);
            if (kind >= 0) {
                int k3 = three_chars(c, p[1], p[2]);
                p += k3 >= 0 ? 3 : 2;
                kind = k3 >= 0 ? k3 : kind;
            } else {
                if (c == '!') goto slow;
                kind = one_char(*p++);
            }
            break;
        default: goto slow;
        }
        EMIT(kind, s, p);
        if (kind != TOK_NEWLINE) continue;
        note_logical_line(L, (int32_t)(t - a->toks));
    bol:
        /* A new line: blank and comment-only lines are skipped, an indentation of spaces makes
         * its INDENT or DEDENTs (a tab, a form feed, a backslash, the end, or an error goes to
         * get_normal(), from the start of the line). */
        for (;;) {
            s = p;
            while (*p == ' ') p++;
            if (*p == '\n') {
                p++;
            } else if (*p == '#') {
                const char *e = memchr(p, '\n', (size_t)(L->end - (const char *)p));
                if (!e) break; /* the end */
                if (mentions_noqa((const char *)p + 1, e)) note_noqa(L, (const char *)p);
                p = (const unsigned char *)e + 1;
            } else {
                break;
            }
        }
        c = *p;
        int col = (int)(p - s), to = L->indent;
        bool deeper = col > L->indstack[to];
        while (to > 0 && col < L->indstack[to]) to--; /* the level a dedent returns to */
        if (c == '\t' || c == '\f' || c == '\\' || c == '#' || c == 0 ||
            (deeper ? to + 1 >= MAXINDENT || col <= L->altindstack[to]
                    : col != L->indstack[to] || col != L->altindstack[to])) {
            p = s;
            L->atbol = true;
            break;
        }
        L->atbol = false;
        if (deeper) {
            L->indent = ++to;
            L->indstack[to] = L->altindstack[to] = col;
            EMIT(TOK_INDENT, s, p);
        } else {
            for (; L->indent > to; L->indent--) EMIT(TOK_DEDENT, p, p);
        }
    }
slow:
    SAVE();
    L->cur = (const char *)s;
#undef LOAD
#undef SAVE
}

static int get_token(Lexer *L) {
    Mode *m = top_mode(L);
    return m->fstring_mode ? get_fstring(L, m) : get_normal(L, m);
}

static bool tokenize(Arena *arena, const SourceText *src, TokenArray *a, bool fast, int minor) {
    memset(a, 0, sizeof *a);
    Lexer *L = arena_zalloc(arena, sizeof *L);
    if (!L) return false;
    L->buf = src->text;
    L->end = src->text + src->len;
    L->cur = src->text;
    if (!line_index_build(arena, src->text, src->len, &L->lines)) return false;
    a->lines = L->lines;
    L->pos_next = L->lines.count > 1 ? L->lines.starts[1] : UINT32_MAX;
    L->arena = arena;
    L->out = a;
    L->atbol = true;
    L->valid_utf8 = src->valid_utf8;
    L->minor = minor;
    L->modes[0].expr_start_depth = -1;
    L->cap = (int32_t)(src->len / 4) + 64;
    a->toks = arena_alloc(arena, sizeof(Token) * (size_t)L->cap);
    if (!a->toks) return false;
    for (;;) {
        if (fast && L->nmodes == 0 && L->pendin == 0) lex_fast(L);
        if (L->failed) return a->err.kind != LEXERR_NONE;
        int k = get_token(L);
        if (L->failed) return a->err.kind != LEXERR_NONE;
        if (k == TOK_ENDMARKER) break;
    }
    note_logical_line(L, a->count);
    return true;
}

bool lex_tokenize(Arena *arena, const SourceText *src, TokenArray *a) {
    return tokenize(arena, src, a, true, LEX_PY_NEWEST);
}

bool lex_tokenize_as(Arena *arena, const SourceText *src, int minor, TokenArray *a) {
    return tokenize(arena, src, a, true, minor);
}

bool lex_tokenize_reference(Arena *arena, const SourceText *src, TokenArray *a) {
    return tokenize(arena, src, a, false, LEX_PY_NEWEST);
}
