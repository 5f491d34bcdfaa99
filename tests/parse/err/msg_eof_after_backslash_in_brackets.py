# a backslash and the end of the file inside brackets: CPython names the bracket
x = [1,
     2, \
