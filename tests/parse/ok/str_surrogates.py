# strings: lone surrogates from escapes, and the largest code point
a = "\ud800"
b = "\udfff"
c = "\ud83d\ude00"
d = "\U0010ffff"
e = "x\udc80y"
g = "\N{REPLACEMENT CHARACTER}"
