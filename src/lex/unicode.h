/* unicode.h — the Unicode services the tokenizer, the literal decoder and the terminal output
 * need, answered as CPython 3.13 answers them (Unicode 15.1).
 *
 * The answers come from tables generated from CPython 3.13's own unicodedata module
 * (tools/gen_unicode.py writes unicode_db.h; `make regen`), so they agree with the parser's
 * oracle by construction; tests/unit/run.py compares them with unicodedata over every code point
 * and every name. No library beyond libc.
 *
 * Owns: identifier predicates (XID_Start / XID_Continue), str.isprintable() for one character,
 * a character's display width, NFKC of identifiers, \N{...} name lookup, and the UTF-8 / WTF-8
 * encoder and decoder that the lexer and literal decoder share. No state; thread-safe.
 */
#ifndef DW_UNICODE_H
#define DW_UNICODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "../base/arena.h"
#include "../base/str.h"

/* The XID_Start property. '_' is not XID_Start: identifiers start with XID_Start or '_'. */
bool uni_is_xid_start(uint32_t cp);
/* The XID_Continue property (includes '_' and the digits). */
bool uni_is_xid_continue(uint32_t cp);
/* str.isprintable() for the one-character string chr(cp): false for the categories Cc Cf Cs Co Cn
 * Zl Zp Zs, except that U+0020 SPACE is printable. */
bool uni_is_printable(uint32_t cp);

/* The columns a terminal gives cp: 0 for combining marks (Mn, Me), format characters (Cf) and
 * the Hangul medial vowels and final consonants 1160..11FF, 2 for East Asian Wide and Fullwidth
 * characters, else 1 (every code point below U+0300 included). */
int uni_display_width(uint32_t cp);

/* The Unicode version of the tables ("15.1.0"), unicodedata.unidata_version's. */
extern const char uni_unidata_version[];

/* NFKC (unicodedata.normalize("NFKC", s), which CPython applies to non-ASCII identifiers) of the
 * UTF-8 text `in`. *out is `in` itself when it is already NFKC (always when ASCII), else a copy
 * in the arena (not NUL-terminated). Returns false when `in` is not valid UTF-8 or on allocation
 * failure. */
bool uni_nfkc(Arena *a, Str in, Str *out);

/* The code point of a character name, as CPython's "\N{name}" escape resolves it: the standard
 * names and all NameAliases.txt aliases, matched without regard to ASCII case; algorithmic names
 * "HANGUL SYLLABLE GA" and "CJK UNIFIED IDEOGRAPH-4E00" (4 or 5 hex digits), matched
 * case-sensitively (upper-case hex) exactly as CPython does. Named sequences are not characters:
 * false. */
bool uni_lookup_name(const char *name, size_t len, uint32_t *cp);

/* Encodes cp (< 0x110000, surrogates allowed: WTF-8) as 1–4 bytes into out; returns the length. */
int uni_utf8_encode(uint32_t cp, char out[4]);
/* Decodes one code point from s[0..n) (n >= 1): returns its byte length and sets *cp, or returns 0
 * when the bytes are not well-formed UTF-8 (overlong forms, surrogates, > U+10FFFF, truncation). */
int uni_utf8_decode(const char *s, size_t n, uint32_t *cp);

#endif
