del a,
del (a), [b],
