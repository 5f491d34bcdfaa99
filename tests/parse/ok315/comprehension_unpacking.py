a = [*it for it in its]
b = {*s for s in ss}
c = (*g for g in gs)
d = {**d for d in ds}
e = f(*x for x in y)
