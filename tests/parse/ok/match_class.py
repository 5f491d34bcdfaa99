# match: class patterns, positional and keyword
match shape:
    case Point():
        pass
    case Point(0, 0):
        pass
    case Point(x=0, y=0):
        pass
    case Point(1, y=2):
        pass
    case geometry.shapes.Circle(r=radius):
        pass
    case int(n) | float(n):
        pass
    case Point(x=Point(y=[1, 2]), z={"k": _}):
        pass
    case Point(a, b,):
        pass
