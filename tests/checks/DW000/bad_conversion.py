# An f-string conversion that does not exist.
def show(value):
    return f"{value!z}"  # expect: DW000 "invalid conversion character"
