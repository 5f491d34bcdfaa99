# match: capture patterns and the wildcard
match command:
    case name:
        print(name)
match command:
    case _:
        pass
match command:
    case (x):
        pass
