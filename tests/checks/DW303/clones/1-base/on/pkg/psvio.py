from .util import Table, read_rows, write_text


def load_psv(path, columns=None):
    rows = read_rows(path)
    header = rows[0]
    if columns is None:
        columns = header
    index = [header.index(c) for c in columns]
    data = [[row[i] for i in index] for row in rows[1:]]
    return Table(columns, data)
