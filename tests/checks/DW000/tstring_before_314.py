# Before 3.14, t"x" is a name and a string: no comma hint, the generic error.
print(t"x")  # expect: DW000 "invalid syntax"
