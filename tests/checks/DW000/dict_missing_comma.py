# A dict display missing a comma: CPython names the line of the value before the gap.
SETTINGS = {
    "a": 2  # expect: DW000 "invalid syntax. Perhaps you forgot a comma?"
    "b": 4,
}
