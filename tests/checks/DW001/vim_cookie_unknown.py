# vim: set fileencoding=utf8mb4 :  # expect: DW001 "unknown encoding: utf8mb4"
# Vim's spelling of a cookie, with MySQL's name for UTF-8, which Python does not know.
x = 1
