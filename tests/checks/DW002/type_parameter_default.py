def first[T = int](items: list[T]) -> T:  # expect: DW002, DW002
    return items[0]
