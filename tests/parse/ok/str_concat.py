# strings: implicit concatenation; the u kind of the first part wins
a = "a" "b" "c"
b = u"a" "b"
c = "a" u"b"
d = ("multi"
     "line"
     "concat")
e = r"\r" "\n"
g = "a" \
    "b"
