# a parenthesized test is an atom: CPython names what it cannot assign to
if (a and b) = 1:
    pass
