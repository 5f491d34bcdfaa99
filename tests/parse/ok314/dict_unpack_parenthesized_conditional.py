# Conditional expressions unpacked in a dict display, parenthesized as they must be.
config = {
    **({"a": 1} if x is not None else {}),
    **({"b": 2} if y else {}),
    "c": 3,
    **(a if c else b),
}
