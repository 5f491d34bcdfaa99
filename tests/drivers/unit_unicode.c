/* unit_unicode.c — unit tests of src/lex/unicode.c against CPython 3.13.
 *
 * With --props, --nfkc or --names it answers for every code point or for names read from
 * stdin instead: tests/unit/unicode_all.py compares that with CPython's unicodedata over all
 * code points and all names. The tables are generated from that same unicodedata, so these
 * tests mostly guard unicode.c's reading of them and its algorithms (NFKC's reordering and
 * composition, the algorithmic names).
 *
 * The expectations below were generated once with CPython 3.13.0 (Unicode 15.1) and pasted in:
 *   props:  (chr(cp).isidentifier(), ("a" + chr(cp)).isidentifier(), chr(cp).isprintable())
 *   nfkc:   unicodedata.normalize("NFKC", s)
 *   names:  ord(eval('"\\N{' + name + '}"')), or NONE when that is a SyntaxError
 * and checked by hand for a sample (e.g. ZWJ is XID_Continue only since Unicode 15.1; the
 * algorithmic names are case-sensitive in CPython; TANGUT IDEOGRAPH-17000 is unknown to it).
 *
 * The names' spellings, beyond the exhaustive test's: lower- and title-case, spaces doubled or
 * moved or turned into '-' or '_', the algorithmic prefixes in the wrong case.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/lex/unicode.h"
#include "../../src/source/source.h"
#include "unit.h"

#define NONE 0xFFFFFFFFu

static const struct {
    uint32_t cp;
    int ident_start; /* chr(cp).isidentifier(): XID_Start or '_' */
    int xid_continue, printable;
} props[] = {
    {0x0024, 0, 0, 1},  {0x0030, 0, 1, 1},   {0x0039, 0, 1, 1},   {0x0041, 1, 1, 1},
    {0x005A, 1, 1, 1},  {0x005F, 1, 1, 1},   {0x0061, 1, 1, 1},   {0x007A, 1, 1, 1},
    {0x007F, 0, 0, 0},  {0x0080, 0, 0, 0},   {0x00A0, 0, 0, 0},   {0x00AA, 1, 1, 1},
    {0x00AD, 0, 0, 0},  {0x00B5, 1, 1, 1},   {0x00B7, 0, 1, 1},   {0x00BA, 1, 1, 1},
    {0x00C0, 1, 1, 1},  {0x00D7, 0, 0, 1},   {0x00F7, 0, 0, 1},   {0x02B0, 1, 1, 1},
    {0x02C2, 0, 0, 1},  {0x0300, 0, 1, 1},   {0x036F, 0, 1, 1},   {0x0370, 1, 1, 1},
    {0x0374, 1, 1, 1},  {0x0375, 0, 0, 1},   {0x0378, 0, 0, 0},   {0x037A, 0, 0, 1},
    {0x037E, 0, 0, 1},  {0x0387, 0, 1, 1},   {0x03F6, 0, 0, 1},   {0x0483, 0, 1, 1},
    {0x0488, 0, 0, 1},  {0x05D0, 1, 1, 1},   {0x0600, 0, 0, 0},   {0x061C, 0, 0, 0},
    {0x0660, 0, 1, 1},  {0x06DD, 0, 0, 0},   {0x0903, 0, 1, 1},   {0x0966, 0, 1, 1},
    {0x0E33, 0, 1, 1},  {0x0E50, 0, 1, 1},   {0x1369, 0, 1, 1},   {0x1885, 1, 1, 1},
    {0x1886, 1, 1, 1},  {0x180B, 0, 1, 1},   {0x180E, 0, 0, 0},   {0x19DA, 0, 1, 1},
    {0x200B, 0, 0, 0},  {0x200C, 0, 1, 0},   {0x200D, 0, 1, 0},   {0x200E, 0, 0, 0},
    {0x2028, 0, 0, 0},  {0x2029, 0, 0, 0},   {0x202F, 0, 0, 0},   {0x203F, 0, 1, 1},
    {0x2040, 0, 1, 1},  {0x2054, 0, 1, 1},   {0x2070, 0, 0, 1},   {0x2118, 1, 1, 1},
    {0x212E, 1, 1, 1},  {0x2160, 1, 1, 1},   {0x2188, 1, 1, 1},   {0x2E2F, 0, 0, 1},
    {0x2EBF0, 1, 1, 1}, {0x2EE5D, 1, 1, 1},  {0x2EE5E, 0, 0, 0},  {0x2FFB, 0, 0, 1},
    {0x2FFC, 0, 0, 1},  {0x2FFF, 0, 0, 1},   {0x3000, 0, 0, 0},   {0x3005, 1, 1, 1},
    {0x3007, 1, 1, 1},  {0x302A, 0, 1, 1},   {0x3031, 1, 1, 1},   {0x309B, 0, 0, 1},
    {0x309C, 0, 0, 1},  {0x309D, 1, 1, 1},   {0x30FB, 0, 1, 1},   {0x31EF, 0, 0, 1},
    {0x3400, 1, 1, 1},  {0x4DBF, 1, 1, 1},   {0x4E00, 1, 1, 1},   {0x9FFF, 1, 1, 1},
    {0xA000, 1, 1, 1},  {0xAC00, 1, 1, 1},   {0xD7A3, 1, 1, 1},   {0xD7A4, 0, 0, 0},
    {0xD800, 0, 0, 0},  {0xDBFF, 0, 0, 0},   {0xDC00, 0, 0, 0},   {0xDFFF, 0, 0, 0},
    {0xE000, 0, 0, 0},  {0xF8FF, 0, 0, 0},   {0xF900, 1, 1, 1},   {0xFB1E, 0, 1, 1},
    {0xFC5E, 0, 0, 1},  {0xFDFA, 0, 0, 1},   {0xFE00, 0, 1, 1},   {0xFE33, 0, 1, 1},
    {0xFE4D, 0, 1, 1},  {0xFE70, 0, 0, 1},   {0xFE71, 1, 1, 1},   {0xFE7F, 1, 1, 1},
    {0xFEFF, 0, 0, 0},  {0xFF10, 0, 1, 1},   {0xFF21, 1, 1, 1},   {0xFF3F, 0, 1, 1},
    {0xFF65, 0, 1, 1},  {0xFF70, 1, 1, 1},   {0xFF9E, 0, 1, 1},   {0xFFA0, 1, 1, 1},
    {0xFFF9, 0, 0, 0},  {0xFFFC, 0, 0, 1},   {0xFFFD, 0, 0, 1},   {0xFFFE, 0, 0, 0},
    {0xFFFF, 0, 0, 0},  {0x10000, 1, 1, 1},  {0x10140, 1, 1, 1},  {0x101FD, 0, 1, 1},
    {0x1D165, 0, 1, 1}, {0x1D400, 1, 1, 1},  {0x1E800, 1, 1, 1},  {0x1F600, 0, 0, 1},
    {0x1F1E6, 0, 0, 1}, {0x16FE4, 0, 1, 1},  {0x17000, 1, 1, 1},  {0x187F7, 1, 1, 1},
    {0x18B00, 1, 1, 1}, {0x1B170, 1, 1, 1},  {0x20000, 1, 1, 1},  {0x2A6DF, 1, 1, 1},
    {0x2A6E0, 0, 0, 0}, {0x30000, 1, 1, 1},  {0x323AF, 1, 1, 1},  {0x323B0, 0, 0, 0},
    {0xE0001, 0, 0, 0}, {0xE0020, 0, 0, 0},  {0xE0100, 0, 1, 1},  {0xE01EF, 0, 1, 1},
    {0xF0000, 0, 0, 0}, {0x10FFFD, 0, 0, 0}, {0x10FFFF, 0, 0, 0},
};

