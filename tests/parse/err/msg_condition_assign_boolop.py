# a comparison is not a target the hint considers: the generic error
if a and b = 1:
    pass
