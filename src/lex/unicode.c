/* unicode.c — Unicode services on ICU, answering as CPython 3.13 does (see unicode.h).
 *
 * ICU 72 implements Unicode 15.0 and CPython 3.13 uses 15.1. The differences, found by comparing
 * every code point against CPython 3.13 (unicodedata, str.isidentifier, str.isprintable, "\N{}"),
 * are patched here by hand: the characters new in 15.1 (u151_* below) and the identifier-property
 * change of 15.1. Name lookup does the algorithmic names itself, because CPython matches them
 * case-sensitively and knows no Tangut algorithmic names while ICU does, and it holds the aliases
 * of NameAliases.txt, of which ICU only knows the "correction" ones.
 */
#include "unicode.h"

#include <string.h>
#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/ustring.h>

/* ---- predicates ------------------------------------------------------------------------------ */

/* Unicode 15.1 against ICU 72's 15.0, as far as these predicates see it:
 *  - CJK Unified Ideographs Extension I, 2EBF0..2EE5D (622 letters, Lo): XID_Start, printable;
 *  - 2FFC..2FFF and 31EF, new ideographic description characters (So): printable;
 *  - UAX #31 of 15.1 added 200C ZWNJ, 200D ZWJ, 30FB KATAKANA MIDDLE DOT and FF65 HALFWIDTH
 * KATAKANA MIDDLE DOT to ID_Continue (through Other_ID_Continue), hence to XID_Continue. Nothing
 * else differs (checked over every code point against CPython 3.13). */
static bool u151_ext_i(uint32_t cp) {
    return cp >= 0x2EBF0 && cp <= 0x2EE5D;
}
static bool u151_symbol(uint32_t cp) {
    return (cp >= 0x2FFC && cp <= 0x2FFF) || cp == 0x31EF;
}

bool uni_is_xid_start(uint32_t cp) {
    if (cp < 0x80) return (cp | 0x20) - 'a' < 26;
    return u_hasBinaryProperty((UChar32)cp, UCHAR_XID_START) || u151_ext_i(cp);
}

bool uni_is_xid_continue(uint32_t cp) {
    if (cp < 0x80) return (cp | 0x20) - 'a' < 26 || cp - '0' < 10 || cp == '_';
    return u_hasBinaryProperty((UChar32)cp, UCHAR_XID_CONTINUE) || u151_ext_i(cp) || cp == 0x200C ||
           cp == 0x200D || cp == 0x30FB || cp == 0xFF65;
}

bool uni_is_printable(uint32_t cp) {
    if (cp < 0x80) return cp >= 0x20 && cp < 0x7f;
    switch (u_charType((UChar32)cp)) {
    case U_CONTROL_CHAR:
    case U_FORMAT_CHAR:
    case U_SURROGATE:
    case U_PRIVATE_USE_CHAR:
    case U_LINE_SEPARATOR:
    case U_PARAGRAPH_SEPARATOR:
    case U_SPACE_SEPARATOR: return false;
    case U_UNASSIGNED: return u151_ext_i(cp) || u151_symbol(cp);
    default: return true;
    }
}

/* ---- UTF-8 ----------------------------------------------------------------------------------- */

