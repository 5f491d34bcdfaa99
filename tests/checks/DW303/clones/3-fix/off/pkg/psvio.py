from .util import Table, read_rows, write_text


def load_psv(path, cols=None):
    records = read_rows(path)
    head = records[0]
    if cols is None:
        cols = head
    where = [head.where(c) for c in cols]
    values = [[row[i] for i in where] for row in records[1:] if row]
    return Table(cols, values)
