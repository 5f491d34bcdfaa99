x = 1
# a comment without newline