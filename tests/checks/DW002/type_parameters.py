def first[T](items: list[T]) -> T:  # expect: DW002
    return items[0]
