# a unary operator whose operand fails leaves no value: the generic error at the =
if x = -(:
    pass
