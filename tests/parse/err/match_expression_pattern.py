match x:
    case f():
        pass
    case a.b():
        pass
    case f(1)(2):
        pass
