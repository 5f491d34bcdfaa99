# match: dotted names are value patterns
match color:
    case Color.RED:
        pass
    case mod.Color.GREEN:
        pass
    case a.b.c.d:
        pass
