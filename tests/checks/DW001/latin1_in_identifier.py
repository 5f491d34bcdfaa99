# A Latin-1 byte in a name.
café = 1  # expect: DW001 "0xe9"
