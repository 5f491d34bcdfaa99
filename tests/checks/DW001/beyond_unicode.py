# A four-byte sequence above U+10FFFF.
X = 1
Y = "ô€€"  # expect: DW001 "0xf4"
