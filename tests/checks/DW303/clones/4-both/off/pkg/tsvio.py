from .util import Table, read_rows, write_text


def load_tsv(path, cols=None):
    records = read_rows(path)
    head = records[0]
    if cols is None:
        cols = head
    where = [head.where(c) for c in cols]
    values = [[row[i] for i in where] for row in records[1:]]  # ok: clones are compared only where the configuration asks (clones = true)
    return Table(cols, values)


def save_tsv(path, table, sep="\t"):
    out = [sep.join(table.cols)]
    for row in table.records:
        out.append(sep.join(str(v) for v in row))
    text = "\n".join(out) + "\n"
    write_text(path, text)
    return len(out)
