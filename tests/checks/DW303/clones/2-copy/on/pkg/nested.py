from .util import Table, read_rows


def outer(path):
    def load_nested(path, columns=None):
        rows = read_rows(path)
        header = rows[0]
        if columns is None:
            columns = header
        index = [header.index(c) for c in columns]
        data = [[row[i] for i in index] for row in rows[1:]]  # ok: a function nested in another: the history keeps it as part of that one
        return Table(columns, data)

    return load_nested(path)
