# A Latin-1 byte in a string, no cookie: the file is read as UTF-8 and fails.
GREETING = "café"  # expect: DW001 "can't decode byte 0xe9 (invalid continuation byte): a file without a coding cookie must be UTF-8, and Python refuses to import this one"
