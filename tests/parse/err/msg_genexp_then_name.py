# A generator argument followed by a name: the generic error, not the genexp one.
f(x for x in y z)
