class C(x for x in y):
    pass
