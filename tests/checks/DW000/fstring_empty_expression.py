# An f-string replacement field with nothing in it.
def banner(name):
    return f"== {} ==".format(name)  # expect: DW000 "f-string: valid expression required"
