# A Latin-1 byte in a comment, no cookie: `import` fails on it as on any other byte
# ("Non-UTF-8 code starting with '\xe9'"), even though ast.parse on the bytes skips comments.
def greet():
    return "hello"  # résumé of the greeting  # expect: DW001 "0xe9"
