from .util import Table, read_rows, write_text


def load(path, columns=None):
    rows = read_rows(path)
    header = rows[0]
    if columns is None:
        columns = header
    index = [header.index(c) for c in columns]
    data = [[row[i] for i in index] for row in rows[1:] if row]
    return Table(columns, data)


def save(path, table, sep=","):
    lines = [sep.join(table.columns)]
    for row in table.rows:
        lines.append(sep.join(str(v) for v in row))
    text = "\n".join(lines)
    write_text(path, text)
    return len(lines)
