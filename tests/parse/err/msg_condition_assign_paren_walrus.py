# a parenthesized named expression
while (x := 1) = 2:
    pass
