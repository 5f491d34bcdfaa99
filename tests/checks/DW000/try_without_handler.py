# A `try` with neither `except` nor `finally`.
def read(path):
    try:
        return open(path).read()
    return None  # expect: DW000 "expected 'except' or 'finally' block"
