# coding: rot13  # expect: DW001 "rot13"
# rot13 is a codec, but not a text encoding: Python refuses it as a cookie.
x = 1
