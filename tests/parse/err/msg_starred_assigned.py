# * unpacking given a value, after other arguments
f(a, b=1, *c=2)
