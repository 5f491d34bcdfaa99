f = lambda x: int: x
