# a call left open in the value, read to the next line: the bracket is reported, not the hint
if x = f(a,
    pass
