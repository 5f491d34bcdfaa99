# match: literal patterns, signed and complex numbers, concatenated strings
match x:
    case 0:
        pass
    case -1:
        pass
    case 1.5:
        pass
    case -2.5e3:
        pass
    case 1 + 2j:
        pass
    case -1 - 2j:
        pass
    case 3j:
        pass
    case "a":
        pass
    case "a" "b":
        pass
    case b"bytes":
        pass
    case None:
        pass
    case True:
        pass
    case False:
        pass