static const struct {
    const char *in, *out;
} nfkc[] = {
    {"abc", "abc"},
    {"_private", "_private"},
    {"\xef\xac\x81le", "file"},
    {"\xe2\x84\x8c", "H"},
    {"\xe2\x91\xa0", "1"},
    {"\xe2\x84\xab", "\xc3\x85"},
    {"e\xcc\x81", "\xc3\xa9"},
    {"\xe1\x84\x80\xe1\x85\xa1", "\xea\xb0\x80"},
    {"\xe1\x84\x80\xe1\x85\xa1\xe1\x86\xa8", "\xea\xb0\x81"},
    {"\xef\xbd\xb1", "\xe3\x82\xa2"},
    {"\xef\xb7\xba", "\xd8\xb5\xd9\x84\xd9\x89 \xd8\xa7\xd9\x84\xd9\x84\xd9\x87 "
                     "\xd8\xb9\xd9\x84\xd9\x8a\xd9\x87 \xd9\x88\xd8\xb3\xd9\x84\xd9\x85"},
    {"\xf0\x9d\x90\x80\x62\x63", "Abc"},
    {"\xc5\xbf", "s"},
    {"\xc2\xb5", "\xce\xbc"},
    {"\xc2\xaa", "a"},
    {"caf\xc3\xa9", "caf\xc3\xa9"},
    {"\xc3\x85ngstr\xc3\xb6m", "\xc3\x85ngstr\xc3\xb6m"},
    {"x\xcc\xa7\xcc\x81", "x\xcc\xa7\xcc\x81"},
    {"\xe0\xa5\x98", "\xe0\xa4\x95\xe0\xa4\xbc"},
    {"\xe2\x84\xa6", "\xce\xa9"},
    {"\xe1\xba\x9b\xcc\xa3", "\xe1\xb9\xa9"},
    {"\xe3\x8c\x80", "\xe3\x82\xa2\xe3\x83\x91\xe3\x83\xbc\xe3\x83\x88"},
    {"\xe3\x8b\xbf", "\xe4\xbb\xa4\xe5\x92\x8c"},
    {"\xef\xbc\xa1\xef\xbc\xa2", "AB"},
    {"\xc2\xbd", "1\xe2\x81\x84\x32"},
    {"\xe2\x80\x82x", " x"},
    {"\xe0\xbd\xb7", "\xe0\xbe\xb2\xe0\xbd\xb1\xe0\xbe\x80"},
    {"\xe2\x85\xa0\xe2\x85\xa1", "III"},
    {"A\xcc\x8a", "\xc3\x85"},
    {"\xc7\x84", "D\xc5\xbd"},
    {"\xe3\x84\xb1", "\xe1\x84\x80"},
    {"\xe1\x84\x80\xe1\x85\xa1\xe1\x84\x80", "\xea\xb0\x80\xe1\x84\x80"},
    {"\xea\xb0\x80\xe1\x86\xa8", "\xea\xb0\x81"},
    {"\xe2\xba\xb0", "\xe2\xba\xb0"},
    {"\xf0\xae\xaf\xb0", "\xf0\xae\xaf\xb0"},
    {"\xe2\xbf\xbc", "\xe2\xbf\xbc"},
    {"\xe3\x83\xbb\xef\xbd\xa5", "\xe3\x83\xbb\xe3\x83\xbb"},
    {"\xcd\xba", " \xcd\x85"},
    {"\xe3\x82\x9b", " \xe3\x82\x99"},
    {"\xce\x90", "\xce\x90"},
    {"\xe1\xbe\xbe", "\xce\xb9"},
    {"\xe0\xbd\xb3", "\xe0\xbd\xb1\xe0\xbd\xb2"},
};

