match x:
    case +1:
        pass
    case -1 | +2.5 | +1+2j:
        pass
    case {+1: y}:
        pass
