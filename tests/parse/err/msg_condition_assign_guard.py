# a case guard is a condition too
match a:
    case b if c = 1:
        pass
