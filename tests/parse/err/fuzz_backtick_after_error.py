# fuzz: "$", "?" and the backtick are lone OP tokens in CPython, rejected by the parser
# ("invalid syntax"), not tokenizer errors overriding the parser's earlier error (line 3).
:
`
