# a parenthesized name is no NAME token: the second form of the hint
if (a) = b:
    pass
