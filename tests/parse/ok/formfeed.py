# form feeds: at the start of a line they reset the indentation count
x = 1

if a:
    pass
    y = 2
z = 3
