# strings: every standard escape sequence
a = "\n\t\r\\\'\"\a\b\f\v"
b = "\0 \7 \07 \077 \177 \377"
c = "\x00\x41\x7f\xff\xAb"
d = "\u0041\u00e9\u20ac\uFFFF"
e = "\U00000041\U0001F600\U0010ffff"
g = "\101\102\103"
