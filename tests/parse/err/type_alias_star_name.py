type *X = int
