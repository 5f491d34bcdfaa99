/* source.h — from a file's bytes to the text the tokenizer reads.
 *
 * Reading a file whole; decoding it as CPython's string tokenizer does (what `compile(bytes)`,
 * `ast.parse(bytes)` and the import system use): line ends translated to "\n" first (CRLF and a
 * lone CR alike), a UTF-8 BOM skipped, a PEP 263 coding cookie on line 1 or 2 honoured (any
 * encoding iconv knows, Python's spellings of the names accepted), NUL bytes refused; and the
 * line index that turns byte offsets into line and column numbers.
 */
#ifndef DW_SOURCE_H
#define DW_SOURCE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"

typedef struct SourceError {
    int32_t line, col; /* 1-based line, 0-based byte column; line 0 when the file is unreadable */
    char msg[256];
} SourceError;

typedef struct SourceText {
    const char *text; /* "\n"-terminated lines, then three NULs (no NUL inside); in the arena */
    size_t len;       /* bytes before the NUL */
    bool valid_utf8;  /* whole text is valid UTF-8 (always true after a non-UTF-8 cookie) */
    bool ascii;       /* every byte is ASCII: a column in bytes is one in characters */
    bool verbatim;    /* the text is the bytes from offset `skip` on (a BOM skipped), unchanged
                         but for the final newline: no line end was translated, no encoding */
    uint8_t skip;
    char encoding[64];
} SourceText;

/* The largest file read by default: well above the largest real source file (the largest in the
 * stdlib and the ecosystem trees measured is a few MB), well below what a link to /dev/zero or a
 * sparse file would make deadwood allocate. The configuration's max-file-size changes it. */
#define SOURCE_DEFAULT_MAX_SIZE ((size_t)64 << 20)

/* Reads a whole file into dw_malloc'ed memory (*data, free with dw_free). "-" is standard input.
 * Only a regular file is read (opened non-blocking, so a FIFO or a device never blocks: "not a
 * regular file"), and none larger than max bytes ("file too large"); standard input may be a pipe
 * but is cut off past max bytes too. */
bool source_read_file_max(const char *path, size_t max, char **data, size_t *len, SourceError *err);
/* source_read_file_max with SOURCE_DEFAULT_MAX_SIZE. */
bool source_read_file(const char *path, char **data, size_t *len, SourceError *err);

/* Files whose bytes are given in memory instead of read from disk: a fix pass's results (and
 * the files the fix loop holds), or an editor's unsaved documents. A file is looked up by the
 * path it is read by; `paths` is sorted (strcmp) and holds each path once. */
typedef struct SourceOverlay {
    const char *const *paths;
    const char *const *bytes;
    const size_t *lens;
    int32_t n;
} SourceOverlay;

/* The overlay's bytes of path (not a copy), or false when it holds none (ov may be NULL). */
bool source_overlay_find(const SourceOverlay *ov, const char *path, const char **bytes,
                         size_t *len);
/* source_read_file_max, but the bytes of a path the overlay holds come from it (a copy, in
 * *data as always; larger than max: "file too large" as for a file). */
bool source_read_over(const SourceOverlay *ov, const char *path, size_t max, char **data,
                      size_t *len, SourceError *err);

/* Decodes bytes into out (allocated in a). */
bool source_decode(Arena *a, const char *bytes, size_t len, SourceText *out, SourceError *err);

/* Checks UTF-8 validity of s[0..n): returns the offset of the first bad sequence, or -1, and in
 * *why CPython's reason ("invalid start byte", "invalid continuation byte", "unexpected end of
 * data"). */
int64_t utf8_find_invalid(const char *s, size_t n, const char **why);

/* Line starts of a text, for turning offsets into positions. */
typedef struct LineIndex {
    const uint32_t *starts; /* starts[i] = offset of line i+1 */
    int32_t count;
} LineIndex;
bool line_index_build(Arena *a, const char *text, size_t len, LineIndex *out);
/* 1-based line of an offset. */
int32_t line_index_line(const LineIndex *li, size_t offset);

/* Number of characters (code points) in the first `bytes` bytes of a UTF-8 string: turns
 * CPython's byte columns into the character columns users see. */
int32_t utf8_count_chars(const char *s, size_t bytes);

#endif
