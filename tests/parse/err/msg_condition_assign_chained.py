# a second `=`: a chained assignment, not a comparison: the generic error
if x = 1 = 2:
    pass
