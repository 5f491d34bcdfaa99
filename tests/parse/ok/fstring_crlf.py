# f-strings with CRLF line ends: literal newlines read as LF
x = 1
a = f"""one
{x}
two {x!r:>{
x}}
"""
b = f"{
  x
=}"
