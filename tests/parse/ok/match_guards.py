# match: guards of all shapes
match p:
    case (x, y) if x == y:
        pass
    case [x, *_] if (n := len(p)) > 2:
        pass
    case x if x:
        pass
    case _ if lambda: 1:
        pass
    case _ if a if b else c:
        pass
