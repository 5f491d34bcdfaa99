# ** as a value is no starred expression: the generic error
x = {1: **a}
