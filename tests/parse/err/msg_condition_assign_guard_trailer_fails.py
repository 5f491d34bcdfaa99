# a guard whose value fails after an attribute: the value is what came before, and the hint
match p:
    case 1 if y = a.b.(1):
        pass
