# a keyword argument without its value
f(x=, y=1)
