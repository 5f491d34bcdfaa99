from .util import Table, read_rows, write_text


def load_tsv(path, columns=None):
    rows = read_rows(path)
    header = rows[0]
    if columns is None:
        columns = header
    index = [header.index(c) for c in columns]
    data = [[row[i] for i in index] for row in rows[1:]]  # expect: DW303 "stale copy: load_tsv still has" "Skip blank rows"
    return Table(columns, data)


def save_tsv(path, table, sep="\t"):
    lines = [sep.join(table.columns)]
    for row in table.rows:
        lines.append(sep.join(str(v) for v in row))
    text = "\n".join(lines) + "\n"
    write_text(path, text)
    return len(lines)
