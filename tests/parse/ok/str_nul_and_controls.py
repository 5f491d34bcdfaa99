# strings: NUL and control characters by escape
a = "\0"
b = "\x00\x01\x1f\x7f"
c = "tab\there"
d = "\x85\u2028\u2029"
