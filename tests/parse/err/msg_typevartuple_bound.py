# a bound on a TypeVarTuple (constraints are a tuple)
def f[*T: int](): pass
