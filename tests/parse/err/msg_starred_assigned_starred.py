# * unpacking given a starred value: the generic error at the =
f(*a=*b)
