def sign(n):
    match n:  # expect: DW002
        case +1:  # expect: DW002
            return 1
    return 0
