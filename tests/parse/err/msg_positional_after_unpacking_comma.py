# the same after ** unpacking, with a trailing comma
f(**k, b, c,)
