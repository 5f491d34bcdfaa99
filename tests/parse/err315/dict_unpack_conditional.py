# error: 3: invalid double starred expression. Did you forget to wrap the conditional expression in parentheses?
# (CPython 3.15 test_unpack_ex)
d = {**x if x else y}
