# match: mapping patterns with literal and value keys and **rest
match config:
    case {}:
        pass
    case {"key": value}:
        pass
    case {"a": 1, "b": [x, y], **rest}:
        pass
    case {1: _, -1: _, 1.5: _, None: _, True: _}:
        pass
    case {Color.RED: r, "s" "t": st}:
        pass
    case {**rest}:
        pass
    case {"a": 1, "a": 2}:
        pass
