# A UTF-8 byte order mark and no cookie.
NAME = "été"  # ok
