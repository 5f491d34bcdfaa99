# A Latin-1 byte in a comment, no cookie: CPython 3.14 refuses the file ("Non-UTF-8 code
# starting with '\xe9'"), import and ast.parse alike; 3.8-3.13 import it (compile() of the
# bytes skips comments) but refuse to run it as a script (`python latin1_in_comment.py`).
def greet():
    return "hello"  # résumé of the greeting  # expect: DW001 "0xe9 (invalid continuation byte): a file without a coding cookie must be UTF-8, and Python 3.14 refuses to import this one (earlier versions, to run it as a script)"
