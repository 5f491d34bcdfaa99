# error: 2: Generator expression must be parenthesized
f(a, *x for x in y)
