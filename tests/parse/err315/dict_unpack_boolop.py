# error: 2: invalid syntax
d = {**a or b}
