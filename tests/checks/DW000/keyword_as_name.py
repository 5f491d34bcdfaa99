# A keyword used as a name.
def make(kind):
    class = kind  # expect: DW000 "invalid syntax"
    return class
