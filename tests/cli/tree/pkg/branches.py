"""Two arms of one `if` that are the same code (DW101)."""


def pick(flag):
    if flag:
        value = 1
    else:
        value = 1
    return value
