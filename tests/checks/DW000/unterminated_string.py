# A string literal missing its closing quote.
GREETING = "hello
NAME = "world"
# expect-line 2: DW000 "unterminated string literal"
