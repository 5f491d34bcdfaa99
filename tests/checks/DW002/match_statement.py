def kind(command):
    match command:  # expect: DW002
        case "go":
            return 1
    return 0
