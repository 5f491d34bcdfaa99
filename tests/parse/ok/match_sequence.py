# match: sequence patterns, open and closed, with star captures
match seq:
    case []:
        pass
    case ():
        pass
    case [a]:
        pass
    case (a,):
        pass
    case a, b:
        pass
    case [a, *rest]:
        pass
    case (*rest, last):
        pass
    case first, *_, last:
        pass
    case [*_]:
        pass
    case [[a, b], (c, d)]:
        pass
    case a, *b, *c:
        pass
