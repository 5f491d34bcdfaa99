# coding: latin-1  # expect: DW001 "with BOM"
# A UTF-8 byte order mark and a cookie saying otherwise.
x = 1
