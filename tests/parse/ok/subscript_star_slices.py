# starred elements mixed with slices in a subscript
a[1:2, *b]
a[*b, 1:2]
a[*b, ::]
