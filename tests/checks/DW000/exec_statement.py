# Python 2's exec statement.
def run(code):
    exec code  # expect: DW000 "Missing parentheses in call to 'exec'"
