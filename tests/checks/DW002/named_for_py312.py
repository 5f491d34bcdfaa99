# A file whose name ends in _py312 is for Python 3.12 and later (the convention of test suites'
# version-specific files): what 3.12 has is not reported, what it lacks still is.
type Pair = tuple[int, int]  # ok: 3.12, the file's own version


def first(p):
    match p:  # ok: 3.10
        case (a, _):
            return a
    return None


greeting = t"hello"  # expect: DW002 "requires Python 3.14"
