def f():
    """Docstring with a stray continuation byte €."""  # expect: DW001 "0x80"
