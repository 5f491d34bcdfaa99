# Valid UTF-8 of every length, in strings, comments and names.
café = "été"  # ok: two-byte sequences, a non-ASCII name
値 = "漢字"  # ok: three bytes
EMOJI = "😀"  # ok: four bytes
LAST = "􏿿"  # ok: the highest code point
SEP = "a b"  # ok: U+2028 inside a string is not a line break for Python
COMBINING = "é"  # ok: a combining accent
