/* text.h — an editor's document as the Language Server Protocol sees it: UTF-8 text, lines ended
 * by "\n", "\r\n" or "\r" (the line ends Python's tokenizer accepts too, so a line here is the
 * line of a finding), positions as a line and a column counted in the negotiated position
 * encoding (UTF-16 code units unless the client offered another), and edits that replace a
 * range of it.
 *
 * The conversions go both ways: an editor's position to a byte offset (for edits, and for the
 * position of a request), and a finding's 1-based character column (a code point count, as
 * deadwood reports) to the editor's column. A position past the end of its line means the end of
 * the line, and a line past the last means the end of the text, as the protocol asks; a column
 * that falls inside a character (half of a UTF-16 surrogate pair) means that character's start.
 * Bytes that are not UTF-8 (a file read from disk) count as one character and one unit each.
 */
#ifndef DW_LSP_TEXT_H
#define DW_LSP_TEXT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

typedef enum PosEncoding { POS_UTF16, POS_UTF8, POS_UTF32 } PosEncoding;

/* "utf-16", "utf-8", "utf-32" (the protocol's PositionEncodingKind). */
const char *pos_encoding_name(PosEncoding e);

typedef struct Text {
    Buf buf;         /* the text (NUL-terminated) */
    uint32_t *lines; /* lines[i]: offset of line i (0-based), lines[nlines]: len + 1 */
    int32_t nlines, cap;
} Text;

typedef struct TextPos {
    int32_t line, col; /* 0-based, col in units of the encoding */
} TextPos;

void text_init(Text *t);
void text_free(Text *t);
/* Replaces the whole text. False when out of memory (the text is then empty). */
bool text_set(Text *t, const char *s, size_t n);
/* Replaces the bytes between two positions with s[0..n) (an incremental change). False when out
 * of memory (the text is unchanged). */
bool text_replace(Text *t, TextPos from, TextPos to, PosEncoding e, const char *s, size_t n);

/* Byte offset of a position (clamped as the protocol says). */
size_t text_offset(const Text *t, TextPos p, PosEncoding e);
/* The position of a byte offset (inside a character: that character's). */
TextPos text_pos(const Text *t, size_t offset, PosEncoding e);
/* The start and length (without its line end) of 0-based line i; false when there is none. */
bool text_line(const Text *t, int32_t line, const char **s, size_t *n);

/* The column in encoding e of 1-based character column `col` of a line's text s[0..n) (a
 * column past the end gives the end). A UTF-8 byte order mark at the start of a file is not a
 * character of its first line for deadwood: pass skip_bom for line 1. */
int32_t text_char_col(const char *s, size_t n, int32_t col, PosEncoding e, bool skip_bom);
/* The 1-based character column of byte offset `byte` in line s[0..n) (the reverse, for a
 * request's position). */
int32_t text_byte_to_char_col(const char *s, size_t n, size_t byte, bool skip_bom);

#endif
