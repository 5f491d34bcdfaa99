# A subscript takes a starred *expression* (3.11+): a conditional, a lambda or `not` after the
# star, not only a bitwise_or.
a[*b if c else d]
a[*lambda: b]
a[*not b]
a[1, *b if c else d, 2:3]
a[*b if c else d,]
