# A `for` whose body was not indented.
def show(items):
    for item in items:
    print(item)  # expect: DW000 "expected an indented block after 'for' statement on line {-1}"
