# An overlong encoding of '/': not valid UTF-8.
SEP = "À¯"  # expect: DW001 "0xc0"
