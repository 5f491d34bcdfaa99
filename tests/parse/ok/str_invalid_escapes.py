# strings: invalid escapes are only (syntax) warnings: the backslash stays
a = "\d\w\s"
b = "\8\9"
c = "\400\777"
d = b"\d\8"
e = b"\400"
g = "\ "
h = "\{\}"
i = "\q\z"
