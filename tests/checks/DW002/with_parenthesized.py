import contextlib

with (contextlib.nullcontext() as a, contextlib.nullcontext() as b):  # expect: DW002
    pass