static const struct {
    const char *name; /* NULL: 200 x 'A' */
    uint32_t cp;
} names[] = {
    {"LATIN SMALL LETTER A", 0x0061},
    {"latin small letter a", 0x0061},
    {"Latin Small Letter A", 0x0061},
    {"EM DASH", 0x2014},
    {"em dash", 0x2014},
    {"SPACE", 0x0020},
    {"NULL", 0x0000},
    {"NUL", 0x0000},
    {"null", 0x0000},
    {"LINE FEED", 0x000A},
    {"LF", 0x000A},
    {"lf", 0x000A},
    {"EOL", 0x000A},
    {"BOM", 0xFEFF},
    {"BYTE ORDER MARK", 0xFEFF},
    {"ZWNBSP", 0xFEFF},
    {"NBSP", 0x00A0},
    {"SHY", 0x00AD},
    {"ZWJ", 0x200D},
    {"ZWNJ", 0x200C},
    {"CGJ", 0x034F},
    {"FVS1", 0x180B},
    {"MVS", 0x180E},
    {"ALM", 0x061C},
    {"VS1", 0xFE00},
    {"VS16", 0xFE0F},
    {"VS17", 0xE0100},
    {"VS256", 0xE01EF},
    {"vs256", 0xE01EF},
    {"VS0", NONE},
    {"VS257", NONE},
    {"VS01", NONE},
    {"VS", NONE},
    {"VS1000", NONE},
    {"LATIN CAPITAL LETTER GHA", 0x01A2},
    {"latin capital letter gha", 0x01A2},
    {"KANNADA LETTER LLLA", 0x0CDE},
    {"TIBETAN MARK BKA- SHOG GI MGO RGYAN", 0x0FD0},
    {"BYZANTINE MUSICAL SYMBOL FTHORA SKLIRON CHROMA VASIS", 0x1D0C5},
    {"HENTAIGANA LETTER E-1", 0x1B001},
    {"MICR ON US SYMBOL", 0x2448},
    {"SP", 0x0020},
    {"DEL", 0x007F},
    {"PADDING CHARACTER", 0x0080},
    {"PAD", 0x0080},
    {"HOP", 0x0081},
    {"SINGLE-SHIFT-2", 0x008E},
    {"PRIVATE USE-1", 0x0091},
    {"END OF LINE", 0x000A},
    {"HANGUL SYLLABLE GA", 0xAC00},
    {"HANGUL SYLLABLE GAG", 0xAC01},
    {"HANGUL SYLLABLE A", 0xC544},
    {"HANGUL SYLLABLE GGAG", 0xAE4D},
    {"HANGUL SYLLABLE HIH", 0xD7A3},
    {"HANGUL SYLLABLE YI", 0xC758},
    {"HANGUL SYLLABLE", NONE},
    {"HANGUL SYLLABLE ", NONE},
    {"HANGUL SYLLABLE X", NONE},
    {"HANGUL SYLLABLE GAX", NONE},
    {"hangul syllable ga", NONE},
    {"HANGUL SYLLABLE ga", NONE},
    {"Hangul Syllable GA", NONE},
    {"HANGUL SYLLABLE GA ", NONE},
    {"HANGUL SYLLABLE GGGA", NONE},
    {"CJK UNIFIED IDEOGRAPH-4E00", 0x4E00},
    {"CJK UNIFIED IDEOGRAPH-04E00", 0x4E00},
    {"CJK UNIFIED IDEOGRAPH-4e00", NONE},
    {"cjk unified ideograph-4E00", NONE},
    {"CJK UNIFIED IDEOGRAPH-9FFF", 0x9FFF},
    {"CJK UNIFIED IDEOGRAPH-A000", NONE},
    {"CJK UNIFIED IDEOGRAPH-20000", 0x20000},
    {"CJK UNIFIED IDEOGRAPH-2EBF0", 0x2EBF0},
    {"CJK UNIFIED IDEOGRAPH-2EE5D", 0x2EE5D},
    {"CJK UNIFIED IDEOGRAPH-2EE5E", NONE},
    {"CJK UNIFIED IDEOGRAPH-323AF", 0x323AF},
    {"CJK UNIFIED IDEOGRAPH-4E0", NONE},
    {"CJK UNIFIED IDEOGRAPH-004E00", NONE},
    {"CJK UNIFIED IDEOGRAPH-", NONE},
    {"CJK UNIFIED IDEOGRAPH-3400", 0x3400},
    {"CJK UNIFIED IDEOGRAPH-33FF", NONE},
    {"CJK COMPATIBILITY IDEOGRAPH-F900", 0xF900},
    {"cjk compatibility ideograph-f900", 0xF900},
    {"TANGUT IDEOGRAPH-17000", NONE},
    {"tangut ideograph-17000", NONE},
    {"KHITAN SMALL SCRIPT CHARACTER-18B00", 0x18B00},
    {"NUSHU CHARACTER-1B170", 0x1B170},
    {"IDEOGRAPHIC DESCRIPTION CHARACTER SUBTRACTION", 0x31EF},
    {"ideographic description character rotation", 0x2FFF},
    {"IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM LOWER RIGHT", 0x2FFD},
    {"CJK STROKE HXG", NONE},
    {"LATIN CAPITAL LETTER A WITH MACRON AND GRAVE", NONE},
    {"KATAKANA LETTER AINU P", NONE},
    {"LATIN SMALL LETTER A ", NONE},
    {" LATIN SMALL LETTER A", NONE},
    {"LATIN SMALL  LETTER A", NONE},
    {"LATIN_SMALL_LETTER_A", NONE},
    {"LATIN-SMALL LETTER A", NONE},
    {"", NONE},
    {"A", NONE},
    {"DIGIT ZERO", 0x0030},
    {"LEFT CURLY BRACKET", 0x007B},
    {"GREEK SMALL LETTER ALPHA", 0x03B1},
    {"GRINNING FACE", 0x1F600},
    {"FACE WITH TEARS OF JOY", 0x1F602},
    {"ZERO WIDTH JOINER", 0x200D},
    {"KATAKANA MIDDLE DOT", 0x30FB},
    {"HYPHEN-MINUS", 0x002D},
    {"hyphen-minus", 0x002D},
    {"TIBETAN LETTER -A", 0x0F60},
    {"HANGUL JUNGSEONG O-E", 0x1180},
    {"HANGUL JUNGSEONG OE", 0x116C},
    {"<control-0000>", NONE},
    {"LATIN SMALL LETTER \xc3\xa9", NONE},
    {"MODIFIER LETTER EXTRA-LOW EXTRA-HIGH CONTOUR TONE BAR", NONE},
    {NULL /* 200 x 'A' */, NONE},
    {"SIGNWRITING HAND-FIST INDEX", 0x1D800},
    {"EGYPTIAN HIEROGLYPH A001", 0x13000},
    {"MATHEMATICAL BOLD CAPITAL A", 0x1D400},
    {"REPLACEMENT CHARACTER", 0xFFFD},
    {"<noncharacter-FFFF>", NONE},
    {"YI SYLLABLE ITERATION MARK", 0xA015},
    {"LAO LETTER FO FON", 0x0E9D},
};

