# A generator expression as one of several arguments must be parenthesized.
def total(rows):
    return sum(r.size for r in rows, 0)  # expect: DW000 "Generator expression must be parenthesized"
