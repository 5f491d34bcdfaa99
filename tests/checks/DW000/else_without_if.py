# An `else` whose `if` was deleted.
def pick(a, b):
    result = a
else:  # expect: DW000 "invalid syntax"
    result = b
