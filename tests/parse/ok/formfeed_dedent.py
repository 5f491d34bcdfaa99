# a form feed line inside a block does not change indentation
if a:
    x = 1

    y = 2
z = 3
