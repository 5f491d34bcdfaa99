# A dedent to a column no enclosing block uses (IndentationError): reported on the dedented
# line.
def load(path):
    if path:
            data = open(path).read()
        return data  # expect: DW000 "unindent does not match"