int uni_utf8_encode(uint32_t cp, char out[4]) {
    if (cp < 0x80) {
        out[0] = (char)cp;
        return 1;
    }
    if (cp < 0x800) {
        out[0] = (char)(0xC0 | (cp >> 6));
        out[1] = (char)(0x80 | (cp & 0x3F));
        return 2;
    }
    if (cp < 0x10000) {
        out[0] = (char)(0xE0 | (cp >> 12));
        out[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
        out[2] = (char)(0x80 | (cp & 0x3F));
        return 3;
    }
    out[0] = (char)(0xF0 | (cp >> 18));
    out[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
    out[2] = (char)(0x80 | ((cp >> 6) & 0x3F));
    out[3] = (char)(0x80 | (cp & 0x3F));
    return 4;
}

int uni_utf8_decode(const char *s, size_t n, uint32_t *cp) {
    const unsigned char *u = (const unsigned char *)s;
    uint32_t c = u[0];
    if (c < 0x80) {
        *cp = c;
        return 1;
    }
    int len;
    uint32_t min;
    if (c >= 0xC2 && c <= 0xDF) {
        len = 2, min = 0x80, c &= 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
        len = 3, min = 0x800, c &= 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
        len = 4, min = 0x10000, c &= 0x07;
    } else {
        return 0;
    }
    if (n < (size_t)len) return 0;
    for (int i = 1; i < len; i++) {
        if ((u[i] & 0xC0) != 0x80) return 0;
        c = (c << 6) | (u[i] & 0x3F);
    }
    if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0;
    *cp = c;
    return len;
}

/* ---- NFKC ------------------------------------------------------------------------------------ */

enum { NFKC_STACK = 256 };

bool uni_nfkc(Arena *a, Str in, Str *out) {
    int32_t i = 0;
    while (i < in.len && (unsigned char)in.s[i] < 0x80) i++;
    *out = in;
    if (i == in.len) return true;

    UErrorCode err = U_ZERO_ERROR;
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance(&err);
    if (U_FAILURE(err)) return false;

    /* UTF-8 -> UTF-16: at most one unit per byte. NFKC can grow a string 18-fold (U+FDFA). */
    UChar stack_src[NFKC_STACK], stack_dst[NFKC_STACK];
    UChar *src = stack_src, *dst = stack_dst;
    int32_t src_cap = NFKC_STACK, dst_cap = NFKC_STACK, src_len = 0;
    if (in.len > src_cap) {
        src_cap = in.len;
        if (!(src = arena_alloc(a, (size_t)src_cap * sizeof(UChar)))) return false;
    }
    u_strFromUTF8(src, src_cap, &src_len, in.s, in.len, &err);
    if (U_FAILURE(err)) return false;
    if (unorm2_quickCheck(nfkc, src, src_len, &err) == UNORM_YES && U_SUCCESS(err)) return true;

    err = U_ZERO_ERROR;
    int32_t dst_len = unorm2_normalize(nfkc, src, src_len, dst, dst_cap, &err);
    if (err == U_BUFFER_OVERFLOW_ERROR) {
        dst_cap = dst_len;
        if (!(dst = arena_alloc(a, (size_t)dst_cap * sizeof(UChar)))) return false;
        err = U_ZERO_ERROR;
        dst_len = unorm2_normalize(nfkc, src, src_len, dst, dst_cap, &err);
    }
    if (U_FAILURE(err)) return false;

    int32_t utf8_len = 0;
    u_strToUTF8(NULL, 0, &utf8_len, dst, dst_len, &err); /* preflight */
    if (err != U_BUFFER_OVERFLOW_ERROR && U_FAILURE(err)) return false;
    char *buf = arena_alloc(a, (size_t)utf8_len + 1);
    if (!buf) return false;
    err = U_ZERO_ERROR;
    u_strToUTF8(buf, utf8_len + 1, NULL, dst, dst_len, &err);
    if (U_FAILURE(err)) return false;
    if (utf8_len == in.len && memcmp(buf, in.s, (size_t)in.len) == 0) return true;
    *out = str_make(buf, utf8_len);
    return true;
}

/* ---- character names ------------------------------------------------------------------------- */

/* The Hangul syllable name parts, in CPython's (Modules/unicodedata.c) order: leading consonant,
 * vowel, trailing consonant. */
static const char *const hangul_l[19] = {"G",  "GG", "N", "D",  "DD", "R", "M", "B", "BB", "S",
                                         "SS", "",   "J", "JJ", "C",  "K", "T", "P", "H"};
static const char *const hangul_v[21] = {"A",   "AE", "YA", "YAE", "EO", "E",  "YEO",
                                         "YE",  "O",  "WA", "WAE", "OE", "YO", "U",
                                         "WEO", "WE", "WI", "YU",  "EU", "YI", "I"};
static const char *const hangul_t[28] = {"",   "G",  "GG", "GS", "N",  "NJ", "NH", "D", "L",  "LG",
                                         "LM", "LB", "LS", "LT", "LP", "LH", "M",  "B", "BS", "S",
                                         "SS", "NG", "J",  "C",  "K",  "T",  "P",  "H"};

/* CPython's find_syllable: the longest part (first of equal length) that s[0..n) starts with;
 * returns its index or -1, and its length in *len (0 when none). */
static int hangul_part(const char *s, size_t n, const char *const *parts, int count, size_t *len) {
    int best = -1;
    *len = 0;
    for (int i = 0; i < count; i++) {
        size_t l = strlen(parts[i]);
        if ((best >= 0 && l <= *len) || l > n || memcmp(s, parts[i], l) != 0) continue;
        best = i;
        *len = l;
    }
    return best;
}

static bool lookup_hangul(const char *s, size_t n, uint32_t *cp) {
    size_t len;
    int l = hangul_part(s, n, hangul_l, 19, &len);
    s += len, n -= len;
    int v = hangul_part(s, n, hangul_v, 21, &len);
    s += len, n -= len;
    int t = hangul_part(s, n, hangul_t, 28, &len);
    if (l < 0 || v < 0 || t < 0 || len != n) return false;
    *cp = 0xAC00 + (uint32_t)((l * 21 + v) * 28 + t);
    return true;
}

/* CPython 3.13's is_unified_ideograph (Unicode 15.1: Extension I is 2EBF0..2EE5D). */
static bool is_unified_ideograph(uint32_t c) {
    return (c >= 0x3400 && c <= 0x4DBF) || (c >= 0x4E00 && c <= 0x9FFF) ||
           (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B739) ||
           (c >= 0x2B740 && c <= 0x2B81D) || (c >= 0x2B820 && c <= 0x2CEA1) ||
           (c >= 0x2CEB0 && c <= 0x2EBE0) || (c >= 0x2EBF0 && c <= 0x2EE5D) ||
           (c >= 0x30000 && c <= 0x3134A) || (c >= 0x31350 && c <= 0x323AF);
}

static bool lookup_cjk(const char *s, size_t n, uint32_t *cp) {
    if (n != 4 && n != 5) return false;
    uint32_t v = 0;
    for (size_t i = 0; i < n; i++) {
        char c = s[i];
        if (c >= '0' && c <= '9')
            v = v * 16 + (uint32_t)(c - '0');
        else if (c >= 'A' && c <= 'F')
            v = v * 16 + (uint32_t)(c - 'A' + 10);
        else
            return false;
    }
    if (!is_unified_ideograph(v)) return false;
    *cp = v;
    return true;
}

typedef struct NamedCp {
    uint32_t cp;
    const char *name;
} NamedCp;

/* NameAliases.txt of Unicode 15.1 as CPython 3.13 has it, except the 256 "VSn" aliases of the
 * variation selectors, which lookup_vs computes. Generated once with CPython 3.13: for each
 * i < 0x200, chr(0xF0000 + i).encode("ascii", "namereplace") names an alias (the PUA range the
 * unicodedata module keeps them in), and unicodedata.lookup(name) gives its code point. */
/* clang-format off */
static const NamedCp aliases[] = {
    {0x0, "NULL"}, {0x0, "NUL"}, {0x1, "START OF HEADING"}, {0x1, "SOH"}, {0x2, "START OF TEXT"},
    {0x2, "STX"}, {0x3, "END OF TEXT"}, {0x3, "ETX"}, {0x4, "END OF TRANSMISSION"}, {0x4, "EOT"},
    {0x5, "ENQUIRY"}, {0x5, "ENQ"}, {0x6, "ACKNOWLEDGE"}, {0x6, "ACK"}, {0x7, "ALERT"},
    {0x7, "BEL"}, {0x8, "BACKSPACE"}, {0x8, "BS"}, {0x9, "CHARACTER TABULATION"},
    {0x9, "HORIZONTAL TABULATION"}, {0x9, "HT"}, {0x9, "TAB"}, {0xA, "LINE FEED"},
    {0xA, "NEW LINE"}, {0xA, "END OF LINE"}, {0xA, "LF"}, {0xA, "NL"}, {0xA, "EOL"},
    {0xB, "LINE TABULATION"}, {0xB, "VERTICAL TABULATION"}, {0xB, "VT"}, {0xC, "FORM FEED"},
    {0xC, "FF"}, {0xD, "CARRIAGE RETURN"}, {0xD, "CR"}, {0xE, "SHIFT OUT"},
    {0xE, "LOCKING-SHIFT ONE"}, {0xE, "SO"}, {0xF, "SHIFT IN"}, {0xF, "LOCKING-SHIFT ZERO"},
    {0xF, "SI"}, {0x10, "DATA LINK ESCAPE"}, {0x10, "DLE"}, {0x11, "DEVICE CONTROL ONE"},
    {0x11, "DC1"}, {0x12, "DEVICE CONTROL TWO"}, {0x12, "DC2"}, {0x13, "DEVICE CONTROL THREE"},
    {0x13, "DC3"}, {0x14, "DEVICE CONTROL FOUR"}, {0x14, "DC4"}, {0x15, "NEGATIVE ACKNOWLEDGE"},
    {0x15, "NAK"}, {0x16, "SYNCHRONOUS IDLE"}, {0x16, "SYN"}, {0x17, "END OF TRANSMISSION BLOCK"},
    {0x17, "ETB"}, {0x18, "CANCEL"}, {0x18, "CAN"}, {0x19, "END OF MEDIUM"}, {0x19, "EOM"},
    {0x19, "EM"}, {0x1A, "SUBSTITUTE"}, {0x1A, "SUB"}, {0x1B, "ESCAPE"}, {0x1B, "ESC"},
    {0x1C, "INFORMATION SEPARATOR FOUR"}, {0x1C, "FILE SEPARATOR"}, {0x1C, "FS"},
    {0x1D, "INFORMATION SEPARATOR THREE"}, {0x1D, "GROUP SEPARATOR"}, {0x1D, "GS"},
    {0x1E, "INFORMATION SEPARATOR TWO"}, {0x1E, "RECORD SEPARATOR"}, {0x1E, "RS"},
    {0x1F, "INFORMATION SEPARATOR ONE"}, {0x1F, "UNIT SEPARATOR"}, {0x1F, "US"}, {0x20, "SP"},
    {0x7F, "DELETE"}, {0x7F, "DEL"}, {0x80, "PADDING CHARACTER"}, {0x80, "PAD"},
    {0x81, "HIGH OCTET PRESET"}, {0x81, "HOP"}, {0x82, "BREAK PERMITTED HERE"}, {0x82, "BPH"},
    {0x83, "NO BREAK HERE"}, {0x83, "NBH"}, {0x84, "INDEX"}, {0x84, "IND"}, {0x85, "NEXT LINE"},
    {0x85, "NEL"}, {0x86, "START OF SELECTED AREA"}, {0x86, "SSA"}, {0x87, "END OF SELECTED AREA"},
    {0x87, "ESA"}, {0x88, "CHARACTER TABULATION SET"}, {0x88, "HORIZONTAL TABULATION SET"},
    {0x88, "HTS"}, {0x89, "CHARACTER TABULATION WITH JUSTIFICATION"},
    {0x89, "HORIZONTAL TABULATION WITH JUSTIFICATION"}, {0x89, "HTJ"},
    {0x8A, "LINE TABULATION SET"}, {0x8A, "VERTICAL TABULATION SET"}, {0x8A, "VTS"},
    {0x8B, "PARTIAL LINE FORWARD"}, {0x8B, "PARTIAL LINE DOWN"}, {0x8B, "PLD"},
    {0x8C, "PARTIAL LINE BACKWARD"}, {0x8C, "PARTIAL LINE UP"}, {0x8C, "PLU"},
    {0x8D, "REVERSE LINE FEED"}, {0x8D, "REVERSE INDEX"}, {0x8D, "RI"}, {0x8E, "SINGLE SHIFT TWO"},
    {0x8E, "SINGLE-SHIFT-2"}, {0x8E, "SS2"}, {0x8F, "SINGLE SHIFT THREE"}, {0x8F, "SINGLE-SHIFT-3"},
    {0x8F, "SS3"}, {0x90, "DEVICE CONTROL STRING"}, {0x90, "DCS"}, {0x91, "PRIVATE USE ONE"},
    {0x91, "PRIVATE USE-1"}, {0x91, "PU1"}, {0x92, "PRIVATE USE TWO"}, {0x92, "PRIVATE USE-2"},
    {0x92, "PU2"}, {0x93, "SET TRANSMIT STATE"}, {0x93, "STS"}, {0x94, "CANCEL CHARACTER"},
    {0x94, "CCH"}, {0x95, "MESSAGE WAITING"}, {0x95, "MW"}, {0x96, "START OF GUARDED AREA"},
    {0x96, "START OF PROTECTED AREA"}, {0x96, "SPA"}, {0x97, "END OF GUARDED AREA"},
    {0x97, "END OF PROTECTED AREA"}, {0x97, "EPA"}, {0x98, "START OF STRING"}, {0x98, "SOS"},
    {0x99, "SINGLE GRAPHIC CHARACTER INTRODUCER"}, {0x99, "SGC"},
    {0x9A, "SINGLE CHARACTER INTRODUCER"}, {0x9A, "SCI"}, {0x9B, "CONTROL SEQUENCE INTRODUCER"},
    {0x9B, "CSI"}, {0x9C, "STRING TERMINATOR"}, {0x9C, "ST"}, {0x9D, "OPERATING SYSTEM COMMAND"},
    {0x9D, "OSC"}, {0x9E, "PRIVACY MESSAGE"}, {0x9E, "PM"}, {0x9F, "APPLICATION PROGRAM COMMAND"},
    {0x9F, "APC"}, {0xA0, "NBSP"}, {0xAD, "SHY"}, {0x1A2, "LATIN CAPITAL LETTER GHA"},
    {0x1A3, "LATIN SMALL LETTER GHA"}, {0x34F, "CGJ"},
    {0x616, "ARABIC SMALL HIGH LIGATURE ALEF WITH YEH BARREE"}, {0x61C, "ALM"},
    {0x709, "SYRIAC SUBLINEAR COLON SKEWED LEFT"}, {0xCDE, "KANNADA LETTER LLLA"},
    {0xE9D, "LAO LETTER FO FON"}, {0xE9F, "LAO LETTER FO FAY"}, {0xEA3, "LAO LETTER RO"},
    {0xEA5, "LAO LETTER LO"}, {0xFD0, "TIBETAN MARK BKA- SHOG GI MGO RGYAN"},
    {0x11EC, "HANGUL JONGSEONG YESIEUNG-KIYEOK"}, {0x11ED, "HANGUL JONGSEONG YESIEUNG-SSANGKIYEOK"},
    {0x11EE, "HANGUL JONGSEONG SSANGYESIEUNG"}, {0x11EF, "HANGUL JONGSEONG YESIEUNG-KHIEUKH"},
    {0x180B, "FVS1"}, {0x180C, "FVS2"}, {0x180D, "FVS3"}, {0x180E, "MVS"}, {0x180F, "FVS4"},
    {0x1BBD, "SUNDANESE LETTER ARCHAIC I"}, {0x200B, "ZWSP"}, {0x200C, "ZWNJ"}, {0x200D, "ZWJ"},
    {0x200E, "LRM"}, {0x200F, "RLM"}, {0x202A, "LRE"}, {0x202B, "RLE"}, {0x202C, "PDF"},
    {0x202D, "LRO"}, {0x202E, "RLO"}, {0x202F, "NNBSP"}, {0x205F, "MMSP"}, {0x2060, "WJ"},
    {0x2066, "LRI"}, {0x2067, "RLI"}, {0x2068, "FSI"}, {0x2069, "PDI"},
    {0x2118, "WEIERSTRASS ELLIPTIC FUNCTION"}, {0x2448, "MICR ON US SYMBOL"},
    {0x2449, "MICR DASH SYMBOL"},
    {0x2B7A, "LEFTWARDS TRIANGLE-HEADED ARROW WITH DOUBLE VERTICAL STROKE"},
    {0x2B7C, "RIGHTWARDS TRIANGLE-HEADED ARROW WITH DOUBLE VERTICAL STROKE"},
    {0xA015, "YI SYLLABLE ITERATION MARK"}, {0xAA6E, "MYANMAR LETTER KHAMTI LLA"},
    {0xFE18, "PRESENTATION FORM FOR VERTICAL RIGHT WHITE LENTICULAR BRACKET"},
    {0xFEFF, "BYTE ORDER MARK"}, {0xFEFF, "BOM"}, {0xFEFF, "ZWNBSP"},
    {0x122D4, "CUNEIFORM SIGN NU11 TENU"}, {0x122D5, "CUNEIFORM SIGN NU11 OVER NU11 BUR OVER BUR"},
    {0x16E56, "MEDEFAIDRIN CAPITAL LETTER H"}, {0x16E57, "MEDEFAIDRIN CAPITAL LETTER NG"},
    {0x16E76, "MEDEFAIDRIN SMALL LETTER H"}, {0x16E77, "MEDEFAIDRIN SMALL LETTER NG"},
    {0x1B001, "HENTAIGANA LETTER E-1"},
    {0x1D0C5, "BYZANTINE MUSICAL SYMBOL FTHORA SKLIRON CHROMA VASIS"},
};
/* clang-format on */

/* Names of the characters Unicode 15.1 added outside the CJK ideographs (ICU 72 lacks them). */
static const NamedCp u151_names[] = {
    {0x2FFC, "IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM RIGHT"},
    {0x2FFD, "IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM LOWER RIGHT"},
    {0x2FFE, "IDEOGRAPHIC DESCRIPTION CHARACTER HORIZONTAL REFLECTION"},
    {0x2FFF, "IDEOGRAPHIC DESCRIPTION CHARACTER ROTATION"},
    {0x31EF, "IDEOGRAPHIC DESCRIPTION CHARACTER SUBTRACTION"},
};

static bool find_named(const NamedCp *t, size_t count, const char *upper, uint32_t *cp) {
    for (size_t i = 0; i < count; i++) {
        if (strcmp(t[i].name, upper) == 0) {
            *cp = t[i].cp;
            return true;
        }
    }
    return false;
}

/* "VS1".."VS256": the variation selectors FE00..FE0F and E0100..E01EF. */
static bool lookup_vs(const char *upper, uint32_t *cp) {
    if (strncmp(upper, "VS", 2) != 0 || upper[2] < '1' || upper[2] > '9') return false;
    uint32_t n = 0;
    for (const char *p = upper + 2; *p; p++) {
        if (*p < '0' || *p > '9' || n > 256) return false;
        n = n * 10 + (uint32_t)(*p - '0');
    }
    if (n < 1 || n > 256) return false;
    *cp = n <= 16 ? 0xFE00 + n - 1 : 0xE0100 + n - 17;
    return true;
}

enum { NAME_MAX_LEN = 127 };

bool uni_lookup_name(const char *name, size_t len, uint32_t *cp) {
    /* CPython tries the two algorithmic prefixes first, case-sensitively, and a name with
     * either prefix is nothing else. */
    if (len >= 16 && memcmp(name, "HANGUL SYLLABLE ", 16) == 0)
        return lookup_hangul(name + 16, len - 16, cp);
    if (len >= 22 && memcmp(name, "CJK UNIFIED IDEOGRAPH-", 22) == 0)
        return lookup_cjk(name + 22, len - 22, cp);

    /* Every other name is compared after ASCII upper-casing; names hold only A-Z 0-9 space -. */
    if (len == 0 || len > NAME_MAX_LEN) return false;
    char upper[NAME_MAX_LEN + 1];
    for (size_t i = 0; i < len; i++) {
        char c = name[i];
        if (c >= 'a' && c <= 'z') c = (char)(c - 'a' + 'A');
        if (!((c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == ' ' || c == '-'))
            return false;
        upper[i] = c;
    }
    upper[len] = 0;
    if (find_named(aliases, sizeof aliases / sizeof *aliases, upper, cp)) return true;
    if (lookup_vs(upper, cp)) return true;
    if (find_named(u151_names, sizeof u151_names / sizeof *u151_names, upper, cp)) return true;

    UErrorCode err = U_ZERO_ERROR;
    UChar32 c = u_charFromName(U_UNICODE_CHAR_NAME, upper, &err);
    if (U_FAILURE(err) || c < 0) return false;
    /* ICU also resolves algorithmic names CPython does not have: the lower-case spellings of the
     * two above (which ICU accepts) and "TANGUT IDEOGRAPH-xxxx". */
    if ((c >= 0xAC00 && c <= 0xD7A3) || strncmp(upper, "CJK UNIFIED IDEOGRAPH-", 22) == 0 ||
        strncmp(upper, "TANGUT IDEOGRAPH-", 17) == 0)
        return false;
    *cp = (uint32_t)c;
    return true;
}
