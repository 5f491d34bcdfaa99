# `await` then a unary operator is no operand: the generic error at the =
if x = await -a(:
    pass