static void test_props(void) {
    for (size_t i = 0; i < sizeof props / sizeof *props; i++) {
        uint32_t cp = props[i].cp;
        CHECK((uni_is_xid_start(cp) || cp == '_') == (props[i].ident_start != 0),
              "XID_Start U+%04X", cp);
        CHECK(uni_is_xid_continue(cp) == (props[i].xid_continue != 0), "XID_Continue U+%04X", cp);
        CHECK(uni_is_printable(cp) == (props[i].printable != 0), "printable U+%04X", cp);
    }
    /* every ASCII character, whose answers are computed without the tables */
    for (uint32_t c = 0; c < 0x80; c++) {
        bool alpha = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
        CHECK(uni_is_xid_start(c) == alpha, "XID_Start %u", c);
        CHECK(uni_is_xid_continue(c) == (alpha || (c >= '0' && c <= '9') || c == '_'),
              "XID_Continue %u", c);
        CHECK(uni_is_printable(c) == (c >= 0x20 && c < 0x7f), "printable %u", c);
    }
}

static void check_nfkc(Arena *a, const char *in, size_t in_len, const char *want, size_t want_len) {
    Str out;
    bool ok = uni_nfkc(a, str_make(in, (int32_t)in_len), &out);
    CHECK(ok && (size_t)out.len == want_len && memcmp(out.s, want, want_len) == 0,
          "NFKC of %.40s: got %.*s", in, ok ? (int)(out.len > 60 ? 60 : out.len) : 0,
          ok ? out.s : "");
    bool same = in_len == want_len && memcmp(in, want, in_len) == 0;
    if (ok && same) CHECK(out.s == in, "NFKC of already-normal %.40s must not copy", in);
}

