# match: a complex literal needs an imaginary right part
match x:
    case 1 + 1:
        pass
