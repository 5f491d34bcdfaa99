# t-strings are compared by their text, values, conversions and format specs, not by how the
# expression inside the braces is spelled (Interpolation.str holds the source text).
def render(greeting, name):
    if greeting:  # expect: DW101
        out = t"Hello {name!r:>10}"
    else:
        out = t"Hello { name !r:>10}"
    return out


def render2(greeting, name):
    if greeting:  # ok: the conversions differ
        out = t"Hello {name!r}"
    else:
        out = t"Hello {name!s}"
    return out


def render3(greeting, name):
    if greeting:  # ok: a t-string is not the f-string of the same text
        out = t"Hello {name}"
    else:
        out = f"Hello {name}"
    return out
