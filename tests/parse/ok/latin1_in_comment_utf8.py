# é in a comment of a UTF-8 file
x = 1
