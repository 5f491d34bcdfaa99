f = lambda: yield