static void test_nfkc(void) {
    Arena a;
    arena_init(&a);
    for (size_t i = 0; i < sizeof nfkc / sizeof *nfkc; i++)
        check_nfkc(&a, nfkc[i].in, strlen(nfkc[i].in), nfkc[i].out, strlen(nfkc[i].out));

    /* longer than the 256-unit stack buffers: 300 x U+FB01 -> 300 x "fi", and 300 x U+FDFA
     * (18 characters each) */
    enum { REP = 300 };
    char *in = malloc(REP * 3), *want = malloc(REP * 33);
    for (int i = 0; i < REP; i++)
        memcpy(in + 3 * i, "\xef\xac\x81", 3), memcpy(want + 2 * i, "fi", 2);
    check_nfkc(&a, in, REP * 3, want, REP * 2);
    const char *salla = "\xd8\xb5\xd9\x84\xd9\x89 \xd8\xa7\xd9\x84\xd9\x84\xd9\x87 "
                        "\xd8\xb9\xd9\x84\xd9\x8a\xd9\x87 \xd9\x88\xd8\xb3\xd9\x84\xd9\x85";
    size_t sl = strlen(salla);
    for (int i = 0; i < REP; i++)
        memcpy(in + 3 * i, "\xef\xb7\xba", 3), memcpy(want + sl * i, salla, sl);
    check_nfkc(&a, in, REP * 3, want, REP * sl);
    free(in);
    free(want);

    Str out;
    CHECK(!uni_nfkc(&a, STR_LIT("a\xff"), &out), "invalid UTF-8 is refused");
    CHECK(!uni_nfkc(&a, STR_LIT("\xed\xa0\x80"), &out), "an encoded surrogate is refused");
    CHECK(uni_nfkc(&a, STR_LIT(""), &out) && out.len == 0, "empty");
    arena_free(&a);
}

