with *a:
    pass
