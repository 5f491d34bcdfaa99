# a starred dictionary value
x = {1: 2, 3: *b}
