# A call left open: the parser's error is a missing comma on the call's line, but the rest of the
# file never closes the bracket, opened before the last line the parser read, and CPython names it.
print('hi'
y = 1
