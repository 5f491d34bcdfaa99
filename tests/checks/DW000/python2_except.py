# An except clause naming two exception types and a target without parentheses: an error in
# every Python (3.14 accepts the list only without `as`).
def parse(text):
    try:
        return int(text)
    except ValueError, TypeError as exc:  # expect: DW000 "multiple exception types must be parenthesized"
        return None
