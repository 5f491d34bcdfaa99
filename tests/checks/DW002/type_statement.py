type Pair = tuple[int, int]  # expect: DW002