static void test_names(void) {
    char longname[201];
    memset(longname, 'A', 200);
    longname[200] = 0;
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        const char *n = names[i].name ? names[i].name : longname;
        uint32_t cp = NONE;
        bool ok = uni_lookup_name(n, strlen(n), &cp);
        if (names[i].cp == NONE)
            CHECK(!ok, "\\N{%s} must be unknown, got U+%04X", n, cp);
        else
            CHECK(ok && cp == names[i].cp, "\\N{%s}: want U+%04X, got %s U+%04X", n, names[i].cp,
                  ok ? "" : "none", cp);
    }
    /* the length is explicit: no NUL needed, and what follows is not read */
    uint32_t cp = 0;
    CHECK(uni_lookup_name("EM DASHES", 7, &cp) && cp == 0x2014, "length-delimited name");
    CHECK(uni_lookup_name("HANGUL SYLLABLE GAGX", 19, &cp) && cp == 0xAC01,
          "length-delimited Hangul");
    CHECK(uni_lookup_name("CJK UNIFIED IDEOGRAPH-4E00}", 26, &cp) && cp == 0x4E00,
          "length-delimited CJK");
    CHECK(!uni_lookup_name("LATIN SMALL LETTER A\0", 21, &cp), "embedded NUL");
    /* every Hangul syllable by its name */
    static const char *const l[] = {"G",  "GG", "N", "D",  "DD", "R", "M", "B", "BB", "S",
                                    "SS", "",   "J", "JJ", "C",  "K", "T", "P", "H"};
    static const char *const v[] = {"A",   "AE", "YA", "YAE", "EO", "E",  "YEO",
                                    "YE",  "O",  "WA", "WAE", "OE", "YO", "U",
                                    "WEO", "WE", "WI", "YU",  "EU", "YI", "I"};
    static const char *const t[] = {"",   "G",  "GG", "GS", "N",  "NJ", "NH", "D", "L",  "LG",
                                    "LM", "LB", "LS", "LT", "LP", "LH", "M",  "B", "BS", "S",
                                    "SS", "NG", "J",  "C",  "K",  "T",  "P",  "H"};
    int bad = 0;
    for (uint32_t s = 0; s < 11172; s++) {
        char buf[40];
        int n = snprintf(buf, sizeof buf, "HANGUL SYLLABLE %s%s%s", l[s / 588], v[s % 588 / 28],
                         t[s % 28]);
        if (!uni_lookup_name(buf, (size_t)n, &cp) || cp != 0xAC00 + s) bad++;
    }
    CHECK(bad == 0, "%d Hangul syllable names do not resolve", bad);
}

