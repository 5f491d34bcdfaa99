x: int = y: int = 1
