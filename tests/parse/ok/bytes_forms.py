# bytes: escapes, hex, concatenation, raw bytes
a = b"\x00\xff\x7f\n\t\\"
b = b"abc" b"def"
c = B"\101\102"
d = rb"\x00"
e = b""
g = b"\u1234\N{X}"
h = (b"multi"
     b"line")
i = b"\
cont"
