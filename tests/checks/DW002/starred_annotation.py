def f(*args: *tuple[int, ...]):  # expect: DW002
    return args
