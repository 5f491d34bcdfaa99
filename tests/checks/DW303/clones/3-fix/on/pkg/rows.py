def save_rows(sink, rows):
    total = 0
    for row in rows:
        total += len(row)
    header = describe(rows, total)
    sink.write(header)
    return total
