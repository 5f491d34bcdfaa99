"""DW102 fixes: `A if C else A` becomes `A`."""


def pure(x, y):
    return x if y else x


def effectful(x):
    return x.name if x.ready() else x.name


def parenthesized(a, b):
    total = (a + b) if a > 0 else (a + b)
    return total * 2


def inside_an_expression(a, b, c):
    return [a, (b if c else b), c]


def in_a_lambda(a):
    return lambda b: b.x if a else b.x


def walrus_result(items, flag):
    return (n := len(items)) if flag else (n := len(items))


def over_lines(items, flag):
    return (
        items
        if flag  # why
        else items
    )


def keeps_trailing_noqa(a, flag):
    value = a if flag else a  # noqa: E501
    return value


def nested(a, b, c):
    return (a if b else a) if c else (a if b else a)
