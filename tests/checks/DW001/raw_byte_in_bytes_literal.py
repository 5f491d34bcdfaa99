# A raw 0xff byte typed into a bytes literal: the source is decoded before it is tokenized,
# so even a bytes literal must be valid UTF-8 (write b"\xff").
MAGIC = b"ÿþ"  # expect: DW001 "0xff"
