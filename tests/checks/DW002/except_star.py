try:
    pass
except* ValueError:  # expect: DW002
    pass
