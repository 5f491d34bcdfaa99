import sys

from .util import Table, read_rows

if sys.version_info >= (3, 8):

    def load_compat(path, columns=None):
        rows = read_rows(path)
        header = rows[0]
        if columns is None:
            columns = header
        index = [header.index(c) for c in columns]
        data = [[row[i] for i in index] for row in rows[1:]]  # ok: a name defined twice: the history finds a function by its name
        return Table(columns, data)

else:

    def load_compat(path, columns=None):
        rows = read_rows(path)
        header = rows[0]
        if columns is None:
            columns = list(header)
        index = [header.index(c) for c in columns]
        data = [[row[i] for i in index] for row in rows[1:]]  # ok: a name defined twice: the history finds a function by its name
        return Table(columns, data)
