# match: nested match statements and compound bodies
match a:
    case [b, {"c": Point(d=[e, *f])}]:
        match e:
            case 1:
                if f:
                    pass
            case _:
                while False:
                    pass
    case _:
        pass
