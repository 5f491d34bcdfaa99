def first(table, idx):
    return table[*idx]  # expect: DW002
