/* out_internal.h — what the format writers share (not part of the public API; unit_output.c tests
 * these helpers directly):
 *   output.c     dispatch, rule lookup table, rule URLs, UTF-8 walking, integers
 *   out_text.c   text and full: visible rendering of paths/messages, display widths, caret lines
 *   out_json.c   JSON string escaping and a pretty-printing JSON writer; the json format
 *   out_sarif.c  URI percent-encoding, fingerprints; the sarif format
 *   out_sarif_text.c  rule help as Markdown, messages with links to related locations
 *   out_github.c workflow-command escaping; the github format
 */
#ifndef DW_OUT_INTERNAL_H
#define DW_OUT_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "output.h"

#define OUT_STR(s) ((s) ? (s) : "")
enum { OUT_TAB_WIDTH = 4, OUT_JSON_MAXDEPTH = 16 };

/* ---- output.c ------------------------------------------------------------------------------ */

/* Decodes the character at s[0..n) (n >= 1): returns its length in bytes and sets *cp. A byte that
 * starts no well-formed UTF-8 sequence is one character, U+FFFD. */
int out_utf8_next(const char *s, size_t n, uint32_t *cp);
void out_utf8_put(Buf *b, uint32_t cp);
/* A decimal integer, without printf. */
void out_put_int(Buf *b, int64_t v);
/* For a location in a notebook's cell, "cell 3, line 2, column 5: " (the formats that point into
 * the .ipynb file as stored, SARIF and GitHub, say where in the cell in the message); nothing for
 * any other location. */
void out_cell_where(Buf *b, const Location *l);

/* The rules a run reports about: OutputOptions.rules in their order, then every code that occurs
 * in the findings but not in the options (named after the finding, level "warning"), in order of
 * first occurrence. Lookups by code go through an open-addressing hash table. */
typedef struct RuleTable {
    RuleInfo *rules;
    int32_t len;
    int32_t *slots; /* index+1, 0 for empty; a power of two in size */
    uint32_t mask;
} RuleTable;

/* Builds the table in the arena; false when out of memory. */
bool out_rules_init(RuleTable *t, Arena *a, const OutputOptions *opt, const FindingList *fl);
/* The index of code in t->rules, or -1. */
int32_t out_rules_find(const RuleTable *t, const char *code);
/* A rule's SARIF level: its own if valid, else "warning". */
const char *out_rule_level(const RuleInfo *r);

/* ---- out_text.c ---------------------------------------------------------------------------- */

/* How many terminal columns cp takes: 0 for combining marks and format characters, 2 for East
 * Asian wide and fullwidth characters, 1 otherwise (tabs and controls are handled by callers). */
int out_char_width(uint32_t cp);
/* Appends s for a terminal: C0 controls and DEL as their Unicode control pictures (U+2400 + c,
 * U+2421), C1 controls and ill-formed UTF-8 as U+FFFD, everything else as is. */
void out_put_visible(Buf *b, const char *s);
/* The same for one character s[0..len) decoded as cp (out_utf8_next), tab included (as ␉). */
void out_put_visible_char(Buf *b, const char *s, int len, uint32_t cp);

/* Echoes one source line (up to its end or its first \r or \n) into b for a terminal: tabs
 * expanded to the next multiple of OUT_TAB_WIDTH, controls shown as by out_put_visible. Sets
 * *caret_at to the display column (0-based) where character column col (1-based) starts and
 * *caret_len to the display width of characters col .. end_col-1, end_col <= 0 meaning "to the
 * end of the line"; at least 1 (an empty span or a span past the end gets one caret). */
void out_echo_line(Buf *b, const char *line, int32_t col, int32_t end_col, int32_t *caret_at,
                   int32_t *caret_len);

bool out_write_text(Buf *b, const FindingList *fl, const OutputOptions *opt, bool full);

/* ---- out_json.c ---------------------------------------------------------------------------- */

/* Appends s as a JSON string literal: " and \ escaped, every control character (C0, DEL, C1) as
 * \n \r \t \b \f or \u00XX, ill-formed UTF-8 as U+FFFD, other characters as UTF-8 bytes. NULL is
 * written as null. */
void out_json_string(Buf *b, const char *s);

/* Writes pretty-printed JSON (2-space indentation, "key": value) as serde_json does: the writer
 * places commas, newlines and indentation. In an object call jw_key before each value. */
typedef struct JsonWriter {
    Buf *b;
    int depth;
    bool after_key;
    bool compact; /* no line breaks or indentation (a protocol message: one line) */
    int32_t count[OUT_JSON_MAXDEPTH];
} JsonWriter;

void jw_init(JsonWriter *w, Buf *b);
void jw_open(JsonWriter *w, char bracket);  /* '{' or '[' */
void jw_close(JsonWriter *w, char bracket); /* '}' or ']' */
void jw_key(JsonWriter *w, const char *key);
void jw_str(JsonWriter *w, const char *s); /* NULL: null */
void jw_int(JsonWriter *w, int64_t v);
void jw_bool(JsonWriter *w, bool v);
void jw_null(JsonWriter *w);
/* Starts a value whose text the caller appends to w->b itself (a string built in pieces). */
void jw_raw(JsonWriter *w);
/* "key": {"column": col, "row": line} (ruff's location objects). */
void jw_location(JsonWriter *w, const char *key, int32_t line, int32_t col);

bool out_write_json(Buf *b, const FindingList *fl, const OutputOptions *opt);

/* ---- out_sarif.c --------------------------------------------------------------------------- */

/* Appends s[0..n) percent-encoded as a URI path: unreserved characters (A-Z a-z 0-9 - . _ ~) and
 * '/' as they are, every other byte as %XX (upper-case hex), so spaces, ':', '%', '#', '?' and
 * each byte of a non-ASCII character are encoded. */
void out_uri_encode(Buf *b, const char *s, size_t n);
/* Appends the file:// URI of an absolute directory, with one trailing slash. */
void out_file_uri_dir(Buf *b, const char *dir);
/* Appends the URI of a finding's path for SARIF and says whether it is relative to root (uriBaseId
 * %SRCROOT%): a relative path loses its leading "./"; an absolute path under root loses root; any
 * other absolute path becomes a file:// URI. */
bool out_sarif_uri(Buf *b, const char *path, const char *root);

bool out_write_sarif(Buf *b, const FindingList *fl, const OutputOptions *opt);

/* ---- out_sarif_text.c ----------------------------------------------------------------------- */

/* A rule's documentation (prose paragraphs, code indented by four spaces) as GitHub-flavoured
 * Markdown: code in fenced python blocks, prose escaped outside its `code spans`. */
void out_doc_markdown(Buf *b, const char *doc);
/* A finding's message with SARIF embedded links to its related locations, whose ids are 1, 2, ...
 * in order: the text naming each one ("line 12", "lines 12-14", "base.py:40"; in a notebook,
 * "line 3 of cell 2" for another cell's line) becomes the link, or a link is appended when the
 * message does not name it. */
void out_linked_message(Buf *b, const Finding *f);

/* ---- out_github.c -------------------------------------------------------------------------- */

/* Appends s escaped for a workflow command: % \r \n as %25 %0D %0A, and in a property value also
 * ':' and ',' as %3A and %2C (what @actions/core does); other controls (but tab) and ill-formed
 * UTF-8, which no escape exists for, as out_put_visible shows them. */
void out_gh_escape(Buf *b, const char *s, bool property);

bool out_write_github(Buf *b, const FindingList *fl, const OutputOptions *opt);

#endif
