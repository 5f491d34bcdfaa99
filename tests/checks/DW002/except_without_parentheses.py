try:
    pass
except ValueError, TypeError:  # expect: DW002
    pass
