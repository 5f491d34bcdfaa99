# fuzz: a character after a line-continuation backslash is a tokenizer error CPython
# reports only when the parser reaches it; the parser's earlier error (line 3) stands.
s e
\ x
