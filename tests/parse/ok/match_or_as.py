# match: or-patterns and as-patterns, parenthesized and nested
match v:
    case 1 | 2 | 3:
        pass
    case (1 | 2) as small:
        pass
    case [1, 2] as pair:
        pass
    case {"k": (1 | 2) as k}:
        pass
    case Point(x=0 | 1 as x):
        pass
    case (a | b) as c:
        pass
    case str() | bytes() as s:
        pass
    case a | b:
        pass
