# an operand that fails: the value is what came before the operator
while x = a + (:
    pass
