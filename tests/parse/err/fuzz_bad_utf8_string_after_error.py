# fuzz: CPython decodes a string literal's UTF-8 when the parser builds it, so the invalid
# byte on line 4 is never reached: the error is the parser's, on line 3.
x 1
'ÿ'
