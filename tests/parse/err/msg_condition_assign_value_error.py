# a generic error inside the value: CPython backs off to the =
if x = (1:
    pass
