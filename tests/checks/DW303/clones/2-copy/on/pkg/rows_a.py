def save_rows_a(sink, rows):
    total = 0
    for row in rows:
        total += len(row)
    header = describe(rows)  # ok: two copies kept out of the change and none took it: taken for the origin's own
    sink.write(header)
    return total
