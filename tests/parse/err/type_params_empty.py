# an empty type parameter list
class C[]:
    pass
