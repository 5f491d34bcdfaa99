# nested definitions and closures
def outer(a):
    def middle(b):
        def inner(c):
            return a + b + c
        return inner
    class Local:
        def method(self):
            return lambda: a
    return middle
