# a def's type parameters that do not parse: the optional [type_params] fails, and the forced ( is expected at the [
def f[T: 1 +](): pass