static void test_utf8(void) {
    static const uint32_t cps[] = {0,      0x41,   0x7F,   0x80,   0x7FF,   0x800,
                                   0xD7FF, 0xE000, 0xFFFD, 0xFFFF, 0x10000, 0x10FFFF};
    static const int lens[] = {1, 1, 1, 2, 2, 3, 3, 3, 3, 3, 4, 4};
    for (size_t i = 0; i < sizeof cps / sizeof *cps; i++) {
        char buf[4];
        uint32_t back = 0xFFFFFFFF;
        int n = uni_utf8_encode(cps[i], buf);
        CHECK(n == lens[i] && uni_utf8_decode(buf, (size_t)n, &back) == n && back == cps[i],
              "UTF-8 round trip of U+%04X", cps[i]);
        CHECK(n == 1 || uni_utf8_decode(buf, (size_t)n - 1, &back) == 0, "truncated U+%04X",
              cps[i]);
    }
    char buf[4];
    CHECK(uni_utf8_encode(0xD800, buf) == 3 && memcmp(buf, "\xed\xa0\x80", 3) == 0,
          "WTF-8 surrogate");
    uint32_t cp;
    static const char *const bad[] = {
        "\x80",         "\xc0\x80",         "\xc1\xbf",         "\xe0\x80\x80",
        "\xed\xa0\x80", "\xf0\x80\x80\x80", "\xf4\x90\x80\x80", "\xf5\x80\x80\x80",
        "\xff",         "\xc3\x28"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
        CHECK(uni_utf8_decode(bad[i], strlen(bad[i]), &cp) == 0, "ill-formed UTF-8 #%zu accepted",
              i);
}

/* utf8_count_chars(): characters in a byte prefix, whichever of its word-at-a-time paths runs. */
static void test_count_chars(void) {
    /* "a" "é" (2 bytes) "€" (3) "😀" (4), repeated past a word's length, cut everywhere */
    static const char text[] = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"
                               "abcdefghij"
                               "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"
                               "0123456789abcdef";
    size_t len = sizeof text - 1;
    for (size_t start = 0; start < 8; start++)
        for (size_t n = 0; start + n <= len; n++) {
            int32_t want = 0;
            for (size_t i = start; i < start + n; i++)
                want += ((unsigned char)text[i] & 0xc0) != 0x80;
            int32_t got = utf8_count_chars(text + start, n);
            CHECK(got == want, "utf8_count_chars(text+%zu, %zu) = %d, want %d", start, n, got,
                  want);
        }
}

/* ---- the modes tests/unit/unicode_all.py drives: every code point and every name ----------- */

/* --props: one line per code point, "XS XC PR WIDTH" (0/1 flags, 0-2). */
static int dump_props(void) {
    for (uint32_t cp = 0; cp < 0x110000; cp++)
        printf("%d %d %d %d\n", uni_is_xid_start(cp), uni_is_xid_continue(cp), uni_is_printable(cp),
               uni_display_width(cp));
    return 0;
}

/* --nfkc: for each line of space-separated hex code points on stdin, the NFKC of that string in
 * the same form ("!" when refused). */
static int filter_nfkc(void) {
    Arena a;
    arena_init(&a);
    char line[8192], *text = malloc(sizeof line);
    while (text && fgets(line, sizeof line, stdin)) {
        size_t n = 0;
        for (char *p = line, *end; *p && *p != '\n'; p = end) {
            unsigned long cp = strtoul(p, &end, 16);
            if (end == p) break;
            n += (size_t)uni_utf8_encode((uint32_t)cp, text + n);
        }
        Str out;
        if (!uni_nfkc(&a, str_make(text, (int32_t)n), &out)) {
            puts("!");
            continue;
        }
        for (int32_t i = 0, len; i < out.len; i += len) {
            uint32_t cp = 0;
            len = uni_utf8_decode(out.s + i, (size_t)(out.len - i), &cp);
            if (!len) break;
            printf(i ? " %04X" : "%04X", cp);
        }
        putchar('\n');
    }
    free(text);
    arena_free(&a);
    return 0;
}

/* --names: for each line on stdin, the code point \N{line} resolves to in hex, or "-". */
static int filter_names(void) {
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
        size_t n = strcspn(line, "\n");
        uint32_t cp;
        if (uni_lookup_name(line, n, &cp))
            printf("%04X\n", cp);
        else
            puts("-");
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--version") == 0) return puts(uni_unidata_version) < 0;
    if (argc == 2 && strcmp(argv[1], "--props") == 0) return dump_props();
    if (argc == 2 && strcmp(argv[1], "--nfkc") == 0) return filter_nfkc();
    if (argc == 2 && strcmp(argv[1], "--names") == 0) return filter_names();
    test_count_chars();
    test_props();
    test_nfkc();
    test_names();
    test_utf8();
    return unit_finish();
}
