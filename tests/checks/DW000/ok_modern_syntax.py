# Newer syntax deadwood must accept (3.8-3.13).
def total(values, /, *, scale=1):  # ok: positional-only marker
    return sum(values) * scale


type Vector = list[float]  # ok: type alias statement (3.12)


def first[T](items: list[T]) -> T:  # ok: generic function (3.12)
    return items[0]


def report(rows):
    print(f"{rows=}")  # ok: self-documenting f-string
    print(f"{"nested"}")  # ok: same quotes inside an f-string (3.12)
    if (n := len(rows)) > 10:  # ok: walrus
        print(n)
    with (open("a") as a, open("b") as b):  # ok: parenthesized context managers
        pass
    try:
        pass
    except* ValueError:  # ok: exception groups
        pass
    return [y for x in rows if (y := x)]  # ok


DECORATORS = {}


@DECORATORS["cached"].wrap  # ok: any expression as a decorator (3.9)
def g():
    pass


MASK = 0b_1010 | 0x_ff | 00 | 1_000 | 0o17  # ok: valid number spellings
