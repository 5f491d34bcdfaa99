# * unpacking, `=` and nothing: the generic error
f(*a=)
