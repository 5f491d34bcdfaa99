# Python 2's `except E, name`.
def parse(text):
    try:
        return int(text)
    except ValueError, exc:  # expect: DW000 "multiple exception types must be parenthesized"
        return None
