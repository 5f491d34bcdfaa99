# unmatched closing paren
x = 1)
